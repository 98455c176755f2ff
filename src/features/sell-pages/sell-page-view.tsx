import { Check, Download, History, ShieldCheck, Star } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import type { StoreBrandInfo } from "~/lib/store-brand";
import { ManagePurchaseNote } from "~/features/checkout/manage-purchase-note";
import { StoreBrand } from "~/features/stores/store-brand";
import { bundlePricing, payWhatYouWantPricing, priceSummary, stockNote } from "~/features/sell-pages/pricing";
import { cn } from "~/lib/cn";
import type { Currency } from "~/lib/money";

export type ViewBundle = {
  tier: "basic" | "premium";
  name: string;
  /** The price; with pay what you want, the suggested price. */
  priceMinor: number;
  originalPriceMinor: number;
  features: string[];
  payWhatYouWant: boolean;
  minimumPriceMinor: number | null;
  /** Units left; null: unlimited. */
  stockLeft: number | null;
  soldOut: boolean;
};

/** The seller's own social proof; each part is shown only when the seller filled it in. */
export type ViewProof = {
  testimonial: { quote: string; author: string | null } | null;
  /** The average in tenths (45 = 4.5 of 5) and how many ratings it is from. */
  rating: { tenths: number; count: number } | null;
  guarantee: string | null;
};

export type ViewPage = {
  name: string;
  description: string;
  currency: Currency;
  imageUrl: string | null;
  /** Resized WebP variants of the image (public pages); the preview of a fresh upload has none. */
  imageSrcSet?: string | null;
  /** The page's own logo, else the store's. */
  logoUrl: string | null;
  logoAlt?: string;
  /** A file to deliver: only then are instant download and the library true claims. */
  hasDownload: boolean;
  /** Null while the store has no settings (the page cannot take payments then either). */
  store: StoreBrandInfo | null;
  proof: ViewProof;
  bundles: ViewBundle[];
};

/** Premium is preselected when the page offers it, unless it is sold out and basic is not. */
export function preselectedTier(page: Pick<ViewPage, "bundles">): ViewBundle["tier"] {
  const premium = page.bundles.find((bundle) => bundle.tier === "premium");
  const basic = page.bundles.find((bundle) => bundle.tier === "basic");
  if (!premium) return "basic";
  return premium.soldOut && basic && !basic.soldOut ? "basic" : "premium";
}

/**
 * The digital sell page as buyers see it, shared by /digital-sell/{id} and the merchant's live
 * preview so the two never drift apart. Mobile first: one column, packages stacked, the payment
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

  const { proof, store } = page;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-6 sm:px-6 sm:py-10">
      {(page.logoUrl || store) && (
        <div className="flex items-center justify-center gap-3 sm:justify-start">
          {page.logoUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- merchant uploads live on the storage host
            <img
              src={page.logoUrl}
              alt={page.logoAlt ?? `${page.name} logo`}
              className="h-12 w-auto max-w-[12rem] object-contain"
            />
          )}
          {store && <p className="text-base font-semibold break-words text-gray-900">{store.name}</p>}
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
          {/* Only what is true of every purchase: the file arrives right after payment, PayPal takes the
              payment, and the library (linked in the receipt) gives fresh download links later, within limits. */}
          <ul aria-label="What you get" className="flex flex-wrap gap-2 text-sm">
            {page.hasDownload && (
              <TrustBadge icon={<Download aria-hidden className="size-4" />} text="Instant Download" />
            )}
            <TrustBadge icon={<ShieldCheck aria-hidden className="size-4" />} text="Secure Payment" />
            {page.hasDownload && (
              <TrustBadge icon={<History aria-hidden className="size-4" />} text="Re-download from your library" />
            )}
          </ul>
          {(proof.rating || proof.testimonial) && (
            <figure className="space-y-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              {proof.rating && <Rating {...proof.rating} />}
              {proof.testimonial && (
                <>
                  <blockquote className="text-sm whitespace-pre-line text-gray-700">
                    “{proof.testimonial.quote}”
                  </blockquote>
                  {proof.testimonial.author && (
                    <figcaption className="text-xs text-gray-500">— {proof.testimonial.author}</figcaption>
                  )}
                </>
              )}
            </figure>
          )}
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
              {bundle.soldOut ? (
                <p className="rounded-lg border border-gray-200 bg-white px-4 py-3 text-center text-sm font-medium text-gray-700">
                  {bundle.name} Package: Sold out
                </p>
              ) : (
                renderPayment(bundle)
              )}
            </div>
          ))}
          <p className="flex items-center justify-center gap-1 text-xs text-gray-600">
            <ShieldCheck aria-hidden className="size-3.5" /> Powered by PayPal
          </p>
        </section>
      )}

      {proof.guarantee && (
        <div className="mx-auto max-w-2xl rounded-xl bg-green-50 p-4 text-center text-sm whitespace-pre-line text-green-900">
          {proof.guarantee}
        </div>
      )}
      <ManagePurchaseNote>
        {page.hasDownload && (
          <>
            {" · "}
            <Link href="/library" className="text-brand-600 font-medium hover:underline">
              Lost your download?
            </Link>
          </>
        )}
      </ManagePurchaseNote>
      {store && (
        <footer className="border-t border-gray-200 pt-6">
          <StoreBrand brand={store} showLogo={false} align="center" />
        </footer>
      )}
    </div>
  );
}

/** "4.5/5 from 12 ratings", with five stars filled to match (the words carry it for screen readers). */
function Rating({ tenths, count }: { tenths: number; count: number }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="flex" aria-hidden>
        {Array.from({ length: 5 }, (_, index) => {
          const fill = Math.min(1, Math.max(0, tenths / 10 - index));
          return (
            <span key={index} className="relative size-4">
              <Star className="absolute inset-0 size-4 text-gray-300" />
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="size-4 fill-yellow-400 text-yellow-400" />
              </span>
            </span>
          );
        })}
      </span>
      <span className="font-semibold text-gray-900">{(tenths / 10).toFixed(1)}/5</span>{" "}
      <span className="text-gray-500">
        from {count.toLocaleString("en-US")} rating{count === 1 ? "" : "s"}
      </span>
    </p>
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
  // With pay what you want the buyer sets the price, so no struck-through original or 'N% OFF' is claimed.
  const pricing = bundlePricing(bundle, currency);
  const payWhatYouWant = bundle.payWhatYouWant ? payWhatYouWantPricing(bundle, currency) : null;
  const stock = stockNote(bundle);
  const isPremium = bundle.tier === "premium";
  const features = bundle.features.filter((feature) => feature.trim().length > 0);
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isSelected}
      aria-label={`${bundle.name} Package, ${priceSummary(bundle, currency)}${stock ? `, ${stock}` : ""}`}
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
        {!payWhatYouWant && pricing.badge && (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-700">{pricing.badge}</span>
        )}
      </span>
      {payWhatYouWant ? (
        <span className="mt-2 block">
          <span className="block text-2xl font-bold text-gray-900">Pay what you want</span>
          <span className="mt-1 block text-sm text-gray-600">
            from {payWhatYouWant.minimum} · suggested {payWhatYouWant.suggested} {currency}
          </span>
        </span>
      ) : (
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
      )}
      {stock && (
        <span
          className={cn(
            "mt-2 self-start rounded-full px-2.5 py-0.5 text-xs font-bold",
            bundle.soldOut ? "bg-gray-200 text-gray-800" : "bg-amber-100 text-amber-900",
          )}
        >
          {stock}
        </span>
      )}
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
