import type { TransactionStatus } from "~/generated/prisma/enums";
import type { CaptureOrderInput } from "~/schemas/checkout";
import { checkoutMessages } from "~/lib/checkout-messages";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { DOWNLOAD_ALREADY_ISSUED_MESSAGE, issueDownloadGrant } from "~/server/library/downloads";
import { keysOfPayment } from "~/server/licenses/delivery";
import { claimForCapture, releaseClaims } from "~/server/checkout/claims";
import { BUTTON_NOT_FOUND, findButton, PAYMENT_NOT_FOUND, type ButtonRow } from "~/server/checkout/public-button";
import { sellerPayPal, withPayPal } from "~/server/checkout/seller-paypal";
import { priceForCapture } from "~/server/checkout/shipping";
import {
  findSession,
  recordCaptured,
  sameButton,
  transactionResultSelect,
  type RecordedCapture,
} from "~/server/checkout/record-capture";
import { forgetWallet, offerUpsell, type UpsellForBuyer } from "~/server/checkout/upsell";

// The buyer never tells us a status: an approved order is captured here and recorded from PayPal's own answer.

export type CaptureResult = {
  orderId: string;
  /** PayPal's capture id: the one id the buyer's receipt, PayPal's activity page and the seller's Payments show. */
  paymentId: string;
  /**
   * "confirming": the buyer approved and PayPal may have taken the money, but it is not recorded yet (the
   * database is busy or failing, PayPal's answer was lost). Never a failure: the buyer's page shows `message`
   * and asks again (the capture is idempotent) until it is recorded. `paymentId` is then PayPal's capture id if
   * PayPal answered, else the order id.
   */
  status: TransactionStatus | "confirming";
  /** The buyer's sentence for "confirming"; null otherwise. */
  message?: string;
  /** A digital sell page's purchase: the download grant's token that /thank-you takes; otherwise null. */
  downloadToken: string | null;
  /**
   * A digital purchase whose link an earlier call already handed out: what to tell the buyer instead (the token
   * is given once, see issueDownloadGrant); otherwise null.
   */
  downloadNotice: string | null;
  /**
   * The payment's license keys, in full, for the call that recorded the payment only: the buyer's page holding the
   * approved order when the keys were issued. A replayed capture (the order id and the public button id suffice)
   * gets none; the receipt e-mail and the portal carry them.
   */
  licenseKeys: string[];
  /**
   * The POP's one-click upsell, for the call that recorded the payment (its buyer is on the page): what to offer
   * and the token "Yes" and "No thanks" send. Null otherwise.
   */
  upsell: UpsellForBuyer | null;
};

/**
 * A recorded capture, with the button and the wallet PayPal saved in this call (for the upsell after it), and
 * whether it paid a store page's cart (whose files and keys the receipt hands out, several at once).
 */
type Recorded = RecordedCapture & { button: ButtonRow; vaultId: string | null; fromCart: boolean };

/**
 * Every buyer's capture, for payment buttons and sell-page bundles alike: the capture is recorded from PayPal's
 * answer, then a bundle's purchase gets the download grant for its page's file. A pending capture gets its token
 * too: /thank-you then waits for PayPal to complete the payment. Safe to repeat: the capture is idempotent, and
 * only the first call that finds the purchase without a grant gets the token. That is the buyer's own page in
 * every case but one: its answer was lost after the grant was made, and the retry is then told to use the
 * receipt's library link. A call that failed before the grant leaves none, so the retry still gets the token.
 */
export async function captureOrder(input: CaptureOrderInput): Promise<CaptureResult> {
  try {
    return await resultOf(input.orderId, await recordCapture(input), { deliver: true });
  } catch (error) {
    if (isFinalAnswer(error)) throw error;
    // A buyer whom PayPal may have charged is never told "failed": whatever went wrong on our side, their page
    // asks again; this call, a PayPal webhook or the reconciliation records the payment.
    const paymentId = error instanceof CaptureNotRecorded ? error.paymentId : input.orderId;
    logger.warn("capture not recorded yet; the buyer is told it is being confirmed", {
      orderId: input.orderId,
      paymentId,
      ...describeError(error instanceof CaptureNotRecorded ? error.cause : error),
    });
    return {
      orderId: input.orderId,
      paymentId,
      status: "confirming",
      message: checkoutMessages.confirming.replace("{id}", paymentId),
      downloadToken: null,
      downloadNotice: null,
      licenseKeys: [],
      upsell: null,
    };
  }
}

/** PayPal captured (`paymentId`) but our write failed: the money moved, the row is missing. */
class CaptureNotRecorded extends Error {
  constructor(
    readonly paymentId: string,
    cause: unknown,
  ) {
    super("PayPal captured the order but the payment could not be recorded", { cause });
  }
}

/**
 * Answers that are true whatever happens next: PayPal refused the payment, the order or button is not this
 * buyer's, the product sold out before the capture. Anything else (our database, PayPal unreachable) is not.
 */
function isFinalAnswer(error: unknown): boolean {
  if (error instanceof CaptureNotRecorded) return false;
  const code = toAppError(error)?.code;
  return code !== undefined && code !== "UPSTREAM" && code !== "BUSY" && code !== "RATE_LIMITED";
}

/**
 * Records a checkout PayPal knows about but we never recorded (the buyer closed the tab after approving, or our
 * write failed after PayPal captured): through recordCapture, the buyer's own path, so the payment row and the
 * merchant's events are the same. It makes no download grant, whose token nobody here could pass on: the buyer's
 * page, when it retries its capture, still gets the first one; otherwise the receipt's library link serves the
 * file. Null when no checkout session has this order.
 */
export async function settleCheckout(orderId: string): Promise<CaptureResult | null> {
  const session = await db.checkoutSession.findUnique({ where: { paypalOrderId: orderId } });
  if (!session?.buttonId) return null;
  return resultOf(orderId, await recordCapture({ buttonId: session.buttonId, orderId }), { deliver: false });
}

async function resultOf(orderId: string, row: Recorded, opts: { deliver: boolean }): Promise<CaptureResult> {
  // A cart's files are all in the buyer's library (the receipt links it): no one file's thank-you page.
  const delivers =
    opts.deliver &&
    !row.fromCart &&
    row.sellPageId !== null &&
    (row.status === "completed" || row.status === "pending");
  const grant = delivers ? await issueDownloadGrant(row.id) : null;
  const present = opts.deliver && row.isNew && row.status === "completed";
  const licenseKeys = present ? await keysOfPayment(row) : [];
  // The offer is made to the buyer on the page; a wallet saved for a buyer who is not is deleted.
  const upsell = present && !row.fromCart ? await offerUpsell(row, row.button, row.vaultId) : null;
  if (!present && row.vaultId) await forgetWallet(row.button, row.vaultId);
  return {
    orderId,
    paymentId: row.paypalTransactionId ?? orderId,
    status: row.status,
    downloadToken: grant?.token ?? null,
    downloadNotice: grant && grant.token === null ? DOWNLOAD_ALREADY_ISSUED_MESSAGE : null,
    licenseKeys: licenseKeys.map((key) => key.key),
    upsell,
  };
}

/**
 * Captures an approved order of this button and records the transaction from PayPal's capture. Idempotent on
 * the order id: a repeated (or concurrent) capture returns the recorded row and never adds a second one.
 */
async function recordCapture({ buttonId, orderId }: CaptureOrderInput): Promise<Recorded> {
  // The button may have been switched off after the buyer approved: the order was ours when created, so it
  // is still honoured.
  const button = await findButton({ id: buttonId });
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);

  const recorded = await db.transaction.findUnique({
    where: { paypalOrderId: orderId },
    select: transactionResultSelect,
  });
  const session = await findSession(orderId);
  if (recorded) {
    return { ...sameButton(recorded, button.id, false), button, vaultId: null, fromCart: session?.fromCart ?? false };
  }

  if (!session || session.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);

  const paypal = sellerPayPal(button);
  const order = await withPayPal("get order", () => paypal.client.getOrder(orderId));
  if (order.customId !== button.id || order.amount.currency !== session.currency) {
    logger.warn("PayPal order does not match its checkout session", { orderId, buttonId });
    throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  }
  // An order that ships is priced for the address the buyer approved with: refused here if we would not ship
  // there or PayPal's amount is not our price, before any money moves.
  const { amountMinor, price } = priceForCapture(session, order);
  if (order.amount.valueMinor !== amountMinor) {
    logger.warn("PayPal order does not match its checkout session", { orderId, buttonId });
    throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  }

  // An order already captured (our earlier attempt captured but could not record) is recorded from PayPal's
  // answer instead of being captured twice. Any other is captured only once its stock and code use are claimed.
  const earlierCapture = order.status === "COMPLETED" ? order.capture : null;
  await claimForCapture(session, { email: order.payer?.email ?? null }, { force: earlierCapture !== null });
  const captured = earlierCapture
    ? { ...order, capture: earlierCapture }
    : await withPayPal("capture order", () =>
        paypal.client.captureOrder(orderId, { requestId: `popkit-capture-${orderId}` }),
      ).catch(async (error: unknown) => {
        // PayPal said no (a declined card, an order it no longer has): nothing was taken, so neither is the stock.
        // Any other failure may have captured after all; the claim waits for the retry or the reconciliation.
        const code = toAppError(error)?.code;
        if (code === "PAYMENT_FAILED" || code === "NOT_FOUND") await releaseClaims(session.id);
        throw error;
      });
  const { capture } = captured;
  if (capture.amount.valueMinor !== amountMinor || capture.amount.currency !== session.currency) {
    // PayPal's capture is the truth about the money moved; record it, but make the mismatch visible.
    logger.error("PayPal captured another amount than the order's", { orderId, buttonId });
  }

  try {
    const row = await recordCaptured(button, session, orderId, captured, price);
    return { ...row, button, vaultId: row.isNew ? (captured.vault?.id ?? null) : null, fromCart: session.fromCart };
  } catch (error) {
    throw new CaptureNotRecorded(capture.id, error);
  }
}
