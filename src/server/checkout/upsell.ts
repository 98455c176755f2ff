import { formatMoney } from "~/lib/money";
import type { UpsellInput } from "~/schemas/checkout";
import { decryptSecret, encryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { hashSecretToken, newSecretToken } from "~/server/platform/secret-tokens";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { claimUnits, releaseUnits } from "~/server/checkout/claims";
import { chargesEuVat, digitalTaxFor } from "~/server/checkout/digital-tax";
import { offeredUpsell, findButton, payableWhere, type ButtonRow } from "~/server/checkout/public-button";
import { isUniqueViolation, sellerPayPal, withPayPal } from "~/server/checkout/seller-paypal";
import { recordCaptured, sessionInclude } from "~/server/checkout/record-capture";
import type { JobHandlers } from "~/server/jobs";

// The one-click upsell: after a payment the buyer is present for, its POP's upsell is offered for 15 minutes.
// When PayPal saved the buyer's wallet with that order (store_in_vault ON_SUCCESS), "Yes, add it" charges the wallet
// from our server with no second approval; otherwise "Yes" creates an order the buyer approves in PayPal's window
// once. The browser holds only a random token for the offer; the wallet's vault id stays on the server, encrypted,
// and is deleted here and at PayPal as soon as the offer is taken, declined or expired. Charging is idempotent:
// PayPal's request id is the offer's, so a double click, a replay or two tabs make one charge, recorded once.

export const UPSELL_TTL_MS = 15 * 60 * 1000;

export const upsellMessages = {
  gone: "This offer is no longer available.",
  expired: "This offer has expired.",
  declined: "You have already declined this offer.",
  walletRefused: "PayPal could not charge your saved PayPal account. Choose Yes again to pay in PayPal's window.",
} as const;

/** What the buyer's page shows of an offer, with the token its answers carry. */
export type UpsellForBuyer = {
  token: string;
  /** The POP offered: an order PayPal's window approves is captured as its order. */
  buttonId: string;
  headline: string;
  name: string;
  price: string;
  declineText: string;
  /** True: "Yes" charges the saved wallet; false: "Yes" opens PayPal's window for one approval. */
  oneClick: boolean;
  expiresAt: string;
};

/**
 * Makes the offer after a payment of `button` (recorded by this call, with its buyer present), or returns null when
 * the POP has none that can be sold now; a wallet saved for nothing is deleted at once.
 */
export async function offerUpsell(
  payment: { id: string; merchantId: string },
  button: ButtonRow,
  vaultId: string | null,
  now = new Date(),
): Promise<UpsellForBuyer | null> {
  const upsell = offeredUpsell(button);
  if (!upsell) {
    if (vaultId) await forgetWallet(button, vaultId);
    return null;
  }
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + UPSELL_TTL_MS);
  try {
    await db.upsellOffer.create({
      data: {
        tokenHash: hashSecretToken(token),
        merchantId: payment.merchantId,
        transactionId: payment.id,
        buttonId: upsell.buttonId,
        name: upsell.name,
        priceMinor: upsell.priceMinor,
        currency: button.currency,
        headline: upsell.headline,
        declineText: upsell.declineText,
        vaultTokenEncrypted: vaultId ? encryptSecret(vaultId) : null,
        expiresAt,
      },
    });
  } catch (error) {
    // The payment's offer exists already (made by an earlier answer): its token was that answer's.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  // After a payment taxed by EU VAT the upsell is taxed the same way (upsellTax): its price says so.
  const taxed =
    !upsell.ships &&
    chargesEuVat(button) &&
    (await db.transaction.findFirst({
      where: { id: payment.id, taxCountry: { not: null }, buyerVatId: null },
      select: { id: true },
    })) !== null;
  const vat = !taxed ? "" : upsell.taxIncluded ? " incl. VAT" : " + VAT";
  return {
    token,
    buttonId: upsell.buttonId,
    headline: upsell.headline,
    name: upsell.name,
    price: `${formatMoney(upsell.priceMinor, button.currency)}${vat}`,
    declineText: upsell.declineText,
    oneClick: vaultId !== null,
    expiresAt: expiresAt.toISOString(),
  };
}

/** A wallet saved by PayPal that nothing needs: deleted at PayPal, best effort (PayPal's own expiry is the rest). */
export async function forgetWallet(button: ButtonRow, vaultId: string): Promise<void> {
  await sellerPayPal(button)
    .client.deleteSavedWallet(vaultId)
    .catch((error: unknown) => logger.warn("could not delete a saved PayPal wallet", describeError(error)));
}

type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

function findOffer(token: string) {
  return db.upsellOffer.findUnique({ where: { tokenHash: hashSecretToken(token) } });
}

/** The offer `token` names while it can still be answered; every other state is the buyer's sentence. */
async function liveOffer(token: string, now: Date): Promise<OfferRow> {
  const offer = await findOffer(token);
  if (!offer || !offer.buttonId) throw new AppError("NOT_FOUND", upsellMessages.gone);
  if (offer.status === "declined") throw new AppError("CONFLICT", upsellMessages.declined);
  if (offer.status === "expired" || (offer.status === "offered" && offer.expiresAt <= now)) {
    await expireOffers([offer.id]);
    throw new AppError("CONFLICT", upsellMessages.expired);
  }
  return offer;
}

/** The buyer's answer to the offer: POST /api/checkout/upsell. */
export function answerUpsell(input: UpsellInput) {
  return input.answer === "yes" ? acceptUpsell(input) : declineUpsell(input);
}

/**
 * "Yes, add it". With a saved wallet: charges it (one charge whatever the clicks) and answers the recorded
 * payment as a capture does. Without: creates (once) the order for PayPal's window and answers its id.
 */
export async function acceptUpsell({ token }: Pick<UpsellInput, "token">, now = new Date()) {
  const offer = await liveOffer(token, now);
  // A Yes already paid answers its payment, whatever its POP has become since.
  if (offer.status === "taken" && offer.takenTransactionId) return { taken: await takenPayment(offer) };
  const target = await findButton(payableWhere(offer.buttonId!));
  if (!target) throw new AppError("NOT_FOUND", upsellMessages.gone);
  if (!offer.vaultTokenEncrypted && offer.status === "offered") return { orderId: await upsellOrder(offer, target) };
  return { taken: await chargeWallet(offer, target) };
}

/** "No thanks": the offer closes and the saved wallet is deleted. */
export async function declineUpsell({ token }: Pick<UpsellInput, "token">) {
  const offer = await findOffer(token);
  if (!offer) throw new AppError("NOT_FOUND", upsellMessages.gone);
  const { count } = await db.upsellOffer.updateMany({
    where: { id: offer.id, status: "offered" },
    data: { status: "declined", vaultTokenEncrypted: null },
  });
  if (count === 1 && offer.vaultTokenEncrypted) await forgetWalletOf(offer);
  return { declined: true };
}

/** Offers past their 15 minutes: expired, and their wallets deleted at PayPal (the sweep's work). */
export async function expireOffers(ids?: string[], now = new Date()): Promise<number> {
  const due = await db.upsellOffer.findMany({
    where: ids ? { id: { in: ids }, status: "offered" } : { status: "offered", expiresAt: { lte: now } },
    take: 500,
  });
  let expired = 0;
  for (const offer of due) {
    const { count } = await db.upsellOffer.updateMany({
      where: { id: offer.id, status: "offered" },
      data: { status: "expired", vaultTokenEncrypted: null },
    });
    if (count === 1 && offer.vaultTokenEncrypted) await forgetWalletOf(offer);
    expired += count;
  }
  return expired;
}

async function forgetWalletOf(offer: OfferRow) {
  const source = await db.transaction.findUnique({ where: { id: offer.transactionId }, select: { buttonId: true } });
  const button = source?.buttonId ? await findButton({ id: source.buttonId }) : null;
  if (button && offer.vaultTokenEncrypted) await forgetWallet(button, decryptSecret(offer.vaultTokenEncrypted));
}

const orderOf = (offer: OfferRow, tax: UpsellTax) => ({
  amount: { currency: offer.currency, valueMinor: offer.priceMinor + (tax?.price.taxMinor ?? 0) },
  items: [{ name: offer.name, quantity: 1, unitAmountMinor: offer.priceMinor }],
  taxMinor: tax?.price.taxMinor ?? 0,
  customId: offer.buttonId!,
  description: offer.name,
});

type UpsellTax = ReturnType<typeof digitalTaxFor>;

/**
 * An upsell after a payment taxed by EU VAT is taxed like it: the buyer's country and VAT number are the ones they
 * gave for that payment (a store that has stopped charging VAT since charges none).
 */
async function upsellTax(offer: OfferRow, target: ButtonRow): Promise<UpsellTax> {
  const source = await db.transaction.findUnique({
    where: { id: offer.transactionId },
    select: { taxCountry: true, buyerVatId: true },
  });
  if (!source?.taxCountry || target.ships) return null;
  const line = { amountMinor: offer.priceMinor, quantity: 1, ships: false, taxIncluded: target.taxIncluded };
  return digitalTaxFor(target, offer.currency, [line], {
    buyerCountry: source.taxCountry,
    vatNumber: source.buyerVatId ?? undefined,
  });
}

/** The order PayPal's window approves, one per offer: a second "Yes" answers the same order. */
async function upsellOrder(offer: OfferRow, target: ButtonRow): Promise<string> {
  const existing = await db.checkoutSession.findUnique({ where: { upsellOfferId: offer.id } });
  if (existing) return existing.paypalOrderId;
  const tax = await upsellTax(offer, target);
  const order = await withPayPal("create upsell order", () =>
    sellerPayPal(target).client.createOrder({ ...orderOf(offer, tax), requestId: `popkit-upsell-order-${offer.id}` }),
  );
  try {
    await db.checkoutSession.create({
      data: {
        merchantId: offer.merchantId,
        buttonId: target.id,
        sellPageId: target.sellPageId,
        paypalOrderId: order.id,
        amountMinor: offer.priceMinor,
        currency: offer.currency,
        upsellOfferId: offer.id,
        ...(tax && { orderPlan: tax.plan }),
      },
    });
  } catch (error) {
    // A concurrent "Yes" wrote it: PayPal's request id gave both the same order.
    if (!isUniqueViolation(error)) throw error;
  }
  return order.id;
}

/**
 * Charges the saved wallet once. The first click moves the offer to "charging" and claims the unit; any click
 * (that one, a concurrent one, a retry after a lost answer) then asks PayPal with the offer's request id, which
 * PayPal answers with the same single order, and records it idempotently on the order id.
 */
async function chargeWallet(offer: OfferRow, target: ButtonRow) {
  const { count: first } = await db.upsellOffer.updateMany({
    where: { id: offer.id, status: "offered" },
    data: { status: "charging" },
  });
  if (first === 1 && !(await claimUnits(db, target.id, 1))) {
    await db.upsellOffer.update({ where: { id: offer.id }, data: { status: "offered" } });
    throw new AppError("CONFLICT", upsellMessages.gone);
  }
  const vaultToken = (await db.upsellOffer.findUniqueOrThrow({ where: { id: offer.id } })).vaultTokenEncrypted;
  if (!vaultToken) return takenPayment(await db.upsellOffer.findUniqueOrThrow({ where: { id: offer.id } }));
  const tax = await upsellTax(offer, target);
  let captured;
  try {
    captured = await withPayPal("charge saved wallet", () =>
      sellerPayPal(target).client.chargeSavedWallet({
        ...orderOf(offer, tax),
        requestId: `popkit-upsell-${offer.id}`,
        vaultId: decryptSecret(vaultToken),
      }),
    );
  } catch (error) {
    // PayPal said no (the wallet declined, or it is gone: deleted by the buyer, or the app stopped saving): nothing
    // was charged, so the unit is free again and the offer falls back to PayPal's window for the next Yes.
    const code = toAppError(error)?.code;
    if ((code === "PAYMENT_FAILED" || code === "NOT_FOUND") && first === 1) {
      await releaseUnits(db, target.id, 1);
      await db.upsellOffer.update({ where: { id: offer.id }, data: { status: "offered", vaultTokenEncrypted: null } });
      throw new AppError("CONFLICT", upsellMessages.walletRefused, { cause: error });
    }
    throw error;
  }
  const session = await upsellSession(offer, target, captured.id, first === 1 ? 1 : 0, tax);
  // Recording closes the offer (record-capture.ts); the one call that recorded it deletes the wallet.
  const row = await recordCaptured(target, session, captured.id, captured, tax?.price ?? null);
  if (row.isNew) await forgetWallet(target, decryptSecret(vaultToken));
  return takenPayment({ ...offer, takenTransactionId: row.id });
}

/** The session of a charged upsell (created by the first recorder; a concurrent one reads it). */
async function upsellSession(
  offer: OfferRow,
  target: ButtonRow,
  orderId: string,
  claimedUnits: number,
  tax: UpsellTax,
) {
  try {
    return await db.checkoutSession.create({
      data: {
        merchantId: offer.merchantId,
        buttonId: target.id,
        sellPageId: target.sellPageId,
        paypalOrderId: orderId,
        amountMinor: offer.priceMinor,
        currency: offer.currency,
        claimedUnits,
        upsellOfferId: offer.id,
        ...(tax && { orderPlan: tax.plan }),
      },
      include: sessionInclude,
    });
  } catch (error) {
    // Another click (same request id, same PayPal order) wrote it first.
    if (!isUniqueViolation(error)) throw error;
    return db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId }, include: sessionInclude });
  }
}

/** The upsell's payment as the buyer's page shows it: PayPal's id and its status. */
async function takenPayment(offer: Pick<OfferRow, "takenTransactionId">) {
  const row = offer.takenTransactionId
    ? await db.transaction.findUnique({
        where: { id: offer.takenTransactionId },
        select: { paypalTransactionId: true, status: true },
      })
    : null;
  // Still being charged by another click: its answer will carry the payment.
  if (!row) return { paymentId: null, status: "confirming" as const };
  return { paymentId: row.paypalTransactionId, status: row.status };
}

/** How long a charge may run before the sweep takes it for one a crash left unfinished. */
const CHARGE_STUCK_MS = 5 * 60 * 1000;

/**
 * Offers left "charging" by a crash between the buyer's "Yes" and the payment's recording: PayPal may have charged
 * the wallet, so the offer is never just closed. The charge is asked again with its own request id, which PayPal
 * answers with the one order it made (recorded now) or, had the call never reached PayPal, charges the "Yes" once.
 * Only a refusal (nothing was charged) closes the offer and gives its unit back; any other failure waits for the
 * next sweep.
 */
export async function finishStuckCharges(now = new Date()): Promise<number> {
  const stuck = await db.upsellOffer.findMany({
    where: { status: "charging", updatedAt: { lte: new Date(now.getTime() - CHARGE_STUCK_MS) } },
    take: 100,
  });
  let finished = 0;
  for (const offer of stuck) {
    const target = offer.buttonId ? await findButton({ id: offer.buttonId }) : null;
    try {
      if (!target) throw new AppError("NOT_FOUND", upsellMessages.gone);
      await chargeWallet(offer, target);
      finished += 1;
    } catch (error) {
      const code = toAppError(error)?.code;
      if (code !== "PAYMENT_FAILED" && code !== "NOT_FOUND" && code !== "CONFLICT") {
        logger.warn("a stuck upsell charge is still unfinished", { offerId: offer.id, ...describeError(error) });
        continue;
      }
      const { count } = await db.upsellOffer.updateMany({
        where: { id: offer.id, status: { in: ["charging", "offered"] } },
        data: { status: "expired", vaultTokenEncrypted: null },
      });
      if (count === 1 && target) await releaseUnits(db, target.id, 1);
      if (count === 1 && offer.vaultTokenEncrypted) await forgetWalletOf(offer);
      finished += count;
    }
  }
  return finished;
}

export const upsellJobHandlers = {
  "upsell-offers.sweep": async () => {
    await finishStuckCharges();
    await expireOffers();
  },
} satisfies Partial<JobHandlers>;
