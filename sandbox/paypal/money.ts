/** PayPal's REST currencies and how many decimals each allows (HUF, JPY and TWD have none). */
const CURRENCY_DECIMALS: Record<string, number> = {
  AUD: 2,
  BRL: 2,
  CAD: 2,
  CNY: 2,
  CZK: 2,
  DKK: 2,
  EUR: 2,
  HKD: 2,
  HUF: 0,
  ILS: 2,
  JPY: 0,
  MYR: 2,
  MXN: 2,
  TWD: 0,
  NZD: 2,
  NOK: 2,
  PHP: 2,
  PLN: 2,
  GBP: 2,
  SGD: 2,
  SEK: 2,
  CHF: 2,
  THB: 2,
  USD: 2,
};

export type AmountIssue =
  | "INVALID_PARAMETER_SYNTAX"
  | "CURRENCY_NOT_SUPPORTED"
  | "DECIMAL_PRECISION"
  | "CANNOT_BE_ZERO_OR_NEGATIVE";

export const AMOUNT_ISSUE_DESCRIPTIONS: Record<AmountIssue, string> = {
  INVALID_PARAMETER_SYNTAX: "The value of a field does not conform to the expected format.",
  CURRENCY_NOT_SUPPORTED:
    "Currency code is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes.",
  DECIMAL_PRECISION: "If the currency supports decimals, only two decimal place precision is supported.",
  CANNOT_BE_ZERO_OR_NEGATIVE:
    "Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.",
};

export const isSupportedCurrency = (code: string) => code in CURRENCY_DECIMALS;

/** Parses a PayPal amount string to integer minor units, or names the issue PayPal would report. */
export function toMinor(value: string, currency: string, allowZero = false): number | { issue: AmountIssue } {
  if (!/^[A-Z]{3}$/.test(currency)) return { issue: "INVALID_PARAMETER_SYNTAX" };
  const decimals = CURRENCY_DECIMALS[currency];
  if (decimals === undefined) return { issue: "CURRENCY_NOT_SUPPORTED" };
  const match = /^(-?)(\d{1,10})(?:\.(\d+))?$/.exec(value);
  if (!match) return { issue: "INVALID_PARAMETER_SYNTAX" };
  const [, sign, whole = "0", fraction = ""] = match;
  if (fraction.length > decimals) return { issue: "DECIMAL_PRECISION" };
  const minor = Number(whole + fraction.padEnd(decimals, "0")) * (sign ? -1 : 1);
  if (minor < 0 || (minor === 0 && !allowZero)) return { issue: "CANNOT_BE_ZERO_OR_NEGATIVE" };
  return minor;
}

export function fromMinor(minor: number, currency: string): string {
  const decimals = CURRENCY_DECIMALS[currency] ?? 2;
  const digits = String(Math.abs(minor)).padStart(decimals + 1, "0");
  const whole = decimals ? digits.slice(0, -decimals) : digits;
  return `${minor < 0 ? "-" : ""}${whole}${decimals ? `.${digits.slice(-decimals)}` : ""}`;
}

/** a / b rounded half up, in integers (no floating-point surprises at exact halves). */
const divideHalfUp = (a: number, b: number) => Math.floor((2 * a + b) / (2 * b));

/**
 * An illustrative PayPal fee, 3.49% rounded half up + 49 minor units (0.49 USD, 49 JPY), never more than the
 * payment, so captures and sales carry a realistic net.
 */
export function paypalFee(grossMinor: number): number {
  return Math.min(grossMinor, divideHalfUp(grossMinor * 349, 10_000) + 49);
}

/** Minor units of an amount the sandbox stored itself (so already valid). */
export const minorOf = (money: { currency_code: string; value: string }) =>
  toMinor(money.value, money.currency_code, true) as number;

export const moneyOf = (minor: number, currency: string) => ({
  currency_code: currency,
  value: fromMinor(minor, currency),
});

/**
 * The fee PayPal gives back with a refund: the same share of the original fee as the refund is of the payment
 * (rounded half up); the refund that empties the payment takes the rest, so the shares add up to the fee.
 */
export function refundedFee(grossMinor: number, feeMinor: number, alreadyRefundedMinor: number, refundMinor: number) {
  const share = (refunded: number) =>
    refunded === grossMinor ? feeMinor : divideHalfUp(feeMinor * refunded, grossMinor);
  return share(alreadyRefundedMinor + refundMinor) - share(alreadyRefundedMinor);
}
