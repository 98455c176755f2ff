"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { Alert } from "~/components/ui/alert";
import { CheckoutError, postCheckout, type PublicButton } from "~/features/checkout/checkout-api";
import { PayPalCheckoutButton } from "~/features/checkout/paypal-checkout-button";
import { bundlePricing } from "~/features/sell-pages/pricing";
import { SellPageView, type ViewBundle, type ViewPage } from "~/features/sell-pages/sell-page-view";
import { checkoutMessages } from "~/lib/checkout-messages";

/** The page as the sell-pages service hands it to the buyer (its bundles carry their payment buttons). */
type Page = Omit<ViewPage, "bundles"> & {
  successUrl: string | null;
  bundles: (ViewBundle & { button: PublicButton | null })[];
};

/**
 * /digital-sell/{id} in the browser: the package choice and, for the selected package, the PayPal button of its
 * bundle, re-rendered with that package's price when the buyer switches (SPEC 2.15). After PayPal confirms the
 * payment (SPEC 4): with a downloadable file, /thank-you with the download grant; else the success URL; else
 * the spec's alert.
 */
export function PublicSellPage({ page, sdkBaseUrl }: { page: Page; sdkBaseUrl: string }) {
  const router = useRouter();

  const completePurchase = useCallback(
    async (buttonId: string, orderId: string) => {
      const capture = () => postCheckout("sell-page-capture", { buttonId, orderId });
      // A lost answer or a server hiccup may be retried: the capture is idempotent on the order.
      const result = await capture().catch((error: unknown) => {
        if (error instanceof CheckoutError && error.retryable) return capture();
        throw error;
      });
      if (result.downloadToken) {
        // Completed, or pending: /thank-you then shows the purchase and opens the download once PayPal completes it.
        router.push(`/thank-you?token=${encodeURIComponent(result.downloadToken)}`);
      } else if (result.status === "completed" && page.successUrl) {
        window.location.assign(page.successUrl);
      } else if (result.status === "completed" || result.status === "pending") {
        alert(result.status === "pending" ? checkoutMessages.pending : checkoutMessages.success);
      } else {
        alert(checkoutMessages.error);
      }
    },
    [router, page.successUrl],
  );

  return (
    <main className="min-h-screen bg-gradient-to-b from-white to-gray-50">
      <SellPageView
        page={page}
        renderPayment={(bundle) => {
          const button = page.bundles.find((candidate) => candidate.tier === bundle.tier)?.button;
          return (
            <div className="space-y-3">
              <p className="text-center text-sm text-gray-700">
                Get {bundle.name} Package:{" "}
                <span className="font-semibold text-gray-900">{bundlePricing(bundle, page.currency).price}</span>
              </p>
              {button ? (
                <PayPalCheckoutButton
                  // A new button per package: the SDK renders it afresh with that bundle's order and price.
                  key={button.id}
                  button={button}
                  sdkBaseUrl={sdkBaseUrl}
                  onApproveOrder={(orderId) => completePurchase(button.id, orderId)}
                />
              ) : (
                <Alert tone="warning">{checkoutMessages.unavailable}</Alert>
              )}
            </div>
          );
        }}
      />
    </main>
  );
}
