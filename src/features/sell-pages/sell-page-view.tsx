import { Check, Download, Infinity as InfinityIcon, Lock, ShieldCheck, Star, Zap } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { bundlePricing } from "~/features/sell-pages/pricing";
import { cn } from "~/lib/cn";
import type { Currency } from "~/lib/money";

export type ViewBundle = {
  tier: "basic" | "premium";
  name: string;
  priceMinor: number;
  originalPriceMinor: number;
  features: string[];
};

export type ViewPage = {
  name: string;
  description: string;
  currency: Currency;
  imageUrl: string | null;
  /** Resized WebP variants of the image (public pages); the preview of a fresh upload has none. */
  imageSrcSet?: string | null;
  logoUrl: string | null;
  bundles: ViewBundle[];
};

/** SPEC 2.15: premium is preselected when the page offers it. */
export function preselectedTier(page: ViewPage): ViewBundle["tier"] {
  return page.bundles.some((bundle) => bundle.tier === "premium") ? "premium" : "basic";
}

/**
 * The digital sell page as buyers see it (SPEC 2.15), shared by /digital-sell/{id} and the merchant's live
 * preview (SPEC 2.12) so the two never drift apart. Mobile first: one column, packages stacked, the payment
 * area right under them. Every package's payment area is rendered and only the selected one shown, so the
 * buyer's page can switch packages with a few lines of script instead of React (src/embed/sell-page.ts): it
 * flips the packages' aria-checked (which their styles follow) and the areas' `hidden` by their data attributes.
 */
export function SellPageView({
  page,
  selectedTier,
  onSelect,
  renderPayment,
  headingLevel = 1,
}: {
  page: ViewPage;
  selectedTier: ViewBundle["tier"];
  /** The preview's React state; the buyer's page has its script instead. */
  onSelect?(tier: ViewBundle["tier"]): void;
  renderPayment(bundle: ViewBundle): ReactNode;
  /** 2 inside the preview dialog, under the dialog's own title; 1 on the page itself. */
  headingLevel?: 1 | 2;
}) {
  const selected = page.bundles.find((bundle) => bundle.tier === selectedTier) ?? page.bundles[0];
  const Title = headingLevel === 1 ? "h1" : "h2";
  const Section = headingLevel === 1 ? "h2" : "h3";

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      {page.logoUrl && (
        <div className="flex justify-center sm:justify-start">
          {/* eslint-disable-next-line @next/next/no-img-element -- merchant uploads live on the storage host */}
          <img src={page.logoUrl} alt={`${page.name} logo`} className="h-12 w-auto max-w-[12rem] object-contain" />
        </div>
      )}

      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        {page.imageUrl && (
          <div className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
            {/* eslint-disable-next-line @next/next/no-img-element -- merchant uploads live on the storage host */}
            <img
              src={page.imageUrl}
              srcSet={page.imageSrcSet ?? undefined}
              // One column on phones; half of the max-w-5xl layout (minus padding and gap) from md up.
              sizes="(min-width: 768px) 30rem, 100vw"
              // The box is 4:3 whatever the upload (object-cover): the browser reserves it before the image arrives.
              width={1200}
              height={900}
              alt={page.name}
              fetchPriority="high"
              className="aspect-[4/3] w-full object-cover"
            />
          </div>
        )}
        <div className={cn("space-y-5", !page.imageUrl && "md:col-span-2")}>
          <Title className="text-3xl font-bold tracking-tight break-words text-gray-900 sm:text-4xl">{page.name}</Title>
          <p className="text-base whitespace-pre-line text-gray-700">{page.description}</p>
          <ul aria-label="What you get" className="flex flex-wrap gap-2 text-sm">
            <TrustBadge icon={<Download aria-hidden className="size-4" />} text="Instant Download" />
            <TrustBadge icon={<ShieldCheck aria-hidden className="size-4" />} text="Secure Payment" />
            <TrustBadge icon={<InfinityIcon aria-hidden className="size-4" />} text="Lifetime Access" />
          </ul>
          <figure className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
            <div className="flex items-center gap-2 text-sm">
              <span className="flex text-yellow-400" aria-hidden>
                {Array.from({ length: 5 }, (_, i) => (
                  <Star key={i} className="size-4 fill-current" />
                ))}
              </span>
              <span className="font-semibold text-gray-900">4.9/5</span>
              <span className="text-gray-500">from happy customers</span>
            </div>
            <blockquote className="mt-2 text-sm text-gray-700">
              “Exactly what I was looking for. Clear, practical and worth every penny. I was using it the same day.”
            </blockquote>
            <figcaption className="mt-2 text-xs text-gray-500">Sarah M., verified buyer</figcaption>
          </figure>
        </div>
      </div>

      <section aria-labelledby="choose-package" className="space-y-4">
        <Section id="choose-package" className="text-center text-2xl font-bold text-gray-900">
          Choose Your Package
        </Section>
        <div
          role="radiogroup"
          aria-labelledby="choose-package"
          className={cn("grid gap-4", page.bundles.length > 1 && "md:grid-cols-2")}
        >
          {page.bundles.map((bundle) => (
            <PackageOption
              key={bundle.tier}
              bundle={bundle}
              currency={page.currency}
              isSelected={bundle.tier === selected?.tier}
              onSelect={onSelect && (() => onSelect(bundle.tier))}
            />
          ))}
        </div>
      </section>

      {selected && (
        <section aria-label="Payment" className="mx-auto max-w-md space-y-4">
          {page.bundles.map((bundle) => (
            <div key={bundle.tier} data-payment-for={bundle.tier} hidden={bundle !== selected}>
              {renderPayment(bundle)}
            </div>
          ))}
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-xs text-gray-600">
            <li className="flex items-center gap-1">
              <Lock aria-hidden className="size-3.5" /> SSL Secured
            </li>
            <li className="flex items-center gap-1">
              <Zap aria-hidden className="size-3.5" /> Instant Access
            </li>
            <li className="flex items-center gap-1">
              <ShieldCheck aria-hidden className="size-3.5" /> Powered by PayPal
            </li>
          </ul>
        </section>
      )}

      <div className="mx-auto max-w-2xl rounded-xl bg-green-50 p-4 text-center text-sm text-green-900">
        <p className="font-semibold">30-Day Money-Back Guarantee</p>
        <p className="mt-1">Not happy with your purchase? Contact the seller within 30 days for a full refund.</p>
      </div>
      <p className="text-center text-sm text-gray-600">
        Bought this before?{" "}
        <Link href="/library" className="text-brand-600 font-medium hover:underline">
          Lost your download?
        </Link>
      </p>
    </div>
  );
}

function TrustBadge({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <li className="bg-brand-50 text-brand-700 inline-flex items-center gap-1.5 rounded-full px-3 py-1 font-medium">
      {icon}
      {text}
    </li>
  );
}

function PackageOption({
  bundle,
  currency,
  isSelected,
  onSelect,
}: {
  bundle: ViewBundle;
  currency: Currency;
  isSelected: boolean;
  onSelect?(): void;
}) {
  const pricing = bundlePricing(bundle, currency);
  const isPremium = bundle.tier === "premium";
  const features = bundle.features.filter((feature) => feature.trim().length > 0);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isSelected}
      aria-label={`${bundle.name} Package, ${pricing.price}`}
      data-package={bundle.tier}
      onClick={onSelect}
      className={cn(
        "relative flex w-full flex-col rounded-2xl border-2 bg-white p-5 text-left shadow-sm transition",
        "focus-visible:outline-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2",
        // Styled from aria-checked, so whatever switches the package only sets that.
        "aria-checked:border-brand-600 aria-checked:ring-brand-100 border-gray-200 aria-checked:ring-4",
        "not-aria-checked:hover:border-gray-300",
      )}
    >
      {isPremium && (
        <span className="bg-brand-600 absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-bold tracking-wide text-white">
          MOST POPULAR
        </span>
      )}
      <span className="flex items-start justify-between gap-3">
        <span className="text-lg font-semibold text-gray-900">{bundle.name}</span>
        {pricing.badge && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-700">{pricing.badge}</span>
        )}
      </span>
      <span className="mt-2 flex flex-wrap items-baseline gap-2">
        <span className="text-3xl font-bold text-gray-900">{pricing.price}</span>
        <span className="text-sm text-gray-500">{currency}</span>
        {pricing.original && (
          <s className="text-base text-gray-500">
            <span className="sr-only">was </span>
            {pricing.original}
          </s>
        )}
      </span>
      {features.length > 0 && (
        <span className="mt-4 block space-y-2 text-sm text-gray-700">
          {features.map((feature, index) => (
            <span key={index} className="flex items-start gap-2">
              <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-green-600" />
              {feature}
            </span>
          ))}
        </span>
      )}
    </button>
  );
}
