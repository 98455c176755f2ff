import {
  checkVAT,
  austria,
  belgium,
  bulgaria,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
  type Country,
} from "jsvat";
import { vatMessages } from "~/lib/checkout-messages";
import { euVatRatePpm, isEuCountry, type EuCountry } from "~/lib/eu-vat";
import type { Currency } from "~/lib/money";
import { priceOrder, type OrderPlan, type OrderPrice } from "~/lib/order-pricing";
import type { ButtonRow } from "~/server/checkout/public-button";
import { AppError } from "~/server/platform/errors";

// EU VAT on digital products, for stores that charge it: the buyer names their country before the order is
// created (nothing ships, so PayPal asks no address), and the order carries that country's standard rate, or none
// with a business's valid VAT number. The plan is kept with the checkout session, like an order that ships.

/** Where the buyer said they are, as the checkout endpoints take it: an EU country's code, or "other". */
export type BuyerTaxChoice = { buyerCountry?: string; vatNumber?: string };

/** Whether the store selling `button` charges EU VAT (read with the button: no query of its own). */
export const chargesEuVat = (button: ButtonRow) => button.merchant.storeSettings?.chargesEuVat === true;

/** An EU buyer's VAT: their country's standard rate, or none for a business with a VAT number (reverse charge). */
export type BuyerVat = { country: EuCountry; vatId: string | null; ratePpm: number };

/**
 * The EU VAT a buyer of `button` pays, or null when its store charges none or the buyer is outside the EU. A store
 * that charges it refuses a buyer who named no country, or a VAT number not valid for theirs.
 */
export function buyerVatFor(button: ButtonRow, { buyerCountry, vatNumber }: BuyerTaxChoice): BuyerVat | null {
  if (!chargesEuVat(button)) return null;
  if (!buyerCountry) throw new AppError("INVALID", vatMessages.chooseCountry);
  if (!isEuCountry(buyerCountry)) return null;
  const vatId = vatNumber ? euVatNumber(vatNumber, buyerCountry) : null;
  if (vatNumber && !vatId) throw new AppError("INVALID", vatMessages.vatNumberInvalid);
  return { country: buyerCountry, vatId, ratePpm: vatId ? 0 : euVatRatePpm(buyerCountry) };
}

/** The plan and price of a digital order of `button`'s store, or null when the buyer pays no EU VAT (buyerVatFor). */
export function digitalTaxFor(
  button: ButtonRow,
  currency: Currency,
  lines: OrderPlan["lines"],
  choice: BuyerTaxChoice,
): { plan: OrderPlan; price: OrderPrice } | null {
  const vat = buyerVatFor(button, choice);
  if (!vat) return null;
  const plan: OrderPlan = {
    currency,
    zones: [],
    taxRates: vat.vatId ? [] : [{ place: vat.country, ratePpm: vat.ratePpm }],
    lines,
    buyer: { country: vat.country, vatId: vat.vatId },
  };
  const price = priceOrder(plan, { countryCode: vat.country, region: null }, null);
  // No zones: an order is never refused for its place.
  if ("refusal" in price) throw new Error("A digital order's plan has no zones to refuse it");
  return { plan, price };
}

/** jsvat's formats and check digits, one country each. */
const vatNumberRules: Record<EuCountry, Country> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  ES: spain,
  FI: finland,
  FR: france,
  GR: greece,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakiaRepublic,
};

/**
 * The VAT number as receipts print it ("DE136695976") when it is a well-formed number of `country` (its prefix,
 * length and check digits; spaces, dots and dashes ignored), else null. The format, not whether the business is
 * registered: a seller who must know looks it up in the EU's VIES service.
 */
export function euVatNumber(vatNumber: string, country: EuCountry): string | null {
  const checked = checkVAT(vatNumber, [vatNumberRules[country]]);
  return checked.isValid && checked.value ? checked.value : null;
}
