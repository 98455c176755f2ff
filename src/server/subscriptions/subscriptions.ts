import type { SubscriptionStatus } from "~/generated/prisma/enums";
import { toMinorUnits, currencies, type Currency } from "~/lib/money";
import type { CancelSubscriptionInput } from "~/schemas/subscriptions";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import type { Prisma } from "~/generated/prisma/client";
import { type MerchantEventType, recordMerchantEvent } from "~/server/merchant-webhooks";
import { type Outbox, sendOutbox } from "~/server/payments/outbox";
import { recordCancellationNotices } from "~/server/payments/notices";
import type { PayPalSubscription } from "~/server/vendors/paypal/types";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";
import { recordSubscriptionSale } from "~/server/payments/ledger";

// A subscription's life at PayPal: its status and billing info follow PayPal's events and answers;
// each billing cycle PayPal charges is a payment of its own (ledger.ts recordSubscriptionSale).

const SUBSCRIPTION_NOT_FOUND = "Subscription not found.";
/** Cancelled and expired subscriptions are over: a late ACTIVATED or SUSPENDED does not revive them. */
const ENDED: SubscriptionStatus[] = ["cancelled", "expired"];

const STATUS_OF: Record<string, SubscriptionStatus> = {
  APPROVAL_PENDING: "approval_pending",
  APPROVED: "approval_pending",
  ACTIVE: "active",
  SUSPENDED: "suspended",
  CANCELLED: "cancelled",
  EXPIRED: "expired",
};

const EVENT_OF: Partial<Record<SubscriptionStatus, MerchantEventType>> = {
  active: "subscription.activated",
  suspended: "subscription.suspended",
  cancelled: "subscription.cancelled",
  expired: "subscription.expired",
};

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

/** Records a subscription event's merchant webhook deliveries in the caller's transaction. */
async function recordSubscriptionEvent(tx: Prisma.TransactionClient, subscriptionId: string, type: MerchantEventType) {
  const sub = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
  return recordMerchantEvent(tx, {
    merchantId: sub.merchantId,
    type,
    buttonId: sub.buttonId,
    data: {
      id: sub.paypalSubscriptionId,
      popkit_subscription_id: sub.id,
      button_id: sub.buttonId,
      plan_id: sub.planId,
      status: sub.status,
      amount: sub.amountMinor,
      currency: sub.currency,
      interval_unit: sub.intervalUnit,
      interval_count: sub.intervalCount,
      payer: { email: sub.payerEmail, name: sub.payerName },
      next_billing_at: sub.nextBillingAt?.toISOString() ?? null,
      last_payment_at: sub.lastPaymentAt?.toISOString() ?? null,
      failed_payments_count: sub.failedPaymentsCount,
      cancelled_at: sub.cancelledAt?.toISOString() ?? null,
    },
  });
}

/**
 * Applies PayPal's view of a subscription (an event's resource or GET's answer): status (never out of an ended
 * one) and billing info. Tells the seller's webhooks when the status changed, or a payment failed.
 */
export async function applyPayPalSubscription(
  subscriptionId: string,
  paypal: PayPalSubscription,
  options: { paymentFailed?: boolean } = {},
): Promise<void> {
  const outbox = await db.$transaction(async (tx): Promise<Outbox> => {
    const current = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    const status = STATUS_OF[paypal.status];
    const moves = status !== undefined && status !== current.status && !ENDED.includes(current.status);
    await tx.subscription.update({
      where: { id: subscriptionId },
      data: {
        ...(moves && { status, ...(status === "cancelled" && { cancelledAt: new Date() }) }),
        nextBillingAt: dateOrNull(paypal.nextBillingTime) ?? current.nextBillingAt,
        failedPaymentsCount: paypal.failedPaymentsCount,
        lastFailedPaymentAt: dateOrNull(paypal.lastFailedPaymentTime) ?? current.lastFailedPaymentAt,
      },
    });
    const types = [
      ...(options.paymentFailed ? (["subscription.payment_failed"] as const) : []),
      ...(moves && EVENT_OF[status] ? [EVENT_OF[status]] : []),
    ];
    const deliveries: string[] = [];
    for (const type of types) deliveries.push(...(await recordSubscriptionEvent(tx, subscriptionId, type)));
    const emails = moves && status === "cancelled" ? await recordCancellationNotices(tx, subscriptionId) : [];
    return { deliveries, emails };
  });
  await sendOutbox(outbox);
}

/**
 * Reads the subscription and its payments from PayPal and records what we lack: the reconciliation for sales
 * whose webhook never came (or a seller without webhooks). Idempotent on each sale id.
 */
export async function syncSubscription(subscriptionId: string, now: Date = new Date()): Promise<number> {
  const sub = await db.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
  const paypal = await merchantPayPal(sub.merchantId);
  const fresh = await paypal.client.getSubscription(sub.paypalSubscriptionId);
  await applyPayPalSubscription(sub.id, fresh);
  // A day of margin before the sign-up: PayPal dates the first sale at the subscription's start.
  const from = new Date(sub.createdAt.getTime() - 24 * 60 * 60 * 1000);
  const sales = await paypal.client.listSubscriptionSales(sub.paypalSubscriptionId, from, now);
  let recorded = 0;
  for (const sale of sales) {
    if (sale.status !== "COMPLETED" && sale.status !== "PARTIALLY_REFUNDED" && sale.status !== "REFUNDED") continue;
    const { created } = await recordSubscriptionSale(sub.id, {
      saleId: sale.id,
      amountMinor: sale.amount.valueMinor,
      currency: sale.amount.currency,
      feeMinor: sale.fee?.currency === sale.amount.currency ? sale.fee.valueMinor : null,
      createdAt: new Date(sale.time),
      payerEmail: sale.payerEmail,
      payerName: sale.payerName,
    });
    if (created) recorded++;
  }
  return recorded;
}

/** The seller's Cancel: PayPal first (it stops billing there), then our row, as the webhook would. */
export async function cancelSubscription(
  merchantId: string,
  input: CancelSubscriptionInput,
): Promise<{ status: SubscriptionStatus }> {
  const sub = await db.subscription.findFirst({ where: { id: input.subscriptionId, merchantId } });
  if (!sub) throw new AppError("NOT_FOUND", SUBSCRIPTION_NOT_FOUND);
  if (ENDED.includes(sub.status)) return { status: sub.status };
  const paypal = await merchantPayPal(merchantId);
  try {
    await paypal.client.cancelSubscription(sub.paypalSubscriptionId, input.reason || "Cancelled by the seller");
  } catch (error) {
    const appError = toAppError(error);
    // Cancelled or expired at PayPal already (422): read its real state instead of failing the seller's click.
    if (appError?.code !== "PAYMENT_FAILED") {
      logger.warn("PayPal could not cancel a subscription", { subscriptionId: sub.id, ...describeError(error) });
      throw appError?.code === "FORBIDDEN"
        ? appError
        : new AppError("UPSTREAM", "PayPal could not cancel this subscription. Please try again.", { cause: error });
    }
  }
  const fresh = await paypal.client.getSubscription(sub.paypalSubscriptionId);
  await applyPayPalSubscription(sub.id, fresh);
  const after = await db.subscription.findUniqueOrThrow({ where: { id: sub.id }, select: { status: true } });
  return { status: after.status };
}

/** "12.50" in `currency` as minor units, or null when it is not an amount we handle. */
export function moneyOf(value: unknown, currency: unknown): { amountMinor: number; currency: Currency } | null {
  if (typeof value !== "string" || typeof currency !== "string") return null;
  if (!(currencies as readonly string[]).includes(currency)) return null;
  const amountMinor = toMinorUnits(value.replace(/^-/, ""), currency as Currency);
  return amountMinor === null ? null : { amountMinor, currency: currency as Currency };
}
