import { discountPercent } from "~/lib/formulas";
import { formatMoney, type Currency } from "~/lib/money";

/**
 * How a bundle's price reads on the sales page and its preview (SPEC 2.12, 2.15): the price to two decimals in
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
