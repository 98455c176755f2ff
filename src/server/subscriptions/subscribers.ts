import type { z } from "zod";
import type { Prisma, SubscriptionChangeAction, SubscriptionChangeSource } from "~/generated/prisma/client";
import { settledStatuses } from "~/lib/ledger";
import { db } from "~/server/platform/db";
import { newestPage } from "~/server/platform/paging";
import { AppError } from "~/server/platform/errors";
import type { getSubscriberSchema, listSubscribersSchema } from "~/schemas/subscriptions";

// A seller's subscribers: the subscriptions buyers took out on their subscription buttons, with what each
// has paid. Every query is scoped by the merchant; another merchant's subscription or button is NOT_FOUND.

export const SUBSCRIBERS_PAGE_SIZE = 20;

/** PayPal cancels only a subscription that is running or paused; the others are over or never started. */
const cancellableStatuses: readonly string[] = ["active", "suspended"];

const subscriberSelect = {
  id: true,
  paypalSubscriptionId: true,
  planId: true,
  status: true,
  amountMinor: true,
  currency: true,
  intervalUnit: true,
  intervalCount: true,
  payerId: true,
  payerEmail: true,
  payerName: true,
  nextBillingAt: true,
  lastPaymentAt: true,
  failedPaymentsCount: true,
  lastFailedPaymentAt: true,
  createdAt: true,
  cancelledAt: true,
  button: { select: { id: true, name: true } },
} as const satisfies Prisma.SubscriptionSelect;
type SubscriberRecord = Prisma.SubscriptionGetPayload<{ select: typeof subscriberSelect }>;

/**
 * What each subscription's sales brought in, net of refunds, and how many there were: settled sales in the
 * subscription's own currency (PayPal bills a plan in one currency).
 */
async function paidBy(merchantId: string, rows: SubscriberRecord[]) {
  if (rows.length === 0) return new Map<string, { payments: number; paidMinor: number }>();
  const groups = await db.transaction.groupBy({
    by: ["paypalSubscriptionId", "currency"],
    where: {
      merchantId,
      paypalSubscriptionId: { in: rows.map((row) => row.paypalSubscriptionId) },
      status: { in: [...settledStatuses] },
    },
    _count: { _all: true },
    _sum: { amountMinor: true, refundedMinor: true },
  });
  const currencyOf = new Map(rows.map((row) => [row.paypalSubscriptionId, row.currency]));
  const paid = new Map<string, { payments: number; paidMinor: number }>();
  for (const group of groups) {
    if (!group.paypalSubscriptionId || currencyOf.get(group.paypalSubscriptionId) !== group.currency) continue;
    paid.set(group.paypalSubscriptionId, {
      payments: group._count._all,
      paidMinor: (group._sum.amountMinor ?? 0) - (group._sum.refundedMinor ?? 0),
    });
  }
  return paid;
}

/**
 * The newest change (cancel, pause, resume, change of plan) made to each of `rows` from the buyer portal or by the
 * seller, with the reason given: a fixed three queries for a whole page. A change of plan names the plans by their
 * buttons (the oldest button of a PayPal plan, as the seller named it), or by PayPal's plan id once none is left.
 */
async function latestChanges(merchantId: string, rows: SubscriberRecord[]) {
  const latest = new Map<string, LatestChange>();
  if (rows.length === 0) return latest;
  const newest = await db.$queryRaw<{ id: string }[]>`
    SELECT DISTINCT ON (c.subscription_id) c.id
    FROM subscription_changes c
    JOIN subscriptions s ON s.id = c.subscription_id
    WHERE s.merchant_id = ${merchantId} AND c.subscription_id = ANY(${rows.map((row) => row.id)})
    ORDER BY c.subscription_id, c.created_at DESC, c.id DESC`;
  if (newest.length === 0) return latest;
  const changes = await db.subscriptionChange.findMany({
    where: { id: { in: newest.map((row) => row.id) }, subscription: { merchantId } },
    select: {
      subscriptionId: true,
      action: true,
      source: true,
      reason: true,
      fromPlanId: true,
      toPlanId: true,
      createdAt: true,
    },
  });
  const planIds = [...new Set(changes.flatMap((change) => [change.fromPlanId, change.toPlanId]))].filter(
    (planId): planId is string => planId !== null,
  );
  const buttons =
    planIds.length === 0
      ? []
      : await db.paymentButton.findMany({
          where: { merchantId, subscriptionPlanId: { in: planIds } },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          select: { name: true, subscriptionPlanId: true },
        });
  // Newest first, so the oldest button of a plan is the one left in the map.
  const planName = new Map(buttons.map((button) => [button.subscriptionPlanId, button.name]));
  const nameOf = (planId: string | null) => (planId === null ? null : (planName.get(planId) ?? planId));
  for (const { subscriptionId, fromPlanId, toPlanId, ...change } of changes) {
    latest.set(subscriptionId, { ...change, fromPlan: nameOf(fromPlanId), toPlan: nameOf(toPlanId) });
  }
  return latest;
}

type LatestChange = {
  action: SubscriptionChangeAction;
  source: SubscriptionChangeSource;
  reason: string | null;
  createdAt: Date;
  fromPlan: string | null;
  toPlan: string | null;
};

function subscriberRows(
  rows: SubscriberRecord[],
  paid: Awaited<ReturnType<typeof paidBy>>,
  changes: Map<string, LatestChange>,
) {
  return rows.map((row) => ({
    ...row,
    payments: paid.get(row.paypalSubscriptionId)?.payments ?? 0,
    totalPaidMinor: paid.get(row.paypalSubscriptionId)?.paidMinor ?? 0,
    canCancel: cancellableStatuses.includes(row.status),
    /** The newest change from the buyer portal or by the seller; null when there was none. */
    latestChange: changes.get(row.id) ?? null,
  }));
}

/** The merchant's subscribers, newest first, optionally of one button and one status, 20 a page. */
export async function listSubscribers(merchantId: string, input: z.output<typeof listSubscribersSchema>) {
  const button = input.buttonId
    ? await db.paymentButton.findFirst({
        where: { id: input.buttonId, merchantId },
        select: { id: true, name: true },
      })
    : null;
  if (input.buttonId && !button) throw new AppError("NOT_FOUND", "Payment button not found");
  const where: Prisma.SubscriptionWhereInput = {
    merchantId,
    ...(input.buttonId && { buttonId: input.buttonId }),
    ...(input.status && { status: input.status }),
  };
  const { total, pageCount, rows } = await newestPage(
    input.page,
    SUBSCRIBERS_PAGE_SIZE,
    db.subscription.count({ where }),
    (slice) => db.subscription.findMany({ where, ...slice, select: subscriberSelect }),
  );
  const [paid, changes] = await Promise.all([paidBy(merchantId, rows), latestChanges(merchantId, rows)]);
  return {
    total,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    pageCount,
    button,
    subscribers: subscriberRows(rows, paid, changes),
  };
}

/**
 * One subscriber with what they have paid and every PayPal event of their subscription (activated, payment
 * failed, suspended, cancelled...). Their payments come from listPayments({ paypalSubscriptionId }).
 */
export async function getSubscriber(merchantId: string, input: z.output<typeof getSubscriberSchema>) {
  const row = await db.subscription.findFirst({ where: { id: input.id, merchantId }, select: subscriberSelect });
  if (!row) throw new AppError("NOT_FOUND", "Subscriber not found");
  const [paid, changes, events] = await Promise.all([
    paidBy(merchantId, [row]),
    latestChanges(merchantId, [row]),
    db.payPalEvent.findMany({
      where: { subscriptionId: row.id },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      select: { id: true, type: true, state: true, outcome: true, receivedAt: true, processedAt: true },
    }),
  ]);
  const [subscriber] = subscriberRows([row], paid, changes);
  return { ...subscriber!, events };
}
