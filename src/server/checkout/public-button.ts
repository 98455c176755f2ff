import type { Prisma } from "~/generated/prisma/client";
import type { SavedButtonStyle } from "~/lib/paypal-button";
import type { CheckoutButtonInput } from "~/schemas/checkout";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { storeBrandOf, storeBrandSelect } from "~/server/library/library";
import { sellerCanTakePayments, sellerSelect } from "~/server/vendors/paypal/merchant-client";

// The button a buyer's page, an embed script or a checkout call names: how it is looked up, and all a buyer may
// see of it.

/** What a buyer is told of a button or a payment that does not exist or is not that button's. */
export const BUTTON_NOT_FOUND = "Payment button not found";
export const PAYMENT_NOT_FOUND = "Payment not found.";

/** A bundle button is only payable while its sell page is active too. */
export const payableWhere = (buttonId: string) => ({
  id: buttonId,
  isActive: true,
  OR: [{ sellPageId: null }, { sellPage: { isActive: true } }],
});

/** The POP an order bump or upsell offers, as pricing and the buyer's page read it. */
const offerTargetSelect = {
  id: true,
  name: true,
  merchantId: true,
  amountMinor: true,
  currency: true,
  paymentType: true,
  isActive: true,
  stockLimit: true,
  soldCount: true,
  sellPageId: true,
  bundleTier: true,
  ships: true,
  taxIncluded: true,
  sellPage: { select: { isActive: true } },
} as const;
type OfferTarget = Prisma.PaymentButtonGetPayload<{ select: typeof offerTargetSelect }>;

/** The name a PayPal order and a payment line give a POP: a bundle reads '{page} - {bundle} Bundle'. */
export const itemNameOf = (button: { name: string; bundleTier: unknown }) =>
  button.bundleTier ? `${button.name} Bundle` : button.name;

type Seller = { merchantId: string; currency: string; paymentType: string; paypalClientId: string };

/**
 * Whether `target` can be sold with `seller`'s POP, in its order or right after it: active, one-time, the same
 * store and currency, not sold out, and `seller` one-time too. The seller's form checks the same when saving;
 * this covers what changed since (a POP switched off or sold out).
 */
function sellsAlongside(seller: Seller, target: OfferTarget | null): target is OfferTarget {
  return (
    target !== null &&
    seller.paymentType === "one_time" &&
    target.isActive &&
    target.sellPage?.isActive !== false &&
    target.paymentType === "one_time" &&
    target.merchantId === seller.merchantId &&
    target.currency === seller.currency &&
    (target.stockLimit === null || target.soldCount < target.stockLimit)
  );
}

/** The order bump a buyer may tick on `button`, or null when it cannot be sold in the same order. */
export function offeredBump(
  button: Seller & { bumpPriceMinor: number | null; bumpPitch: string | null; bumpButton: OfferTarget | null },
) {
  const target = button.bumpButton;
  if (!sellsAlongside(button, target)) return null;
  return {
    buttonId: target.id,
    sellPageId: target.sellPageId,
    bundleTier: target.bundleTier,
    name: itemNameOf(target),
    ships: target.ships,
    taxIncluded: target.taxIncluded,
    unitAmountMinor: Math.max(1, Math.min(button.bumpPriceMinor ?? target.amountMinor, target.amountMinor)),
    regularAmountMinor: target.amountMinor,
    pitch: button.bumpPitch,
  };
}
export type OfferedBump = NonNullable<ReturnType<typeof offeredBump>>;

/**
 * The one-click upsell offered after a payment of `button`, or null. Its POP must also be paid to the same PayPal
 * app: a saved wallet can only be charged by the app that saved it.
 */
export function offeredUpsell(
  button: Seller & {
    upsellPriceMinor: number | null;
    upsellHeadline: string | null;
    upsellDeclineText: string | null;
    upsellButton: (OfferTarget & { paypalClientId: string }) | null;
  },
) {
  const target = button.upsellButton;
  if (!sellsAlongside(button, target) || target.paypalClientId !== button.paypalClientId) return null;
  const name = itemNameOf(target);
  return {
    buttonId: target.id,
    name,
    priceMinor: Math.max(1, Math.min(button.upsellPriceMinor ?? target.amountMinor, target.amountMinor)),
    headline: button.upsellHeadline?.trim() || `Add ${name} to your order?`,
    declineText: button.upsellDeclineText?.trim() || "No thanks",
    ships: target.ships,
    taxIncluded: target.taxIncluded,
  };
}

/** The columns toPublicButton reads: sell pages select them for their bundles' buttons. */
export const publicButtonSelect = {
  id: true,
  name: true,
  description: true,
  amountMinor: true,
  currency: true,
  paymentType: true,
  payWhatYouWant: true,
  minimumAmountMinor: true,
  maxQuantity: true,
  stockLimit: true,
  soldCount: true,
  subscriptionPlanId: true,
  paypalClientId: true,
  successUrl: true,
  cancelUrl: true,
  styleColor: true,
  styleShape: true,
  styleSize: true,
  styleLabel: true,
  merchantId: true,
  bumpPriceMinor: true,
  bumpPitch: true,
  bumpButton: { select: offerTargetSelect },
  ships: true,
  taxIncluded: true,
  merchant: {
    select: {
      ...sellerSelect,
      // Whether buyers of a digital POP name their country for EU VAT.
      storeSettings: { select: { ...sellerSelect.storeSettings.select, chargesEuVat: true } },
      // Whether to offer a discount-code field at all.
      _count: { select: { discountCodes: { where: { isActive: true } } } },
    },
  },
} as const;

const buttonSelect = {
  ...publicButtonSelect,
  upsellPriceMinor: true,
  upsellHeadline: true,
  upsellDeclineText: true,
  upsellButton: { select: { ...offerTargetSelect, paypalClientId: true } },
  isActive: true,
  sellPageId: true,
  bundleTier: true,
  sellPage: { select: { isActive: true } },
} as const;

export type ButtonRow = NonNullable<Awaited<ReturnType<typeof findButton>>>;

export function findButton(where: { id: string } | ReturnType<typeof payableWhere>) {
  return db.paymentButton.findFirst({ where, select: buttonSelect });
}

/** Several buttons at once, as findButton reads each (a store page's cart). */
export function findButtons(where: Prisma.PaymentButtonWhereInput): Promise<ButtonRow[]> {
  return db.paymentButton.findMany({ where, select: buttonSelect });
}

type PublicButtonRow = Prisma.PaymentButtonGetPayload<{ select: typeof publicButtonSelect }>;

/** Everything a buyer's page may know about a button: explicit fields only, never credentials or e-mails. */
export function toPublicButton(button: PublicButtonRow) {
  const isOneTime = button.paymentType === "one_time";
  const stockLeft = button.stockLimit === null ? null : Math.max(0, button.stockLimit - button.soldCount);
  const style: SavedButtonStyle = {
    color: button.styleColor,
    shape: button.styleShape,
    size: button.styleSize,
    label: button.styleLabel,
  };
  return {
    id: button.id,
    name: button.name,
    description: button.description,
    /** The price; with pay what you want, the suggested price. */
    amountMinor: button.amountMinor,
    currency: button.currency,
    isSubscription: button.paymentType === "subscription",
    /** Pay what you want: the buyer names the price, at least minimumAmountMinor. */
    payWhatYouWant: isOneTime && button.payWhatYouWant,
    minimumAmountMinor: isOneTime && button.payWhatYouWant ? (button.minimumAmountMinor ?? 1) : null,
    /** The most units one order may buy (1: no quantity field), never more than the stock left. */
    maxQuantity: isOneTime ? Math.max(1, Math.min(button.maxQuantity, stockLeft ?? Infinity)) : 1,
    /** Units left for sale; null: unlimited. */
    stockLeft,
    soldOut: stockLeft === 0,
    acceptsDiscountCodes: isOneTime && button.merchant._count.discountCodes > 0,
    /** The order bump's checkbox: what it adds, at what price, and the seller's pitch. Never its button's secrets. */
    bump: bumpForBuyer(button),
    /** It ships: PayPal's window asks for the address and adds shipping and tax (what the page tells the buyer). */
    ships: isOneTime && button.ships,
    /** A digital POP (one-time or subscription) of a store that charges EU VAT: the buyer names their country first. */
    asksBuyerCountry: !(isOneTime && button.ships) && button.merchant.storeSettings?.chargesEuVat === true,
    subscriptionPlanId: button.paymentType === "subscription" ? button.subscriptionPlanId : null,
    paypalClientId: button.paypalClientId,
    style,
    successUrl: button.successUrl,
    cancelUrl: button.cancelUrl,
    /**
     * False when the merchant has no saved secret for this client id ("cannot take payments yet") or is
     * suspended (isSellerSuspended: "not accepting payments right now"): the buyer sees that message, no button.
     */
    canTakePayments: sellerCanTakePayments(button.merchant, button.paypalClientId),
    isSellerSuspended: button.merchant.suspendedAt !== null,
  };
}

export type PublicButton = ReturnType<typeof toPublicButton>;

function bumpForBuyer(button: PublicButtonRow) {
  const bump = offeredBump(button);
  if (!bump) return null;
  return {
    name: bump.name,
    amountMinor: bump.unitAmountMinor,
    /** Its usual price when the bump price is lower: shown struck through. */
    regularAmountMinor: bump.regularAmountMinor > bump.unitAmountMinor ? bump.regularAmountMinor : null,
    pitch: bump.pitch,
  };
}

/**
 * /checkout/{id}: an active button and the store selling it, else NOT_FOUND (the page shows 'Product Not Found').
 * The store is only on this page's answer: embed scripts carry nothing they do not draw.
 */
export async function getPublicButton({ buttonId }: CheckoutButtonInput) {
  const button = await findButton(payableWhere(buttonId));
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: button.merchantId }, select: storeBrandSelect });
  return { ...toPublicButton(button), store: storeBrandOf(merchant, "public") };
}

/** The embed script and the test page: unknown (null), inactive (id and name only), or the public button. */
export async function getEmbedButton(
  buttonId: string,
): Promise<null | { isActive: false; id: string; name: string } | ({ isActive: true } & PublicButton)> {
  const button = await findButton({ id: buttonId });
  if (!button) return null;
  if (!button.isActive || button.sellPage?.isActive === false) {
    return { isActive: false, id: button.id, name: button.name };
  }
  return { isActive: true, ...toPublicButton(button) };
}
