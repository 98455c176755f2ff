"use client";

import { useState } from "react";
import { Dialog } from "~/components/ui/dialog";
import type { StoreBrandInfo } from "~/lib/store-brand";
import { preselectedTier, SellPageView, type ViewBundle, type ViewPage } from "~/features/sell-pages/sell-page-view";
import { toMinorUnits } from "~/lib/money";
import {
  keptFeatures,
  MAX_RATING_COUNT,
  MAX_STOCK,
  ratingTenthsOf,
  wholeNumberOf,
  type SellPageInput,
} from "~/schemas/sell-pages";
import { api } from "~/trpc/react";

/** What the preview knows besides the form's values: its uploads, and (editing) what each bundle has sold. */
export type PreviewContext = {
  imageUrl: string | null;
  logoUrl: string | null;
  hasDownload: boolean;
  soldCounts?: Record<ViewBundle["tier"], number>;
};

/** The form's (already validated) values as the buyer's page would show them, with `store` from Store Settings. */
export function previewPageOf(values: SellPageInput, context: PreviewContext, store: StoreBrandInfo | null): ViewPage {
  const minor = (amount: string) => toMinorUnits(amount, values.currency) ?? 0;
  const bundle = (tier: ViewBundle["tier"]): ViewBundle => {
    const payWhatYouWant = values[`${tier}PayWhatYouWant`];
    const stockText = values[`${tier}StockLimit`];
    const stockLimit = stockText ? wholeNumberOf(stockText, MAX_STOCK) : null;
    // As the checkout counts it (toPublicButton): the limit less what is sold, never below zero.
    const stockLeft = stockLimit === null ? null : Math.max(0, stockLimit - (context.soldCounts?.[tier] ?? 0));
    return {
      tier,
      name: values[`${tier}Name`],
      priceMinor: minor(values[`${tier}Price`]),
      originalPriceMinor: minor(values[`${tier}OriginalPrice`]),
      features: keptFeatures(values[`${tier}Features`]),
      payWhatYouWant,
      minimumPriceMinor: payWhatYouWant ? minor(values[`${tier}MinimumPrice`]) : null,
      stockLeft,
      soldOut: stockLeft === 0,
    };
  };
  const ratingTenths = values.rating ? ratingTenthsOf(values.rating) : null;
  const ratingCount = values.ratingCount ? wholeNumberOf(values.ratingCount, MAX_RATING_COUNT) : null;
  return {
    name: values.name,
    description: values.description,
    currency: values.currency,
    bundles: values.premiumEnabled ? [bundle("basic"), bundle("premium")] : [bundle("basic")],
    imageUrl: context.imageUrl,
    // The page's own logo wins over the store's, as on the live page.
    logoUrl: context.logoUrl ?? store?.logoUrl ?? null,
    logoAlt: context.logoUrl || !store ? `${values.name} logo` : `${store.name} logo`,
    hasDownload: context.hasDownload,
    store,
    proof: {
      testimonial: values.testimonialQuote
        ? { quote: values.testimonialQuote, author: values.testimonialAuthor || null }
        : null,
      rating: ratingTenths !== null && ratingCount !== null ? { tenths: ratingTenths, count: ratingCount } : null,
      guarantee: values.guarantee || null,
    },
  };
}

/**
 * The store as the live page shows it: a sales page anyone can open names only the support e-mail the seller
 * entered, never the account e-mail (sell-pages.ts storeBrandOf).
 */
function useStoreBrand(): StoreBrandInfo | null {
  const settings = api.merchant.store.get.useQuery(undefined, { refetchOnWindowFocus: false });
  if (!settings.data) return null;
  return {
    name: settings.data.storeName,
    logoUrl: settings.data.logoUrl,
    supportEmail: settings.data.supportEmail || null,
    websiteUrl: settings.data.websiteUrl || null,
  };
}

/** Live preview: the page exactly as buyers will see it, with the payment buttons inert. */
export function SellPagePreviewDialog({
  values,
  context,
  open,
  onClose,
}: {
  values: SellPageInput;
  context: PreviewContext;
  open: boolean;
  onClose(): void;
}) {
  const store = useStoreBrand();
  const page = previewPageOf(values, context, store);
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
              <p className="text-xs text-gray-600">
                {bundle.payWhatYouWant
                  ? "Preview only: on the live page buyers enter their price, then pay with PayPal here."
                  : "Preview only: buyers pay with PayPal here on the live page."}
              </p>
            </div>
          )}
        />
      </div>
    </Dialog>
  );
}
