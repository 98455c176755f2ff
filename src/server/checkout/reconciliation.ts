import { db } from "~/server/platform/db";
import { toAppError } from "~/server/platform/errors";
import type { JobHandlers } from "~/server/jobs";
import { describeError, logger } from "~/server/platform/logger";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";
import { settleCheckout } from "~/server/checkout/capture";
import { releaseClaims } from "~/server/checkout/claims";
import { syncSubscription } from "~/server/subscriptions/subscriptions";

// Nothing paid is ever lost: the "checkouts.reconcile" job (every 10 minutes, and `npm run reconcile`)
// asks PayPal about every checkout it approved or captured that we never recorded, and about subscriptions whose
// billing date has passed, and records what PayPal says was paid through the buyer's own path.

const MINUTE_MS = 60 * 1000;
/** A checkout younger than this may still be in the buyer's hands (or their page is capturing it right now). */
const GRACE_MS = 5 * MINUTE_MS;
/** PayPal voids an order nobody captured within 3 days of its creation (an approval lapses sooner). */
const ORDER_LIFETIME_MS = 3 * 24 * 60 * MINUTE_MS;
/** Look at a still-open checkout at most this often. */
const RECHECK_MS = 10 * MINUTE_MS;
const BATCH = 200;
/** The start-up pass looks at every young checkout too: a burst's worth and more. */
const RECENT_BATCH = 2000;

export interface ReconcileReport {
  checked: number;
  recorded: number;
  closed: number;
  subscriptionsChecked: number;
  salesRecorded: number;
  errors: number;
}

/**
 * Every merchant's open checkouts and due subscriptions, or one merchant's (`npm run reconcile -- --merchant`).
 * `includeRecent` (the pass at start-up): checkouts inside the grace are looked at too, and recorded only if
 * PayPal already captured them. A crash mid-capture leaves exactly those: charged, unrecorded, and too young for
 * the scheduled pass. Approved ones stay with the buyer's page, which is capturing them.
 */
export async function reconcileCheckouts(
  options: { merchantId?: string; now?: Date; includeRecent?: boolean } = {},
): Promise<ReconcileReport> {
  const { merchantId, now = new Date(), includeRecent = false } = options;
  const report: ReconcileReport = {
    checked: 0,
    recorded: 0,
    closed: 0,
    subscriptionsChecked: 0,
    salesRecorded: 0,
    errors: 0,
  };
  const sessions = await db.checkoutSession.findMany({
    where: {
      ...(merchantId && { merchantId }),
      settledAt: null,
      ...(!includeRecent && { createdAt: { lt: new Date(now.getTime() - GRACE_MS) } }),
      OR: [{ checkedAt: null }, { checkedAt: { lt: new Date(now.getTime() - RECHECK_MS) } }],
    },
    orderBy: { createdAt: "asc" },
    take: includeRecent ? RECENT_BATCH : BATCH,
    select: { id: true, merchantId: true, paypalOrderId: true, createdAt: true },
  });
  for (const session of sessions) {
    report.checked++;
    try {
      const isRecent = now.getTime() - session.createdAt.getTime() < GRACE_MS;
      const outcome = isRecent ? await recordIfCaptured(session) : await reconcileSession(session, now);
      if (outcome === "recorded") report.recorded++;
      if (outcome !== "open") report.closed++;
    } catch (error) {
      report.errors++;
      logger.warn("Reconciliation could not check a checkout", {
        orderId: session.paypalOrderId,
        ...describeError(error),
      });
      await db.checkoutSession.update({
        where: { id: session.id },
        data: { checkedAt: now, checkResult: toAppError(error)?.message ?? "error" },
      });
    }
  }

  const due = await db.subscription.findMany({
    where: {
      ...(merchantId && { merchantId }),
      status: { in: ["active", "suspended"] },
      OR: [{ nextBillingAt: { lte: now } }, { nextBillingAt: null, lastPaymentAt: null }],
    },
    orderBy: { updatedAt: "asc" },
    take: BATCH,
    select: { id: true, paypalSubscriptionId: true },
  });
  for (const sub of due) {
    report.subscriptionsChecked++;
    try {
      report.salesRecorded += await syncSubscription(sub.id, now);
    } catch (error) {
      report.errors++;
      logger.warn("Reconciliation could not check a subscription", {
        subscriptionId: sub.paypalSubscriptionId,
        ...describeError(error),
      });
    }
  }
  if (report.recorded > 0 || report.salesRecorded > 0)
    logger.info("Reconciliation recorded lost payments", { ...report });
  return report;
}

/** This domain's job kinds, run by the workers (src/server/job-handlers.ts). */
export const reconciliationJobHandlers = {
  "checkouts.reconcile": async ({ afterStart }) => {
    await reconcileCheckouts({ includeRecent: afterStart === true });
  },
} satisfies Partial<JobHandlers>;

/** A checkout still in the buyer's hands: recorded if PayPal captured it already, otherwise left alone. */
async function recordIfCaptured(session: { merchantId: string; paypalOrderId: string }): Promise<"recorded" | "open"> {
  const paypal = await merchantPayPal(session.merchantId);
  const order = await paypal.client.getOrder(session.paypalOrderId);
  if (order.status !== "COMPLETED") return "open";
  await settleCheckout(session.paypalOrderId);
  return "recorded";
}

async function reconcileSession(
  session: { id: string; merchantId: string; paypalOrderId: string; createdAt: Date },
  now: Date,
): Promise<"recorded" | "closed" | "open"> {
  const settle = (checkResult: string) =>
    db.checkoutSession.update({ where: { id: session.id }, data: { settledAt: now, checkedAt: now, checkResult } });
  // An order that can never be paid gives back the stock and code use its capture claimed (checkout-claims.ts).
  const close = async (checkResult: string) => {
    await releaseClaims(session.id);
    await settle(checkResult);
  };
  const recorded = await db.transaction.findUnique({
    where: { paypalOrderId: session.paypalOrderId },
    select: { id: true },
  });
  if (recorded) {
    await settle("recorded");
    return "closed";
  }
  const paypal = await merchantPayPal(session.merchantId);
  let order;
  try {
    order = await paypal.client.getOrder(session.paypalOrderId);
  } catch (error) {
    if (toAppError(error)?.code !== "NOT_FOUND") throw error;
    await close("NOT_FOUND");
    return "closed";
  }
  if (order.status === "COMPLETED" || order.status === "APPROVED") {
    // Captured at PayPal but not here, or approved by a buyer whose page never asked us to capture: the buyer
    // agreed to pay, so it is captured and recorded exactly as their page would have.
    await settleCheckout(session.paypalOrderId);
    return "recorded";
  }
  if (order.status === "VOIDED" || now.getTime() - session.createdAt.getTime() > ORDER_LIFETIME_MS) {
    await close(order.status);
    return "closed";
  }
  await db.checkoutSession.update({ where: { id: session.id }, data: { checkedAt: now, checkResult: order.status } });
  return "open";
}
