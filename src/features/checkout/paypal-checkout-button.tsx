"use client";

import { loadScript, type PayPalButtonsComponent, type PayPalButtonsComponentOptions } from "@paypal/paypal-js";
import { useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Spinner } from "~/components/ui/spinner";
import {
  captureWithRetries,
  CheckoutError,
  createOrderWhenFree,
  postCheckout,
  startSubscriptionWhenFree,
  type PublicButton,
} from "~/features/checkout/checkout-api";
import {
  CheckoutChoices,
  definedOnly,
  initialChoices,
  offersChoices,
  type Choices,
} from "~/features/checkout/checkout-choices";
import { PaymentMessage, type PaymentNotice } from "~/features/checkout/payment-message";
import { UpsellOffer } from "~/features/checkout/upsell-offer";
import type { UpsellForBuyer } from "~/server/checkout/upsell";
import { LicenseKeyValues } from "~/features/licenses/license-key-list";
import { checkoutMessages, shipsNote } from "~/lib/checkout-messages";
import { sdkButtonStyle, sdkNamespace, sdkQuery } from "~/lib/paypal-button";

/** Our server's buyer-facing sentence for a failed call, else the spec's generic payment error. */
function messageOf(error: unknown) {
  return error instanceof CheckoutError ? error.message : checkoutMessages.error;
}

/** The message for a recorded payment, or null when the buyer goes on to the button's success URL. */
function afterPayment(status: string, successUrl: string | null): PaymentNotice {
  if (status !== "completed" && status !== "pending" && status !== "active") {
    return { tone: "error", text: checkoutMessages.error };
  }
  if (successUrl) {
    window.location.assign(successUrl);
    return null;
  }
  return status === "pending"
    ? { tone: "pending", text: checkoutMessages.pending }
    : { tone: "success", text: checkoutMessages.success };
}

/**
 * The PayPal button of /checkout/{id}: the SDK is loaded with the button's client id, currency and intent under
 * a private namespace, and every step goes through our server (the checkout endpoints), which prices the order
 * from the database and records the payment from PayPal's answer.
 */
export function PayPalCheckoutButton({ button, sdkBaseUrl }: { button: PublicButton; sdkBaseUrl: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "failed">("loading");
  const [notice, setNotice] = useState<PaymentNotice>(null);
  // The keys the capture that recorded this payment issued: shown under its success, gone with the next attempt.
  const [licenseKeys, setLicenseKeys] = useState<string[]>([]);
  // The upsell offered after the payment: the seller's success URL waits for the buyer's answer.
  const [upsell, setUpsell] = useState<UpsellForBuyer | null>(null);
  const [choices, setChoices] = useState<Choices>(() => initialChoices(button));
  // PayPal's createOrder is bound once, when its button renders: it reads the buyer's latest choices from here.
  const latestChoices = useRef(choices);
  const choose = (next: Choices) => {
    latestChoices.current = next;
    setChoices(next);
  };

  useEffect(() => {
    if (!button.canTakePayments || !container.current) return;
    const target = container.current;
    let instance: PayPalButtonsComponent | undefined;
    let disposed = false;
    const namespace = sdkNamespace(button.id);
    const failed = (error: unknown) => {
      console.error("Failed to load PayPal SDK", error);
      if (!disposed) setStatus("failed");
    };

    const options: PayPalButtonsComponentOptions = {
      style: sdkButtonStyle(button.style),
      onCancel: () => {
        if (button.cancelUrl) window.location.assign(button.cancelUrl);
      },
      onError: (error) => {
        console.error(error);
        setNotice({ tone: "error", text: messageOf((error as { cause?: unknown }).cause ?? error) });
      },
    };
    if (button.isSubscription && button.subscriptionPlanId) {
      // Our server creates it: with the buyer's country, it adds that country's VAT to every payment.
      options.createSubscription = async () => {
        setNotice(null);
        try {
          return await startSubscriptionWhenFree({ buttonId: button.id, ...definedOnly(latestChoices.current) });
        } catch (error) {
          throw new Error(messageOf(error), { cause: error });
        }
      };
      options.onApprove = async (data) => {
        const result = await postCheckout("subscriptions", {
          buttonId: button.id,
          subscriptionId: data.subscriptionID ?? "",
        }).catch((error: unknown) => {
          throw new Error(messageOf(error), { cause: error });
        });
        setNotice(afterPayment(result.status, button.successUrl));
      };
    } else {
      options.createOrder = async () => {
        // A new attempt starts without the last one's message.
        setNotice(null);
        setLicenseKeys([]);
        try {
          return await createOrderWhenFree({ buttonId: button.id, ...definedOnly(latestChoices.current) });
        } catch (error) {
          throw new Error(messageOf(error), { cause: error });
        }
      };
      options.onApprove = async (data, actions) => {
        try {
          const result = await captureWithRetries({ buttonId: button.id, orderId: data.orderID }, (text) =>
            setNotice({ tone: "pending", text }),
          );
          // Still being confirmed after the page's patience: the "being confirmed" notice stays.
          if (result.status === "confirming") return;
          if (result.upsell && result.status === "completed") {
            setNotice({ tone: "success", text: checkoutMessages.success });
            setLicenseKeys(result.licenseKeys);
            setUpsell(result.upsell);
            return;
          }
          // A file whose link an earlier answer carried: the buyer is told where that link is, not sent on.
          const outcome = result.downloadNotice
            ? { tone: "success" as const, text: result.downloadNotice }
            : afterPayment(result.status, button.successUrl);
          setNotice(outcome);
          if (outcome?.tone === "success") setLicenseKeys(result.licenseKeys);
        } catch (error) {
          // PayPal's documented recovery: a declined card sends the buyer back to choose another instrument.
          if (error instanceof CheckoutError && error.issue === "INSTRUMENT_DECLINED") return actions.restart();
          throw new Error(messageOf(error), { cause: error });
        }
      };
    }

    const render = () =>
      loadScript({
        ...sdkQuery({
          clientId: button.paypalClientId,
          currency: button.currency,
          isSubscription: button.isSubscription,
        }),
        components: "buttons",
        dataNamespace: namespace,
        sdkBaseUrl,
      })
        .then(async (paypal) => {
          if (disposed) return;
          if (!paypal?.Buttons) return failed(new Error("The PayPal SDK did not load its buttons"));
          instance = paypal.Buttons(options);
          await instance.render(target);
          if (!disposed) setStatus("ready");
        })
        .catch(failed);

    // PayPal's SDK is the heaviest script of a buyer's page: it loads once the button is about to scroll into
    // view, so it never competes with the page's first paint and hydration on a phone.
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearView.disconnect();
        void render();
      },
      { rootMargin: "400px" },
    );
    nearView.observe(target);

    return () => {
      disposed = true;
      nearView.disconnect();
      void instance?.close().catch(() => undefined);
    };
  }, [button, sdkBaseUrl]);

  if (!button.canTakePayments) return <Alert tone="warning">{checkoutMessages.sellerNotReady}</Alert>;
  return (
    <div className="space-y-4">
      {offersChoices(button) && (
        <CheckoutChoices button={button} choices={choices} onChange={choose} onNotice={setNotice} />
      )}
      {button.ships && <p className="text-sm text-gray-600">{shipsNote}</p>}
      {status === "failed" && <Alert>{checkoutMessages.sdkFailed}</Alert>}
      {status === "loading" && <Spinner label="Loading PayPal..." className="py-4" />}
      <div ref={container} />
      <PaymentMessage notice={notice} />
      {upsell && (
        <UpsellOffer
          upsell={upsell}
          namespace={sdkNamespace(button.id)}
          onDone={(added) => {
            setUpsell(null);
            const outcome = afterPayment("completed", button.successUrl);
            if (outcome && added) {
              setNotice({
                ...outcome,
                text: `${outcome.text} ${checkoutMessages.upsellAdded.replace("{name}", upsell.name)}`,
              });
            }
          }}
        />
      )}
      {licenseKeys.length > 0 && (
        <section aria-label="License keys" className="space-y-2">
          <h2 className="text-sm font-medium text-gray-900">
            {licenseKeys.length > 1 ? checkoutMessages.licenseKeys : checkoutMessages.licenseKey}
          </h2>
          <LicenseKeyValues keys={licenseKeys} />
        </section>
      )}
    </div>
  );
}
