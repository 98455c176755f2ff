import { formatMoney, type Currency } from "~/lib/money";

// A payment's status after refunds is derived from what was captured and what went back.

/** Refund statuses that take money back (a PENDING refund is on its way; FAILED and CANCELLED never happened). */
export const refundStatusesThatCount = ["COMPLETED", "PENDING"] as const;

export function refundCounts(paypalStatus: string): boolean {
  return (refundStatusesThatCount as readonly string[]).includes(paypalStatus.toUpperCase());
}

/** Completed, partially refunded or refunded: what a settled payment is after `refundedMinor` went back. */
export function statusAfterRefunds(
  capturedMinor: number,
  refundedMinor: number,
): "completed" | "partially_refunded" | "refunded" {
  if (refundedMinor <= 0) return "completed";
  return refundedMinor >= capturedMinor ? "refunded" : "partially_refunded";
}

/** Statuses whose captured money counts in revenue (refunds then count against it, each in its own period). */
export const settledStatuses = ["completed", "partially_refunded", "refunded"] as const;

/**
 * What a refund of `requestedMinor` (absent: all that is left) may be, or why it may not: the dashboard's
 * Refund dialog and the server share it.
 */
/** What one line of a payment may still give back: the line's own rest, within what is left of the payment. */
export function refundableLineAmount(
  payment: { amountMinor: number; refundedMinor: number; currency: Currency },
  line: { amountMinor: number; refundedMinor: number },
  requestedMinor: number | undefined,
): { ok: true; amountMinor: number } | { ok: false; message: string } {
  const lineLeft = Math.min(line.amountMinor - line.refundedMinor, payment.amountMinor - payment.refundedMinor);
  if (lineLeft <= 0) return { ok: false, message: "This item has been refunded in full already." };
  if (requestedMinor !== undefined && requestedMinor > lineLeft) {
    return {
      ok: false,
      message: `The refund cannot be more than what is left of this item (${formatMoney(lineLeft, payment.currency)}).`,
    };
  }
  return refundableAmount(payment, requestedMinor ?? lineLeft);
}

export function refundableAmount(
  payment: { amountMinor: number; refundedMinor: number; currency: Currency },
  requestedMinor: number | undefined,
): { ok: true; amountMinor: number } | { ok: false; message: string } {
  const left = payment.amountMinor - payment.refundedMinor;
  if (left <= 0) return { ok: false, message: "This payment has been refunded in full already." };
  if (requestedMinor === undefined) return { ok: true, amountMinor: left };
  if (!Number.isInteger(requestedMinor) || requestedMinor <= 0) {
    return { ok: false, message: "The refund must be more than zero" };
  }
  if (requestedMinor > left) return { ok: false, message: "The refund cannot be more than what is left to refund." };
  return { ok: true, amountMinor: requestedMinor };
}
