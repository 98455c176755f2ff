"use client";

import type { PayPalNamespace } from "@paypal/paypal-js";
import { useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { captureWithRetries, CheckoutError, postCheckout } from "~/features/checkout/checkout-api";
import { checkoutMessages } from "~/lib/checkout-messages";
import type { UpsellForBuyer } from "~/server/checkout/upsell";

/**
 * The one-click upsell after a payment on /checkout/{id} (the embed draws the same in
 * src/embed/payment-button-checkout.ts). "Yes" charges the PayPal account the buyer just used when PayPal saved it,
 * or shows PayPal's button for one approval when it did not; either way our server charges at most once.
 */
export function UpsellOffer({
  upsell,
  namespace,
  onDone,
}: {
  upsell: UpsellForBuyer;
  /** The page's PayPal SDK namespace, for the button of an offer without a saved account. */
  namespace: string;
  /** The buyer answered: `added` when the offer was paid. */
  onDone(added: boolean): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const slot = useRef<HTMLDivElement>(null);
  // PayPal's button is rendered once per order: it calls the latest onDone without being drawn again.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      const answer = await postCheckout("upsell", { token: upsell.token, answer: "yes" });
      if (answer.taken) return onDone(true);
      setOrderId(answer.orderId ?? null);
    } catch (caught) {
      setError(caught instanceof CheckoutError ? caught.message : checkoutMessages.error);
    } finally {
      setBusy(false);
    }
  }

  function decline() {
    void postCheckout("upsell", { token: upsell.token, answer: "no" }).catch(() => undefined);
    onDone(false);
  }

  // Without a saved account: PayPal's button for this one order, captured as the offered POP's order.
  useEffect(() => {
    const target = slot.current;
    const paypal = (window as unknown as Record<string, PayPalNamespace | undefined>)[namespace];
    if (!orderId || !target || !paypal?.Buttons) return;
    const buttons = paypal.Buttons({
      createOrder: () => Promise.resolve(orderId),
      onApprove: async (data) => {
        const result = await captureWithRetries({ buttonId: upsell.buttonId, orderId: data.orderID }, () => {});
        if (result.status === "completed") done.current(true);
        else setError(checkoutMessages.error);
      },
    });
    void buttons.render(target);
    return () => void buttons.close().catch(() => undefined);
  }, [orderId, namespace, upsell.buttonId]);

  return (
    <section aria-label={upsell.headline} className="space-y-3 rounded-lg border-2 border-blue-600 bg-blue-50 p-4">
      <h2 className="text-lg font-semibold text-gray-900">{upsell.headline}</h2>
      <p className="text-sm text-gray-800">
        {upsell.name} for {upsell.price}
      </p>
      {!orderId && (
        <Button type="button" onClick={() => void accept()} disabled={busy}>
          {checkoutMessages.upsellYes}
        </Button>
      )}
      <div ref={slot} />
      <button type="button" className="block text-sm text-gray-700 underline" onClick={decline} disabled={busy}>
        {upsell.declineText}
      </button>
      {upsell.oneClick && <p className="text-xs text-gray-600">{checkoutMessages.upsellSaved}</p>}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
