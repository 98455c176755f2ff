import { describe, expect, it } from "vitest";
import { REFUSAL_MESSAGES } from "../../sandbox/paypal";
import { merchantCallback, newMerchant, paypalSandboxPerFile } from "./paypal-api";
import { ITEMS, OPTIONS, orderBody, priced, refuse, store, usd } from "./shipping-store";

// The shipping module: shipping options on an order, and the order-update callback PayPal makes to the merchant
// while the buyer picks an address and an option in its window.

const TIMEOUT_MS = 300;
const { sandbox, call } = paypalSandboxPerFile({ orderCallbackTimeoutMs: TIMEOUT_MS });

async function created(body: unknown) {
  const merchant = await newMerchant(sandbox());
  const order = await call("/v2/checkout/orders", { token: merchant.token, json: body });
  expect(order.status).toBe(201);
  return { ...merchant, id: order.body.id as string };
}

const pick = (id: string, json: Record<string, unknown>) => call(`/__sandbox/orders/${id}/shipping`, { json });
const approve = (id: string, json: Record<string, unknown> = {}) =>
  call(`/__sandbox/orders/${id}/approve`, { json: { buyer: "alex", ...json } });
const callbacks = async (id: string) => (await call(`/__sandbox/orders/${id}/callbacks`)).body;
const unitOf = (order: { purchase_units: unknown[] }) => order.purchase_units[0] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- PayPal's JSON

describe("creating an order with shipping options and a callback", () => {
  it("keeps the options and the callback config, and shows the options", async () => {
    const merchant = await merchantCallback();
    const { token, id } = await created(orderBody({ callbackUrl: merchant.url, options: OPTIONS }));
    const order = (await call(`/v2/checkout/orders/${id}`, { token })).body;
    expect(unitOf(order).shipping).toEqual({ options: OPTIONS });
    expect(await callbacks(id)).toMatchObject({
      callback_url: merchant.url,
      callback_events: ["SHIPPING_ADDRESS", "SHIPPING_OPTIONS"],
      calls: [],
    });
  });

  it.each([
    [{ callback_url: "https://shop.example/cb" }, 400, "MISSING_REQUIRED_PARAMETER", "/callback_events"],
    [
      { callback_events: [], callback_url: "https://shop.example/cb" },
      400,
      "INVALID_ARRAY_MIN_ITEMS",
      "/callback_events",
    ],
    [
      { callback_events: ["SHIPPING_CHANGE"], callback_url: "https://shop.example/cb" },
      400,
      "INVALID_PARAMETER_VALUE",
      "/callback_events/0",
    ],
    [{ callback_events: ["SHIPPING_ADDRESS"] }, 400, "MISSING_REQUIRED_PARAMETER", "/callback_url"],
    [
      { callback_events: ["SHIPPING_ADDRESS"], callback_url: "/api/paypal/callback" },
      400,
      "INVALID_PARAMETER_VALUE",
      "/callback_url",
    ],
    [
      { callback_events: ["SHIPPING_ADDRESS"], callback_url: `https://shop.example/${"a".repeat(2040)}` },
      400,
      "INVALID_STRING_LENGTH",
      "/callback_url",
    ],
  ])("refuses the callback config %j with %i %s", async (config, status, issue, field) => {
    const body = orderBody();
    Object.assign(body.payment_source.paypal.experience_context, { order_update_callback_config: config });
    const merchant = await newMerchant(sandbox());
    const answer = await call("/v2/checkout/orders", { token: merchant.token, json: body });
    expect(answer.status).toBe(status);
    expect(answer.body.details[0]).toMatchObject({
      issue,
      field: `/payment_source/paypal/experience_context/order_update_callback_config${field}`,
    });
  });

  it.each([
    ["no option selected", OPTIONS.map((o) => ({ ...o, selected: false })), 422, "SHIPPING_OPTION_NOT_SELECTED"],
    ["two options selected", OPTIONS.map((o) => ({ ...o, selected: true })), 422, "MULTIPLE_SHIPPING_OPTION_SELECTED"],
    ["a repeated id", [OPTIONS[0], { ...OPTIONS[1], id: "standard" }], 422, "DUPLICATE_SHIPPING_OPTION_IDS"],
    [
      "another price than the breakdown's shipping",
      [{ ...OPTIONS[0], amount: usd("6.00") }, OPTIONS[1]],
      422,
      "PREFERRED_SHIPPING_OPTION_AMOUNT_MISMATCH",
    ],
    [
      "another currency",
      [OPTIONS[0], { ...OPTIONS[1], amount: { currency_code: "EUR", value: "15.00" } }],
      422,
      "CURRENCY_MISMATCH",
    ],
    ["an unknown type", [OPTIONS[0], { ...OPTIONS[1], type: "DRONE" }], 400, "INVALID_PARAMETER_VALUE"],
    ["no selected flag", [OPTIONS[0], { id: "express", label: "Express" }], 400, "MISSING_REQUIRED_PARAMETER"],
    [
      "a label of 128 characters",
      [OPTIONS[0], { ...OPTIONS[1], label: "x".repeat(128) }],
      400,
      "INVALID_STRING_LENGTH",
    ],
  ])("refuses options with %s", async (_, options, status, issue) => {
    const merchant = await newMerchant(sandbox());
    const answer = await call("/v2/checkout/orders", { token: merchant.token, json: orderBody({ options }) });
    expect(answer.status).toBe(status);
    expect(answer.body.details[0].issue).toBe(issue);
  });

  it("refuses options where the buyer picks no address", async () => {
    const merchant = await newMerchant(sandbox());
    const body = orderBody({ options: OPTIONS, preference: "NO_SHIPPING" });
    const answer = await call("/v2/checkout/orders", { token: merchant.token, json: body });
    expect(answer.status).toBe(422);
    expect(answer.body.details[0].issue).toBe("SHIPPING_OPTIONS_NOT_SUPPORTED");
  });

  it("ignores the callback of an order that ships nowhere the buyer picks", async () => {
    const merchant = await merchantCallback(store);
    const { id } = await created(orderBody({ callbackUrl: merchant.url, preference: "NO_SHIPPING" }));
    expect((await approve(id)).status).toBe(200);
    expect(merchant.received).toEqual([]);
    expect((await callbacks(id)).callback_url).toBeNull();
  });
});

describe("the order-update callback", () => {
  it("sends the order, the partial address and the selected option to the URL as given", async () => {
    const merchant = await merchantCallback(store);
    const { id } = await created(orderBody({ callbackUrl: merchant.url, options: OPTIONS }));
    expect((await pick(id, {})).status).toBe(200);
    expect((await pick(id, { address: "de-be" })).status).toBe(422);
    const [first, second] = merchant.received;
    expect(first!.url).toBe("/api/paypal/order-callback?token=merchant-secret");
    expect(first!.headers["content-type"]).toBe("application/json");
    expect(first!.headers.authorization).toBeUndefined();
    // PayPal calls with the preselected address as its review page loads: only city, state, postcode and country.
    expect(first!.body).toEqual({
      id,
      shipping_address: { country_code: "US", admin_area_1: "CA", admin_area_2: "San Jose", postal_code: "95131" },
      shipping_option: { id: "standard", label: "Standard", type: "SHIPPING", amount: usd("5.00") },
      purchase_units: [
        expect.objectContaining({
          reference_id: "default",
          amount: { ...usd("25.00"), breakdown: { item_total: usd("20.00"), shipping: usd("5.00") } },
          items: ITEMS,
          shipping: { options: OPTIONS },
        }),
      ],
    });
    expect(second!.body.shipping_address).toEqual({ country_code: "DE", admin_area_2: "Berlin", postal_code: "11011" });
  });

  it("applies a 200 answer: amount, breakdown and options, as the order, the window and the capture show", async () => {
    const merchant = await merchantCallback(store);
    const { token, id } = await created(orderBody({ callbackUrl: merchant.url }));
    const picked = await pick(id, { address: "us-ny" });
    expect(picked.status).toBe(200);
    expect(picked.body.sandbox).toEqual({ shipping_preference: "GET_FROM_FILE", address: "us-ny", option: "standard" });
    const expected = {
      ...usd("27.18"),
      breakdown: { item_total: usd("20.00"), shipping: usd("5.00"), tax_total: usd("2.18") },
    };
    expect(unitOf(picked.body)).toMatchObject({
      amount: expected,
      items: ITEMS,
      shipping: { options: priced(id, "standard").purchase_units[0]!.shipping_options },
    });
    expect(unitOf((await call(`/v2/checkout/orders/${id}`, { token })).body).amount).toEqual(expected);

    const express = await pick(id, { option: "express" });
    expect(merchant.received.at(-1)!.body.shipping_option.id).toBe("express");
    expect(unitOf(express.body).amount.value).toBe("37.18");

    expect((await approve(id)).status).toBe(200);
    expect(merchant.received).toHaveLength(2);
    const captured = await call(`/v2/checkout/orders/${id}/capture`, { token, json: {} });
    const unit = unitOf(captured.body);
    expect(unit.payments.captures[0].amount).toEqual(usd("37.18"));
    expect(unit.shipping).toEqual({
      name: { full_name: "Alex Buyer" },
      address: {
        address_line_1: "350 Fifth Avenue",
        admin_area_2: "New York",
        admin_area_1: "NY",
        postal_code: "10118",
        country_code: "US",
      },
      options: priced(id, "express").purchase_units[0]!.shipping_options,
    });
    expect((await callbacks(id)).calls.map((c: { event: string; outcome: string }) => [c.event, c.outcome])).toEqual([
      ["SHIPPING_ADDRESS", "APPLIED"],
      ["SHIPPING_OPTIONS", "APPLIED"],
    ]);
  });

  it("shows a 422's message and refuses to approve with that address until another is picked", async () => {
    const merchant = await merchantCallback(store);
    const { id } = await created(orderBody({ callbackUrl: merchant.url }));
    const refused = await pick(id, { address: "au-nsw" });
    expect(refused.status).toBe(422);
    expect(refused.body.details[0]).toMatchObject({
      issue: "COUNTRY_ERROR",
      description: "Your order can't be shipped to this country.",
    });
    const approval = await approve(id, { address: "au-nsw" });
    expect(approval.status).toBe(422);
    expect(approval.body.details[0].issue).toBe("COUNTRY_ERROR");
    // The refusal stands for that address without calling again, and another address clears it.
    expect(merchant.received).toHaveLength(1);
    expect((await approve(id, { address: "us-or" })).body.status).toBe("APPROVED");
    expect((await callbacks(id)).calls.map((c: { outcome: string; issue?: string }) => [c.outcome, c.issue])).toEqual([
      ["REFUSED", "COUNTRY_ERROR"],
      ["APPLIED", undefined],
    ]);
  });

  it("refuses only the option a METHOD_UNAVAILABLE answer names", async () => {
    const merchant = await merchantCallback(store);
    const { id } = await created(orderBody({ callbackUrl: merchant.url, options: OPTIONS }));
    expect((await pick(id, { address: "ca-on" })).status).toBe(200);
    const refused = await pick(id, { option: "express" });
    expect(refused.body.details[0]).toMatchObject({ issue: "METHOD_UNAVAILABLE", field: "/option" });
    expect(refused.body.details[0].description).toBe(REFUSAL_MESSAGES.METHOD_UNAVAILABLE);
    expect((await approve(id)).status).toBe(422);
    expect((await pick(id, { option: "standard" })).status).toBe(200);
    expect((await approve(id)).body.status).toBe("APPROVED");
  });

  it.each([
    [
      "no answer within the timeout",
      { delayMs: TIMEOUT_MS + 500, json: {} },
      null,
      `no answer within ${TIMEOUT_MS} ms`,
    ],
    ["a 500", { status: 500, json: { name: "INTERNAL_SERVER_ERROR" } }, 500, "HTTP 500"],
    ["a 200 that is not JSON", { text: "<html>ok</html>" }, 200, "The answer is not JSON."],
    ["a 422 without a shipping issue", refuse("OUT_OF_STOCK"), 422, "HTTP 422"],
  ])("falls back to the order as created on %s, and lets the buyer approve", async (_, answer, status, reason) => {
    let calls = 0;
    const merchant = await merchantCallback((request) => (++calls === 1 ? store(request) : answer));
    const { token, id } = await created(orderBody({ callbackUrl: merchant.url, options: OPTIONS }));
    expect(unitOf((await pick(id, { address: "us-ny" })).body).amount.value).toBe("27.18");
    const fellBack = await pick(id, { address: "us-or" });
    expect(fellBack.status).toBe(200);
    expect(unitOf(fellBack.body).amount).toEqual(orderBody({ options: OPTIONS }).purchase_units[0]!.amount);
    expect(unitOf(fellBack.body).shipping.options).toEqual(OPTIONS);
    expect((await callbacks(id)).calls[1]).toMatchObject({ outcome: "FALLBACK", status, reason });
    expect((await approve(id)).status).toBe(200);
    const captured = await call(`/v2/checkout/orders/${id}/capture`, { token, json: {} });
    expect(unitOf(captured.body).payments.captures[0].amount).toEqual(usd("25.00"));
  });

  it("falls back when the merchant cannot be reached", async () => {
    const closed = await merchantCallback();
    const url = closed.url;
    await closed.close();
    const { id } = await created(orderBody({ callbackUrl: url }));
    expect((await pick(id, { address: "us-ny" })).status).toBe(200);
    expect((await callbacks(id)).calls[0]).toMatchObject({ outcome: "FALLBACK", status: null, reason: "ECONNREFUSED" });
  });

  it.each([
    [
      "a breakdown that does not add up",
      { amount: { ...usd("30.00"), breakdown: { item_total: usd("20.00"), shipping: usd("5.00") } } },
      "AMOUNT_MISMATCH",
    ],
    [
      "another item total than the items",
      { amount: { ...usd("30.00"), breakdown: { item_total: usd("25.00"), shipping: usd("5.00") } } },
      "ITEM_TOTAL_MISMATCH",
    ],
    ["another currency", { amount: { currency_code: "EUR", value: "25.00" } }, "CURRENCY_MISMATCH"],
    [
      "options without a selected one",
      { shipping_options: OPTIONS.map((o) => ({ ...o, selected: false })) },
      "SHIPPING_OPTION_NOT_SELECTED",
    ],
  ])("ignores a 200 answer with %s and notes why", async (_, unit, issue) => {
    const merchant = await merchantCallback(({ body }) => ({
      json: { id: body.id, purchase_units: [{ reference_id: "default", ...unit }] },
    }));
    const { id } = await created(orderBody({ callbackUrl: merchant.url }));
    const picked = await pick(id, { address: "us-ny" });
    expect(unitOf(picked.body).amount.value).toBe("20.00");
    const [logged] = (await callbacks(id)).calls;
    expect(logged).toMatchObject({ outcome: "FALLBACK", status: 200 });
    expect(logged.reason).toMatch(new RegExp(`^${issue}`));
  });

  it("reprices an option change itself when the merchant subscribed to addresses only", async () => {
    const merchant = await merchantCallback(store);
    const { id } = await created(
      orderBody({ callbackUrl: merchant.url, events: ["SHIPPING_ADDRESS"], options: OPTIONS }),
    );
    await pick(id, {});
    const express = await pick(id, { option: "express" });
    expect(merchant.received.map((r) => r.body.shipping_option.id)).toEqual(["standard"]);
    // The callback for the address answered standard shipping; the switch to express adds its 10.00 more.
    expect(unitOf(express.body).amount).toEqual({
      ...usd("35.00"),
      breakdown: { item_total: usd("20.00"), shipping: usd("15.00") },
    });
    expect(unitOf(express.body).shipping.options.find((o: { selected: boolean }) => o.selected).id).toBe("express");
  });

  it("prices the address on a direct approval as the window would have", async () => {
    const merchant = await merchantCallback(store);
    const { token, id } = await created(orderBody({ callbackUrl: merchant.url }));
    expect((await approve(id, { address: "us-ny" })).status).toBe(200);
    expect(merchant.received.map((r) => r.body.shipping_address.admin_area_1)).toEqual(["NY"]);
    expect(unitOf((await call(`/v2/checkout/orders/${id}`, { token })).body).amount.value).toBe("27.18");
    await expect(sandbox().sandbox.approveOrder(id, "alex", { address: "au-nsw" })).rejects.toThrow(
      REFUSAL_MESSAGES.COUNTRY_ERROR!,
    );
  });
});
