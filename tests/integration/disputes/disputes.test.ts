import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { merchantCaller } from "../../support/callers";
import { deliver, startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import { paidOrder } from "./paid-order";
import { sendWebhook } from "../../support/paypal-sandbox";

// PayPal disputes received: CUSTOMER.DISPUTE.* webhooks (signed and verified like every PayPal event) keep one row
// per case, as PayPal last described it, linked to the payment by its capture id; the Disputes screen lists the
// store's cases, open first by deadline, and the payment's page shows its own.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

async function send(event_type: string, resource: Record<string, unknown>) {
  const { delivery } = await sendWebhook(receiver.url, { event_type, resource });
  return delivery.status;
}

let sequence = 0;
/** A dispute as PayPal's webhooks describe it, at `updated` (ISO time). */
function disputeResource(
  captureId: string,
  overrides: { id?: string; status?: string; stage?: string; updated: string; due?: string; outcome?: string },
) {
  return {
    dispute_id: overrides.id ?? `PP-D-${Date.now()}${++sequence}`,
    create_time: "2026-11-20T10:00:00.000Z",
    update_time: overrides.updated,
    disputed_transactions: [{ seller_transaction_id: captureId }],
    reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
    status: overrides.status ?? "WAITING_FOR_SELLER_RESPONSE",
    dispute_amount: { currency_code: "USD", value: "10.00" },
    dispute_life_cycle_stage: overrides.stage ?? "INQUIRY",
    ...(overrides.due && { seller_response_due_date: overrides.due }),
    ...(overrides.outcome && { dispute_outcome: { outcome_code: overrides.outcome } }),
  };
}

describe("PayPal disputes", () => {
  it("keeps one row per case through its events, ignores an older event arriving late, and links the payment", async () => {
    const { merchant, payment, captureId } = await paidOrder();
    const id = `PP-D-${Date.now()}`;
    const created = disputeResource(captureId, {
      id,
      updated: "2026-11-20T10:00:00.000Z",
      due: "2026-12-10T10:00:00.000Z",
    });
    expect(await send("CUSTOMER.DISPUTE.CREATED", created)).toBe(200);
    const escalated = { ...created, update_time: "2026-11-25T10:00:00.000Z", dispute_life_cycle_stage: "CHARGEBACK" };
    expect(await send("CUSTOMER.DISPUTE.UPDATED", escalated)).toBe(200);
    const escalation = receiver.received.at(-1)!;
    // An update PayPal sent before the escalation, delivered after it: the escalation stays.
    const late = { ...created, update_time: "2026-11-22T10:00:00.000Z", status: "UNDER_REVIEW" };
    expect(await send("CUSTOMER.DISPUTE.UPDATED", late)).toBe(200);
    // PayPal delivers the escalation again: the same event.
    expect((await deliver(escalation)).status).toBe(200);

    const rows = await db.dispute.findMany({ where: { paypalDisputeId: id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      merchantId: merchant.id,
      transactionId: payment.id,
      paypalTransactionId: captureId,
      reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      stage: "CHARGEBACK",
      status: "WAITING_FOR_SELLER_RESPONSE",
      amountMinor: 1000,
      currency: "USD",
      sellerResponseDueAt: new Date("2026-12-10T10:00:00.000Z"),
      outcome: null,
      openedAt: new Date("2026-11-20T10:00:00.000Z"),
    });
    // Each event is in the payment's history: four deliveries, three events (the repeat is one).
    const events = await db.payPalEvent.findMany({ where: { resourceId: id }, orderBy: { receivedAt: "asc" } });
    expect(events.map((event) => [event.type, event.state, event.transactionId])).toEqual([
      ["CUSTOMER.DISPUTE.CREATED", "processed", payment.id],
      ["CUSTOMER.DISPUTE.UPDATED", "processed", payment.id],
      ["CUSTOMER.DISPUTE.UPDATED", "processed", payment.id],
    ]);
    expect(events[2]!.outcome).toBe("A later description of this dispute is kept already.");

    const resolved = {
      ...escalated,
      update_time: "2026-11-28T10:00:00.000Z",
      status: "RESOLVED",
      dispute_outcome: { outcome_code: "RESOLVED_SELLER_FAVOUR" },
    };
    expect(await send("CUSTOMER.DISPUTE.RESOLVED", resolved)).toBe(200);
    expect(await db.dispute.findUniqueOrThrow({ where: { paypalDisputeId: id } })).toMatchObject({
      status: "RESOLVED",
      outcome: "RESOLVED_SELLER_FAVOUR",
    });
    const detail = await merchantCaller(merchant).merchant.payments.get({ id: payment.id });
    expect(detail.disputes.map((dispute) => [dispute.paypalDisputeId, dispute.status])).toEqual([[id, "RESOLVED"]]);
  });

  it("lists the store's open cases first by deadline, with the days left, and only its own", async () => {
    const store = await paidOrder();
    const other = await paidOrder();
    const now = Date.now();
    const inDays = (days: number) => new Date(now + days * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    const updated = new Date(now).toISOString();
    const later = disputeResource(store.captureId, { updated, due: inDays(12) });
    const sooner = disputeResource(store.captureId, { updated, due: inDays(2), stage: "CHARGEBACK" });
    const done = disputeResource(store.captureId, { updated, status: "RESOLVED", outcome: "RESOLVED_BUYER_FAVOUR" });
    const theirs = disputeResource(other.captureId, { updated, due: inDays(1) });
    for (const resource of [later, done, sooner]) await send("CUSTOMER.DISPUTE.CREATED", resource);
    await send("CUSTOMER.DISPUTE.CREATED", theirs);

    const caller = merchantCaller(store.merchant).merchant.disputes;
    const open = await caller.list({ show: "open" });
    expect(open.rows.map((row) => [row.paypalDisputeId, row.daysLeft])).toEqual([
      [sooner.dispute_id, 2],
      [later.dispute_id, 12],
    ]);
    const all = await caller.list({ show: "all" });
    expect(all.rows.map((row) => [row.paypalDisputeId, row.daysLeft])).toEqual([
      [sooner.dispute_id, 2],
      [later.dispute_id, 12],
      [done.dispute_id, null],
    ]);
    expect(all.rows.every((row) => row.transaction?.id === store.payment.id)).toBe(true);
    // Another store's payment page shows none of these.
    const detail = await merchantCaller(other.merchant).merchant.payments.get({ id: other.payment.id });
    expect(detail.disputes.map((dispute) => dispute.paypalDisputeId)).toEqual([theirs.dispute_id]);
  });

  it("drops a case for a payment no store of ours has, and a dispute event with no amount", async () => {
    const { captureId } = await paidOrder();
    const stranger = disputeResource("NOT-OURS-0000001", { updated: new Date().toISOString() });
    expect(await send("CUSTOMER.DISPUTE.CREATED", stranger)).toBe(200);
    expect(await db.dispute.count({ where: { paypalDisputeId: stranger.dispute_id } })).toBe(0);
    const { dispute_amount: _amount, ...noAmount } = disputeResource(captureId, { updated: new Date().toISOString() });
    expect(await send("CUSTOMER.DISPUTE.CREATED", noAmount)).toBe(200);
    expect(await db.dispute.count({ where: { paypalDisputeId: noAmount.dispute_id } })).toBe(0);
    const event = await db.payPalEvent.findFirstOrThrow({ where: { resourceId: noAmount.dispute_id } });
    expect(event).toMatchObject({ state: "ignored", outcome: "The event has no dispute id or amount." });
  });
});
