import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { type SandboxPlanInput, type WebhookDelivery, startPayPalSandbox } from "../../sandbox/paypal";
import { listen, newMerchant, paypalSandboxPerFile, verification } from "./paypal-api";

// Short retry delays keep the failure cases fast; the count (5 attempts) is the default's.
const { sandbox, call } = paypalSandboxPerFile({ webhookRetryDelaysMs: [20, 40, 80, 160] });

const usd = (value: string) => ({ currency_code: "USD", value });

async function register(token: string, url: string, names: string[] = ["*"]) {
  const { status, body } = await call("/v1/notifications/webhooks", {
    token,
    json: { url, event_types: names.map((name) => ({ name })) },
  });
  expect(status).toBe(201);
  return body.id as string;
}

async function captureOrder(token: string, value = "10.00") {
  const order = await call("/v2/checkout/orders", {
    token,
    json: { intent: "CAPTURE", purchase_units: [{ amount: usd(value), custom_id: "btn_hook" }] },
  });
  sandbox().sandbox.approveOrder(order.body.id);
  const done = await call(`/v2/checkout/orders/${order.body.id}/capture`, { token, json: {} });
  return { orderId: order.body.id as string, captureId: done.body.purchase_units[0].payments.captures[0].id as string };
}

/** A buyer approves a subscription to a new USD plan of the merchant's, billed every one `intervalUnit`. */
async function approvedSubscription(
  merchant: { clientId: string; token: string },
  price: string,
  intervalUnit: SandboxPlanInput["intervalUnit"],
) {
  const planId = sandbox().sandbox.createPlan({
    clientId: merchant.clientId,
    price,
    currency: "USD",
    intervalUnit,
    intervalCount: 1,
  });
  const created = await call("/v1/billing/subscriptions", { token: merchant.token, json: { plan_id: planId } });
  sandbox().sandbox.approveSubscription(created.body.id);
  return created.body.id as string;
}

const settled = (webhookId: string, count: number) => (all: WebhookDelivery[]) =>
  all.filter((d) => d.webhook_id === webhookId && !d.pending).length >= count;

describe("Webhooks Management", () => {
  it("registers, lists and deletes an app's webhooks", async () => {
    const { token } = await newMerchant(sandbox());
    const created = await call("/v1/notifications/webhooks", {
      token,
      json: {
        url: "https://shop.example.com/hooks/paypal",
        event_types: [{ name: "PAYMENT.CAPTURE.COMPLETED" }, { name: "PAYMENT.CAPTURE.REFUNDED" }],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      url: "https://shop.example.com/hooks/paypal",
      event_types: [
        { name: "PAYMENT.CAPTURE.COMPLETED", description: "A payment capture completes." },
        { name: "PAYMENT.CAPTURE.REFUNDED", description: "A merchant refunds a payment capture." },
      ],
    });
    const other = await newMerchant(sandbox());
    expect((await call("/v1/notifications/webhooks", { token: other.token })).body).toEqual({ webhooks: [] });
    expect((await call("/v1/notifications/webhooks", { token })).body.webhooks).toEqual([created.body]);

    const duplicate = await call("/v1/notifications/webhooks", {
      token,
      json: { url: "https://shop.example.com/hooks/paypal", event_types: [{ name: "*" }] },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({
      name: "WEBHOOK_URL_ALREADY_EXISTS",
      message: "Webhook URL already exists.",
    });
    expect((await register(other.token, "https://shop.example.com/hooks/paypal")).length).toBe(17);

    const remove = () => call(`/v1/notifications/webhooks/${created.body.id}`, { token, method: "DELETE" });
    expect((await remove(), (await call("/v1/notifications/webhooks", { token })).body.webhooks)).toEqual([]);
    const gone = await remove();
    expect(gone.status).toBe(404);
    expect(gone.body.name).toBe("INVALID_RESOURCE_ID");
  });

  it.each([
    [{ url: "not a url", event_types: [{ name: "*" }] }, "url"],
    [{ url: "ftp://shop.example.com/x", event_types: [{ name: "*" }] }, "url"],
    [{ url: "https://shop.example.com/x", event_types: [] }, "event_types"],
    [{ url: "https://shop.example.com/x", event_types: [{ name: "payment captured" }] }, "event_types[0].name"],
  ])("rejects %j with VALIDATION_ERROR at %s", async (json, field) => {
    const { token } = await newMerchant(sandbox());
    const { status, body } = await call("/v1/notifications/webhooks", { token, json });
    expect(status).toBe(400);
    expect(body).toMatchObject({ name: "VALIDATION_ERROR", details: [{ field }] });
  });

  it("allows ten webhooks per app", async () => {
    const { token } = await newMerchant(sandbox());
    for (let i = 0; i < 10; i++) await register(token, `https://shop.example.com/hooks/${i}`);
    const eleventh = await call("/v1/notifications/webhooks", {
      token,
      json: { url: "https://shop.example.com/hooks/10", event_types: [{ name: "*" }] },
    });
    expect(eleventh.body.name).toBe("WEBHOOK_NUMBER_LIMIT_EXCEEDED");
  });
});

describe("Automatic delivery", () => {
  it("POSTs a signed PAYMENT.CAPTURE.COMPLETED that verifies for the registered webhook id", async () => {
    const { token } = await newMerchant(sandbox());
    const listener = await listen();
    const webhookId = await register(token, listener.url, ["PAYMENT.CAPTURE.COMPLETED"]);
    const { orderId, captureId } = await captureOrder(token);
    const [delivery] = await listener.next(1);
    expect(delivery!.headers["paypal-auth-algo"]).toBe("SHA256withRSA");
    expect(delivery!.event).toMatchObject({
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource_type: "capture",
      resource_version: "2.0",
      resource: {
        id: captureId,
        status: "COMPLETED",
        custom_id: "btn_hook",
        supplementary_data: { related_ids: { order_id: orderId } },
        seller_receivable_breakdown: { net_amount: usd("9.16") },
      },
    });
    const verify = (json: unknown) => call("/v1/notifications/verify-webhook-signature", { token, json });
    expect((await verify(verification(delivery!, webhookId))).body.verification_status).toBe("SUCCESS");
    expect((await verify(verification(delivery!, "SANDBOXWEBHOOK0000001"))).body.verification_status).toBe("FAILURE");

    const [logged] = await sandbox().sandbox.waitForWebhookDeliveries(settled(webhookId, 1));
    const log = (await call("/__sandbox/webhooks/deliveries")).body as WebhookDelivery[];
    const entry = log.find((d) => d.webhook_id === webhookId);
    expect(entry).toEqual({
      event_id: delivery!.event.id,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource_id: captureId,
      webhook_id: webhookId,
      url: listener.url,
      attempts: 1,
      last_status: 200,
      delivered: true,
      pending: false,
    });
    expect(logged).toBeDefined();
  });

  it("sends only subscribed events, and only to the app that owns the resource", async () => {
    const owner = await newMerchant(sandbox());
    const stranger = await newMerchant(sandbox());
    const listener = await listen();
    const subscriptionsOnly = await register(owner.token, `${listener.url}?only=subs`, [
      "BILLING.SUBSCRIPTION.ACTIVATED",
    ]);
    const strangers = await register(stranger.token, `${listener.url}?stranger`);
    const everything = await register(owner.token, listener.url);
    await captureOrder(owner.token);
    await sandbox().sandbox.waitForWebhookDeliveries(settled(everything, 1));
    const sent = sandbox().sandbox.webhookDeliveries();
    expect(sent.filter((d) => d.webhook_id === everything).map((d) => d.event_type)).toEqual([
      "PAYMENT.CAPTURE.COMPLETED",
    ]);
    expect(sent.some((d) => d.webhook_id === subscriptionsOnly || d.webhook_id === strangers)).toBe(false);
  });

  it("reports a subscription's life in order: created, activated, sales, failures, suspension", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const listener = await listen();
    const webhookId = sandbox().sandbox.registerWebhook(clientId, listener.url);
    const planId = sandbox().sandbox.createPlan({
      clientId,
      price: "8.00",
      currency: "USD",
      intervalUnit: "MONTH",
      intervalCount: 1,
      setupFee: "1.00",
      paymentFailureThreshold: 1,
    });
    const created = await call("/v1/billing/subscriptions", {
      token,
      json: { plan_id: planId, custom_id: "btn_sub" },
    });
    const id = created.body.id as string;
    sandbox().sandbox.approveSubscription(id);
    sandbox().sandbox.billSubscription(id, { fail: true });
    const events = await listener.next(6);
    expect(events.map((d) => d.event.event_type)).toEqual([
      "BILLING.SUBSCRIPTION.CREATED",
      "BILLING.SUBSCRIPTION.ACTIVATED",
      "PAYMENT.SALE.COMPLETED",
      "PAYMENT.SALE.COMPLETED",
      "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
      "BILLING.SUBSCRIPTION.SUSPENDED",
    ]);
    const [, activated, setupFee, firstCycle, failed, suspended] = events.map((d) => d.event);
    expect(activated).toMatchObject({
      resource_type: "subscription",
      resource: { id, status: "ACTIVE", plan_id: planId, custom_id: "btn_sub", billing_info: { last_payment: {} } },
    });
    expect(setupFee).toMatchObject({
      resource_type: "sale",
      resource_version: "1.0",
      resource: { amount: { total: "1.00", currency: "USD" }, billing_agreement_id: id, custom: "btn_sub" },
    });
    expect(firstCycle.resource.amount.total).toBe("8.00");
    expect(failed.resource.billing_info).toMatchObject({ failed_payments_count: 1 });
    expect(suspended.resource.status).toBe("SUSPENDED");
    const verify = await call("/v1/notifications/verify-webhook-signature", {
      token,
      json: verification(events[4]!, webhookId),
    });
    expect(verify.body.verification_status).toBe("SUCCESS");
  });

  it("reports refunds made through the API and in PayPal's dashboard", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const listener = await listen();
    sandbox().sandbox.registerWebhook(clientId, listener.url, ["PAYMENT.CAPTURE.REFUNDED", "PAYMENT.SALE.REFUNDED"]);
    const { captureId } = await captureOrder(token, "10.00");
    await call(`/v2/payments/captures/${captureId}/refund`, { token, json: { amount: usd("4.00") } });
    sandbox().sandbox.refundCapture(captureId);
    const subscriptionId = await approvedSubscription({ clientId, token }, "6.00", "YEAR");
    const saleId = (await call(`/__sandbox/subscriptions/${subscriptionId}/bill`, { json: {} })).body.sale.id;
    sandbox().sandbox.refundSale(saleId, "1.50");
    const events = (await listener.next(3)).map((d) => d.event);
    const captureRefunds = events.filter((e) => e.event_type === "PAYMENT.CAPTURE.REFUNDED");
    expect(captureRefunds.map((e) => e.resource.amount.value)).toEqual(["4.00", "6.00"]);
    expect(captureRefunds[0]).toMatchObject({ resource_type: "refund", resource: { status: "COMPLETED" } });
    expect(captureRefunds[0].resource.links).toContainEqual({
      href: `${sandbox().url}/v2/payments/captures/${captureId}`,
      rel: "up",
      method: "GET",
    });
    expect(events.find((e) => e.event_type === "PAYMENT.SALE.REFUNDED")).toMatchObject({
      resource_type: "refund",
      resource_version: "1.0",
      resource: { sale_id: saleId, amount: { total: "1.50", currency: "USD" }, state: "completed" },
    });
  });

  it("retries a non-2xx answer, keeping the event, and holds later events of the resource back", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const listener = await listen((count) => (count <= 2 ? 500 : 200));
    const webhookId = sandbox().sandbox.registerWebhook(clientId, listener.url, [
      "BILLING.SUBSCRIPTION.ACTIVATED",
      "PAYMENT.SALE.COMPLETED",
    ]);
    await approvedSubscription({ clientId, token }, "5.00", "WEEK");
    const received = await listener.next(4);
    // ACTIVATED is answered 500 twice and taken the third time; only then does the sale follow.
    expect(received.map((d) => d.event.event_type)).toEqual([
      ...Array<string>(3).fill("BILLING.SUBSCRIPTION.ACTIVATED"),
      "PAYMENT.SALE.COMPLETED",
    ]);
    expect(new Set(received.slice(0, 3).map((d) => d.body)).size).toBe(1);
    const log = await sandbox().sandbox.waitForWebhookDeliveries(settled(webhookId, 2));
    expect(log.filter((d) => d.webhook_id === webhookId)).toMatchObject([
      { event_type: "BILLING.SUBSCRIPTION.ACTIVATED", attempts: 3, last_status: 200, delivered: true },
      { event_type: "PAYMENT.SALE.COMPLETED", attempts: 1, last_status: 200, delivered: true },
    ]);
  });

  it("gives up after five attempts when the listener cannot be reached", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/hooks`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const webhookId = sandbox().sandbox.registerWebhook(clientId, url);
    await captureOrder(token);
    const [entry] = (await sandbox().sandbox.waitForWebhookDeliveries(settled(webhookId, 1))).filter(
      (d) => d.webhook_id === webhookId,
    );
    expect(entry).toMatchObject({
      attempts: 5,
      last_status: null,
      last_error: "ECONNREFUSED",
      delivered: false,
      pending: false,
    });
  });

  it("delivers after the response and does not hold up the call that caused the event", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const slow = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.writeHead(200).end(), 1500);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      sandbox().sandbox.registerWebhook(clientId, `http://127.0.0.1:${(slow.address() as AddressInfo).port}/hooks`);
      const started = Date.now();
      await captureOrder(token);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it("registers through the sandbox control for every event by default", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const made = await call("/__sandbox/webhooks", {
      json: { client_id: clientId, url: "https://shop.example.com/h" },
    });
    expect(made.status).toBe(201);
    expect(made.body.event_types).toEqual([{ name: "*", description: "ALL" }]);
    expect((await call("/v1/notifications/webhooks", { token })).body.webhooks).toHaveLength(1);
  });

  it("stops retrying on close()", async () => {
    const own = await startPayPalSandbox({ webhookRetryDelaysMs: [60_000] });
    const listener = await listen(() => 503);
    const merchant = await newMerchant(own);
    own.sandbox.registerWebhook(merchant.clientId, listener.url);
    const order = await fetch(`${own.url}/v2/checkout/orders`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.token}`, "content-type": "application/json" },
      body: JSON.stringify({ intent: "CAPTURE", purchase_units: [{ amount: usd("3.00") }] }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    own.sandbox.approveOrder(order.id);
    await fetch(`${own.url}/v2/checkout/orders/${order.id}/capture`, {
      method: "POST",
      headers: { authorization: `Bearer ${merchant.token}`, "content-type": "application/json" },
      body: "{}",
    });
    const [waiting] = await own.sandbox.waitForWebhookDeliveries((all) => all[0]?.last_status === 503);
    expect(waiting).toMatchObject({ attempts: 1, pending: true });
    await own.close();
    expect(own.sandbox.webhookDeliveries()[0]).toMatchObject({ attempts: 1, delivered: false, pending: false });
  });
});
