import type { Prisma } from "~/generated/prisma/client";
import type { TransactionStatus } from "~/generated/prisma/enums";
import type { CaptureOrderInput } from "~/schemas/checkout";
import { checkoutMessages } from "~/lib/checkout-messages";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { DOWNLOAD_ALREADY_ISSUED_MESSAGE, issueDownloadGrant } from "~/server/library/downloads";
import { keysOfPayment } from "~/server/licenses/delivery";
import { emptyOutbox, sendOutbox } from "~/server/payments/outbox";
import { recordPaymentEvent } from "~/server/payments/ledger";
import { claimForCapture, releaseClaims } from "~/server/checkout/claims";
import {
  BUTTON_NOT_FOUND,
  findButton,
  itemNameOf,
  PAYMENT_NOT_FOUND,
  type ButtonRow,
} from "~/server/checkout/public-button";
import { isUniqueViolation, payerName, sellerPayPal, withPayPal } from "~/server/checkout/seller-paypal";
import type { CapturedOrder, CaptureStatus } from "~/server/vendors/paypal/types";

// The buyer never tells us a status: an approved order is captured here and recorded from PayPal's own answer.

/** PayPal's capture status as our transaction status. */
export function transactionStatusOf(status: CaptureStatus): TransactionStatus {
  switch (status) {
    case "COMPLETED":
      return "completed";
    case "PENDING":
      return "pending";
    // Refunds are the ledger's rows (recordRefund): a capture first seen already refunded was completed, and the
    // refund's own event or the reconciliation adds the refund.
    case "REFUNDED":
    case "PARTIALLY_REFUNDED":
      return "completed";
    default:
      return "failed";
  }
}

const transactionResultSelect = {
  id: true,
  merchantId: true,
  paypalSubscriptionId: true,
  buttonId: true,
  sellPageId: true,
  paypalTransactionId: true,
  status: true,
} as const;
type RecordedCapture = Prisma.TransactionGetPayload<{ select: typeof transactionResultSelect }> & {
  /** This call wrote the payment (and so issued its license keys); false when it was recorded before. */
  isNew: boolean;
};

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
};

function sameButton(
  row: Prisma.TransactionGetPayload<{ select: typeof transactionResultSelect }>,
  buttonId: string,
  isNew: boolean,
): RecordedCapture {
  if (row.buttonId !== buttonId) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  return { ...row, isNew };
}

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

async function resultOf(orderId: string, row: RecordedCapture, opts: { deliver: boolean }): Promise<CaptureResult> {
  const delivers = opts.deliver && row.sellPageId !== null && (row.status === "completed" || row.status === "pending");
  const grant = delivers ? await issueDownloadGrant(row.id) : null;
  const licenseKeys = opts.deliver && row.isNew && row.status === "completed" ? await keysOfPayment(row) : [];
  return {
    orderId,
    paymentId: row.paypalTransactionId ?? orderId,
    status: row.status,
    downloadToken: grant?.token ?? null,
    downloadNotice: grant && grant.token === null ? DOWNLOAD_ALREADY_ISSUED_MESSAGE : null,
    licenseKeys: licenseKeys.map((key) => key.key),
  };
}

/**
 * Captures an approved order of this button and records the transaction from PayPal's capture. Idempotent on
 * the order id: a repeated (or concurrent) capture returns the recorded row and never adds a second one.
 */
async function recordCapture({ buttonId, orderId }: CaptureOrderInput): Promise<RecordedCapture> {
  // The button may have been switched off after the buyer approved: the order was ours when created, so it
  // is still honoured.
  const button = await findButton({ id: buttonId });
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);

  const recorded = await db.transaction.findUnique({
    where: { paypalOrderId: orderId },
    select: transactionResultSelect,
  });
  if (recorded) return sameButton(recorded, button.id, false);

  const session = await findSession(orderId);
  if (!session || session.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);

  const paypal = sellerPayPal(button);
  const order = await withPayPal("get order", () => paypal.client.getOrder(orderId));
  if (
    order.customId !== button.id ||
    order.amount.valueMinor !== session.amountMinor ||
    order.amount.currency !== session.currency
  ) {
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
  if (capture.amount.valueMinor !== session.amountMinor || capture.amount.currency !== session.currency) {
    // PayPal's capture is the truth about the money moved; record it, but make the mismatch visible.
    logger.error("PayPal captured another amount than the order's", { orderId, buttonId });
  }

  try {
    return await recordCaptured(button, session, orderId, captured);
  } catch (error) {
    throw new CaptureNotRecorded(capture.id, error);
  }
}

function findSession(orderId: string) {
  return db.checkoutSession.findUnique({
    where: { paypalOrderId: orderId },
    include: {
      discountCode: { select: { code: true } },
      bumpButton: { select: { id: true, name: true, sellPageId: true, bundleTier: true } },
    },
  });
}
type CheckoutSessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/**
 * The order's items as payment lines, in the order PayPal's order lists them: the POP the buyer chose (with the
 * discount, which is its), then the bump they ticked. They add up to what the session asked PayPal for.
 */
function linesOf(button: ButtonRow, session: CheckoutSessionRow, createdAt: Date | undefined) {
  const bumpMinor = session.bumpAmountMinor ?? 0;
  const itemSubtotal = session.amountMinor - bumpMinor + session.discountMinor;
  const base = { merchantId: button.merchantId, currency: session.currency, createdAt };
  const lines: Prisma.PaymentLineCreateManyTransactionInput[] = [
    {
      ...base,
      position: 0,
      origin: "item",
      buttonId: button.id,
      sellPageId: button.sellPageId,
      bundleTier: button.bundleTier,
      name: itemNameOf(button),
      quantity: session.quantity,
      unitAmountMinor: Math.round(itemSubtotal / session.quantity),
      discountMinor: session.discountMinor,
      amountMinor: itemSubtotal - session.discountMinor,
    },
  ];
  if (session.bumpAmountMinor !== null) {
    const bump = session.bumpButton;
    lines.push({
      ...base,
      position: 1,
      origin: "bump",
      buttonId: bump?.id ?? null,
      sellPageId: bump?.sellPageId ?? null,
      bundleTier: bump?.bundleTier ?? null,
      // Its POP deleted since the order was created (the session keeps the price, not the name).
      name: bump ? itemNameOf(bump) : "Deleted item",
      quantity: 1,
      unitAmountMinor: bumpMinor,
      amountMinor: bumpMinor,
    });
  }
  return lines;
}

/** Writes the payment PayPal captured; idempotent on the order id (a concurrent writer's row wins). */
async function recordCaptured(
  button: ButtonRow,
  session: CheckoutSessionRow,
  orderId: string,
  captured: CapturedOrder,
): Promise<RecordedCapture> {
  const { capture } = captured;
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.transaction.create({
        data: {
          merchantId: button.merchantId,
          buttonId: button.id,
          sellPageId: button.sellPageId,
          bundleTier: button.bundleTier,
          paypalOrderId: orderId,
          paypalTransactionId: capture.id,
          paypalPayerId: captured.payer?.payerId ?? null,
          payerEmail: captured.payer?.email ?? null,
          payerName: payerName(captured.payer),
          amountMinor: capture.amount.valueMinor,
          feeMinor: capture.fee?.currency === capture.amount.currency ? capture.fee.valueMinor : null,
          currency: capture.amount.currency,
          status: transactionStatusOf(capture.status),
          quantity: session.quantity,
          discountCodeId: session.discountCodeId,
          discountCodeText: session.discountCode?.code ?? null,
          discountMinor: session.discountMinor,
          // Recorded late (by a webhook or the reconciliation), a payment still counts when PayPal captured it.
          ...(capture.createTime && { createdAt: new Date(capture.createTime) }),
          lines: {
            createMany: {
              data: linesOf(button, session, capture.createTime ? new Date(capture.createTime) : undefined),
            },
          },
        },
        select: transactionResultSelect,
      });
      await tx.checkoutSession.update({
        where: { id: session.id },
        data: { settledAt: new Date(), checkResult: "recorded" },
      });
      const outbox =
        created.status === "completed" ? await recordPaymentEvent(tx, "payment.completed", created.id) : emptyOutbox();
      return { created, outbox };
    });
    await sendOutbox(row.outbox);
    if (row.created.status === "failed") await releaseClaims(session.id);
    if (capture.status !== "COMPLETED") {
      logger.info("PayPal capture not completed", { orderId, status: capture.status, reason: capture.statusReason });
    }
    return sameButton(row.created, button.id, true);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      select: transactionResultSelect,
    });
    return sameButton(winner, button.id, false);
  }
}
