import { discountPercent } from "~/lib/formulas";
import { formatMoney, type Currency } from "~/lib/money";

/**
 * How a bundle's price reads on the sales page and its preview: the price to two decimals in
 * the page's currency, the original struck through and an 'N% OFF' badge only when the original is higher.
 */
export function bundlePricing(bundle: { priceMinor: number; originalPriceMinor: number }, currency: Currency) {
  const discount = discountPercent(bundle.originalPriceMinor, bundle.priceMinor);
  return {
    price: formatMoney(bundle.priceMinor, currency),
    original: discount === null ? null : formatMoney(bundle.originalPriceMinor, currency),
    badge: discount === null ? null : `${discount}% OFF`,
  };
}

type OfferedBundle = {
  priceMinor: number;
  payWhatYouWant: boolean;
  minimumPriceMinor: number | null;
  stockLeft: number | null;
  soldOut: boolean;
};

/** Pay what you want: the least the buyer may pay (the checkout's floor is one minor unit) and the suggestion. */
export function payWhatYouWantPricing(
  bundle: Pick<OfferedBundle, "priceMinor" | "minimumPriceMinor">,
  currency: Currency,
) {
  return {
    minimum: formatMoney(bundle.minimumPriceMinor ?? 1, currency),
    suggested: formatMoney(bundle.priceMinor, currency),
  };
}

/** The bundle's price in one phrase: "$29.99", or "pay what you want, from $5.00 (suggested $29.99)". */
export function priceSummary(bundle: OfferedBundle, currency: Currency): string {
  if (!bundle.payWhatYouWant) return formatMoney(bundle.priceMinor, currency);
  const { minimum, suggested } = payWhatYouWantPricing(bundle, currency);
  return `pay what you want, from ${minimum} (suggested ${suggested})`;
}

/** Stock at or below this many units left is worth telling buyers about. */
export const LOW_STOCK = 10;

/** "Sold out", "Only 3 left" while stock is low, else nothing: both true claims, from the button's own count. */
export function stockNote(bundle: Pick<OfferedBundle, "stockLeft" | "soldOut">): string | null {
  if (bundle.soldOut) return "Sold out";
  if (bundle.stockLeft !== null && bundle.stockLeft <= LOW_STOCK) return `Only ${bundle.stockLeft} left`;
  return null;
}
