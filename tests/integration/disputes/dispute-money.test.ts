import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { remindDeadlines } from "~/server/disputes/sync";
import { merchantCaller } from "../../support/callers";
import { deliver, startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import { paidOrder } from "./paid-order";
import { sandboxApiBase, sendWebhook } from "../../support/paypal-sandbox";

// What a case does besides being listed: PayPal's reversal and, when the seller wins, the money given back move the
// ledger in the periods they happen (revenue stays the sum of the payments listed); the seller hears of a new case
// and, once, three days before its deadline; and the store's own server gets dispute.* webhooks.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

async function send(event_type: string, resource: Record<string, unknown>) {
  const { delivery } = await sendWebhook(receiver.url, { event_type, resource });
  expect(delivery.status).toBe(200);
}

let sequence = 0;
function dispute(captureId: string, fields: Record<string, unknown>) {
  return {
    dispute_id: `PP-D-${Date.now()}${++sequence}`,
    create_time: "2026-11-20T10:00:00Z",
    disputed_transactions: [{ seller_transaction_id: captureId }],
    reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
    status: "WAITING_FOR_SELLER_RESPONSE",
    dispute_amount: { currency_code: "USD", value: "10.00" },
    dispute_life_cycle_stage: "CHARGEBACK",
    ...fields,
  };
}

/** PAYMENT.CAPTURE.REVERSED's resource: a refund of the capture, made by PayPal at `at`. */
const reversal = (captureId: string, at: string) => ({
  id: `REV${Date.now()}${++sequence}`,
  amount: { currency_code: "USD", value: "10.00" },
  status: "COMPLETED",
  create_time: at,
  links: [{ rel: "up", method: "GET", href: `${sandboxApiBase}/v2/payments/captures/${captureId}` }],
});

const revenueOf = async (merchant: Parameters<typeof merchantCaller>[0]) =>
  (await merchantCaller(merchant).analytics.dashboard({ range: "30d" })).revenue;

describe("a dispute's money", () => {
  it("takes the reversal when PayPal takes it and gives it back once when the seller wins, each in its own period", async () => {
    const { merchant, payment, captureId } = await paidOrder({ merchantWebhook: true });
    expect(await revenueOf(merchant)).toEqual([expect.objectContaining({ currency: "USD", amountMinor: 1000 })]);
    const reversedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const wonAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const opened = dispute(captureId, { update_time: reversedAt });
    await send("CUSTOMER.DISPUTE.CREATED", opened);
    await send("PAYMENT.CAPTURE.REVERSED", reversal(captureId, reversedAt));
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "refunded",
      refundedMinor: 1000,
    });
    expect(await revenueOf(merchant)).toEqual([expect.objectContaining({ amountMinor: 0 })]);

    const won = {
      ...opened,
      update_time: wonAt,
      status: "RESOLVED",
      dispute_outcome: { outcome_code: "RESOLVED_SELLER_FAVOUR" },
    };
    await send("CUSTOMER.DISPUTE.RESOLVED", won);
    // PayPal delivers the resolution again: nothing more comes back.
    expect((await deliver(receiver.received.at(-1)!)).status).toBe(200);
    await send("CUSTOMER.DISPUTE.RESOLVED", { ...won });

    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "completed",
      refundedMinor: 0,
    });
    const rows = await db.refund.findMany({ where: { transactionId: payment.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((row) => [row.kind, row.amountMinor, row.createdAt.toISOString()])).toEqual([
      ["reversal", 1000, new Date(reversedAt).toISOString()],
      ["reversal", -1000, new Date(wonAt).toISOString()],
    ]);
    expect(await revenueOf(merchant)).toEqual([expect.objectContaining({ amountMinor: 1000 })]);
    const detail = await merchantCaller(merchant).merchant.payments.get({ id: payment.id });
    expect(detail.refunds.map((refund) => refund.amountMinor)).toEqual([1000, -1000]);

    // The store's server heard of each step once.
    const deliveries = await db.webhookDelivery.findMany({
      where: { merchantId: merchant.id, eventType: { startsWith: "dispute." } },
      orderBy: { createdAt: "asc" },
    });
    expect(deliveries.map((row) => row.eventType)).toEqual(["dispute.created", "dispute.resolved"]);
    expect(JSON.parse(deliveries[1]!.payload)).toMatchObject({
      type: "dispute.resolved",
      data: { paypal_dispute_id: opened.dispute_id, payment_id: payment.id, outcome: "RESOLVED_SELLER_FAVOUR" },
    });
  });

  it("keeps the reversal when the buyer wins", async () => {
    const { merchant, payment, captureId } = await paidOrder({ merchantWebhook: true });
    const at = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const opened = dispute(captureId, { update_time: at });
    await send("CUSTOMER.DISPUTE.CREATED", opened);
    await send("PAYMENT.CAPTURE.REVERSED", reversal(captureId, at));
    await send("CUSTOMER.DISPUTE.RESOLVED", {
      ...opened,
      update_time: new Date().toISOString(),
      status: "RESOLVED",
      dispute_outcome: { outcome_code: "RESOLVED_BUYER_FAVOUR" },
    });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "refunded",
      refundedMinor: 1000,
    });
    expect(await db.refund.count({ where: { transactionId: payment.id } })).toBe(1);
    expect(await revenueOf(merchant)).toEqual([expect.objectContaining({ amountMinor: 0 })]);
  });

  it("e-mails the seller when a case opens, and once three days before its deadline", async () => {
    const { merchant, captureId } = await paidOrder({ merchantWebhook: true });
    const now = new Date();
    const inDays = (days: number) => new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
    const soon = dispute(captureId, { update_time: now.toISOString(), seller_response_due_date: inDays(2.5) });
    const later = dispute(captureId, { update_time: now.toISOString(), seller_response_due_date: inDays(9) });
    await send("CUSTOMER.DISPUTE.CREATED", soon);
    await send("CUSTOMER.DISPUTE.CREATED", later);
    // A redelivery of the first event sends no second "opened" mail.
    await send("CUSTOMER.DISPUTE.CREATED", soon);

    await remindDeadlines(now);
    await remindDeadlines(now);
    const mails = await db.emailMessage.findMany({
      where: { merchantId: merchant.id, template: { startsWith: "dispute-" } },
      select: { template: true, toAddress: true, payload: true },
    });
    const soonRow = await db.dispute.findUniqueOrThrow({ where: { paypalDisputeId: soon.dispute_id } });
    const laterRow = await db.dispute.findUniqueOrThrow({ where: { paypalDisputeId: later.dispute_id } });
    expect(mails).toHaveLength(3);
    expect(mails).toEqual(
      expect.arrayContaining([
        { template: "dispute-opened", toAddress: merchant.email, payload: { disputeId: soonRow.id } },
        { template: "dispute-opened", toAddress: merchant.email, payload: { disputeId: laterRow.id } },
        { template: "dispute-deadline", toAddress: merchant.email, payload: { disputeId: soonRow.id } },
      ]),
    );
    expect(soonRow.reminderSentAt).not.toBeNull();
    expect(laterRow.reminderSentAt).toBeNull();
  });
});
