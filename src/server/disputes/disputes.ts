import { db } from "~/server/platform/db";
import type { ListDisputesInput } from "~/schemas/disputes";
import { isObject, text, type Json } from "~/server/vendors/paypal/event-json";
import { daysUntil } from "~/schemas/disputes";
import { moneyOf } from "~/server/subscriptions/subscriptions";

// PayPal disputes: a buyer's case against a payment, as PayPal's CUSTOMER.DISPUTE.* webhooks describe it. One row
// per case, kept as PayPal last described it (an event older than the one applied changes nothing); the seller sees
// open cases first, by the day PayPal decides without them.

/** The payment a dispute names: PayPal's capture or sale id (the seller's transaction). */
export function disputedTransactionId(resource: Json): string | null {
  const transactions = Array.isArray(resource.disputed_transactions) ? resource.disputed_transactions : [];
  const first: unknown = transactions[0];
  return isObject(first) ? text(first.seller_transaction_id) : null;
}

const dateOf = (value: unknown) => {
  const date = typeof value === "string" ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

/**
 * Applies one dispute event's resource: creates the case or updates it, unless a later description is kept already.
 * Returns the payment it belongs to (null when we have not recorded it), or null when the resource is not a case.
 */
export async function recordDispute(
  merchantId: string,
  resource: Json,
  receivedAt: Date,
): Promise<{ applied: boolean; transactionId: string | null } | null> {
  const paypalDisputeId = text(resource.dispute_id);
  const amount = isObject(resource.dispute_amount)
    ? moneyOf(resource.dispute_amount.value, resource.dispute_amount.currency_code)
    : null;
  if (!paypalDisputeId || !amount) return null;
  const paypalTransactionId = disputedTransactionId(resource);
  const payment = paypalTransactionId
    ? await db.transaction.findFirst({ where: { merchantId, paypalTransactionId }, select: { id: true } })
    : null;
  const updatedAt = dateOf(resource.update_time) ?? receivedAt;
  const outcome = isObject(resource.dispute_outcome) ? text(resource.dispute_outcome.outcome_code) : null;
  const fields = {
    transactionId: payment?.id ?? null,
    paypalTransactionId,
    reason: text(resource.reason) ?? "OTHER",
    stage: text(resource.dispute_life_cycle_stage) ?? "INQUIRY",
    status: text(resource.status) ?? "OPEN",
    amountMinor: amount.amountMinor,
    currency: amount.currency,
    sellerResponseDueAt: dateOf(resource.seller_response_due_date),
    outcome,
    paypalUpdatedAt: updatedAt,
  };
  const created = await db.dispute.createMany({
    data: [{ merchantId, paypalDisputeId, openedAt: dateOf(resource.create_time) ?? updatedAt, ...fields }],
    skipDuplicates: true,
  });
  if (created.count === 1) return { applied: true, transactionId: fields.transactionId };
  // Kept already: this event applies only if it describes the case later than what is kept, and only for its store.
  const { count } = await db.dispute.updateMany({
    where: { paypalDisputeId, merchantId, paypalUpdatedAt: { lte: updatedAt } },
    data: fields,
  });
  return { applied: count === 1, transactionId: fields.transactionId };
}

const disputeSelect = {
  id: true,
  paypalDisputeId: true,
  reason: true,
  stage: true,
  status: true,
  amountMinor: true,
  currency: true,
  sellerResponseDueAt: true,
  outcome: true,
  openedAt: true,
  transaction: { select: { id: true, payerName: true, payerEmail: true, amountMinor: true, currency: true } },
} as const;

/** The store's cases: open ones first, the nearest deadline first; then the resolved, latest first. */
export async function listDisputes(merchantId: string, { show }: ListDisputesInput, now = new Date()) {
  const rows = await db.dispute.findMany({
    where: { merchantId, ...(show === "open" && { status: { not: "RESOLVED" } }) },
    select: disputeSelect,
    orderBy: [{ sellerResponseDueAt: { sort: "asc", nulls: "last" } }, { openedAt: "desc" }],
    take: 500,
  });
  const open = rows.filter((row) => row.status !== "RESOLVED");
  const resolved = rows
    .filter((row) => row.status === "RESOLVED")
    .sort((a, b) => b.openedAt.getTime() - a.openedAt.getTime());
  return {
    rows: [...open, ...resolved].map((row) => ({
      ...row,
      daysLeft: row.status === "RESOLVED" || !row.sellerResponseDueAt ? null : daysUntil(row.sellerResponseDueAt, now),
    })),
  };
}

/** The cases against one payment of the store's, newest first (its detail page). */
export function disputesOfPayment(merchantId: string, transactionId: string) {
  return db.dispute.findMany({
    where: { merchantId, transactionId },
    select: disputeSelect,
    orderBy: { openedAt: "desc" },
  });
}

/** How many cases wait for the seller's answer: the navigation's count. */
export function disputesAwaitingSeller(merchantId: string) {
  return db.dispute.count({ where: { merchantId, status: "WAITING_FOR_SELLER_RESPONSE" } });
}
