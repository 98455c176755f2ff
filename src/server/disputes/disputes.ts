import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import type { ListDisputesInput } from "~/schemas/disputes";
import { isObject, text, type Json } from "~/server/vendors/paypal/event-json";
import { daysUntil } from "~/schemas/disputes";
import { moneyOf } from "~/server/subscriptions/subscriptions";
import { recordEmail } from "~/server/email";
import { recordMerchantEvent, type MerchantEventType } from "~/server/merchant-webhooks";
import { emptyOutbox, sendOutbox, type Outbox } from "~/server/payments/outbox";
import { recordReinstatement } from "~/server/payments/ledger";
import { revokeGrantsForTransaction } from "~/server/library/downloads";
import { disableKeysOfRefundedPayment } from "~/server/licenses/issuing";

// PayPal disputes: a buyer's case against a payment, as PayPal's CUSTOMER.DISPUTE.* webhooks and its Disputes API
// describe it. One row per case, kept as PayPal last described it (a description older than the one kept changes
// nothing, whichever way it came: a webhook, a late redelivery or the scheduled pull); the seller sees open cases
// first, by the day PayPal decides without them. A case's end moves money once: a win gives back what PayPal
// reversed, a loss ends the buyer's access to what the payment bought.

type Tx = Prisma.TransactionClient;

export const DISPUTE_NOT_FOUND = "Dispute not found.";
export const CASE_CLOSED = "This case is closed: PayPal has resolved it.";

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

/** A case's messages as kept: who wrote, when, what. */
export interface DisputeMessage {
  postedBy: string;
  at: string | null;
  content: string;
}

function messagesOf(resource: Json): DisputeMessage[] {
  const messages = Array.isArray(resource.messages) ? resource.messages.filter(isObject) : [];
  return messages.flatMap((message) => {
    const content = text(message.content);
    return content ? [{ postedBy: text(message.posted_by) ?? "BUYER", at: text(message.time_posted), content }] : [];
  });
}

/** The case's fields a resource describes; null when it is not a case (no id or amount). */
function caseFields(resource: Json, receivedAt: Date) {
  const paypalDisputeId = text(resource.dispute_id);
  const amount = isObject(resource.dispute_amount)
    ? moneyOf(resource.dispute_amount.value, resource.dispute_amount.currency_code)
    : null;
  if (!paypalDisputeId || !amount) return null;
  const updatedAt = dateOf(resource.update_time) ?? receivedAt;
  return {
    paypalDisputeId,
    openedAt: dateOf(resource.create_time) ?? updatedAt,
    described: {
      paypalTransactionId: disputedTransactionId(resource),
      reason: text(resource.reason) ?? "OTHER",
      stage: text(resource.dispute_life_cycle_stage) ?? "INQUIRY",
      status: text(resource.status) ?? "OPEN",
      amountMinor: amount.amountMinor,
      currency: amount.currency,
      sellerResponseDueAt: dateOf(resource.seller_response_due_date),
      outcome: isObject(resource.dispute_outcome) ? text(resource.dispute_outcome.outcome_code) : null,
      messages: messagesOf(resource),
      paypalUpdatedAt: updatedAt,
    },
  };
}

type Described = NonNullable<ReturnType<typeof caseFields>>["described"];

/** Whether the kept case differs from a description in anything PayPal says (its times have whole seconds). */
const differs = (kept: Record<string, unknown>, next: Described) =>
  (Object.keys(next) as (keyof Described)[]).some(
    (key) => key !== "paypalUpdatedAt" && JSON.stringify(kept[key]) !== JSON.stringify(next[key]),
  );

const keptSelect = {
  id: true,
  transactionId: true,
  paypalTransactionId: true,
  reason: true,
  stage: true,
  status: true,
  amountMinor: true,
  currency: true,
  sellerResponseDueAt: true,
  outcome: true,
  messages: true,
  paypalUpdatedAt: true,
} as const;

/** The `dispute.*` merchant webhook's data: the case as the seller's own server reads it. */
function eventData(id: string, merchantCase: Described, transactionId: string | null, paypalDisputeId: string) {
  return {
    id,
    paypal_dispute_id: paypalDisputeId,
    payment_id: transactionId,
    paypal_transaction_id: merchantCase.paypalTransactionId,
    reason: merchantCase.reason,
    stage: merchantCase.stage,
    status: merchantCase.status,
    outcome: merchantCase.outcome,
    amount: merchantCase.amountMinor,
    currency: merchantCase.currency,
    seller_response_due_at: merchantCase.sellerResponseDueAt?.toISOString() ?? null,
    updated_at: merchantCase.paypalUpdatedAt.toISOString(),
  };
}

async function sellerEmailOf(tx: Tx, merchantId: string) {
  const merchant = await tx.merchant.findUnique({ where: { id: merchantId }, select: { email: true } });
  return merchant?.email ?? null;
}

/**
 * Applies one description of a case (a webhook's resource, or the Disputes API's answer to the pull): creates the
 * case or updates it, unless the kept description is as late and the same, or later. A new case e-mails the seller;
 * every change is a `dispute.*` merchant webhook. Returns the payment it belongs to (null when we have not recorded
 * it: the case is kept for staff), or null when the resource is not a case.
 */
export async function recordDispute(
  merchantId: string,
  resource: Json,
  receivedAt: Date,
): Promise<{ applied: boolean; transactionId: string | null } | null> {
  const fields = caseFields(resource, receivedAt);
  if (!fields) return null;
  const { paypalDisputeId, openedAt, described } = fields;
  const payment = described.paypalTransactionId
    ? await db.transaction.findFirst({
        where: { merchantId, paypalTransactionId: described.paypalTransactionId },
        select: { id: true, buttonId: true },
      })
    : null;
  const transactionId = payment?.id ?? null;
  const outcome = await db.$transaction(async (tx) => {
    const data = { ...described, messages: described.messages as unknown as Prisma.InputJsonValue, transactionId };
    const [created] = await tx.dispute.createManyAndReturn({
      data: [{ merchantId, paypalDisputeId, openedAt, ...data }],
      skipDuplicates: true,
      select: { id: true },
    });
    let id: string;
    let type: MerchantEventType;
    if (created) {
      id = created.id;
      type = "dispute.created";
    } else {
      // Kept already: locked, so a webhook and the pull describing the case at once apply one after the other.
      const [locked] = await tx.$queryRaw<{ id: string }[]>`
        SELECT id FROM disputes WHERE paypal_dispute_id = ${paypalDisputeId} AND merchant_id = ${merchantId}
        FOR UPDATE`;
      if (!locked) return null;
      const kept = await tx.dispute.findUniqueOrThrow({ where: { id: locked.id }, select: keptSelect });
      const isLater = described.paypalUpdatedAt > kept.paypalUpdatedAt;
      const isSameTime = described.paypalUpdatedAt.getTime() === kept.paypalUpdatedAt.getTime();
      if (!isLater && !(isSameTime && differs(kept, described))) return null;
      await tx.dispute.update({ where: { id: kept.id }, data });
      id = kept.id;
      type = described.status === "RESOLVED" && kept.status !== "RESOLVED" ? "dispute.resolved" : "dispute.updated";
    }
    const outbox: Outbox = emptyOutbox();
    outbox.deliveries.push(
      ...(await recordMerchantEvent(tx, {
        merchantId,
        type,
        buttonId: payment?.buttonId ?? null,
        data: eventData(id, described, transactionId, paypalDisputeId),
      })),
    );
    const seller = type === "dispute.created" ? await sellerEmailOf(tx, merchantId) : null;
    if (seller && described.status !== "RESOLVED") {
      const mail = await recordEmail(tx, {
        template: "dispute-opened",
        to: seller,
        payload: { disputeId: id },
        merchantId,
        key: `dispute-opened:${id}`,
      });
      if (mail) outbox.emails.push(mail);
    }
    return { id, outbox };
  });
  if (outcome) await sendOutbox(outcome.outbox);
  if (described.status === "RESOLVED" && transactionId) {
    await settleResolvedCase(paypalDisputeId, transactionId, described);
  }
  return { applied: outcome !== null, transactionId };
}

/** Outcomes in which the seller keeps the money: what PayPal reversed for the case comes back. */
const SELLER_KEEPS = new Set(["RESOLVED_SELLER_FAVOUR", "CANCELED_BY_BUYER", "DENIED"]);

/**
 * The end of a case, applied each time a resolved case is described (every step is idempotent, so a crash between
 * recording the case and this is mended by the next description): the seller won, so what PayPal reversed comes
 * back in the ledger; or the buyer won, so a payment refunded in full stops delivering (its file, its keys).
 */
async function settleResolvedCase(paypalDisputeId: string, transactionId: string, described: Described) {
  if (described.outcome && SELLER_KEEPS.has(described.outcome)) {
    await recordReinstatement(transactionId, {
      paypalId: `${paypalDisputeId}-REINSTATED`,
      capMinor: described.amountMinor,
      reason: `PayPal returned the money: case ${paypalDisputeId} was resolved in your favour.`,
      createdAt: described.paypalUpdatedAt,
    });
    return;
  }
  const outbox = await db.$transaction(async (tx) => {
    const payment = await tx.transaction.findUnique({ where: { id: transactionId }, select: { status: true } });
    if (payment?.status !== "refunded") return emptyOutbox();
    await revokeGrantsForTransaction(transactionId, tx);
    return disableKeysOfRefundedPayment(tx, transactionId);
  });
  await sendOutbox(outbox);
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
  accessPaused: true,
  answer: true,
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

/** One case of the store's, or NOT_FOUND (another store's case is not told apart from none). */
export async function ownDispute(merchantId: string, disputeId: string) {
  const row = await db.dispute.findFirst({
    where: { id: disputeId, merchantId },
    select: {
      ...disputeSelect,
      paypalTransactionId: true,
      messages: true,
      answeredAt: true,
      answerNote: true,
      transactionId: true,
    },
  });
  if (!row) throw new AppError("NOT_FOUND", DISPUTE_NOT_FOUND);
  return { ...row, messages: row.messages as unknown as DisputeMessage[] };
}

/** The seller pauses (or resumes) the buyer's downloads and license keys of the payment while the case is open. */
export async function setAccessPaused(merchantId: string, disputeId: string, paused: boolean) {
  const dispute = await ownDispute(merchantId, disputeId);
  if (dispute.status === "RESOLVED") throw new AppError("CONFLICT", CASE_CLOSED);
  await db.dispute.update({ where: { id: dispute.id }, data: { accessPaused: paused } });
  return { accessPaused: paused };
}
