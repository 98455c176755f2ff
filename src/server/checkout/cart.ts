import { randomUUID } from "node:crypto";
import type { Currency } from "~/generated/prisma/enums";
import { formatMoney } from "~/lib/money";
import type { CartInput } from "~/schemas/store-page";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { planLimitMessage } from "~/server/plans/plans";
import {
  CODE_CHECKS,
  codeProblem,
  discountMessages,
  giveBack,
  normaliseCode,
  quantityOf,
} from "~/server/checkout/pricing";
import { findButtons, itemNameOf, type ButtonRow } from "~/server/checkout/public-button";
import { sellerPayPal, withPayPal } from "~/server/checkout/seller-paypal";
import { digitalTaxFor } from "~/server/checkout/digital-tax";
import { newOrderCallback, orderPlanFor } from "~/server/checkout/shipping";
import { findOpenStore, onStorePage } from "~/server/stores/store-page";

// A store page's cart: several POPs of one store paid in one PayPal order. As for a single POP (pricing.ts), the
// browser names only buttons and quantities; every price, limit and discount comes from the store's data, and the
// PayPal order carries each line with its own name, quantity and unit price.

export const cartMessages = {
  storeNotFound: "Store not found.",
  itemGone: "Some items in your cart are no longer for sale. Reload the page to see what is.",
  mixedCurrencies: "Items in different currencies cannot be paid together. Pay for them separately.",
  mixedAccounts: "These items are paid to different PayPal accounts. Pay for them separately.",
  oneTimeOnly: "Subscriptions cannot be added to a cart.",
} as const;

export type CartLine = {
  button: ButtonRow;
  name: string;
  quantity: number;
  unitAmountMinor: number;
  discountMinor: number;
  amountMinor: number;
};

export type CartQuote = {
  merchantId: string;
  currency: Currency;
  lines: CartLine[];
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
  discount: { id: string; code: string } | null;
};

/** Prices the buyer's cart from the store's data; every refusal is a sentence for the buyer. */
export async function quoteCart(input: CartInput, now = new Date()): Promise<CartQuote> {
  const store = await findOpenStore(input.handle);
  if (!store) throw new AppError("NOT_FOUND", cartMessages.storeNotFound);
  // The same item twice is one line with both quantities.
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.buttonId, (wanted.get(item.buttonId) ?? 0) + item.quantity);
  const ids = [...wanted.keys()];
  const buttons = await findButtons({ id: { in: ids }, ...onStorePage(store.merchantId) });
  if (buttons.length !== ids.length) throw new AppError("CONFLICT", cartMessages.itemGone);
  const byId = new Map(buttons.map((button) => [button.id, button]));
  const first = byId.get(ids[0]!)!;
  const lines = ids.map((id): CartLine => {
    const button = byId.get(id)!;
    if (button.currency !== first.currency) throw new AppError("INVALID", cartMessages.mixedCurrencies);
    if (button.paypalClientId !== first.paypalClientId) throw new AppError("INVALID", cartMessages.mixedAccounts);
    const quantity = withItemName(button, () => quantityOf(button, wanted.get(id)));
    // A pay-what-you-want item is sold in a cart at its suggested price; its own page lets the buyer choose.
    const unitAmountMinor = button.amountMinor;
    return {
      button,
      name: itemNameOf(button),
      quantity,
      unitAmountMinor,
      discountMinor: 0,
      amountMinor: unitAmountMinor * quantity,
    };
  });
  const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  let discount: CartQuote["discount"] = null;
  if (input.discountCode !== undefined && input.discountCode.trim() !== "") {
    const { code, applies } = await usableCartCode(store.merchantId, lines, input.discountCode, now);
    discount = { id: code.id, code: code.code };
    spreadDiscount(code, lines, applies, subtotalMinor);
  }
  const discountMinor = lines.reduce((sum, line) => sum + line.discountMinor, 0);
  return {
    merchantId: store.merchantId,
    currency: first.currency,
    lines,
    subtotalMinor,
    discountMinor,
    totalMinor: subtotalMinor - discountMinor,
    discount,
  };
}

/** A limit's sentence names the item it is about: a cart holds several. */
function withItemName<T>(button: ButtonRow, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, `${itemNameOf(button)}: ${error.message}`);
    throw error;
  }
}

/**
 * The buyer's code, if it applies to at least one line. Like a single POP's, a code for none of these items reads
 * like a made-up code; one that applies but cannot be used now says why. Guesses count against the store's budget.
 */
async function usableCartCode(merchantId: string, lines: CartLine[], text: string, now: Date) {
  const budgetKey = `store:${merchantId}`;
  await consumeRateLimit("codeCheckByPop", budgetKey, CODE_CHECKS);
  const code = await db.discountCode.findUnique({
    where: { merchantId_code: { merchantId, code: normaliseCode(text) } },
  });
  if (!code) throw new AppError("INVALID", discountMessages.invalid);
  const problems = lines.map((line) => codeProblem(code, line.button, now));
  if (!problems.includes(null)) {
    throw new AppError("INVALID", problems.find((problem) => problem !== discountMessages.invalid) ?? problems[0]!);
  }
  await giveBack("codeCheckByPop", budgetKey);
  return { code, applies: problems.map((problem) => problem === null) };
}

/**
 * Sets each line's share of the code: a percentage of every line it applies to (rounded per line, as PayPal
 * prints them), or a fixed amount taken from those lines in cart order. PayPal takes no order of zero, so at least
 * the smallest amount of the currency is left to pay. `applies[i]`: whether the code is for line i's POP.
 */
function spreadDiscount(
  code: { kind: "percent" | "fixed"; percentOff: number | null; amountOffMinor: number | null },
  lines: CartLine[],
  applies: boolean[],
  subtotalMinor: number,
) {
  let fixedLeft = code.amountOffMinor ?? 0;
  for (const [index, line] of lines.entries()) {
    if (!applies[index]) continue;
    const subtotal = line.unitAmountMinor * line.quantity;
    const off =
      code.kind === "percent" ? Math.round((subtotal * (code.percentOff ?? 0)) / 100) : Math.min(fixedLeft, subtotal);
    fixedLeft -= code.kind === "fixed" ? off : 0;
    line.discountMinor = Math.min(off, subtotal);
  }
  const total = lines.reduce((sum, line) => sum + line.discountMinor, 0);
  if (total >= subtotalMinor) {
    const last = lines.findLast((line) => line.discountMinor > 0)!;
    last.discountMinor -= total - subtotalMinor + 1;
  }
  for (const line of lines) line.amountMinor = line.unitAmountMinor * line.quantity - line.discountMinor;
}

/** The quote as the store page shows it: its lines and totals (with an order's EU VAT), never a button's settings. */
export function describeCart(quote: CartQuote, taxMinor = 0) {
  const money = (minor: number) => formatMoney(minor, quote.currency);
  return {
    currency: quote.currency,
    lines: quote.lines.map((line) => ({
      buttonId: line.button.id,
      name: line.name,
      quantity: line.quantity,
      unitAmount: money(line.unitAmountMinor),
      discount: line.discountMinor > 0 ? `−${money(line.discountMinor)}` : null,
      amount: money(line.amountMinor),
    })),
    subtotal: money(quote.subtotalMinor),
    discountCode: quote.discount?.code ?? null,
    discountText: quote.discount ? `${quote.discount.code}: −${money(quote.discountMinor)}` : null,
    tax: taxMinor > 0 ? money(taxMinor) : null,
    total: money(quote.totalMinor + taxMinor),
  };
}

/** The store page's preview of the cart: what the order would be. */
export async function previewCart(input: CartInput) {
  return describeCart(await quoteCart(input));
}

/**
 * Creates the PayPal order for the cart, one item per line, and remembers each line for the capture. The order
 * and its session are the first line's button's (its custom id), so the capture, PayPal's webhooks and the
 * reconciliation find it as any other order; the session's cart items are its lines. The answer carries the cart as
 * priced for this order: what the buyer's page shows once it is paid.
 */
export async function createCartOrder(input: CartInput) {
  const quote = await quoteCart(input);
  const overLimit = await planLimitMessage(quote.merchantId);
  if (overLimit) throw new AppError("CONFLICT", overLimit);
  const main = quote.lines[0]!;
  const paypal = sellerPayPal(main.button);
  const count = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
  const ships = quote.lines.some((line) => line.button.ships);
  const shipping = ships ? newOrderCallback() : null;
  const lines = quote.lines.map((line) => ({
    amountMinor: line.amountMinor,
    quantity: line.quantity,
    ships: line.button.ships,
    taxIncluded: line.button.taxIncluded,
  }));
  const vat = ships ? null : digitalTaxFor(main.button, quote.currency, lines, input);
  const plan = ships ? await orderPlanFor(quote.merchantId, quote.currency, lines) : (vat?.plan ?? null);
  const taxMinor = vat?.price.taxMinor ?? 0;
  const order = await withPayPal("create order", () =>
    paypal.client.createOrder({
      ships,
      callbackUrl: shipping?.url,
      amount: { currency: quote.currency, valueMinor: quote.totalMinor + taxMinor },
      items: quote.lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitAmountMinor: line.unitAmountMinor,
      })),
      discountMinor: quote.discountMinor,
      taxMinor,
      customId: main.button.id,
      description: [`${count} ${count === 1 ? "item" : "items"}`, quote.discount && `(code ${quote.discount.code})`]
        .filter(Boolean)
        .join(" "),
      requestId: `popkit-order-${randomUUID()}`,
    }),
  );
  await db.checkoutSession.create({
    data: {
      merchantId: quote.merchantId,
      buttonId: main.button.id,
      sellPageId: main.button.sellPageId,
      paypalOrderId: order.id,
      amountMinor: quote.totalMinor,
      currency: quote.currency,
      quantity: main.quantity,
      discountCodeId: quote.discount?.id ?? null,
      discountMinor: quote.discountMinor,
      fromCart: true,
      ...(plan && { orderPlan: plan, callbackToken: shipping?.token }),
      cartItems: {
        createMany: {
          data: quote.lines.map((line, position) => ({
            position,
            buttonId: line.button.id,
            quantity: line.quantity,
            unitAmountMinor: line.unitAmountMinor,
            discountMinor: line.discountMinor,
          })),
        },
      },
    },
  });
  return { orderId: order.id, buttonId: main.button.id, cart: describeCart(quote, taxMinor) };
}
