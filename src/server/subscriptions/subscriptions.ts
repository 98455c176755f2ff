import type { SubscriptionChangeAction, SubscriptionChangeSource, SubscriptionStatus } from "~/generated/prisma/enums";
import { toMinorUnits, currencies, type Currency } from "~/lib/money";
import type { CancelSubscriptionInput } from "~/schemas/subscriptions";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import type { Prisma, Subscription } from "~/generated/prisma/client";
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

/** A change made through us (portal or dashboard), recorded with the state PayPal reports after it. */
export interface ChangeRecord {
  action: SubscriptionChangeAction;
  source: SubscriptionChangeSource;
  reason?: string | null;
}

/**
 * Moves the subscription to the plan PayPal now bills (after the buyer approved a revise): the plan's button gives
 * its price and cycle (a button's plan always charges the button's price), the pending change is cleared, and the
 * change is recorded once, whoever gets here first (the buyer's return or PayPal's UPDATED webhook).
 */
async function movePlan(tx: Prisma.TransactionClient, sub: Subscription, planId: string): Promise<boolean> {
  const pending = sub.pendingPlanButtonId
    ? await tx.paymentButton.findFirst({
        where: { id: sub.pendingPlanButtonId, merchantId: sub.merchantId, subscriptionPlanId: planId },
      })
    : null;
  const button =
    pending ??
    (await tx.paymentButton.findFirst({
      where: { merchantId: sub.merchantId, paymentType: "subscription", subscriptionPlanId: planId },
      orderBy: { createdAt: "desc" },
    }));
  if (!button) {
    logger.warn("A subscription moved to a plan no button of the store has", { subscriptionId: sub.id, planId });
    return false;
  }
  const { count } = await tx.subscription.updateMany({
    where: { id: sub.id, planId: sub.planId },
    data: {
      buttonId: button.id,
      planId,
      amountMinor: button.amountMinor,
      intervalUnit: button.planIntervalUnit ?? sub.intervalUnit,
      intervalCount: button.planIntervalCount ?? sub.intervalCount,
      pendingPlanButtonId: null,
    },
  });
  if (count === 0) return false;
  await tx.subscriptionChange.create({
    data: {
      subscriptionId: sub.id,
      action: "change_plan",
      // Only the seller's own app can revise a subscription at PayPal without the portal asking for it.
      source: pending ? "portal" : "seller",
      fromPlanId: sub.planId,
      toPlanId: planId,
    },
  });
  return true;
}

/**
 * Applies PayPal's view of a subscription (an event's resource or GET's answer): status (never out of an ended
 * one), billing info and plan (a revise the buyer approved). Tells the seller's webhooks when the status or plan
 * changed, or a payment failed. Each move is conditional on the row as read, so a webhook racing the buyer's own
 * action moves it (and notifies) once. `change` records what was asked through us, with who asked and why.
 * `followPlan` only for a view that is PayPal's latest (a GET, or the UPDATED event a revise sends): an older
 * event arriving late still names the plan before the change, and must not switch it back.
 */
export async function applyPayPalSubscription(
  subscriptionId: string,
  paypal: PayPalSubscription,
  options: { paymentFailed?: boolean; change?: ChangeRecord; followPlan?: boolean } = {},
): Promise<void> {
  const outbox = await db.$transaction(async (tx): Promise<Outbox> => {
    const current = await tx.subscription.findUniqueOrThrow({ where: { id: subscriptionId } });
    const status = STATUS_OF[paypal.status];
    let moves = status !== undefined && status !== current.status && !ENDED.includes(current.status);
    if (moves) {
      const { count } = await tx.subscription.updateMany({
        where: { id: subscriptionId, status: current.status },
        data: { status, ...(status === "cancelled" && { cancelledAt: new Date() }) },
      });
      moves = count === 1;
    }
    await tx.subscription.update({
      where: { id: subscriptionId },
      data: {
        nextBillingAt: dateOrNull(paypal.nextBillingTime) ?? current.nextBillingAt,
        failedPaymentsCount: paypal.failedPaymentsCount,
        lastFailedPaymentAt: dateOrNull(paypal.lastFailedPaymentTime) ?? current.lastFailedPaymentAt,
      },
    });
    const planMoved =
      paypal.planId !== current.planId &&
      !ENDED.includes(current.status) &&
      (await movePlan(tx, current, paypal.planId));
    if (options.change) {
      await tx.subscriptionChange.create({
        data: { subscriptionId, ...options.change, reason: options.change.reason || null },
      });
    }
    const types = [
      ...(options.paymentFailed ? (["subscription.payment_failed"] as const) : []),
      ...(planMoved ? (["subscription.updated"] as const) : []),
      ...(moves && EVENT_OF[status!] ? [EVENT_OF[status!]!] : []),
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
  await applyPayPalSubscription(sub.id, fresh, { followPlan: true });
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

/** The seller's Cancel: the store's own subscription only, then the shared path (PayPal first, then our row). */
export async function cancelSubscription(
  merchantId: string,
  input: CancelSubscriptionInput,
): Promise<{ status: SubscriptionStatus }> {
  const sub = await db.subscription.findFirst({
    where: { id: input.subscriptionId, merchantId },
    select: { id: true },
  });
  if (!sub) throw new AppError("NOT_FOUND", SUBSCRIPTION_NOT_FOUND);
  return changeSubscriptionStatus(sub.id, "cancel", { source: "seller", reason: input.reason });
}

export type StatusAction = Exclude<SubscriptionChangeAction, "change_plan">;

const STATUS_AFTER: Record<StatusAction, { ours: SubscriptionStatus; paypal: PayPalSubscription["status"] }> = {
  cancel: { ours: "cancelled", paypal: "CANCELLED" },
  pause: { ours: "suspended", paypal: "SUSPENDED" },
  resume: { ours: "active", paypal: "ACTIVE" },
};
const STATUSES_BEFORE: Record<StatusAction, SubscriptionStatus[]> = {
  cancel: ["active", "suspended"],
  pause: ["active"],
  resume: ["suspended"],
};
const VERB: Record<StatusAction, string> = { cancel: "cancel", pause: "pause", resume: "resume" };
const NOT_NOW: Record<StatusAction, string> = {
  cancel: "This subscription has not started, so there is nothing to cancel.",
  pause: "Only an active subscription can be paused.",
  resume: "Only a paused subscription can be resumed.",
};

const inFlight = new Map<string, Promise<unknown>>();

/**
 * One change of a subscription at a time in this process: a double click's second call starts once the first is
 * done and finds the status already moved. Across instances PayPal itself refuses the second action (422).
 */
async function oneAtATime<T>(subscriptionId: string, run: () => Promise<T>): Promise<T> {
  const next = (inFlight.get(subscriptionId) ?? Promise.resolve()).catch(() => undefined).then(run);
  const settled = next.catch(() => undefined);
  inFlight.set(subscriptionId, settled);
  try {
    return await next;
  } finally {
    if (inFlight.get(subscriptionId) === settled) inFlight.delete(subscriptionId);
  }
}

/** PayPal's refusal in a sentence; a 422 or 404 means PayPal changed nothing, and neither do we. */
function refusal(action: StatusAction, error: unknown): AppError {
  const appError = toAppError(error);
  const nothing = "Nothing was changed.";
  if (appError?.code === "PAYMENT_FAILED") {
    const message =
      appError.issue === "SUBSCRIPTION_CANNOT_BE_ACTIVATED"
        ? `PayPal will not resume this subscription after its failed payments. ${nothing}`
        : action === "cancel"
          ? `PayPal says this subscription is already cancelled or has ended. ${nothing}`
          : `PayPal cannot ${VERB[action]} this subscription in its current state. ${nothing}`;
    return new AppError("CONFLICT", message, { cause: error, issue: appError.issue });
  }
  if (appError?.code === "NOT_FOUND") {
    return new AppError("NOT_FOUND", `PayPal no longer has this subscription. ${nothing}`, { cause: error });
  }
  if (appError?.code === "FORBIDDEN") return appError;
  return new AppError("UPSTREAM", `PayPal could not ${VERB[action]} this subscription. Please try again.`, {
    cause: error,
  });
}

/**
 * Cancels, pauses or resumes at PayPal, then records PayPal's answer as its webhook would, with one change row.
 * The webhook that follows finds the status already moved. Asking for the status it already has answers it.
 */
export async function changeSubscriptionStatus(
  subscriptionId: string,
  action: StatusAction,
  by: { source: SubscriptionChangeSource; reason?: string },
): Promise<{ status: SubscriptionStatus }> {
  return oneAtATime(subscriptionId, async () => {
    const sub = await db.subscription.findUnique({
      where: { id: subscriptionId },
      include: { merchant: { select: { storeSettings: { select: { portalAllowPause: true } } } } },
    });
    if (!sub) throw new AppError("NOT_FOUND", SUBSCRIPTION_NOT_FOUND);
    if (action !== "cancel" && by.source === "portal" && !sub.merchant.storeSettings?.portalAllowPause) {
      throw new AppError("FORBIDDEN", `This store does not let subscribers ${VERB[action]} their subscription.`);
    }
    const after = STATUS_AFTER[action];
    if (sub.status === after.ours || (action === "cancel" && ENDED.includes(sub.status))) {
      return { status: sub.status };
    }
    if (!STATUSES_BEFORE[action].includes(sub.status)) throw new AppError("CONFLICT", NOT_NOW[action]);
    const paypal = await merchantPayPal(sub.merchantId);
    const reason = by.reason?.trim() || undefined;
    const note = reason ?? `${VERB[action]} requested by the ${by.source === "portal" ? "subscriber" : "seller"}`;
    try {
      if (action === "cancel") await paypal.client.cancelSubscription(sub.paypalSubscriptionId, note);
      else if (action === "pause") await paypal.client.suspendSubscription(sub.paypalSubscriptionId, note);
      else await paypal.client.activateSubscription(sub.paypalSubscriptionId, note);
    } catch (error) {
      logger.warn("PayPal refused a subscription change", { subscriptionId, action, ...describeError(error) });
      // Another instance's click may have cancelled it a moment ago: that is the answer, not an error.
      const now = await db.subscription.findUniqueOrThrow({ where: { id: subscriptionId }, select: { status: true } });
      if (action === "cancel" && ENDED.includes(now.status)) return { status: now.status };
      throw refusal(action, error);
    }
    const fresh = await paypal.client.getSubscription(sub.paypalSubscriptionId).catch((error: unknown) => {
      // PayPal did it; without its answer, record the status it just accepted (its webhook brings the rest).
      logger.warn("Could not read a subscription after changing it", { subscriptionId, ...describeError(error) });
      return {
        id: sub.paypalSubscriptionId,
        status: after.paypal,
        planId: sub.planId,
        customId: null,
        startTime: null,
        subscriber: null,
        nextBillingTime: null,
        lastPaymentTime: null,
        failedPaymentsCount: sub.failedPaymentsCount,
        lastFailedPaymentTime: null,
        taxes: null,
      } satisfies PayPalSubscription;
    });
    await applyPayPalSubscription(sub.id, fresh, { change: { action, source: by.source, reason }, followPlan: true });
    const row = await db.subscription.findUniqueOrThrow({ where: { id: sub.id }, select: { status: true } });
    return { status: row.status };
  });
}

/** "12.50" in `currency` as minor units, or null when it is not an amount we handle. */
export function moneyOf(value: unknown, currency: unknown): { amountMinor: number; currency: Currency } | null {
  if (typeof value !== "string" || typeof currency !== "string") return null;
  if (!(currencies as readonly string[]).includes(currency)) return null;
  const amountMinor = toMinorUnits(value.replace(/^-/, ""), currency as Currency);
  return amountMinor === null ? null : { amountMinor, currency: currency as Currency };
}
