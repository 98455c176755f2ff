// EU VAT on digital products: a store registered for the EU's One-Stop Shop charges each consumer their own
// country's standard rate; a business with a VAT number pays none and accounts for it itself (reverse charge).

/**
 * The day the standard rates below were last checked against the European Commission's "VAT rates applied in the
 * Member States" list. A country's change is a change here, with this date: an order keeps the rate it was made with.
 */
export const EU_VAT_RATES_CHECKED_ON = "2025-08-01";

/** Standard VAT rates in percent, by ISO country code (Greece is GR here; its VAT numbers start with EL). */
export const EU_VAT_STANDARD_RATES = {
  AT: "20",
  BE: "21",
  BG: "20",
  CY: "19",
  CZ: "21",
  DE: "19",
  DK: "25",
  EE: "24",
  ES: "21",
  FI: "25.5",
  FR: "20",
  GR: "24",
  HR: "25",
  HU: "27",
  IE: "23",
  IT: "22",
  LT: "21",
  LU: "17",
  LV: "21",
  MT: "18",
  NL: "21",
  PL: "23",
  PT: "23",
  RO: "21",
  SE: "25",
  SI: "22",
  SK: "23",
} as const;

export type EuCountry = keyof typeof EU_VAT_STANDARD_RATES;

export const isEuCountry = (code: string): code is EuCountry => Object.hasOwn(EU_VAT_STANDARD_RATES, code);

/** The standard rate in parts per million (19 % is 190 000), as order pricing takes rates. */
export function euVatRatePpm(country: EuCountry): number {
  return percentToPpm(EU_VAT_STANDARD_RATES[country]);
}

/** A percentage as written ("25.5", PayPal's "20.00") in parts per million (255000). */
export function percentToPpm(percent: string): number {
  const [whole, fraction = ""] = percent.split(".");
  return Number(whole) * 10_000 + Number(fraction.padEnd(4, "0").slice(0, 4));
}

/** What receipts, invoices and the payment's page say of a sale to an EU business with a VAT number. */
export const reverseChargeNote = (vatId: string) =>
  `Reverse charge: VAT to be accounted for by the buyer (VAT number ${vatId}).`;

/** The tax row's label: "VAT (Germany)" for a digital order taxed by the buyer's EU country, else "Tax". */
export function taxLabel(taxCountry: string | null): string {
  return taxCountry ? `VAT (${new Intl.DisplayNames(["en"], { type: "region" }).of(taxCountry) ?? taxCountry})` : "Tax";
}
