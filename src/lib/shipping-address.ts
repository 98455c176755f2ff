/** A payment's shipping columns (all null when nothing ships). */
export type ShippingColumns = {
  shippingName: string | null;
  shippingLine1: string | null;
  shippingLine2: string | null;
  shippingCity: string | null;
  shippingRegion: string | null;
  shippingPostalCode: string | null;
  shippingCountry: string | null;
};

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/**
 * The address as a label prints it: the name, then its lines ("2211 N First Street", "San Jose, CA 95131",
 * "United States"); null when the payment has none.
 */
export function shippingAddressLines(row: ShippingColumns): { name: string | null; lines: string[] } | null {
  if (!row.shippingCountry) return null;
  const town = [row.shippingCity, [row.shippingRegion, row.shippingPostalCode].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  let country = row.shippingCountry;
  try {
    country = countryNames.of(row.shippingCountry) ?? row.shippingCountry;
  } catch {
    // Not a code Intl knows: printed as PayPal sent it.
  }
  return {
    name: row.shippingName,
    lines: [row.shippingLine1, row.shippingLine2, town, country].filter((line): line is string => Boolean(line)),
  };
}
