import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
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

function subscriberRows(rows: SubscriberRecord[], paid: Awaited<ReturnType<typeof paidBy>>) {
  return rows.map((row) => ({
    ...row,
    payments: paid.get(row.paypalSubscriptionId)?.payments ?? 0,
    totalPaidMinor: paid.get(row.paypalSubscriptionId)?.paidMinor ?? 0,
    canCancel: cancellableStatuses.includes(row.status),
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
  return {
    total,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    pageCount,
    button,
    subscribers: subscriberRows(rows, await paidBy(merchantId, rows)),
  };
}

/**
 * One subscriber with what they have paid and every PayPal event of their subscription (activated, payment
 * failed, suspended, cancelled...). Their payments come from listPayments({ paypalSubscriptionId }).
 */
export async function getSubscriber(merchantId: string, input: z.output<typeof getSubscriberSchema>) {
  const row = await db.subscription.findFirst({ where: { id: input.id, merchantId }, select: subscriberSelect });
  if (!row) throw new AppError("NOT_FOUND", "Subscriber not found");
  const [paid, events] = await Promise.all([
    paidBy(merchantId, [row]),
    db.payPalEvent.findMany({
      where: { subscriptionId: row.id },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      select: { id: true, type: true, state: true, outcome: true, receivedAt: true, processedAt: true },
    }),
  ]);
  const [subscriber] = subscriberRows([row], paid);
  return { ...subscriber!, events };
}
