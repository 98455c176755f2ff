import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SANDBOX_WEBHOOK_ID, sandboxSecretFor } from "../../sandbox/paypal";
import { paypalSandboxPerFile } from "./paypal-api";

const { sandbox, call } = paypalSandboxPerFile();

async function tokenFor(clientId: string, secret = sandboxSecretFor(clientId)) {
  const response = await fetch(`${sandbox().url}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- OAuth JSON
  return { status: response.status, body: (await response.json()) as any };
}

const usdOrder = (value = "10.00", extra: Record<string, unknown> = {}) => ({
  intent: "CAPTURE",
  purchase_units: [{ amount: { currency_code: "USD", value }, custom_id: "btn_42", description: "Poster", ...extra }],
});

async function newClient() {
  const clientId = `client-${randomUUID()}`;
  return { clientId, token: (await tokenFor(clientId)).body.access_token as string };
}

async function createOrder(token: string, body: unknown = usdOrder()) {
  const { status, body: order } = await call("/v2/checkout/orders", { token, json: body });
  expect(status).toBe(201);
  return order.id as string;
}

const capture = (token: string, id: string, headers: Record<string, string> = {}) =>
  call(`/v2/checkout/orders/${id}/capture`, { token, json: {}, headers });

describe("OAuth", () => {
  it("issues a bearer token for the derived secret", async () => {
    const { status, body } = await tokenFor("merchant-app");
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 32400 });
    expect(body.access_token).toMatch(/^A21AA/);
  });

  it("answers 401 invalid_client for a wrong secret", async () => {
    const { status, body } = await tokenFor("merchant-app", "not-the-secret");
    expect(status).toBe(401);
    expect(body.error).toBe("invalid_client");
  });

  it("accepts only the registered secret once one is registered", async () => {
    const clientId = `registered-${randomUUID()}`;
    expect(
      (await call("/__sandbox/credentials", { json: { client_id: clientId, client_secret: "s3cret" } })).status,
    ).toBe(201);
    expect((await tokenFor(clientId, "s3cret")).status).toBe(200);
    expect((await tokenFor(clientId)).status).toBe(401);
  });

  it("requires grant_type=client_credentials", async () => {
    const response = await fetch(`${sandbox().url}/v1/oauth2/token`, {
      method: "POST",
      headers: { authorization: `Basic ${Buffer.from(`a:${sandboxSecretFor("a")}`).toString("base64")}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "unsupported_grant_type" });
  });

  it("answers 401 in PayPal's error shape without a valid bearer token", async () => {
    for (const token of [undefined, "A21AAforged.token"]) {
      const { status, body } = await call("/v2/checkout/orders", { token, json: usdOrder() });
      expect(status).toBe(401);
      expect(body).toMatchObject({ name: "AUTHENTICATION_FAILURE", details: [] });
      expect(body.debug_id).toBeTruthy();
    }
  });
});

describe("Orders v2", () => {
  it("walks CREATED -> APPROVED -> COMPLETED with PayPal's shapes", async () => {
    const { token } = await newClient();
    const created = await call("/v2/checkout/orders", { token, json: usdOrder() });
    expect(created.body.status).toBe("CREATED");
    expect(created.body.links).toContainEqual(expect.objectContaining({ rel: "approve" }));
    const id = created.body.id as string;
    expect(id).toMatch(/^[A-Z0-9]{17}$/);

    expect((await call(`/v2/checkout/orders/${id}`, { token })).body.status).toBe("CREATED");
    const approval = await call(`/__sandbox/orders/${id}/approve`, { json: { buyer: "alex" } });
    expect(approval.body).toMatchObject({ status: "APPROVED", payer_id: "ALEXBUY3R7Q2L" });

    const captured = await capture(token, id);
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      id,
      status: "COMPLETED",
      payer: {
        email_address: "alex.buyer@buyer.example.com",
        payer_id: "ALEXBUY3R7Q2L",
        name: { given_name: "Alex", surname: "Buyer" },
      },
    });
    const unit = captured.body.purchase_units[0];
    expect(unit).toMatchObject({ custom_id: "btn_42", description: "Poster" });
    expect(unit.payments.captures[0]).toMatchObject({
      status: "COMPLETED",
      amount: { currency_code: "USD", value: "10.00" },
      custom_id: "btn_42",
      seller_receivable_breakdown: {
        gross_amount: { value: "10.00" },
        paypal_fee: { value: "0.84" },
        net_amount: { value: "9.16" },
      },
    });
    const captureId = unit.payments.captures[0].id as string;
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("COMPLETED");
    expect((await call(`/v2/checkout/orders/${id}`, { token })).body.status).toBe("COMPLETED");
  });

  it("returns the full order on create with Prefer: return=representation", async () => {
    const { token } = await newClient();
    const { body } = await call("/v2/checkout/orders", {
      token,
      json: usdOrder(),
      headers: { prefer: "return=representation" },
    });
    expect(body.purchase_units[0]).toMatchObject({ amount: { value: "10.00" }, custom_id: "btn_42" });
  });

  it("refuses to capture an order the buyer has not approved", async () => {
    const { token } = await newClient();
    const { status, body } = await capture(token, await createOrder(token));
    expect(status).toBe(422);
    expect(body.name).toBe("UNPROCESSABLE_ENTITY");
    expect(body.details[0].issue).toBe("ORDER_NOT_APPROVED");
  });

  it("refuses a second capture", async () => {
    const { token } = await newClient();
    const id = await createOrder(token);
    sandbox().sandbox.approveOrder(id);
    expect((await capture(token, id)).status).toBe(201);
    const again = await capture(token, id);
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe("ORDER_ALREADY_CAPTURED");
  });

  it("replays the same response for a repeated PayPal-Request-Id", async () => {
    const { token } = await newClient();
    const headers = { "paypal-request-id": randomUUID() };
    const first = await call("/v2/checkout/orders", { token, json: usdOrder(), headers });
    const second = await call("/v2/checkout/orders", { token, json: usdOrder(), headers });
    expect(second).toEqual(first);

    sandbox().sandbox.approveOrder(first.body.id);
    const captureHeaders = { "paypal-request-id": randomUUID() };
    const captured = await capture(token, first.body.id, captureHeaders);
    expect(captured.status).toBe(201);
    expect(await capture(token, first.body.id, captureHeaders)).toEqual(captured);
  });

  it("declines a capture with INSTRUMENT_DECLINED and lets the buyer approve again", async () => {
    const { token } = await newClient();
    const id = await createOrder(token);
    sandbox().sandbox.approveOrder(id, "declined-card");
    const declined = await capture(token, id);
    expect(declined.status).toBe(422);
    expect(declined.body.details[0].issue).toBe("INSTRUMENT_DECLINED");
    expect((await call(`/v2/checkout/orders/${id}`, { token })).body.status).toBe("APPROVED");

    sandbox().sandbox.approveOrder(id, "alex");
    expect((await capture(token, id)).body.status).toBe("COMPLETED");
  });

  it.each([
    ["capture-declined", "DECLINED"],
    ["pending", "PENDING"],
  ])("returns a %s capture as %s without a fee breakdown", async (buyer, status) => {
    const { token } = await newClient();
    const id = await createOrder(token);
    sandbox().sandbox.approveOrder(id, buyer);
    const { status: http, body } = await capture(token, id);
    expect(http).toBe(201);
    const captured = body.purchase_units[0].payments.captures[0];
    expect(captured.status).toBe(status);
    expect(captured.seller_receivable_breakdown).toBeUndefined();
    if (status === "PENDING") expect(captured.status_details).toEqual({ reason: "PENDING_REVIEW" });
  });

  it.each([
    ["JPY", "1000.50", 422, "DECIMAL_PRECISION"],
    ["USD", "10.001", 422, "DECIMAL_PRECISION"],
    ["XTS", "10.00", 422, "CURRENCY_NOT_SUPPORTED"],
    ["USD", "0.00", 422, "CANNOT_BE_ZERO_OR_NEGATIVE"],
    ["USD", "ten", 400, "INVALID_PARAMETER_SYNTAX"],
  ])("rejects %s %s with %i %s", async (currency, value, status, issue) => {
    const { token } = await newClient();
    const result = await call("/v2/checkout/orders", {
      token,
      json: { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: currency, value } }] },
    });
    expect(result.status).toBe(status);
    expect(result.body.details[0]).toMatchObject({ issue, location: "body" });
    expect(result.body.details[0].field).toMatch(/^\/purchase_units\/@reference_id=='default'\/amount\//);
  });

  it("accepts whole JPY amounts", async () => {
    const { token } = await newClient();
    await createOrder(token, {
      intent: "CAPTURE",
      purchase_units: [{ amount: { currency_code: "JPY", value: "1500" } }],
    });
  });

  it("checks that a breakdown adds up", async () => {
    const { token } = await newClient();
    const amount = {
      currency_code: "USD",
      value: "12.00",
      breakdown: { item_total: { currency_code: "USD", value: "10.00" } },
    };
    const { status, body } = await call("/v2/checkout/orders", {
      token,
      json: { intent: "CAPTURE", purchase_units: [{ amount }] },
    });
    expect(status).toBe(422);
    expect(body.details[0].issue).toBe("AMOUNT_MISMATCH");
  });

  /** An order of `quantity` items at `unit` each, whose breakdown claims `itemTotal` and whose amount is `value`. */
  const itemsOrder = (currency: string, unit: string, quantity: string, itemTotal: string, value = itemTotal) => ({
    intent: "CAPTURE",
    purchase_units: [
      {
        amount: {
          currency_code: currency,
          value,
          breakdown: { item_total: { currency_code: currency, value: itemTotal } },
        },
        items: [{ name: "Sticker", quantity, unit_amount: { currency_code: currency, value: unit } }],
      },
    ],
  });

  it.each([
    // 3 x 0.10 is 0.30 to the cent (never 0.30000000000000004, never rounded to 0.31).
    ["USD", "0.10", "3", "0.30", 201, null],
    ["USD", "0.10", "3", "0.31", 422, "ITEM_TOTAL_MISMATCH"],
    ["USD", "0.10", "3", "0.29", 422, "ITEM_TOTAL_MISMATCH"],
    // JPY has no decimals: 3 x 333 is 999, not 1000.
    ["JPY", "333", "3", "999", 201, null],
    ["JPY", "333", "3", "1000", 422, "ITEM_TOTAL_MISMATCH"],
    ["JPY", "333.5", "2", "667", 422, "DECIMAL_PRECISION"],
  ])("items of %s %s x %s against item_total %s: %i %s", async (currency, unit, quantity, total, status, issue) => {
    const { token } = await newClient();
    const result = await call("/v2/checkout/orders", { token, json: itemsOrder(currency, unit, quantity, total) });
    expect(result.status).toBe(status);
    if (issue) {
      expect(result.body.details[0]).toMatchObject({ issue, location: "body" });
      return;
    }
    const order = await call(`/v2/checkout/orders/${result.body.id}`, { token });
    expect(order.body.purchase_units[0].items).toEqual([expect.objectContaining({ name: "Sticker", quantity })]);
  });

  it("requires item_total when items are sent", async () => {
    const { token } = await newClient();
    const order = itemsOrder("USD", "1.00", "1", "1.00");
    delete (order.purchase_units[0]!.amount as { breakdown?: unknown }).breakdown;
    const { status, body } = await call("/v2/checkout/orders", { token, json: order });
    expect(status).toBe(422);
    expect(body.details[0].issue).toBe("ITEM_TOTAL_REQUIRED");
  });

  it("answers malformed and incomplete requests with 400 in PayPal's shape", async () => {
    const { token } = await newClient();
    const malformed = await call("/v2/checkout/orders", {
      token,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ name: "INVALID_REQUEST", details: [{ issue: "MALFORMED_REQUEST_JSON" }] });
    const noUnits = await call("/v2/checkout/orders", { token, json: { intent: "CAPTURE" } });
    expect(noUnits.body.details[0]).toMatchObject({ issue: "MISSING_REQUIRED_PARAMETER", field: "/purchase_units" });
    const noIntent = await call("/v2/checkout/orders", { token, json: { purchase_units: [] } });
    expect(noIntent.body.details[0].field).toBe("/intent");
    const arrayBody = await call("/v2/checkout/orders", { token, json: [1, 2] });
    expect(arrayBody.status).toBe(400);
  });

  it("answers unknown ids, unknown paths and wrong methods with JSON 4xx", async () => {
    const { token } = await newClient();
    const unknown = await call("/v2/checkout/orders/NOSUCHORDER123456", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    expect((await capture(token, "NOSUCHORDER123456")).status).toBe(404);
    expect((await call("/v2/nothing-here", { token })).status).toBe(404);
    const wrongMethod = await call("/v2/checkout/orders", { token, method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.name).toBe("METHOD_NOT_SUPPORTED");
    expect((await call("/__sandbox/orders/NOSUCHORDER123456/approve", { json: { buyer: "alex" } })).status).toBe(404);
    const badBuyer = await call(`/__sandbox/orders/${await createOrder(token)}/approve`, { json: { buyer: "nobody" } });
    expect(badBuyer.status).toBe(400);
  });

  it("keeps orders private to the client id that created them", async () => {
    const owner = await newClient();
    const other = await newClient();
    const id = await createOrder(owner.token);
    const read = await call(`/v2/checkout/orders/${id}`, { token: other.token });
    expect(read.status).toBe(403);
    expect(read.body.details[0].issue).toBe("PERMISSION_DENIED");
    const approve = await call(`/__sandbox/orders/${id}/approve`, {
      json: { buyer: "alex", client_id: other.clientId },
    });
    expect(approve.status).toBe(403);
    sandbox().sandbox.approveOrder(id);
    expect((await capture(other.token, id)).status).toBe(403);
  });
});

describe("Subscriptions", () => {
  it("creates, approves and reads a subscription", async () => {
    const { clientId, token } = await newClient();
    const planId = sandbox().sandbox.createPlan({
      clientId,
      price: "7.00",
      currency: "USD",
      intervalUnit: "MONTH",
      intervalCount: 1,
    });
    const created = await call("/v1/billing/subscriptions", {
      token,
      json: { plan_id: planId, custom_id: "btn_7" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: "APPROVAL_PENDING", plan_id: planId });
    const id = created.body.id as string;
    expect(id).toMatch(/^I-[A-Z0-9]{12}$/);

    await call(`/__sandbox/subscriptions/${id}/approve`, { json: { buyer: "alex", client_id: clientId } });
    const { body } = await call(`/v1/billing/subscriptions/${id}`, { token });
    expect(body).toMatchObject({
      id,
      status: "ACTIVE",
      plan_id: planId,
      custom_id: "btn_7",
      subscriber: { email_address: "alex.buyer@buyer.example.com", payer_id: "ALEXBUY3R7Q2L" },
    });
    expect((await call(`/v1/billing/subscriptions/${id}`, { token: (await newClient()).token })).status).toBe(403);
    expect((await call("/v1/billing/subscriptions/I-NOSUCHSUB000", { token })).status).toBe(404);
  });
});

describe("Webhooks", () => {
  async function receiveOne() {
    const { createServer } = await import("node:http");
    let resolveDelivery: (value: { headers: Record<string, string>; body: string }) => void = () => {};
    const delivered = new Promise<{ headers: Record<string, string>; body: string }>(
      (resolve) => (resolveDelivery = resolve),
    );
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        resolveDelivery({ headers: req.headers as Record<string, string>, body });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    return { url: `http://127.0.0.1:${port}/api/paypal/webhook`, delivered, close: () => server.close() };
  }

  const verifyBody = (headers: Record<string, string>, event: unknown, webhookId = SANDBOX_WEBHOOK_ID) => ({
    auth_algo: headers["paypal-auth-algo"],
    cert_url: headers["paypal-cert-url"],
    transmission_id: headers["paypal-transmission-id"],
    transmission_sig: headers["paypal-transmission-sig"],
    transmission_time: headers["paypal-transmission-time"],
    webhook_id: webhookId,
    webhook_event: event,
  });

  it("sends a signed event that verifies, and fails once tampered with", async () => {
    const { token } = await newClient();
    const receiver = await receiveOne();
    try {
      const sent = await call("/__sandbox/webhooks/send", {
        json: {
          url: receiver.url,
          event_type: "PAYMENT.CAPTURE.REFUNDED",
          resource: { id: "REFUND123", status: "COMPLETED" },
        },
      });
      expect(sent.status).toBe(200);
      expect(sent.body.delivery.status).toBe(200);
      const { headers, body } = await receiver.delivered;
      expect(headers["paypal-auth-algo"]).toBe("SHA256withRSA");
      const event = JSON.parse(body);
      expect(event).toMatchObject({
        event_type: "PAYMENT.CAPTURE.REFUNDED",
        resource_type: "refund",
        resource: { id: "REFUND123" },
      });
      expect((await fetch(headers["paypal-cert-url"]!)).status).toBe(200);

      const verify = (json: unknown) => call("/v1/notifications/verify-webhook-signature", { token, json });
      expect((await verify(verifyBody(headers, event))).body).toEqual({ verification_status: "SUCCESS" });
      const tampered = { ...event, resource: { ...event.resource, status: "PENDING" } };
      expect((await verify(verifyBody(headers, tampered))).body.verification_status).toBe("FAILURE");
      expect((await verify(verifyBody(headers, event, "OTHERWEBHOOK1"))).body.verification_status).toBe("FAILURE");
      expect(
        (await verify({ ...verifyBody(headers, event), transmission_sig: "Zm9yZ2Vk" })).body.verification_status,
      ).toBe("FAILURE");
    } finally {
      receiver.close();
    }
  });

  it("verifies events signed in-process and requires every field", async () => {
    const { token } = await newClient();
    const signed = sandbox().sandbox.signWebhook({
      event_type: "BILLING.SUBSCRIPTION.CANCELLED",
      resource: { id: "I-ABC" },
    });
    const ok = await call("/v1/notifications/verify-webhook-signature", {
      token,
      json: verifyBody(signed.headers, JSON.parse(signed.body)),
    });
    expect(ok.body.verification_status).toBe("SUCCESS");
    const missing = await call("/v1/notifications/verify-webhook-signature", {
      token,
      json: { webhook_id: SANDBOX_WEBHOOK_ID },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.details.map((d: { field: string }) => d.field)).toContain("/webhook_event");
    expect(
      (await call("/v1/notifications/verify-webhook-signature", { json: verifyBody(signed.headers, {}) })).status,
    ).toBe(401);
  });
});
