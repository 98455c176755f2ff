import type { Currency } from "~/lib/money";
import { formatMoney, toDecimalString, toMinorUnits } from "~/lib/money";
import { offerMessages, type OfferChoicesInput, type OfferValues } from "~/schemas/offers";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { itemNameOf } from "~/server/checkout/public-button";

// The order bump and the one-click upsell as a POP's columns: the form's choices checked against the store (the
// offered POP must be this store's, active, one-time and in the POP's currency; never the POP itself) and the
// offer price below the offered POP's own. Another store's id reads exactly like an unknown one.

const fieldError = (field: keyof OfferValues, message: string) =>
  new AppError("INVALID", message, { fieldErrors: { [field]: [message] } });

/** The POPs a form may offer with a POP: this store's active one-time buttons and bundles in `currency`. */
export async function offerChoices(merchantId: string, input: OfferChoicesInput) {
  const buttons = await db.paymentButton.findMany({
    where: {
      merchantId,
      isActive: true,
      paymentType: "one_time",
      currency: input.currency,
      ...(input.exceptButtonId && { id: { not: input.exceptButtonId } }),
      // A manual button, or a bundle of another active page (a NOT on sell_page_id alone would drop NULLs).
      OR: [
        { sellPageId: null },
        { sellPage: { isActive: true, ...(input.exceptSellPageId && { id: { not: input.exceptSellPageId } }) } },
      ],
    },
    orderBy: { name: "asc" },
    take: 200,
    select: { id: true, name: true, bundleTier: true, amountMinor: true, currency: true },
  });
  return buttons.map((button) => ({
    id: button.id,
    label: `${itemNameOf(button)} (${formatMoney(button.amountMinor, button.currency)})`,
  }));
}

type Pop = { currency: Currency; oneTime: boolean; selfIds: string[] };

async function offered(merchantId: string, field: keyof OfferValues, id: string | undefined, pop: Pop) {
  if (!id) return null;
  if (!pop.oneTime) throw fieldError(field, "Offers can only go with one-time payments.");
  const target = await db.paymentButton.findFirst({
    where: { id, merchantId, isActive: true, paymentType: "one_time", currency: pop.currency },
    select: { id: true, name: true, amountMinor: true },
  });
  if (!target || pop.selfIds.includes(target.id)) throw fieldError(field, offerMessages.target);
  return target;
}

function offerPrice(
  field: keyof OfferValues,
  text: string | undefined,
  currency: Currency,
  target: { name: string; amountMinor: number },
) {
  if (!text) return null;
  const minor = toMinorUnits(text, currency);
  if (minor === null || minor <= 0) throw fieldError(field, offerMessages.price);
  if (minor >= target.amountMinor) {
    throw fieldError(
      field,
      `The offer price must be lower than ${target.name}'s own price (${formatMoney(target.amountMinor, currency)}).`,
    );
  }
  return minor;
}

/** The form's offers as columns (both POP tables use the same names), or a field's sentence. */
export async function offerColumns(merchantId: string, input: OfferValues, pop: Pop) {
  const bump = await offered(merchantId, "bumpButtonId", input.bumpButtonId, pop);
  const upsell = await offered(merchantId, "upsellButtonId", input.upsellButtonId, pop);
  return {
    bumpButtonId: bump?.id ?? null,
    bumpPriceMinor: bump ? offerPrice("bumpPrice", input.bumpPrice, pop.currency, bump) : null,
    bumpPitch: (bump && input.bumpPitch) || null,
    upsellButtonId: upsell?.id ?? null,
    upsellPriceMinor: upsell ? offerPrice("upsellPrice", input.upsellPrice, pop.currency, upsell) : null,
    upsellHeadline: (upsell && input.upsellHeadline) || null,
    upsellDeclineText: (upsell && input.upsellDeclineText) || null,
  };
}

/** A POP's saved offers as the form shows them. */
export function offerValues(
  row: {
    bumpButtonId: string | null;
    bumpPriceMinor: number | null;
    bumpPitch: string | null;
    upsellButtonId: string | null;
    upsellPriceMinor: number | null;
    upsellHeadline: string | null;
    upsellDeclineText: string | null;
  },
  currency: Currency,
): Required<OfferValues> {
  const price = (minor: number | null) => (minor === null ? "" : toDecimalString(minor, currency));
  return {
    bumpButtonId: row.bumpButtonId ?? "",
    bumpPrice: price(row.bumpPriceMinor),
    bumpPitch: row.bumpPitch ?? "",
    upsellButtonId: row.upsellButtonId ?? "",
    upsellPrice: price(row.upsellPriceMinor),
    upsellHeadline: row.upsellHeadline ?? "",
    upsellDeclineText: row.upsellDeclineText ?? "",
  };
}
