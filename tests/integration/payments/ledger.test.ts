import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getDashboard } from "~/server/analytics/analytics";
import { queueForgottenDeliveries } from "~/server/merchant-webhooks";
import { rotateWebhookSecret, updateWebhookUrl } from "~/server/merchant-webhooks/settings";
import { reconcileCheckouts } from "~/server/checkout/reconciliation";
import { refundPayment } from "~/server/payments/refunds";
import { cancelSubscription, syncSubscription } from "~/server/subscriptions/subscriptions";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton, createSubscriptionButton } from "../../factories/payment-button";
import { connectPayPal } from "../../factories/store-settings";
import { createSubscription as createSubscriptionRow } from "../../factories/subscription";
import { buyerApi } from "../../support/buyer-api";
import { type Delivery, deliver as deliverToApp, startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import {
  approveOrder,
  approveSubscription,
  billSubscription,
  captureAtPayPal,
  createPlan,
  createSubscription,
  refundAtPayPal,
  registerWebhook,
  sandboxApiBase,
  waitForDelivery,
} from "../../support/paypal-sandbox";
import { createSeller } from "../../factories/seller";

// Money that adds up, end to end against the PayPal sandbox, which sends its events to the app's
// webhook route as PayPal would (tests/support/paypal-webhook-receiver.ts applies each one as its job would).
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let webhookUrl: string;
let received: Delivery[];
const deliver = (body: string, headers: Headers) => deliverToApp({ body, headers });

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  webhookUrl = receiver.url;
  received = receiver.received;
});
afterAll(() => receiver.close());

/** A merchant connected to PayPal whose app sends its webhooks here. */
async function seller() {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const webhookId = await registerWebhook(clientId, webhookUrl);
  await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { paypalWebhookId: webhookId } });
  return { merchant, clientId };
}

async function paidOrder(amountMinor = 1250) {
  const { merchant, clientId } = await seller();
  const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId, amountMinor });
  const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
  await approveOrder(orderId);
  const result = await buyerApi().captureOrder({ buttonId: button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { merchant, clientId, button, orderId, result, payment };
}

async function subscriber(plan: { price: string; intervalUnit?: "MONTH" | "YEAR" } = { price: "10.00" }) {
  const { merchant, clientId } = await seller();
  const planId = await createPlan(clientId, plan);
  const button = await createSubscriptionButton(db, merchant.id, { clientId, planId });
  const subscriptionId = await createSubscription(clientId, planId, button.id);
  await approveSubscription(subscriptionId);
  await buyerApi().recordSubscription({ buttonId: button.id, subscriptionId });
  const row = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: subscriptionId } });
  return { merchant, clientId, button, subscriptionId, row };
}

/** Waits for the sandbox to have delivered an event of `type` whose body mentions `text` (e.g. a subscription id). */
const deliveredAbout = (type: string, text: string) =>
  waitForDelivery(
    (d) => d.event_type === type && received.some((r) => JSON.parse(r.body).id === d.event_id && r.body.includes(text)),
  );

const salesOf = (subscriptionId: string) =>
  db.transaction.findMany({ where: { paypalSubscriptionId: subscriptionId }, orderBy: { createdAt: "asc" } });

const usdRevenue = async (merchantId: string) =>
  (await getDashboard(merchantId, { range: "30d", granularity: "day", timeZone: "UTC" })).revenue.find(
    (tile) => tile.currency === "USD",
  )?.amountMinor ?? 0;

describe("one id per purchase", () => {
  it("shows the buyer PayPal's capture id, the one the seller's payment is recorded under", async () => {
    const { result, payment, orderId } = await paidOrder();
    expect(payment.paypalTransactionId).toMatch(/^[A-Z0-9]{17}$/);
    expect(result.paymentId).toBe(payment.paypalTransactionId);
    expect(payment.paypalOrderId).toBe(orderId);
    expect(payment.paypalTransactionId).not.toBe(orderId);
  });
});

describe("subscriptions", () => {
  it("records the sign-up's sale and each renewal once, with the plan's price", async () => {
    const { subscriptionId, row } = await subscriber({ price: "10.00" });
    expect(row).toMatchObject({ status: "active", amountMinor: 1000, intervalUnit: "MONTH", intervalCount: 1 });
    // The first cycle's sale: found by the sign-up's own read of PayPal, and by its webhook; recorded once.
    await deliveredAbout("PAYMENT.SALE.COMPLETED", subscriptionId);
    expect(await salesOf(subscriptionId)).toHaveLength(1);

    const renewal = await billSubscription(subscriptionId);
    const saleId = (renewal.sale as { id: string } | undefined)?.id;
    await waitForDelivery((d) => d.event_type === "PAYMENT.SALE.COMPLETED" && d.resource_id === saleId);
    const sales = await salesOf(subscriptionId);
    expect(sales).toHaveLength(2);
    // Found by id: a sale is dated by PayPal's clock, and the sign-up's and the renewal's may share a second.
    const renewalSale = sales.find((sale) => sale.paypalTransactionId === saleId);
    expect(renewalSale).toMatchObject({
      paypalTransactionId: saleId,
      paypalOrderId: null,
      amountMinor: 1000,
      status: "completed",
    });

    // The same sale again, by a redelivery and by the reconciliation: still two.
    const last = received.findLast((r) => JSON.parse(r.body).event_type === "PAYMENT.SALE.COMPLETED")!;
    expect((await deliver(last.body, last.headers)).status).toBe(200);
    await syncSubscription(row.id);
    expect(await salesOf(subscriptionId)).toHaveLength(2);
    const after = await db.subscription.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.lastPaymentAt).toEqual(renewalSale!.createdAt);
    expect(after.nextBillingAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("counts a failed renewal and takes no payment", async () => {
    const { subscriptionId, row } = await subscriber();
    await deliveredAbout("PAYMENT.SALE.COMPLETED", subscriptionId);
    const before = (await salesOf(subscriptionId)).length;
    await billSubscription(subscriptionId, { fail: true });
    await waitForDelivery(
      (d) => d.event_type === "BILLING.SUBSCRIPTION.PAYMENT.FAILED" && d.resource_id === subscriptionId,
    );
    expect(await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "active",
      failedPaymentsCount: 1,
      lastFailedPaymentAt: expect.any(Date),
    });
    expect(await salesOf(subscriptionId)).toHaveLength(before);
  });

  it("cancels at PayPal from the dashboard; another merchant cannot", async () => {
    const { merchant, clientId, subscriptionId, row } = await subscriber();
    const other = await createMerchant(db);
    await expect(cancelSubscription(other.id, { subscriptionId: row.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    expect(await cancelSubscription(merchant.id, { subscriptionId: row.id, reason: "Asked by the buyer" })).toEqual({
      status: "cancelled",
    });
    const token = await tokenOf(clientId);
    const atPayPal = await fetch(`${sandboxApiBase()}/v1/billing/subscriptions/${subscriptionId}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ status: string }>);
    expect(atPayPal.status).toBe("CANCELLED");
    expect(await db.subscription.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "cancelled",
      cancelledAt: expect.any(Date),
    });
    // Cancelling again is harmless.
    expect(await cancelSubscription(merchant.id, { subscriptionId: row.id })).toEqual({ status: "cancelled" });
  });

  it("counts every plan per month in MRR", async () => {
    const merchant = await createMerchant(db);
    await createSubscriptionRow(db, merchant.id, { amountMinor: 1000, intervalUnit: "MONTH", intervalCount: 1 });
    await createSubscriptionRow(db, merchant.id, { amountMinor: 12000, intervalUnit: "YEAR", intervalCount: 1 });
    await createSubscriptionRow(db, merchant.id, { amountMinor: 3000, intervalUnit: "MONTH", intervalCount: 3 });
    await createSubscriptionRow(db, merchant.id, { amountMinor: 99999, status: "cancelled" });
    const dashboard = await getDashboard(merchant.id, { range: "30d", granularity: "day", timeZone: "UTC" });
    expect(dashboard.monthlyRecurringRevenue).toEqual([
      expect.objectContaining({ currency: "USD", amountMinor: 1000 + 1000 + 1000 }),
    ]);
    expect(dashboard.activeSubscribers.current).toBe(3);
  });
});

async function tokenOf(clientId: string) {
  const { sandboxSecretFor } = await import("../../../sandbox/paypal");
  const response = await fetch(`${sandboxApiBase()}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${sandboxSecretFor(clientId)}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe("refunds", () => {
  it("refunds part then the rest from the dashboard: status and revenue at each step, PayPal's webhooks add nothing", async () => {
    const { merchant, payment } = await paidOrder(1250);
    expect(await usdRevenue(merchant.id)).toBe(1250);

    const first = await refundPayment(merchant.id, {
      paymentId: payment.id,
      amountMinor: 500,
      reason: "Missing one pattern",
      idempotencyKey: randomUUID(),
    });
    expect(first).toMatchObject({ amountMinor: 500, status: "partially_refunded", refundedMinor: 500 });
    expect(await usdRevenue(merchant.id)).toBe(750);

    // More than is left is refused before PayPal is asked.
    await expect(
      refundPayment(merchant.id, { paymentId: payment.id, amountMinor: 751, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "INVALID", message: "The refund cannot be more than what is left to refund." });

    const rest = await refundPayment(merchant.id, { paymentId: payment.id, idempotencyKey: randomUUID() });
    expect(rest).toMatchObject({ amountMinor: 750, status: "refunded", refundedMinor: 1250 });
    expect(await usdRevenue(merchant.id)).toBe(0);

    // PayPal's own PAYMENT.CAPTURE.REFUNDED for both arrive and are applied: nothing changes.
    await waitForDelivery((d) => d.event_type === "PAYMENT.CAPTURE.REFUNDED" && d.resource_id === rest.paypalRefundId);
    const refunds = await db.refund.findMany({ where: { transactionId: payment.id }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((r) => [r.amountMinor, r.source])).toEqual([
      [500, "dashboard"],
      [750, "dashboard"],
    ]);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      amountMinor: 1250,
      refundedMinor: 1250,
      status: "refunded",
    });
    await expect(
      refundPayment(merchant.id, { paymentId: payment.id, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "INVALID", message: "This payment has been refunded in full already." });
  });

  it("refunds once for a repeated click (the same idempotency key)", async () => {
    const { merchant, payment } = await paidOrder(2000);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      refundPayment(merchant.id, { paymentId: payment.id, amountMinor: 300, idempotencyKey: key }),
      refundPayment(merchant.id, { paymentId: payment.id, amountMinor: 300, idempotencyKey: key }),
    ]);
    expect(a.paypalRefundId).toBe(b.paypalRefundId);
    expect(await db.refund.count({ where: { transactionId: payment.id } })).toBe(1);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({ refundedMinor: 300 });
  });

  it("records a refund made at PayPal once, however often its webhook comes", async () => {
    const { merchant, payment } = await paidOrder(1250);
    await refundAtPayPal("captures", payment.paypalTransactionId!, "5.00");
    const ofThisPayment = (eventId: string) =>
      received.find((r) => JSON.parse(r.body).id === eventId && r.body.includes(payment.paypalTransactionId!));
    const delivery = await waitForDelivery(
      (d) => d.event_type === "PAYMENT.CAPTURE.REFUNDED" && ofThisPayment(d.event_id) !== undefined,
    );
    const event = ofThisPayment(delivery.event_id)!;
    expect((await deliver(event.body, event.headers)).status).toBe(200);
    const refunds = await db.refund.findMany({ where: { transactionId: payment.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountMinor: 500, source: "paypal" });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: "partially_refunded",
      refundedMinor: 500,
    });
    expect(await usdRevenue(merchant.id)).toBe(750);
    const history = await db.payPalEvent.findMany({ where: { transactionId: payment.id } });
    expect(history.map((e) => e.type)).toContain("PAYMENT.CAPTURE.REFUNDED");
  });

  it("refuses another merchant's payment", async () => {
    const { payment } = await paidOrder();
    const other = await createMerchant(db);
    await expect(
      refundPayment(other.id, { paymentId: payment.id, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("merchant webhooks of the ledger", () => {
  it("records a refund's event with the refund itself, and the sweep queues one whose job was never queued", async () => {
    const { merchant, payment } = await paidOrder(1250);
    await updateWebhookUrl(merchant.id, { url: "https://hooks.example.com/popkit" });
    await rotateWebhookSecret(merchant.id);
    const refund = await refundPayment(merchant.id, {
      paymentId: payment.id,
      amountMinor: 500,
      idempotencyKey: randomUUID(),
    });
    const [delivery] = await db.webhookDelivery.findMany({ where: { merchantId: merchant.id } });
    expect(delivery).toMatchObject({ eventType: "payment.refunded", url: "https://hooks.example.com/popkit" });
    expect(JSON.parse(delivery!.payload)).toMatchObject({
      type: "payment.refunded",
      data: {
        id: payment.paypalTransactionId,
        status: "partially_refunded",
        refunded: 500,
        refund: { id: refund.paypalRefundId, amount: 500 },
      },
    });

    // A crash between the commit and the queueing: the row is there, its job is not.
    const forgotten = await db.webhookDelivery.create({
      data: {
        id: `msg_forgotten${randomUUID().slice(0, 8)}`,
        merchantId: merchant.id,
        url: "https://hooks.example.com/popkit",
        eventType: "payment.completed",
        payload: "{}",
        createdAt: new Date(Date.now() - 2 * 60_000),
      },
    });
    expect(await queueForgottenDeliveries()).toBeGreaterThanOrEqual(1);
    const jobs = await db.$queryRaw<{ count: number }[]>`
      SELECT COUNT(*)::int AS count FROM pgboss.job
       WHERE name = 'merchant-webhook.deliver' AND data->>'deliveryId' = ${forgotten.id}`;
    expect(jobs[0]!.count).toBe(1);
  });
});

describe("nothing paid is lost", () => {
  it("records a capture PayPal made that we never recorded, from its webhook", async () => {
    const { merchant, clientId } = await seller();
    const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId, amountMinor: 1900 });
    const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    // Our capture reached PayPal, but our write never happened (a crash, a closed tab).
    const captured = await captureAtPayPal(clientId, orderId);
    await waitForDelivery(
      (d) => d.event_type === "PAYMENT.CAPTURE.COMPLETED" && JSON.stringify(captured).includes(d.resource_id),
    );
    const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(payment).toMatchObject({ amountMinor: 1900, status: "completed", merchantId: merchant.id });
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } })).toMatchObject({
      settledAt: expect.any(Date),
    });
  });

  it("the pass at start-up records a young checkout PayPal captured and leaves a young approved one to its buyer", async () => {
    // No webhook registered: only the pass can record what PayPal captured.
    const { merchant, clientId, button } = await createSeller(db, { amountMinor: 800 });
    const captured = (await buyerApi().createOrder({ buttonId: button.id })).orderId;
    await approveOrder(captured);
    // A crash between PayPal's capture and our write, a few seconds ago.
    await captureAtPayPal(clientId, captured);
    const approved = (await buyerApi().createOrder({ buttonId: button.id })).orderId;
    await approveOrder(approved);

    // The scheduled pass leaves both to the buyers' pages for now.
    expect(await reconcileCheckouts({ merchantId: merchant.id })).toMatchObject({ checked: 0, recorded: 0 });
    const report = await reconcileCheckouts({ merchantId: merchant.id, includeRecent: true });
    expect(report).toMatchObject({ checked: 2, recorded: 1, errors: 0 });
    expect(await db.transaction.findUnique({ where: { paypalOrderId: captured } })).toMatchObject({
      amountMinor: 800,
      status: "completed",
    });
    // Not captured by the pass: the buyer's page is still capturing it.
    expect(await db.transaction.findUnique({ where: { paypalOrderId: approved } })).toBeNull();
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: approved } })).toMatchObject({
      settledAt: null,
      checkedAt: null,
    });
  });

  it("the reconciliation captures and records an approved checkout whose buyer never came back, and closes the rest", async () => {
    const { merchant, clientId } = await seller();
    const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId, amountMinor: 700 });
    const approved = (await buyerApi().createOrder({ buttonId: button.id })).orderId;
    await approveOrder(approved);
    const abandoned = (await buyerApi().createOrder({ buttonId: button.id })).orderId;
    const old = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);
    await db.checkoutSession.updateMany({
      where: { paypalOrderId: { in: [approved, abandoned] } },
      data: { createdAt: new Date(Date.now() - 10 * 60 * 1000) },
    });
    await db.checkoutSession.update({ where: { paypalOrderId: abandoned }, data: { createdAt: old } });

    const report = await reconcileCheckouts({ merchantId: merchant.id });
    expect(report).toMatchObject({ checked: 2, recorded: 1, closed: 2, errors: 0 });
    expect(await db.transaction.findUnique({ where: { paypalOrderId: approved } })).toMatchObject({
      amountMinor: 700,
      status: "completed",
    });
    expect(await db.transaction.findUnique({ where: { paypalOrderId: abandoned } })).toBeNull();
    const sessions = await db.checkoutSession.findMany({ where: { paypalOrderId: { in: [approved, abandoned] } } });
    expect(sessions.every((session) => session.settledAt !== null)).toBe(true);
    // A second run finds nothing left to do.
    const again = await reconcileCheckouts({ merchantId: merchant.id });
    expect(again).toMatchObject({ checked: 0, recorded: 0, errors: 0 });
    expect(await db.transaction.count({ where: { paypalOrderId: approved } })).toBe(1);
  });
});
