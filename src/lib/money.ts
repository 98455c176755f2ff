export const currencies = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"] as const;
export type Currency = (typeof currencies)[number];

/** Digits after the decimal point; JPY has no minor unit (and PayPal rejects JPY decimals). */
export function minorDigits(currency: Currency): number {
  return currency === "JPY" ? 0 : 2;
}

/**
 * Converts a decimal amount as typed ("10", "10.5", "10.50") to integer minor units without floating-point
 * drift. Returns null when the text is not a plain non-negative decimal or has more decimals than the currency.
 */
export function toMinorUnits(amount: string | number, currency: Currency): number | null {
  const text = typeof amount === "number" ? String(amount) : amount.trim();
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole = "0", fraction = ""] = match;
  const digits = minorDigits(currency);
  const significant = fraction.replace(/0+$/, "");
  if (significant.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0").slice(0, digits) || "0");
}

/** Minor units back to the decimal text PayPal's APIs take ("10.00", "1500" for JPY). */
export function toDecimalString(amountMinor: number, currency: Currency): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(amountMinor);
  const sign = amountMinor < 0 ? "-" : "";
  const abs = Math.abs(amountMinor);
  return `${sign}${Math.floor(abs / 10 ** digits)}.${String(abs % 10 ** digits).padStart(digits, "0")}`;
}

/** en-US currency formatting with the item's own currency, e.g. "$10.00", "€5.50", "¥1,500". */
export function formatMoney(amountMinor: number, currency: Currency): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(
    amountMinor / 10 ** minorDigits(currency),
  );
}
