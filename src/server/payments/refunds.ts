import type { TransactionStatus } from "~/generated/prisma/enums";
import { refundableAmount, refundableLineAmount } from "~/lib/ledger";
import { formatMoney } from "~/lib/money";
import { type RefundPaymentInput, refundPaymentSchema } from "~/schemas/payments";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";
import { recordRefund } from "~/server/payments/ledger";

// The seller's Refund action: PayPal moves the money, then the ledger records PayPal's answer. The
// webhook PayPal sends for the same refund later finds the refund id recorded and changes nothing.

export interface RefundResult {
  refundId: string;
  paypalRefundId: string;
  amountMinor: number;
  /** The payment's status after the refund: partially_refunded or refunded (pending refunds count too). */
  status: TransactionStatus;
  refundedMinor: number;
}

const PAYMENT_NOT_FOUND = "Payment not found.";

/**
 * Calls PayPal's refund API (a capture's, or a subscription sale's) with the dialog's idempotency key as
 * PayPal-Request-Id and records the refund from PayPal's answer. A refund of one line (`lineId`) is, at PayPal, a
 * partial refund of the capture; the ledger also counts it against that line. NOT_FOUND for another merchant's payment;
 * INVALID with a readable message for an amount over what is left or a payment that cannot be refunded.
 */
export async function refundPayment(merchantId: string, rawInput: RefundPaymentInput): Promise<RefundResult> {
  const input = refundPaymentSchema.parse(rawInput);
  const payment = await db.transaction.findFirst({
    where: { id: input.paymentId, merchantId },
    select: {
      id: true,
      status: true,
      amountMinor: true,
      refundedMinor: true,
      currency: true,
      paypalTransactionId: true,
      paypalSubscriptionId: true,
      fulfilment: true,
    },
  });
  if (!payment) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  if (payment.status !== "completed" && payment.status !== "partially_refunded") {
    throw new AppError(
      "INVALID",
      payment.status === "refunded"
        ? "This payment has been refunded in full already."
        : "Only completed payments can be refunded.",
    );
  }
  if (!payment.paypalTransactionId) {
    throw new AppError("INVALID", "This payment has no PayPal transaction id to refund; refund it in PayPal.");
  }
  const line = input.lineId
    ? await db.paymentLine.findFirst({
        where: { id: input.lineId, transactionId: payment.id },
        select: { id: true, amountMinor: true, refundedMinor: true },
      })
    : null;
  if (input.lineId && !line) throw new AppError("NOT_FOUND", "Payment line not found.");
  const amount = line
    ? refundableLineAmount(payment, line, input.amountMinor)
    : refundableAmount(payment, input.amountMinor);
  if (!amount.ok) throw new AppError("INVALID", amount.message);

  const paypal = await merchantPayPal(merchantId);
  const money = { currency: payment.currency, valueMinor: amount.amountMinor };
  // A full refund is sent without an amount: PayPal then refunds exactly what is left on its side.
  const whole = amount.amountMinor === payment.amountMinor - payment.refundedMinor && payment.refundedMinor === 0;
  const requestId = `popkit-refund-${input.idempotencyKey}`;
  let refund;
  try {
    refund = payment.paypalSubscriptionId
      ? await paypal.client.refundSale(payment.paypalTransactionId, {
          ...(!whole && { amount: money }),
          reason: input.reason,
          requestId,
        })
      : await paypal.client.refundCapture(payment.paypalTransactionId, {
          ...(!whole && { amount: money }),
          noteToPayer: input.reason,
          requestId,
        });
  } catch (error) {
    const appError = toAppError(error);
    logger.warn("PayPal refused a refund", { paymentId: payment.id, ...describeError(appError?.cause ?? error) });
    if (appError?.code === "FORBIDDEN") throw appError;
    if (appError?.code === "PAYMENT_FAILED" || appError?.code === "INVALID") {
      throw new AppError("INVALID", "PayPal refused this refund. It may have been refunded in PayPal already.", {
        cause: error,
      });
    }
    throw new AppError("UPSTREAM", "PayPal could not make the refund right now. Please try again.", { cause: error });
  }
  if (refund.amount.valueMinor !== amount.amountMinor) {
    logger.warn("PayPal refunded another amount than asked", {
      paymentId: payment.id,
      asked: formatMoney(amount.amountMinor, payment.currency),
    });
  }
  const outcome = await recordRefund(payment.id, {
    paypalRefundId: refund.id,
    amountMinor: refund.amount.valueMinor,
    currency: refund.amount.currency,
    paypalStatus: refund.status,
    kind: "refund",
    source: "dashboard",
    reason: input.reason || null,
    paymentLineId: line?.id ?? null,
    createdAt: refund.createTime ? new Date(refund.createTime) : new Date(),
  });
  // Only a refund of all that is left (no amount asked) takes the goods back.
  if (input.restock && input.amountMinor === undefined && payment.fulfilment === "unfulfilled") {
    await restock(payment.id, line?.id ?? null);
  }
  return {
    refundId: outcome.refundId,
    paypalRefundId: refund.id,
    amountMinor: refund.amount.valueMinor,
    status: outcome.status,
    refundedMinor: outcome.refundedMinor,
  };
}

/**
 * Puts a refunded order's units back in stock (one line's, or all of them), never below none sold: the seller
 * refunded before shipping, so the goods are still on the shelf. A POP without a stock limit counts nothing.
 */
async function restock(paymentId: string, lineId: string | null) {
  const lines = await db.paymentLine.findMany({
    where: { transactionId: paymentId, ...(lineId && { id: lineId }), buttonId: { not: null } },
    select: { buttonId: true, quantity: true },
  });
  for (const line of lines) {
    await db.$executeRaw`UPDATE payment_buttons SET sold_count = greatest(sold_count - ${line.quantity}, 0)
                          WHERE id = ${line.buttonId} AND stock_limit IS NOT NULL`;
  }
}
