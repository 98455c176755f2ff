// PayPal Website Payments Standard: the one generator of a button's form fields (the preview, the
// integration code and /api/wps-button/{id}.js all use it) and the one rule for what a payment through it costs
// (the IPN and PDT checks and the local sandbox all use it). Pure: no environment, no database.
import { toDecimalString, type Currency } from "~/lib/money";

export type WpsPriceOption = { label: string; amountMinor: number };

/** A WPS button as the form generator needs it (a database row maps onto this). */
export type WpsFormButton = {
  id: string;
  paypalMerchantIdentifier: string;
  itemName: string;
  itemNumber: string | null;
  currency: Currency;
  priceOptions: WpsPriceOption[];
  undefinedQuantity: boolean;
  noShipping: number;
  shippingCostMinor: number;
  /** Percent as decimal text with at most 3 decimals, e.g. "8.25". */
  taxRate: string;
  locale: string;
  cancelUrl: string | null;
};

/** The option list's name, PayPal's on0. */
export const WPS_OPTION_NAME = "Options";

/**
 * The WPS form's fields, in the order PayPal documents them. With several price options the form also needs the buyer's
 * choice as `os0` (a <select> the renderer adds, values = option labels); with one, `amount` is fixed here.
 * `appUrl` is Popkit's own origin: PayPal returns the buyer to /pdt-confirmation and posts IPN to /api/wps/ipn.
 */
export function wpsFormFields(button: WpsFormButton, appUrl: string): [name: string, value: string][] {
  const origin = appUrl.replace(/\/+$/, "");
  const fields: [string, string][] = [
    ["cmd", "_xclick"],
    ["business", button.paypalMerchantIdentifier],
    ["item_name", button.itemName],
    ["currency_code", button.currency],
    ["tax_rate", button.taxRate],
    ["no_shipping", String(button.noShipping)],
    ["no_note", "0"],
  ];
  if (button.itemNumber) fields.push(["item_number", button.itemNumber]);
  if (button.shippingCostMinor > 0)
    fields.push(["shipping", toDecimalString(button.shippingCostMinor, button.currency)]);
  fields.push(["return", `${origin}/pdt-confirmation`]);
  // Without one, PayPal's own page offers the way back to the merchant's site.
  if (button.cancelUrl) fields.push(["cancel_return", button.cancelUrl]);
  fields.push(["notify_url", `${origin}/api/wps/ipn`], ["undefined_quantity", button.undefinedQuantity ? "1" : "0"]);
  const [only, ...more] = button.priceOptions;
  if (only && more.length === 0) {
    fields.push(["amount", toDecimalString(only.amountMinor, button.currency)]);
  } else {
    fields.push(["button_subtype", "products"], ["on0", WPS_OPTION_NAME], ["option_index", "0"]);
    button.priceOptions.forEach((option, index) => {
      fields.push(
        [`option_select${index}`, option.label],
        [`option_amount${index}`, toDecimalString(option.amountMinor, button.currency)],
      );
    });
  }
  fields.push(["lc", button.locale.split("-")[0] ?? "US"], ["charset", "utf-8"], ["custom", button.id]);
  return fields;
}

/** A percent in thousandths: "8.25" -> 8250n. Null for anything else. */
function taxRateThousandths(taxRate: string): bigint | null {
  const match = /^(\d{1,3})(?:\.(\d{1,3}))?$/.exec(taxRate.trim() || "0");
  if (!match) return null;
  return BigInt(match[1]!) * 1000n + BigInt((match[2] ?? "").padEnd(3, "0"));
}

export type WpsTotals = { subtotalMinor: number; taxMinor: number; shippingMinor: number; grossMinor: number };

/**
 * What PayPal charges for `quantity` of an option: tax_rate applies to amount x quantity (rounded half up to the
 * currency's minor unit) and `shipping` is one flat amount per payment (no shipping2 is sent).
 */
export function wpsTotals(priceMinor: number, quantity: number, taxRate: string, shippingMinor: number): WpsTotals {
  const subtotal = BigInt(priceMinor) * BigInt(quantity);
  const rate = taxRateThousandths(taxRate) ?? 0n;
  const taxMinor = Number((subtotal * rate + 50_000n) / 100_000n);
  const subtotalMinor = Number(subtotal);
  return { subtotalMinor, taxMinor, shippingMinor, grossMinor: subtotalMinor + taxMinor + shippingMinor };
}

/**
 * The option a reported payment was for, or null when no option of the button produces `grossMinor` for that
 * quantity (a tampered or foreign payment). `optionLabel` (PayPal's option_selection1) narrows it when sent.
 */
export function matchWpsPayment(
  button: Pick<WpsFormButton, "priceOptions" | "taxRate" | "shippingCostMinor" | "undefinedQuantity">,
  payment: { grossMinor: number; quantity: number; optionLabel?: string | null },
): WpsPriceOption | null {
  if (!Number.isInteger(payment.quantity) || payment.quantity < 1) return null;
  if (!button.undefinedQuantity && payment.quantity !== 1) return null;
  const candidates =
    button.priceOptions.length > 1 && payment.optionLabel
      ? button.priceOptions.filter((option) => option.label === payment.optionLabel)
      : button.priceOptions;
  return (
    candidates.find(
      (option) =>
        wpsTotals(option.amountMinor, payment.quantity, button.taxRate, button.shippingCostMinor).grossMinor ===
        payment.grossMinor,
    ) ?? null
  );
}
