import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newMerchant, paypalSandboxPerFile, planBody } from "./paypal-api";

const { sandbox, call } = paypalSandboxPerFile();

const representation = { prefer: "return=representation" };

async function product(token: string) {
  const { status, body } = await call("/v1/catalogs/products", { token, json: { name: "Club", type: "SERVICE" } });
  expect(status).toBe(201);
  return body.id as string;
}

/** A subscription to `planId`, approved by alex. */
async function subscribe(clientId: string, token: string, planId: string, customId = "btn_club") {
  const created = await call("/v1/billing/subscriptions", { token, json: { plan_id: planId, custom_id: customId } });
  expect(created.status).toBe(201);
  sandbox().sandbox.approveSubscription(created.body.id);
  return created.body.id as string;
}

const monthly = (
  clientId: string,
  extra: Partial<Parameters<ReturnType<typeof sandbox>["sandbox"]["createPlan"]>[0]> = {},
) =>
  sandbox().sandbox.createPlan({
    clientId,
    price: "10.00",
    currency: "USD",
    intervalUnit: "MONTH",
    intervalCount: 1,
    ...extra,
  });

const plusMonths = (iso: string, months: number) => {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
};
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");

describe("Catalog products", () => {
  it("creates a product (minimal unless return=representation) that only its app can read", async () => {
    const { token } = await newMerchant(sandbox());
    const minimal = await call("/v1/catalogs/products", { token, json: { name: "Poster club", type: "DIGITAL" } });
    expect(minimal.status).toBe(201);
    expect(minimal.body.id).toMatch(/^PROD-[A-Z0-9]{17}$/);
    expect(minimal.body).not.toHaveProperty("type");
    const full = await call("/v1/catalogs/products", {
      token,
      headers: representation,
      json: { id: `club-${randomUUID()}`, name: "Club", type: "SERVICE", category: "SOFTWARE" },
    });
    expect(full.body).toMatchObject({ name: "Club", type: "SERVICE", category: "SOFTWARE" });
    expect((await call(`/v1/catalogs/products/${minimal.body.id}`, { token })).body).toMatchObject({
      id: minimal.body.id,
      name: "Poster club",
      type: "DIGITAL",
      links: expect.arrayContaining([expect.objectContaining({ rel: "self" })]),
    });
    const other = await newMerchant(sandbox());
    const foreign = await call(`/v1/catalogs/products/${minimal.body.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });

    const again = await call("/v1/catalogs/products", {
      token,
      json: { id: full.body.id, name: "Club", type: "SERVICE" },
    });
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe("DUPLICATE_RESOURCE_IDENTIFIER");
  });

  it.each([
    [{ type: "SERVICE" }, "MISSING_REQUIRED_PARAMETER", "/name"],
    [{ name: "x".repeat(128) }, "INVALID_STRING_MAX_LENGTH", "/name"],
    [{ name: "Club", type: "FOOD" }, "INVALID_PARAMETER_VALUE", "/type"],
    [{ name: "Club", id: "PROD-MINE123" }, "INVALID_PARAMETER_SYNTAX", "/id"],
  ])("rejects %j with 400 %s at %s", async (json, issue, field) => {
    const { token } = await newMerchant(sandbox());
    const { status, body } = await call("/v1/catalogs/products", { token, json });
    expect(status).toBe(400);
    expect(body).toMatchObject({ name: "INVALID_REQUEST", details: [{ issue, field }] });
  });
});

describe("Billing plans", () => {
  it("creates an ACTIVE plan by default, shows it to its own app only, and deactivates/activates it", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const productId = await product(token);
    const created = await call("/v1/billing/plans", { token, headers: representation, json: planBody(productId) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(id).toMatch(/^P-[A-Z0-9]{24}$/);
    expect(created.body).toMatchObject({
      product_id: productId,
      status: "ACTIVE",
      billing_cycles: [
        {
          frequency: { interval_unit: "MONTH", interval_count: 1 },
          tenure_type: "REGULAR",
          sequence: 1,
          total_cycles: 0,
          pricing_scheme: { version: 1, fixed_price: { currency_code: "USD", value: "10.00" } },
        },
      ],
      payment_preferences: {
        auto_bill_outstanding: true,
        setup_fee_failure_action: "CANCEL",
        payment_failure_threshold: 2,
      },
      quantity_supported: false,
    });
    expect((await call(`/v1/billing/plans/${id}`, { token })).body.id).toBe(id);
    expect((await call(`/v1/billing/plans/${id}`, { token: (await newMerchant(sandbox())).token })).status).toBe(404);

    const deactivate = () => call(`/v1/billing/plans/${id}/deactivate`, { token, method: "POST" });
    expect((await deactivate()).status).toBe(204);
    expect((await call(`/v1/billing/plans/${id}`, { token })).body.status).toBe("INACTIVE");
    const twice = await deactivate();
    expect(twice.status).toBe(422);
    expect(twice.body.details[0].issue).toBe("PLAN_STATUS_INVALID");
    const subscribe = await call("/v1/billing/subscriptions", { token, json: { plan_id: id } });
    expect(subscribe.status).toBe(422);
    expect(subscribe.body.details[0].issue).toBe("PLAN_STATUS_INVALID");
    expect((await call(`/v1/billing/plans/${id}/activate`, { token, method: "POST" })).status).toBe(204);
    expect((await call("/v1/billing/subscriptions", { token, json: { plan_id: id } })).status).toBe(201);
    expect(clientId).toBeTruthy();
  });

  it("answers the minimal plan without return=representation, and a CREATED plan needs activating", async () => {
    const { token } = await newMerchant(sandbox());
    const { body } = await call("/v1/billing/plans", {
      token,
      json: planBody(await product(token), { status: "CREATED" }),
    });
    expect(body).toMatchObject({ status: "CREATED", usage_type: "LICENSED" });
    expect(body).not.toHaveProperty("billing_cycles");
    expect((await call(`/v1/billing/plans/${body.id}/activate`, { token, method: "POST" })).status).toBe(204);
    const again = await call(`/v1/billing/plans/${body.id}/activate`, { token, method: "POST" });
    expect(again.body.details[0].issue).toBe("PLAN_STATUS_INVALID");
  });

  const regular = (overrides: Record<string, unknown> = {}) => ({
    frequency: { interval_unit: "MONTH", interval_count: 1 },
    tenure_type: "REGULAR",
    sequence: 1,
    total_cycles: 0,
    pricing_scheme: { fixed_price: { currency_code: "USD", value: "10.00" } },
    ...overrides,
  });
  const trial = (overrides: Record<string, unknown> = {}) => ({
    frequency: { interval_unit: "DAY", interval_count: 7 },
    tenure_type: "TRIAL",
    sequence: 1,
    total_cycles: 1,
    ...overrides,
  });

  it.each([
    [
      "a 13-month interval",
      { billing_cycles: [regular({ frequency: { interval_unit: "MONTH", interval_count: 13 } })] },
      400,
      "INVALID_INTEGER_MAX_VALUE",
      "/billing_cycles/0/frequency/interval_count",
    ],
    [
      "an unknown interval unit",
      { billing_cycles: [regular({ frequency: { interval_unit: "HOUR" } })] },
      400,
      "INVALID_PARAMETER_VALUE",
      "/billing_cycles/0/frequency/interval_unit",
    ],
    [
      "a regular cycle without price",
      { billing_cycles: [regular({ pricing_scheme: undefined })] },
      400,
      "MISSING_REQUIRED_PARAMETER",
      "/billing_cycles/0/pricing_scheme",
    ],
    [
      "no payment_preferences",
      { payment_preferences: undefined },
      400,
      "MISSING_REQUIRED_PARAMETER",
      "/payment_preferences",
    ],
    ["status INACTIVE", { status: "INACTIVE" }, 400, "INVALID_PARAMETER_VALUE", "/status"],
    ["no billing cycles", { billing_cycles: [] }, 400, "MISSING_REQUIRED_PARAMETER", "/billing_cycles"],
    ["only a trial", { billing_cycles: [trial()] }, 422, "MISSING_REGULAR_BILLING_CYCLE", undefined],
    [
      "a trial after the regular cycle",
      { billing_cycles: [regular(), trial({ sequence: 2 })] },
      422,
      "INVALID_BILLING_CYCLE_SEQUENCE",
      undefined,
    ],
    [
      "a gap in the sequence",
      { billing_cycles: [trial(), regular({ sequence: 3 })] },
      422,
      "INVALID_BILLING_CYCLE_SEQUENCE",
      undefined,
    ],
    [
      "a trial of 0 cycles",
      { billing_cycles: [trial({ total_cycles: 0 }), regular({ sequence: 2 })] },
      422,
      "INVALID_TRIAL_BILLING_TOTAL_CYCLES",
      "/billing_cycles/0/total_cycles",
    ],
    [
      "two free trials",
      { billing_cycles: [trial(), trial({ sequence: 2 }), regular({ sequence: 3 })] },
      422,
      "MULTIPLE_FREE_TRIAL_BILLING_CYCLES_NOT_SUPPORTED",
      undefined,
    ],
    [
      "a setup fee in another currency",
      { payment_preferences: { setup_fee: { currency_code: "EUR", value: "1.00" } } },
      422,
      "CURRENCY_MISMATCH",
      undefined,
    ],
  ])("rejects %s", async (_, overrides, status, issue, field) => {
    const { token } = await newMerchant(sandbox());
    const result = await call("/v1/billing/plans", { token, json: planBody(await product(token), overrides) });
    expect(result.status).toBe(status);
    expect(result.body.details[0].issue).toBe(issue);
    if (field) expect(result.body.details[0].field).toBe(field);
  });

  it("refuses another app's product", async () => {
    const owner = await newMerchant(sandbox());
    const { token } = await newMerchant(sandbox());
    const { status, body } = await call("/v1/billing/plans", { token, json: planBody(await product(owner.token)) });
    expect(status).toBe(400);
    expect(body.details[0]).toMatchObject({ issue: "INVALID_PARAMETER_VALUE", field: "/product_id" });
  });

  it("replays a plan creation with the same PayPal-Request-Id", async () => {
    const { token } = await newMerchant(sandbox());
    const json = planBody(await product(token));
    const headers = { "paypal-request-id": randomUUID() };
    const first = await call("/v1/billing/plans", { token, json, headers });
    expect(await call("/v1/billing/plans", { token, json, headers })).toEqual(first);
  });
});

describe("Subscriptions", () => {
  it("requires an existing ACTIVE plan of the same app", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const made = await call("/v1/billing/subscriptions", { token, json: { plan_id: "P-5ML4271244454362WXNWU5NQ" } });
    expect(made.status).toBe(404);
    expect(made.body).toMatchObject({
      name: "RESOURCE_NOT_FOUND",
      details: [{ issue: "INVALID_RESOURCE_ID", field: "/plan_id" }],
    });
    const foreign = monthly((await newMerchant(sandbox())).clientId);
    expect((await call("/v1/billing/subscriptions", { token, json: { plan_id: foreign } })).status).toBe(404);
    const quantity = await call("/v1/billing/subscriptions", {
      token,
      json: { plan_id: monthly(clientId), quantity: "2" },
    });
    expect(quantity.status).toBe(422);
    expect(quantity.body.details[0].issue).toBe("SUBSCRIPTION_CANNOT_HAVE_QUANTITY");
  });

  it("charges the first cycle on approval and reports it in billing_info, transactions and the sale", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const planId = monthly(clientId);
    const id = await subscribe(clientId, token, planId, "btn_club_9");
    const { body: sub } = await call(`/v1/billing/subscriptions/${id}`, { token });
    expect(sub).toMatchObject({
      id,
      status: "ACTIVE",
      plan_id: planId,
      custom_id: "btn_club_9",
      subscriber: { payer_id: "ALEXBUY3R7Q2L", email_address: "alex.buyer@buyer.example.com" },
      billing_info: {
        outstanding_balance: { currency_code: "USD", value: "0.00" },
        cycle_executions: [
          { tenure_type: "REGULAR", sequence: 1, cycles_completed: 1, cycles_remaining: 0, total_cycles: 0 },
        ],
        last_payment: { amount: { currency_code: "USD", value: "10.00" } },
        failed_payments_count: 0,
      },
    });
    const paidAt = sub.billing_info.last_payment.time as string;
    expect(sub.billing_info.next_billing_time).toBe(plusMonths(paidAt, 1));
    expect(sub.billing_info).not.toHaveProperty("last_failed_payment");

    const from = encodeURIComponent(plusDays(paidAt, -1));
    const to = encodeURIComponent(plusDays(paidAt, 1));
    const listed = await call(`/v1/billing/subscriptions/${id}/transactions?start_time=${from}&end_time=${to}`, {
      token,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.transactions).toEqual([
      {
        status: "COMPLETED",
        id: expect.stringMatching(/^[A-Z0-9]{17}$/),
        amount_with_breakdown: {
          gross_amount: { currency_code: "USD", value: "10.00" },
          fee_amount: { currency_code: "USD", value: "0.84" },
          net_amount: { currency_code: "USD", value: "9.16" },
        },
        payer_name: { given_name: "Alex", surname: "Buyer" },
        payer_email: "alex.buyer@buyer.example.com",
        time: paidAt,
      },
    ]);
    const saleId = listed.body.transactions[0].id as string;
    const sale = await call(`/v1/payments/sale/${saleId}`, { token });
    expect(sale.body).toMatchObject({
      id: saleId,
      state: "completed",
      amount: { total: "10.00", currency: "USD" },
      transaction_fee: { value: "0.84", currency: "USD" },
      billing_agreement_id: id,
      custom: "btn_club_9",
      create_time: paidAt,
    });
    expect((await call(`/v1/payments/sale/${saleId}`, { token: (await newMerchant(sandbox())).token })).status).toBe(
      403,
    );
    const before = `/v1/billing/subscriptions/${id}/transactions?start_time=2020-01-01T00:00:00Z&end_time=2020-02-01T00:00:00Z`;
    expect((await call(before, { token })).body.transactions).toEqual([]);
  });

  it("adds the taxes of a subscription's inline plan to each payment it bills, and shows them", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const planId = monthly(clientId, { currency: "EUR" });
    const created = await call("/v1/billing/subscriptions", {
      token,
      json: { plan_id: planId, plan: { taxes: { percentage: "25.5", inclusive: false } } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      plan_overridden: true,
      plan: { taxes: { percentage: "25.5", inclusive: false } },
    });
    const id = created.body.id as string;
    sandbox().sandbox.approveSubscription(id);
    // €10.00 + 25.5 % = €12.55, each cycle.
    sandbox().sandbox.billSubscription(id);
    const listed = await call(
      `/v1/billing/subscriptions/${id}/transactions?start_time=2020-01-01T00:00:00Z&end_time=2100-01-01T00:00:00Z`,
      { token },
    );
    expect(
      listed.body.transactions.map((sale: { amount_with_breakdown: object }) => sale.amount_with_breakdown),
    ).toEqual(
      [1, 2].map(() =>
        expect.objectContaining({
          gross_amount: { currency_code: "EUR", value: "12.55" },
          tax_amount: { currency_code: "EUR", value: "2.55" },
        }),
      ),
    );
    const sale = await call(`/v1/payments/sale/${listed.body.transactions[0].id}`, { token });
    expect(sale.body.amount).toEqual({
      total: "12.55",
      currency: "EUR",
      details: { subtotal: "10.00", tax: "2.55" },
    });

    // A plan's price that includes the tax is charged as it is; an override other than taxes is refused.
    const inclusive = await call("/v1/billing/subscriptions", {
      token,
      json: { plan_id: planId, plan: { taxes: { percentage: "20", inclusive: true } } },
    });
    sandbox().sandbox.approveSubscription(inclusive.body.id);
    expect((await call(`/v1/billing/subscriptions/${inclusive.body.id}`, { token })).body.billing_info).toMatchObject({
      last_payment: { amount: { value: "10.00" } },
    });
    for (const plan of [{ taxes: { percentage: "twenty" } }, { billing_cycles: [] }, "20"]) {
      const refused = await call("/v1/billing/subscriptions", { token, json: { plan_id: planId, plan } });
      expect(refused.status, JSON.stringify(plan)).toBe(400);
    }
  });

  it("takes a setup fee as a sale of its own and nothing for a free trial, then bills the regular cycle", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const planId = monthly(clientId, { price: "9.99", trialDays: 7, setupFee: "2.50" });
    const id = await subscribe(clientId, token, planId);
    const { body: sub } = await call(`/v1/billing/subscriptions/${id}`, { token });
    const startedAt = sub.billing_info.last_payment.time as string;
    expect(sub.billing_info).toMatchObject({
      last_payment: { amount: { value: "2.50" } },
      next_billing_time: plusDays(startedAt, 7),
      cycle_executions: [
        { tenure_type: "TRIAL", sequence: 1, cycles_completed: 1, cycles_remaining: 0, total_cycles: 1 },
        { tenure_type: "REGULAR", sequence: 2, cycles_completed: 0, total_cycles: 0 },
      ],
    });
    const saleId = sandbox().sandbox.billSubscription(id);
    expect(saleId).toMatch(/^[A-Z0-9]{17}$/);
    const { body: billed } = await call(`/v1/billing/subscriptions/${id}`, { token });
    expect(billed.billing_info).toMatchObject({
      last_payment: { amount: { value: "9.99" } },
      next_billing_time: plusMonths(plusDays(startedAt, 7), 1),
      cycle_executions: [{ cycles_completed: 1 }, { cycles_completed: 1 }],
    });
    expect((await call(`/v1/payments/sale/${saleId}`, { token })).body.amount.total).toBe("9.99");
  });

  it("counts failed payments and suspends at the plan's threshold; PayPal then refuses to re-activate", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const id = await subscribe(clientId, token, monthly(clientId, { paymentFailureThreshold: 2 }));
    const nextBilling = (await call(`/v1/billing/subscriptions/${id}`, { token })).body.billing_info.next_billing_time;

    expect(sandbox().sandbox.billSubscription(id, { fail: true })).toBeUndefined();
    const failed = (await call(`/v1/billing/subscriptions/${id}`, { token })).body;
    expect(failed).toMatchObject({
      status: "ACTIVE",
      billing_info: {
        failed_payments_count: 1,
        outstanding_balance: { value: "10.00" },
        last_failed_payment: { amount: { value: "10.00" }, reason_code: "PAYMENT_DENIED" },
        next_billing_time: nextBilling,
      },
    });

    const bill = await call(`/__sandbox/subscriptions/${id}/bill`, { json: { fail: true } });
    expect(bill.status).toBe(200);
    expect(bill.body.subscription).toMatchObject({ status: "SUSPENDED", billing_info: { failed_payments_count: 2 } });
    expect(bill.body).not.toHaveProperty("sale");
    const activate = await call(`/v1/billing/subscriptions/${id}/activate`, { token, json: { reason: "Paid" } });
    expect(activate.status).toBe(422);
    expect(activate.body.details[0].issue).toBe("SUBSCRIPTION_CANNOT_BE_ACTIVATED");
    const again = await call(`/__sandbox/subscriptions/${id}/bill`, { json: {} });
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe("SUBSCRIPTION_STATUS_INVALID");
  });

  it("clears the failure count and outstanding balance once a retry succeeds", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const id = await subscribe(clientId, token, monthly(clientId));
    sandbox().sandbox.billSubscription(id, { fail: true });
    const bill = await call(`/__sandbox/subscriptions/${id}/bill`, { json: {} });
    expect(bill.body.sale).toMatchObject({ state: "completed", billing_agreement_id: id });
    expect(bill.body.subscription.billing_info).toMatchObject({
      failed_payments_count: 0,
      outstanding_balance: { value: "0.00" },
      cycle_executions: [{ cycles_completed: 2 }],
    });
  });

  it("suspends, re-activates and cancels with 204, and refuses an action the status does not allow", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const id = await subscribe(clientId, token, monthly(clientId));
    const act = (action: string, json: unknown = { reason: `${action} by the merchant` }, as = token) =>
      call(`/v1/billing/subscriptions/${id}/${action}`, { token: as, json });
    const read = async () => (await call(`/v1/billing/subscriptions/${id}`, { token })).body;

    expect((await act("activate")).body.details[0].issue).toBe("SUBSCRIPTION_STATUS_INVALID");
    expect((await act("suspend")).status).toBe(204);
    expect(await read()).toMatchObject({ status: "SUSPENDED", status_change_note: "suspend by the merchant" });
    expect((await act("suspend")).status).toBe(422);
    expect((await act("activate")).status).toBe(204);
    expect((await read()).status).toBe("ACTIVE");
    expect((await act("cancel", { reason: "x" }, (await newMerchant(sandbox())).token)).status).toBe(403);
    const noReason = await act("cancel", {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.details[0]).toMatchObject({ issue: "MISSING_REQUIRED_PARAMETER", field: "/reason" });
    expect((await act("cancel")).status).toBe(204);
    const cancelled = await read();
    expect(cancelled).toMatchObject({ status: "CANCELLED", status_change_note: "cancel by the merchant" });
    expect(cancelled.billing_info).not.toHaveProperty("next_billing_time");
    const twice = await act("cancel");
    expect(twice.status).toBe(422);
    expect(twice.body.details[0]).toMatchObject({
      issue: "SUBSCRIPTION_STATUS_INVALID",
      description: "Invalid subscription status for cancel action; subscription status should be active or suspended.",
    });
  });

  it("expires after its last regular cycle, or when PayPal expires it", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const id = await subscribe(clientId, token, monthly(clientId, { totalCycles: 2 }));
    sandbox().sandbox.billSubscription(id);
    const ended = (await call(`/v1/billing/subscriptions/${id}`, { token })).body;
    expect(ended).toMatchObject({
      status: "EXPIRED",
      billing_info: { cycle_executions: [{ cycles_completed: 2, cycles_remaining: 0, total_cycles: 2 }] },
    });
    expect(() => sandbox().sandbox.expireSubscription(id)).toThrow(/expire action/);

    const other = await subscribe(clientId, token, monthly(clientId));
    const expired = await call(`/__sandbox/subscriptions/${other}/expire`, { json: {} });
    expect(expired.body.status).toBe("EXPIRED");
  });

  it("validates the transactions window", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const id = await subscribe(clientId, token, monthly(clientId));
    const missing = await call(`/v1/billing/subscriptions/${id}/transactions?end_time=2030-01-01T00:00:00Z`, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0]).toMatchObject({
      issue: "MISSING_REQUIRED_PARAMETER",
      field: "start_time",
      location: "query",
    });
    const garbled = await call(`/v1/billing/subscriptions/${id}/transactions?start_time=yesterday&end_time=now`, {
      token,
    });
    expect(garbled.body.details[0].issue).toBe("INVALID_PARAMETER_SYNTAX");
  });

  it("replays a subscription creation with the same PayPal-Request-Id", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const json = { plan_id: monthly(clientId) };
    const headers = { "paypal-request-id": randomUUID() };
    const first = await call("/v1/billing/subscriptions", { token, json, headers });
    expect(await call("/v1/billing/subscriptions", { token, json, headers })).toEqual(first);
  });

  it("creates plans through the sandbox control and checks them like the API", async () => {
    const { clientId, token } = await newMerchant(sandbox());
    const made = await call("/__sandbox/plans", {
      json: { client_id: clientId, price: "3.00", currency: "EUR", interval_unit: "WEEK", interval_count: 2 },
    });
    expect(made.status).toBe(201);
    expect((await call(`/v1/billing/plans/${made.body.id}`, { token })).body).toMatchObject({
      status: "ACTIVE",
      billing_cycles: [{ frequency: { interval_unit: "WEEK", interval_count: 2 } }],
    });
    const bad = await call("/__sandbox/plans", {
      json: { client_id: clientId, price: "3.001", currency: "EUR", interval_unit: "WEEK", interval_count: 2 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.details[0].issue).toBe("DECIMAL_PRECISION");
  });
});
