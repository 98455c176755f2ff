"use client";

import { loadScript, type PayPalButtonsComponent } from "@paypal/paypal-js";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { BuyerCountryFields, type BuyerTax } from "~/features/checkout/buyer-country-fields";
import { definedOnly } from "~/features/checkout/checkout-choices";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import {
  captureWithRetries,
  CheckoutError,
  createCartOrderWhenFree,
  postCheckout,
} from "~/features/checkout/checkout-api";
import { PaymentMessage, type PaymentNotice } from "~/features/checkout/payment-message";
import { LicenseKeyValues } from "~/features/licenses/license-key-list";
import { checkoutMessages, sellerSuspendedMessage, shipsNote, soldOutMessage } from "~/lib/checkout-messages";
import { formatMoney } from "~/lib/money";
import { sdkButtonStyle, sdkNamespace, sdkQuery } from "~/lib/paypal-button";
import type { PublicStorePage } from "~/server/stores/store-page";

type CartItem = { buttonId: string; quantity: number };
type Quote = Awaited<ReturnType<typeof postCheckout<"cart/quote">>>;
type Option = PublicStorePage["items"][number]["options"][number];
type Paid = { lines: Quote["lines"]; total: string; status: string; licenseKeys: string[] };

const messageOf = (error: unknown) => (error instanceof CheckoutError ? error.message : checkoutMessages.error);

/** The cart survives a reload and a visit to an item's own page, per store, in this browser only. */
const storageKey = (handle: string) => `popkit-cart:${handle}`;
const cartListeners = new Set<() => void>();

/** The browser's saved cart as an external store: the other tabs' changes arrive through "storage" events. */
function subscribeToCarts(listener: () => void) {
  cartListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    cartListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

function readCart(raw: string, options: Map<string, Option>): CartItem[] {
  try {
    const saved = JSON.parse(raw) as CartItem[];
    return saved.filter((item) => options.has(item.buttonId) && Number.isInteger(item.quantity) && item.quantity > 0);
  } catch {
    return [];
  }
}

function useSavedCart(handle: string, options: Map<string, Option>) {
  const raw = useSyncExternalStore(
    subscribeToCarts,
    () => window.localStorage.getItem(storageKey(handle)) ?? "[]",
    () => "[]",
  );
  const cart = useMemo(() => readCart(raw, options), [raw, options]);
  const setCart = (update: (current: CartItem[]) => CartItem[]) => {
    window.localStorage.setItem(storageKey(handle), JSON.stringify(update(cart)));
    for (const listener of cartListeners) listener();
  };
  return [cart, setCart] as const;
}

/**
 * /s/{handle}: the store's listed POPs and a cart. Our server prices the cart on every change (checkout/cart.ts)
 * and the buyer pays it in one PayPal order, captured through the same endpoint as any other order.
 */
export function StoreCart({ page, sdkBaseUrl }: { page: PublicStorePage; sdkBaseUrl: string }) {
  const options = useMemo(
    () => new Map(page.items.flatMap((item) => item.options.map((option) => [option.buttonId, option] as const))),
    [page],
  );
  const [cart, setCart] = useSavedCart(page.handle, options);
  const [codeText, setCodeText] = useState("");
  const [appliedCode, setAppliedCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [priced, setPriced] = useState<{ key: string; quote: Quote } | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [paid, setPaid] = useState<Paid | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [buyerTax, setBuyerTax] = useState<BuyerTax>({});

  // Every change is priced again by our server; a total is shown only for the cart it was priced for.
  const cartKey = JSON.stringify([cart, appliedCode]);
  const quote = priced?.key === cartKey ? priced.quote : null;
  const asked = useRef(0);
  useEffect(() => {
    if (cart.length === 0) return;
    const ask = ++asked.current;
    const body = { handle: page.handle, items: cart, ...(appliedCode && { discountCode: appliedCode }) };
    postCheckout("cart/quote", body).then(
      (answer) => {
        if (ask !== asked.current) return;
        setPriced({ key: cartKey, quote: answer });
        setQuoteError(null);
      },
      (error: unknown) => {
        if (ask !== asked.current) return;
        // A code that stopped applying (its item removed) is dropped with its reason; the cart is priced again.
        if (appliedCode) {
          setCodeError(messageOf(error));
          setAppliedCode("");
          return;
        }
        setQuoteError(messageOf(error));
      },
    );
  }, [cart, appliedCode, page.handle, cartKey]);

  function add(option: Option) {
    setPaid(null);
    setCart((current) => {
      const found = current.find((item) => item.buttonId === option.buttonId);
      if (!found) return [...current, { buttonId: option.buttonId, quantity: 1 }];
      return current.map((item) =>
        item.buttonId === option.buttonId
          ? { ...item, quantity: Math.min(item.quantity + 1, option.maxQuantity) }
          : item,
      );
    });
    setAnnouncement(`${option.cartName} added to your cart.`);
  }

  function setQuantity(buttonId: string, quantity: number) {
    if (!Number.isInteger(quantity) || quantity < 1) return;
    setCart((current) => current.map((item) => (item.buttonId === buttonId ? { ...item, quantity } : item)));
  }

  function remove(buttonId: string) {
    setCart((current) => current.filter((item) => item.buttonId !== buttonId));
    setAnnouncement(`${options.get(buttonId)?.cartName ?? "Item"} removed from your cart.`);
  }

  async function applyCode(event: React.FormEvent) {
    event.preventDefault();
    setCodeError(null);
    const code = codeText.trim();
    if (!code) return setAppliedCode("");
    try {
      await postCheckout("cart/quote", { handle: page.handle, items: cart, discountCode: code });
      setAppliedCode(code);
    } catch (error) {
      setCodeError(messageOf(error));
    }
  }

  const first = cart[0] && options.get(cart[0].buttonId);
  const count = cart.reduce((sum, item) => sum + item.quantity, 0);
  // A cart with nothing that ships, of a store that charges EU VAT: the buyer names their country first.
  const cartOptions = cart.map((item) => options.get(item.buttonId));
  const ships = cartOptions.some((option) => option?.ships);
  const asksBuyerCountry = !ships && cartOptions.some((option) => option?.asksBuyerCountry);

  return (
    <div className="grid gap-8 pb-16 lg:grid-cols-[1fr_22rem] lg:pb-0">
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {/* On a phone the cart is below every product: this keeps it one tap away. */}
      {count > 0 && !paid && (
        <a href="#cart" className={buttonClasses("primary", "lg", "fixed inset-x-4 bottom-4 z-10 shadow-lg lg:hidden")}>
          View your cart ({count})
        </a>
      )}
      <section aria-label="Products" className="grid content-start gap-4 sm:grid-cols-2">
        {page.items.length === 0 && <p className="text-gray-600">Nothing is for sale here yet.</p>}
        {page.items.map((item) => (
          <Card key={item.key} className="flex flex-col overflow-hidden">
            {item.imageUrl && (
              // eslint-disable-next-line @next/next/no-img-element -- our own image variants, not next/image
              <img
                src={item.imageUrl}
                srcSet={item.imageSrcSet ?? undefined}
                sizes="(min-width: 640px) 20rem, 100vw"
                alt=""
                className="aspect-[4/3] w-full object-cover"
              />
            )}
            <div className="flex flex-1 flex-col gap-3 p-5">
              <h2 className="text-lg font-semibold text-gray-900">{item.name}</h2>
              {item.description && <p className="text-sm text-gray-600">{item.description}</p>}
              {item.pageUrl && (
                <a href={item.pageUrl} className="text-brand-700 text-sm font-medium hover:underline">
                  Details<span className="sr-only"> about {item.name}</span>
                </a>
              )}
              <ul className="mt-auto space-y-2">
                {item.options.map((option) => (
                  <li key={option.buttonId} className="flex items-center justify-between gap-3">
                    <span className="text-sm text-gray-700">
                      {item.options.length > 1 && <span className="font-medium">{option.label} · </span>}
                      <span className="font-semibold text-gray-900">
                        {formatMoney(option.amountMinor, option.currency)}
                      </span>
                    </span>
                    {option.soldOut ? (
                      <span className="text-sm font-medium text-gray-500">{soldOutMessage}</span>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={page.isSellerSuspended || !option.canTakePayments}
                        onClick={() => add(option)}
                        aria-label={`Add ${option.cartName} to cart`}
                      >
                        Add to cart
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          </Card>
        ))}
      </section>

      <aside id="cart" aria-labelledby="cart-title" className="scroll-mt-4 lg:sticky lg:top-6 lg:self-start">
        <Card className="space-y-4 p-5">
          <h2 id="cart-title" className="text-lg font-semibold text-gray-900">
            Your cart{count > 0 && ` (${count})`}
          </h2>
          {page.isSellerSuspended && <Alert tone="warning">{sellerSuspendedMessage}</Alert>}
          {paid ? (
            <PaidSummary paid={paid} />
          ) : cart.length === 0 ? (
            <p className="text-sm text-gray-600">Your cart is empty.</p>
          ) : (
            <>
              <ul className="space-y-3">
                {cart.map((item) => {
                  const option = options.get(item.buttonId)!;
                  const line = quote?.lines.find((candidate) => candidate.buttonId === item.buttonId);
                  const inputId = `quantity-${item.buttonId}`;
                  return (
                    <li key={item.buttonId} className="space-y-2 border-b border-gray-100 pb-3">
                      <div className="flex items-start justify-between gap-2 text-sm">
                        <span className="font-medium text-gray-900">{option.cartName}</span>
                        <span className="text-gray-900">{line?.amount ?? "…"}</span>
                      </div>
                      {line?.discount && <p className="text-xs text-green-700">Discount {line.discount}</p>}
                      <div className="flex items-end gap-2">
                        <Field id={inputId} label={`Quantity of ${option.cartName}`} hideLabel>
                          <Input
                            id={inputId}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={option.maxQuantity}
                            value={item.quantity}
                            disabled={option.maxQuantity <= 1}
                            onChange={(event) => setQuantity(item.buttonId, Number(event.target.value))}
                            className="w-20"
                          />
                        </Field>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => remove(item.buttonId)}
                          aria-label={`Remove ${option.cartName}`}
                        >
                          Remove
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <form onSubmit={applyCode} className="flex items-end gap-2">
                <Field id="cart-discount-code" label="Discount code" error={codeError ?? undefined} className="flex-1">
                  <Input
                    id="cart-discount-code"
                    value={codeText}
                    maxLength={64}
                    autoComplete="off"
                    onChange={(event) => setCodeText(event.target.value)}
                  />
                </Field>
                <Button type="submit" variant="secondary">
                  Apply
                </Button>
              </form>
              {quoteError && <Alert>{quoteError}</Alert>}
              {quote && (
                <dl className="space-y-1 text-sm">
                  {quote.discountText && (
                    <div className="flex justify-between text-green-700">
                      <dt>Discount</dt>
                      <dd>{quote.discountText}</dd>
                    </div>
                  )}
                  <div className="flex justify-between text-base font-semibold text-gray-900">
                    <dt>Total</dt>
                    <dd>{quote.total}</dd>
                  </div>
                </dl>
              )}
              {asksBuyerCountry && <BuyerCountryFields idPrefix="cart" value={buyerTax} onChange={setBuyerTax} />}
              {ships && <p className="text-sm text-gray-600">{shipsNote}</p>}
              {first && !quoteError && !page.isSellerSuspended && (
                <CartPayPalButton
                  // A cart in another currency needs PayPal's script for that currency.
                  key={`${first.paypalClientId}:${first.currency}`}
                  clientId={first.paypalClientId}
                  currency={first.currency}
                  sdkBaseUrl={sdkBaseUrl}
                  order={() => ({
                    handle: page.handle,
                    items: cart,
                    ...(appliedCode && { discountCode: appliedCode }),
                    ...(asksBuyerCountry && definedOnly(buyerTax)),
                  })}
                  onPaid={(result, paidQuote) => {
                    setPaid({ lines: paidQuote.lines, total: paidQuote.total, ...result });
                    setCart(() => []);
                    setAppliedCode("");
                    setCodeText("");
                  }}
                />
              )}
            </>
          )}
        </Card>
      </aside>
    </div>
  );
}

/** What the buyer just paid for: the lines and total they saw, and where their files and receipt are. */
function PaidSummary({ paid }: { paid: Paid }) {
  return (
    <div className="space-y-3">
      <PaymentMessage
        notice={{
          tone: paid.status === "pending" ? "pending" : "success",
          text: paid.status === "pending" ? checkoutMessages.pending : checkoutMessages.success,
        }}
      />
      <ul aria-label="What you bought" className="space-y-1 text-sm">
        {paid.lines.map((line) => (
          <li key={line.buttonId} className="flex justify-between gap-2">
            <span>{line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name}</span>
            <span>{line.amount}</span>
          </li>
        ))}
        <li className="flex justify-between gap-2 border-t border-gray-100 pt-1 font-semibold">
          <span>Total paid</span>
          <span>{paid.total}</span>
        </li>
      </ul>
      <p className="text-sm text-gray-600">
        Your receipt is on its way to your PayPal e-mail address, with a link to your purchases and downloads.
      </p>
      {paid.licenseKeys.length > 0 && (
        <section aria-label="License keys" className="space-y-2">
          <h3 className="text-sm font-medium text-gray-900">
            {paid.licenseKeys.length > 1 ? checkoutMessages.licenseKeys : checkoutMessages.licenseKey}
          </h3>
          <LicenseKeyValues keys={paid.licenseKeys} />
        </section>
      )}
    </div>
  );
}

/** PayPal's button for the cart: the order is created and captured by our server, like every other checkout. */
function CartPayPalButton({
  clientId,
  currency,
  sdkBaseUrl,
  order,
  onPaid,
}: {
  clientId: string;
  currency: string;
  sdkBaseUrl: string;
  /** The cart as it is when the buyer clicks (the button is bound once, when it renders). */
  order: () => Record<string, unknown>;
  /** The capture's outcome, and the cart as our server priced it for this order. */
  onPaid(result: { status: string; licenseKeys: string[] }, paid: Quote): void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [notice, setNotice] = useState<PaymentNotice>(null);
  const latest = useRef({ order, onPaid });
  useEffect(() => {
    latest.current = { order, onPaid };
  });

  useEffect(() => {
    const target = container.current;
    if (!target) return;
    let instance: PayPalButtonsComponent | undefined;
    let disposed = false;
    // Per order, as our server answered: the button id the capture names (its first item) and the priced cart.
    const created = new Map<string, { buttonId: string; cart: Quote }>();
    loadScript({
      ...sdkQuery({ clientId, currency, isSubscription: false }),
      components: "buttons",
      dataNamespace: sdkNamespace(`store_${clientId}`),
      sdkBaseUrl,
    })
      .then(async (paypal) => {
        if (disposed || !paypal?.Buttons) return;
        instance = paypal.Buttons({
          style: sdkButtonStyle({ color: "gold", shape: "rect", size: "large", label: "paypal" }),
          createOrder: async () => {
            setNotice(null);
            try {
              const order = await createCartOrderWhenFree(latest.current.order());
              created.set(order.orderId, order);
              return order.orderId;
            } catch (error) {
              throw new Error(messageOf(error), { cause: error });
            }
          },
          onApprove: async (data, actions) => {
            const order = created.get(data.orderID);
            if (!order) return;
            try {
              const result = await captureWithRetries({ buttonId: order.buttonId, orderId: data.orderID }, (text) =>
                setNotice({ tone: "pending", text }),
              );
              if (result.status === "confirming") return;
              if (result.status !== "completed" && result.status !== "pending") {
                setNotice({ tone: "error", text: checkoutMessages.error });
                return;
              }
              latest.current.onPaid({ status: result.status, licenseKeys: result.licenseKeys }, order.cart);
            } catch (error) {
              if (error instanceof CheckoutError && error.issue === "INSTRUMENT_DECLINED") return actions.restart();
              throw new Error(messageOf(error), { cause: error });
            }
          },
          onError: (error) => {
            setNotice({ tone: "error", text: messageOf((error as { cause?: unknown }).cause ?? error) });
          },
        });
        await instance.render(target);
        if (!disposed) setStatus("ready");
      })
      .catch(() => {
        if (!disposed) setStatus("failed");
      });
    return () => {
      disposed = true;
      void instance?.close().catch(() => undefined);
    };
  }, [clientId, currency, sdkBaseUrl]);

  return (
    <div className="space-y-3">
      {status === "failed" && <Alert>{checkoutMessages.sdkFailed}</Alert>}
      {status === "loading" && <Spinner label="Loading PayPal..." className="py-4" />}
      <div ref={container} />
      <PaymentMessage notice={notice} />
    </div>
  );
}
