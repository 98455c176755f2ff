"use client";

import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import { preselectedTier, SellPageView, type ViewBundle, type ViewPage } from "~/features/sell-pages/sell-page-view";
import { toMinorUnits } from "~/lib/money";
import { keptFeatures, type SellPageInput } from "~/schemas/sell-page";

/** The form's (already validated) values as the buyer's page would show them. */
export function previewPageOf(
  values: SellPageInput,
  images: { imageUrl: string | null; logoUrl: string | null },
): ViewPage {
  const minor = (amount: string) => toMinorUnits(amount, values.currency) ?? 0;
  const bundles: ViewBundle[] = [
    {
      tier: "basic",
      name: values.basicName,
      priceMinor: minor(values.basicPrice),
      originalPriceMinor: minor(values.basicOriginalPrice),
      features: keptFeatures(values.basicFeatures),
    },
  ];
  if (values.premiumEnabled) {
    bundles.push({
      tier: "premium",
      name: values.premiumName,
      priceMinor: minor(values.premiumPrice),
      originalPriceMinor: minor(values.premiumOriginalPrice),
      features: keptFeatures(values.premiumFeatures),
    });
  }
  return {
    name: values.name,
    description: values.description,
    currency: values.currency,
    bundles,
    ...images,
  };
}

/** SPEC 2.12 live preview: the page exactly as buyers will see it, with the payment buttons inert. */
export function SellPagePreviewDialog({ page, open, onClose }: { page: ViewPage; open: boolean; onClose(): void }) {
  const [selectedTier, setSelectedTier] = useState(preselectedTier(page));
  return (
    <Dialog open={open} onClose={onClose} size="xl" title="Live Preview" description="How buyers will see your page.">
      <div className="-mx-6 -mb-6 rounded-b-2xl bg-gray-50">
        <SellPageView
          page={page}
          selectedTier={selectedTier}
          onSelect={setSelectedTier}
          headingLevel={2}
          renderPayment={(bundle) => (
            <div className="space-y-2 text-center">
              <button
                type="button"
                aria-disabled
                className="bg-brand-600 w-full cursor-not-allowed rounded-lg px-4 py-3 font-semibold text-white"
              >
                Get {bundle.name} Package
              </button>
              <p className="text-xs text-gray-600">Preview only: buyers pay with PayPal here on the live page.</p>
            </div>
          )}
        />
      </div>
    </Dialog>
  );
}
