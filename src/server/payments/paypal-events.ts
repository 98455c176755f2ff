import type { TransactionStatus } from "~/generated/prisma/enums";
import { db } from "~/server/platform/db";
import { toAppError } from "~/server/platform/errors";
import type { JobHandlers } from "~/server/jobs";
import { describeError, logger } from "~/server/platform/logger";
import { toSubscription } from "~/server/vendors/paypal/billing";
import { isObject, text, type Json } from "~/server/vendors/paypal/event-json";
import { disputedTransactionId, recordDispute } from "~/server/disputes/disputes";
import { settleCheckout } from "~/server/checkout/capture";
import { recordSubscription } from "~/server/checkout/subscription-signup";
import { applyCaptureStatus, recordRefund, recordSubscriptionSale } from "~/server/payments/ledger";
import { applyPayPalSubscription, moneyOf, syncSubscription } from "~/server/subscriptions/subscriptions";

// The "paypal.event" job: applies one stored, verified PayPal webhook event (paypal-webhooks.ts) to the ledger, or
// a dispute to the Disputes screen (disputes/disputes.ts).
// Idempotent: every write is keyed on PayPal's own ids (capture, sale, refund, subscription), and the event row
// remembers that it was applied. A failure throws, so the job queue retries it.

/** The PayPal ids an event's resource names, by event type (PayPal's event shapes, v2 captures and v1 sales). */
export function eventResourceIds(type: string, resource: Json) {
  const related = isObject(resource.supplementary_data) ? resource.supplementary_data.related_ids : undefined;
  const links = Array.isArray(resource.links) ? resource.links.filter(isObject) : [];
  const up = links.find((link) => link.rel === "up" && /\/captures\/[^/]+$/.test(String(link.href)));
  const isCaptureRefund = type === "PAYMENT.CAPTURE.REFUNDED" || type === "PAYMENT.CAPTURE.REVERSED";
  const isSaleRefund = type === "PAYMENT.SALE.REFUNDED" || type === "PAYMENT.SALE.REVERSED";
  return {
    // A dispute names the payment by its capture or sale id: either finds the merchant.
    captureId: type.startsWith("CUSTOMER.DISPUTE.")
      ? disputedTransactionId(resource)
      : isCaptureRefund
        ? up
          ? (String(up.href).split("/").pop() ?? null)
          : null
        : type.startsWith("PAYMENT.CAPTURE.")
          ? text(resource.id)
          : null,
    orderId: isObject(related) ? text(related.order_id) : null,
    saleId: isSaleRefund ? text(resource.sale_id) : type.startsWith("PAYMENT.SALE.") ? text(resource.id) : null,
    subscriptionId: type.startsWith("BILLING.SUBSCRIPTION.")
      ? text(resource.id)
      : type.startsWith("PAYMENT.SALE.")
        ? text(resource.billing_agreement_id)
        : null,
    customId: text(resource.custom_id) ?? text(resource.custom),
  };
}

/** Capture events and the payment status each reports. */
const CAPTURE_STATUS: Record<string, TransactionStatus> = {
  "PAYMENT.CAPTURE.COMPLETED": "completed",
  "PAYMENT.CAPTURE.PENDING": "pending",
  "PAYMENT.CAPTURE.DECLINED": "failed",
  "PAYMENT.CAPTURE.DENIED": "failed",
};

type Outcome = { state: "processed" | "ignored"; outcome: string; transactionId?: string; subscriptionId?: string };

/** Retried by the job queue; the message is what the event's history shows meanwhile. */
class NotYet extends Error {}

async function paymentByPayPalId(id: string | null) {
  return id ? db.transaction.findUnique({ where: { paypalTransactionId: id }, select: { id: true } }) : null;
}

async function captureStatusEvent(type: string, resource: Json): Promise<Outcome> {
  const ids = eventResourceIds(type, resource);
  const status = CAPTURE_STATUS[type]!;
  let payment =
    (await paymentByPayPalId(ids.captureId)) ??
    (ids.orderId
      ? await db.transaction.findUnique({ where: { paypalOrderId: ids.orderId }, select: { id: true } })
      : null);
  if (!payment && ids.orderId) {
    // PayPal captured a checkout we never recorded: record it from PayPal's order, as the buyer's page would have.
    const settled = await settleCheckout(ids.orderId);
    if (!settled) return { state: "ignored", outcome: "No Popkit checkout has this order." };
    payment = await db.transaction.findUnique({ where: { paypalOrderId: ids.orderId }, select: { id: true } });
    if (payment)
      return { state: "processed", outcome: "Recorded the payment from PayPal's order.", transactionId: payment.id };
  }
  if (!payment) return { state: "ignored", outcome: "No Popkit payment has this capture." };
  const moved = await applyCaptureStatus(payment.id, status);
  return {
    state: "processed",
    outcome: moved ? `Payment is now ${status}.` : "Nothing to change.",
    transactionId: payment.id,
  };
}

async function refundEvent(type: string, resource: Json, createTime: Date): Promise<Outcome> {
  const ids = eventResourceIds(type, resource);
  const isSale = type.startsWith("PAYMENT.SALE.");
  const payment = await paymentByPayPalId(isSale ? ids.saleId : ids.captureId);
  // The refund of a payment we have not recorded yet: the capture's own event or the reconciliation records it.
  if (!payment) throw new NotYet("The refunded payment is not recorded yet; retrying.");
  const refundId = text(resource.id);
  const amount = isSale
    ? isObject(resource.amount)
      ? moneyOf(resource.amount.total, resource.amount.currency)
      : null
    : isObject(resource.amount)
      ? moneyOf(resource.amount.value, resource.amount.currency_code)
      : null;
  if (!refundId || !amount) return { state: "ignored", outcome: "The event has no refund id or amount." };
  const result = await recordRefund(payment.id, {
    paypalRefundId: refundId,
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    paypalStatus: text(resource.status) ?? text(resource.state) ?? "COMPLETED",
    kind: type.endsWith(".REVERSED") ? "reversal" : "refund",
    source: "paypal",
    reason: text(resource.note_to_payer) ?? text(resource.reason) ?? text(resource.description),
    createdAt: text(resource.create_time) ? new Date(String(resource.create_time)) : createTime,
  });
  return {
    state: "processed",
    outcome: result.created ? "Refund recorded." : "Refund was recorded already.",
    transactionId: payment.id,
  };
}

async function subscriptionOf(paypalSubscriptionId: string | null, customId: string | null) {
  if (!paypalSubscriptionId) return null;
  const known = await db.subscription.findUnique({ where: { paypalSubscriptionId }, select: { id: true } });
  if (known || !customId) return known;
  // A sign-up the buyer's page never reported (closed after approving): verify it with PayPal and record it.
  const button = await db.paymentButton.findUnique({ where: { id: customId }, select: { id: true } });
  if (!button) return null;
  await recordSubscription({ buttonId: button.id, subscriptionId: paypalSubscriptionId });
  return db.subscription.findUnique({ where: { paypalSubscriptionId }, select: { id: true } });
}

async function saleEvent(resource: Json, createTime: Date): Promise<Outcome> {
  const ids = eventResourceIds("PAYMENT.SALE.COMPLETED", resource);
  const sub = await subscriptionOf(ids.subscriptionId, ids.customId);
  if (!sub) return { state: "ignored", outcome: "No Popkit subscription has this sale." };
  const amount = isObject(resource.amount) ? moneyOf(resource.amount.total, resource.amount.currency) : null;
  const fee = isObject(resource.transaction_fee)
    ? moneyOf(resource.transaction_fee.value, resource.transaction_fee.currency)
    : null;
  if (!ids.saleId || !amount) return { state: "ignored", outcome: "The event has no sale id or amount." };
  const { created, transactionId } = await recordSubscriptionSale(sub.id, {
    saleId: ids.saleId,
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    feeMinor: fee?.currency === amount.currency ? fee.amountMinor : null,
    createdAt: text(resource.create_time) ? new Date(String(resource.create_time)) : createTime,
    payerEmail: null,
    payerName: null,
  });
  // The sale moved PayPal's billing info (next billing date): read it, best effort.
  await syncSubscription(sub.id).catch((error: unknown) =>
    logger.warn("Could not refresh a subscription after its sale", { subscriptionId: sub.id, ...describeError(error) }),
  );
  return {
    state: "processed",
    outcome: created ? "Payment recorded." : "Payment was recorded already.",
    transactionId,
    subscriptionId: sub.id,
  };
}

async function subscriptionEvent(type: string, resource: Json): Promise<Outcome> {
  const ids = eventResourceIds(type, resource);
  const sub = await subscriptionOf(ids.subscriptionId, ids.customId);
  if (!sub) return { state: "ignored", outcome: "No Popkit subscription has this id." };
  let paypal;
  try {
    paypal = toSubscription(resource);
  } catch {
    return { state: "ignored", outcome: "The event's subscription is incomplete.", subscriptionId: sub.id };
  }
  await applyPayPalSubscription(sub.id, paypal, {
    paymentFailed: type === "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
    // A revise the buyer approved (perhaps closing the tab before coming back): the event names the new plan.
    followPlan: type === "BILLING.SUBSCRIPTION.UPDATED",
  });
  return {
    state: "processed",
    outcome: `Subscription is ${paypal.status.toLowerCase()} at PayPal.`,
    subscriptionId: sub.id,
  };
}

async function disputeEvent(merchantId: string | null, resource: Json, createTime: Date): Promise<Outcome> {
  const recorded = merchantId ? await recordDispute(merchantId, resource, createTime) : null;
  if (!recorded) return { state: "ignored", outcome: "The event has no dispute id or amount." };
  return {
    state: "processed",
    outcome: recorded.applied ? "Dispute recorded." : "A later description of this dispute is kept already.",
    transactionId: recorded.transactionId ?? undefined,
  };
}

function apply(type: string, resource: Json, createTime: Date, merchantId: string | null): Promise<Outcome> {
  if (type.startsWith("CUSTOMER.DISPUTE.")) return disputeEvent(merchantId, resource, createTime);
  if (type in CAPTURE_STATUS) return captureStatusEvent(type, resource);
  if (type.endsWith(".REFUNDED") || type.endsWith(".REVERSED")) return refundEvent(type, resource, createTime);
  if (type === "PAYMENT.SALE.COMPLETED") return saleEvent(resource, createTime);
  return subscriptionEvent(type, resource);
}

/** The "paypal.event" job's handler. */
export async function processPayPalEvent(id: string): Promise<void> {
  const event = await db.payPalEvent.findUnique({ where: { id } });
  if (!event || event.state === "processed" || event.state === "ignored") return;
  const parsed = JSON.parse(event.body) as Json;
  const resource = isObject(parsed.resource) ? parsed.resource : {};
  const createTime = text(parsed.create_time) ? new Date(String(parsed.create_time)) : event.receivedAt;
  await db.payPalEvent.update({ where: { id }, data: { attempts: { increment: 1 } } });
  try {
    const result = await apply(event.type, resource, createTime, event.merchantId);
    await db.payPalEvent.update({
      where: { id },
      data: {
        state: result.state,
        outcome: result.outcome,
        processedAt: new Date(),
        transactionId: result.transactionId ?? null,
        subscriptionId: result.subscriptionId ?? null,
      },
    });
  } catch (error) {
    const appError = toAppError(error);
    const outcome =
      error instanceof NotYet ? error.message : (appError?.message ?? "Could not apply the event; retrying.");
    await db.payPalEvent.update({ where: { id }, data: { state: "failed", outcome } });
    throw error;
  }
}

/** This domain's job kinds, run by the workers (src/server/job-handlers.ts). */
export const paypalEventJobHandlers = {
  "paypal.event": ({ eventId }) => processPayPalEvent(eventId),
} satisfies Partial<JobHandlers>;
