import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newMerchant, paypalSandboxPerFile } from "./paypal-api";

const { sandbox, call } = paypalSandboxPerFile();

const representation = { prefer: "return=representation" };
const usd = (value: string) => ({ currency_code: "USD", value });

/** A captured order of `value` USD for a new merchant; `buyer` decides the capture's outcome. */
async function captured(value = "20.00", buyer = "alex") {
  const merchant = await newMerchant(sandbox());
  const order = await call("/v2/checkout/orders", {
    token: merchant.token,
    json: { intent: "CAPTURE", purchase_units: [{ amount: usd(value), custom_id: "btn_9", invoice_id: "inv-9" }] },
  });
  sandbox().sandbox.approveOrder(order.body.id, buyer);
  const done = await call(`/v2/checkout/orders/${order.body.id}/capture`, { token: merchant.token, json: {} });
  const capture = done.body.purchase_units[0].payments.captures[0];
  return { ...merchant, orderId: order.body.id as string, captureId: capture.id as string, capture };
}

const refund = (token: string, captureId: string, json: unknown = {}, headers: Record<string, string> = {}) =>
  call(`/v2/payments/captures/${captureId}/refund`, { token, json, headers });

describe("Captures", () => {
  it("carry the fee breakdown, the order id and a refund link", async () => {
    const { token, orderId, captureId, capture } = await captured("20.00");
    const read = (await call(`/v2/payments/captures/${captureId}`, { token })).body;
    for (const view of [capture, read]) {
      expect(view).toMatchObject({
        status: "COMPLETED",
        custom_id: "btn_9",
        invoice_id: "inv-9",
        seller_receivable_breakdown: {
          gross_amount: usd("20.00"),
          paypal_fee: usd("1.19"),
          net_amount: usd("18.81"),
        },
        supplementary_data: { related_ids: { order_id: orderId } },
      });
      expect(view.links).toContainEqual(expect.objectContaining({ rel: "refund", method: "POST" }));
    }
  });
});

describe("Capture refunds (v2)", () => {
  it("refunds part, then the rest, with PayPal's statuses and breakdowns", async () => {
    const { token, captureId } = await captured("20.00");
    const minimal = await refund(token, captureId, { amount: usd("5.00"), note_to_payer: "Sorry" });
    expect(minimal.status).toBe(201);
    expect(Object.keys(minimal.body).sort()).toEqual(["id", "links", "status"]);
    expect(minimal.body.status).toBe("COMPLETED");
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("PARTIALLY_REFUNDED");

    const first = (await call(`/v2/payments/refunds/${minimal.body.id}`, { token })).body;
    expect(first).toMatchObject({
      id: minimal.body.id,
      status: "COMPLETED",
      amount: usd("5.00"),
      note_to_payer: "Sorry",
      seller_payable_breakdown: {
        gross_amount: usd("5.00"),
        paypal_fee: usd("0.30"),
        net_amount: usd("4.70"),
        total_refunded_amount: usd("5.00"),
      },
    });
    expect(first.links).toContainEqual({
      href: `${sandbox().url}/v2/payments/captures/${captureId}`,
      rel: "up",
      method: "GET",
    });

    const rest = await refund(token, captureId, {}, representation);
    expect(rest.body).toMatchObject({
      amount: usd("15.00"),
      seller_payable_breakdown: { paypal_fee: usd("0.89"), total_refunded_amount: usd("20.00") },
    });
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("REFUNDED");
    const again = await refund(token, captureId, { amount: usd("1.00") });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      name: "UNPROCESSABLE_ENTITY",
      details: [{ issue: "CAPTURE_FULLY_REFUNDED" }],
    });
  });

  it("refuses more than is left, another currency, and bad amounts", async () => {
    const { token, captureId } = await captured("10.00");
    await refund(token, captureId, { amount: usd("6.00") });
    const tooMuch = await refund(token, captureId, { amount: usd("4.01") });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.details[0]).toMatchObject({ issue: "REFUND_AMOUNT_EXCEEDED", field: "/amount/value" });
    const euros = await refund(token, captureId, { amount: { currency_code: "EUR", value: "1.00" } });
    expect(euros.body.details[0].issue).toBe("REFUND_CAPTURE_CURRENCY_MISMATCH");
    const precision = await refund(token, captureId, { amount: usd("1.001") });
    expect(precision.status).toBe(422);
    expect(precision.body.details[0].issue).toBe("DECIMAL_PRECISION");
    const syntax = await refund(token, captureId, { amount: usd("one") });
    expect(syntax.status).toBe(400);
    const note = await refund(token, captureId, { note_to_payer: "x".repeat(256) });
    expect(note.body.details[0]).toMatchObject({ issue: "INVALID_STRING_LENGTH", field: "/note_to_payer" });
    expect((await refund(token, captureId, { amount: usd("4.00") })).status).toBe(201);
  });

  it.each([
    ["pending", "PENDING_CAPTURE"],
    ["capture-declined", "REFUND_NOT_ALLOWED"],
  ])("refuses a %s capture with %s", async (buyer, issue) => {
    const { token, captureId } = await captured("10.00", buyer);
    const { status, body } = await refund(token, captureId);
    expect(status).toBe(422);
    expect(body.details[0].issue).toBe(issue);
  });

  it("replays a refund with the same PayPal-Request-Id instead of refunding twice", async () => {
    const { token, captureId } = await captured("10.00");
    const headers = { "paypal-request-id": randomUUID() };
    const first = await refund(token, captureId, { amount: usd("2.00") }, headers);
    expect(await refund(token, captureId, { amount: usd("2.00") }, headers)).toEqual(first);
    const read = await call(`/v2/payments/refunds/${first.body.id}`, { token });
    expect(read.body.seller_payable_breakdown.total_refunded_amount).toEqual(usd("2.00"));
    expect((await call(`/v2/payments/captures/${captureId}`, { token })).body.status).toBe("PARTIALLY_REFUNDED");
  });

  it("keeps captures and refunds to their own app", async () => {
    const { token, captureId } = await captured("10.00");
    const other = await newMerchant(sandbox());
    expect((await refund(other.token, captureId)).status).toBe(403);
    const made = await refund(token, captureId);
    expect((await call(`/v2/payments/refunds/${made.body.id}`, { token: other.token })).status).toBe(403);
    expect((await call("/v2/payments/refunds/NOSUCHREFUND00000", { token })).status).toBe(404);
    expect((await refund(token, "NOSUCHCAPTURE0000")).status).toBe(404);
  });

  it("refunds from PayPal's dashboard through the sandbox control and the helper", async () => {
    const { token, captureId } = await captured("30.00");
    const dashboard = await call(`/__sandbox/captures/${captureId}/refund`, { json: { amount: "10.00" } });
    expect(dashboard.status).toBe(201);
    expect(dashboard.body.amount).toEqual(usd("10.00"));
    const refundId = sandbox().sandbox.refundCapture(captureId);
    expect((await call(`/v2/payments/refunds/${refundId}`, { token })).body.amount).toEqual(usd("20.00"));
    expect(() => sandbox().sandbox.refundCapture(captureId, "1.00")).toThrow();
    expect((await call(`/__sandbox/captures/${captureId}/refund`, { json: { amount: "x" } })).status).toBe(400);
  });
});

describe("Sales (v1)", () => {
  async function sale(price = "12.00") {
    const merchant = await newMerchant(sandbox());
    const planId = sandbox().sandbox.createPlan({
      clientId: merchant.clientId,
      price,
      currency: "USD",
      intervalUnit: "MONTH",
      intervalCount: 1,
    });
    const created = await call("/v1/billing/subscriptions", { token: merchant.token, json: { plan_id: planId } });
    sandbox().sandbox.approveSubscription(created.body.id);
    const saleId = sandbox().sandbox.billSubscription(created.body.id)!;
    return { ...merchant, subscriptionId: created.body.id as string, saleId };
  }
  const refundSale = (token: string, saleId: string, json: unknown = {}, headers: Record<string, string> = {}) =>
    call(`/v1/payments/sale/${saleId}/refund`, { token, json, headers });

  it("refunds part of a sale, then the rest, and shows it on the sale", async () => {
    const { token, saleId, subscriptionId } = await sale("12.00");
    const part = await refundSale(token, saleId, { amount: { total: "2.00", currency: "USD" }, reason: "Late" });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      state: "completed",
      amount: { total: "2.00", currency: "USD" },
      sale_id: saleId,
      parent_payment: expect.stringMatching(/^PAYID-/),
      reason: "Late",
      refund_from_transaction_fee: { value: "0.15", currency: "USD" },
      refund_from_received_amount: { value: "1.85", currency: "USD" },
      total_refunded_amount: { value: "2.00", currency: "USD" },
    });
    const read = (await call(`/v1/payments/sale/${saleId}`, { token })).body;
    expect(read).toMatchObject({ state: "partially_refunded", billing_agreement_id: subscriptionId });
    expect((await call(`/v1/payments/refund/${part.body.id}`, { token })).body.sale_id).toBe(saleId);

    const tooMuch = await refundSale(token, saleId, { amount: { total: "10.01", currency: "USD" } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.name).toBe("TRANSACTION_REFUSED");
    const rest = await refundSale(token, saleId);
    expect(rest.body).toMatchObject({ amount: { total: "10.00" }, total_refunded_amount: { value: "12.00" } });
    expect((await call(`/v1/payments/sale/${saleId}`, { token })).body.state).toBe("refunded");
    const again = await refundSale(token, saleId);
    expect(again.status).toBe(400);
    expect(again.body.name).toBe("TRANSACTION_ALREADY_REFUNDED");
  });

  it("validates v1 amounts and replays a repeated PayPal-Request-Id", async () => {
    const { token, saleId } = await sale();
    const bad = await refundSale(token, saleId, { amount: { total: "1.234", currency: "USD" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ name: "VALIDATION_ERROR", details: [{ field: "amount.total" }] });
    const euros = await refundSale(token, saleId, { amount: { total: "1.00", currency: "EUR" } });
    expect(euros.body.name).toBe("TRANSACTION_REFUSED");
    const headers = { "paypal-request-id": randomUUID() };
    const json = { amount: { total: "1.00", currency: "USD" } };
    const first = await refundSale(token, saleId, json, headers);
    expect(await refundSale(token, saleId, json, headers)).toEqual(first);
    expect((await call(`/v1/payments/sale/${saleId}`, { token })).body.state).toBe("partially_refunded");
  });

  it("answers unknown and foreign sales as v1 does", async () => {
    const { token, saleId } = await sale();
    const unknown = await call("/v1/payments/sale/NOSUCHSALE0000000", { token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.name).toBe("INVALID_RESOURCE_ID");
    expect((await refundSale((await newMerchant(sandbox())).token, saleId)).status).toBe(403);
  });

  it("refunds from PayPal's dashboard", async () => {
    const { token, saleId } = await sale("12.00");
    const dashboard = await call(`/__sandbox/sales/${saleId}/refund`, { json: { amount: "2.00" } });
    expect(dashboard.status).toBe(201);
    const refundId = sandbox().sandbox.refundSale(saleId);
    expect((await call(`/v1/payments/refund/${refundId}`, { token })).body.amount.total).toBe("10.00");
  });
});

describe("Orders: shipping preference", () => {
  const order = (context: Record<string, unknown>, unit: Record<string, unknown> = {}) => ({
    intent: "CAPTURE",
    purchase_units: [{ amount: usd("5.00"), ...unit }],
    ...context,
  });
  const createOrder = (token: string, context: Record<string, unknown>, unit?: Record<string, unknown>) =>
    call("/v2/checkout/orders", { token, json: order(context, unit) });
  const paypalPreference = (shipping_preference: string) => ({
    payment_source: { paypal: { experience_context: { shipping_preference } } },
  });
  const legacyPreference = (shipping_preference: string) => ({ application_context: { shipping_preference } });
  /** The buyer approves the order; its purchase unit as the app then reads it. */
  const approvedUnit = async (token: string, orderId: string) => {
    sandbox().sandbox.approveOrder(orderId);
    return (await call(`/v2/checkout/orders/${orderId}`, { token })).body.purchase_units[0];
  };
  const address = {
    name: { full_name: "Sam Seller" },
    address: {
      address_line_1: "1 Way",
      admin_area_2: "Austin",
      admin_area_1: "TX",
      postal_code: "73301",
      country_code: "US",
    },
  };

  it("leaves out the shipping address with NO_SHIPPING and adds the buyer's otherwise", async () => {
    const { token } = await newMerchant(sandbox());
    const digital = await createOrder(token, paypalPreference("NO_SHIPPING"));
    expect(digital.status).toBe(201);
    expect(await approvedUnit(token, digital.body.id)).not.toHaveProperty("shipping");

    const physical = await createOrder(token, {});
    const unit = await approvedUnit(token, physical.body.id);
    expect(unit.shipping).toMatchObject({ name: { full_name: "Alex Buyer" }, address: { country_code: "US" } });

    const provided = await createOrder(token, legacyPreference("SET_PROVIDED_ADDRESS"), { shipping: address });
    expect((await approvedUnit(token, provided.body.id)).shipping).toEqual(address);
  });

  it("rejects an unknown preference and SET_PROVIDED_ADDRESS without an address", async () => {
    const { token } = await newMerchant(sandbox());
    const unknown = await createOrder(token, paypalPreference("PICKUP"));
    expect(unknown.status).toBe(400);
    expect(unknown.body.details[0]).toMatchObject({
      issue: "INVALID_PARAMETER_VALUE",
      field: "/payment_source/paypal/experience_context/shipping_preference",
      value: "PICKUP",
    });
    const legacy = await createOrder(token, legacyPreference("no_shipping"));
    expect(legacy.body.details[0].field).toBe("/application_context/shipping_preference");
    const noAddress = await createOrder(token, legacyPreference("SET_PROVIDED_ADDRESS"));
    expect(noAddress.status).toBe(422);
    expect(noAddress.body.details[0]).toMatchObject({
      issue: "MISSING_SHIPPING_ADDRESS",
      field: "/purchase_units/@reference_id=='default'/shipping/address",
    });
  });
});
