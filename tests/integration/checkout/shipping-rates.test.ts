import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ZodError } from "zod";
import { db } from "~/server/platform/db";
import { shippingMessages } from "~/server/checkout/shipping";
import type * as ShippingModule from "~/server/checkout/shipping";
import { POST as callbackPost } from "~/app/api/paypal/order-callback/route";
import type { UpdateShippingInput } from "~/schemas/shipping";
import { createSeller } from "../../factories/seller";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { startOrderCallbackRelay } from "../../support/order-callback-relay";
import { approveOrder, chooseShipping, orderAtPayPal } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";

// Shipping rates and sales tax priced inside PayPal's window: the store's zones and tax rates go with each order
// that ships, PayPal's order-update callback answers with the price for the buyer's address, and the capture checks
// PayPal's amount against our own price for the address the buyer approved with.

// PayPal calls the URL the order gave it; in this test run the app is not listening on APP_URL, so the order's
// callback URL points at a relay to the same route handler (the secret in its query string is kept).
let relayBase = "";
vi.mock("~/server/checkout/shipping", async (importOriginal) => {
  const actual = await importOriginal<typeof ShippingModule>();
  return {
    ...actual,
    newOrderCallback: () => {
      const callback = actual.newOrderCallback();
      const url = new URL(callback.url);
      return { token: callback.token, url: `${relayBase}${url.pathname}${url.search}` };
    },
  };
});

let relay: Awaited<ReturnType<typeof startOrderCallbackRelay>>;
beforeAll(async () => {
  relay = await startOrderCallbackRelay();
  relayBase = relay.base;
});
afterAll(() => relay.close());

const zonesAndTax: UpdateShippingInput = {
  zones: [
    {
      name: "United States",
      currency: "USD",
      places: "US",
      rates: [
        { name: "Standard", price: "5.00", perItem: "1.00", freeAbove: "100" },
        { name: "Express", price: "15.00", perItem: "", freeAbove: "" },
      ],
    },
    {
      name: "Canada",
      currency: "USD",
      places: "CA",
      rates: [{ name: "International", price: "12.00", perItem: "", freeAbove: "" }],
    },
  ],
  taxRates: [
    { place: "US-NY", rate: "8.875" },
    { place: "US-CA", rate: "7.25" },
  ],
  chargesEuVat: false,
};

async function shippingSeller(amountMinor = 2000) {
  const seller = await createSeller(db, { name: "Art print", amountMinor, ships: true, maxQuantity: 5 });
  await merchantCaller(seller.merchant).merchant.store.updateShipping(zonesAndTax);
  return seller;
}

const buyer = () => buyerApi();

/** A refused save's messages by field path ("zones.0.places"), as the form's resolver shows them under each field. */
async function fieldMessages(save: Promise<unknown>) {
  const error = await rejectionOf<{ cause?: unknown }>(save);
  expect(error.cause).toBeInstanceOf(ZodError);
  const messages: Record<string, string[]> = {};
  for (const issue of (error.cause as ZodError).issues) (messages[issue.path.join(".")] ??= []).push(issue.message);
  return messages;
}

function callback(token: string | null, body: unknown) {
  const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
  return callbackPost(
    new Request(`http://localhost/api/paypal/order-callback${query}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

const callbackBody = (orderId: string, country: string, region?: string, itemTotal = "20.00") => ({
  id: orderId,
  shipping_address: { country_code: country, ...(region && { admin_area_1: region }), postal_code: "10001" },
  purchase_units: [
    {
      reference_id: "default",
      amount: {
        currency_code: "USD",
        value: itemTotal,
        breakdown: { item_total: { currency_code: "USD", value: itemTotal } },
      },
    },
  ],
});

describe("the store's shipping and tax settings", () => {
  it("saves zones and tax rates and reads them back as the form shows them", async () => {
    const { merchant } = await shippingSeller();
    const saved = await merchantCaller(merchant).merchant.store.shipping();
    expect(saved.form.zones[0]).toMatchObject({ name: "United States", places: "US", currency: "USD" });
    expect(saved.form.zones[0]!.rates[0]).toMatchObject({
      name: "Standard",
      price: "5.00",
      perItem: "1.00",
      freeAbove: "100.00",
    });
    expect(saved.form.taxRates).toEqual([
      { place: "US-NY", rate: "8.875" },
      { place: "US-CA", rate: "7.25" },
    ]);
    expect(saved.placeNames).toEqual([["United States"], ["Canada"]]);
  });

  it.each([
    [
      "an unknown place",
      { places: "US, XX, US-ZZ" },
      "zones.0.places",
      "Not a country or US/Canadian state code: XX, US-ZZ.",
    ],
    ["no places", { places: " , " }, "zones.0.places", "List the countries or states this zone covers, e.g. US, CA."],
    [
      "a price with three decimals",
      { rates: [{ name: "Std", price: "5.001", perItem: "", freeAbove: "" }] },
      "zones.0.rates.0.price",
      "Enter the price per order, e.g. 5.00 (0 for free).",
    ],
  ])("refuses %s with the field's message", async (_what, zone, path, message) => {
    const { merchant } = await createSeller(db);
    const input = { ...zonesAndTax, zones: [{ ...zonesAndTax.zones[0]!, ...zone }] };
    const messages = await fieldMessages(merchantCaller(merchant).merchant.store.updateShipping(input));
    expect(messages[path]).toEqual([message]);
  });

  it("refuses a place in two zones of one currency, a tax rate above 30% and a place taxed twice", async () => {
    const { merchant } = await createSeller(db);
    const messages = await fieldMessages(
      merchantCaller(merchant).merchant.store.updateShipping({
        zones: [zonesAndTax.zones[0]!, { ...zonesAndTax.zones[1]!, places: "CA, US" }],
        taxRates: [
          { place: "us-ny", rate: "31" },
          { place: "US-NY", rate: "4" },
        ],
        chargesEuVat: false,
      }),
    );
    expect(messages).toMatchObject({
      "zones.1.places": ['US is already in the zone "United States".'],
      "taxRates.0.rate": ["Enter a rate above 0 and up to 30%, e.g. 8.875."],
      "taxRates.1.place": ["US-NY already has a tax rate."],
    });
  });
});

describe("PayPal's order-update callback", () => {
  it("answers the options, shipping and tax for the buyer's address", async () => {
    const { button } = await shippingSeller();
    const { orderId } = await buyer().createOrder({ buttonId: button.id, quantity: 1 });
    const session = await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    const response = await callback(session.callbackToken, callbackBody(orderId, "US", "NY"));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { purchase_units: Record<string, unknown>[] };
    expect(answer.purchase_units[0]).toEqual({
      reference_id: "default",
      amount: {
        currency_code: "USD",
        value: "27.78",
        breakdown: {
          item_total: { currency_code: "USD", value: "20.00" },
          shipping: { currency_code: "USD", value: "6.00" },
          tax_total: { currency_code: "USD", value: "1.78" },
        },
      },
      shipping_options: [
        {
          id: expect.any(String),
          label: "Standard",
          type: "SHIPPING",
          amount: { currency_code: "USD", value: "6.00" },
          selected: true,
        },
        {
          id: expect.any(String),
          label: "Express",
          type: "SHIPPING",
          amount: { currency_code: "USD", value: "15.00" },
          selected: false,
        },
      ],
    });
  });

  it("refuses a country the store does not ship to with PayPal's issue, and calls not from PayPal's order", async () => {
    const { button } = await shippingSeller();
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    const { callbackToken } = await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    const refused = await callback(callbackToken, callbackBody(orderId, "AU", "NSW"));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "COUNTRY_ERROR" }] });

    // Another secret, another order, an item total the order was not created with: nothing is priced.
    expect((await callback("not-the-secret", callbackBody(orderId, "US", "NY"))).status).toBe(404);
    expect((await callback(callbackToken, callbackBody("5O190127TN364715T", "US", "NY"))).status).toBe(404);
    expect((await callback(callbackToken, callbackBody(orderId, "US", "NY", "0.01"))).status).toBe(404);
    expect((await callback(null, callbackBody(orderId, "US", "NY"))).status).toBe(400);
    expect((await callback(callbackToken, "{not json")).status).toBe(400);
    expect((await callback(callbackToken, { id: orderId })).status).toBe(400);
  });
});

describe("an order that ships, paid through PayPal's window", () => {
  it("captures the price for the address the buyer approved with, and records shipping and tax", async () => {
    const { button, clientId } = await shippingSeller();
    const { orderId } = await buyer().createOrder({ buttonId: button.id, quantity: 2 });
    // The buyer looks at New York, then ships to California by Express.
    await chooseShipping(orderId, "us-ny");
    const unit = (await orderAtPayPal(clientId, orderId)).purchase_units[0]!;
    const express = unit.shipping!.options!.find((option) => option.label === "Express")!;
    await approveOrder(orderId, "alex", undefined, { address: "us-ca", option: express.id });
    // 2 × 20.00 = 40.00; Express 15.00; California 7.25% of 40.00 = 2.90.
    expect((await orderAtPayPal(clientId, orderId)).purchase_units[0]!.amount.value).toBe("57.90");
    await buyer().captureOrder({ buttonId: button.id, orderId });
    const payment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      include: { lines: true },
    });
    expect(payment).toMatchObject({
      amountMinor: 5790,
      shippingMinor: 1500,
      shippingMethod: "Express",
      taxMinor: 290,
      shippingRegion: "CA",
      fulfilment: "unfulfilled",
    });
    expect(payment.lines.map((line) => [line.amountMinor, line.taxMinor])).toEqual([[4000, 290]]);
  });

  it("keeps the rates the order was created with when the seller edits them afterwards", async () => {
    const { merchant, button, clientId } = await shippingSeller();
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    await merchantCaller(merchant).merchant.store.updateShipping({
      zones: [{ ...zonesAndTax.zones[0]!, rates: [{ name: "Standard", price: "50.00", perItem: "", freeAbove: "" }] }],
      taxRates: [],
      chargesEuVat: false,
    });
    await approveOrder(orderId, "alex", undefined, { address: "us-ny" });
    expect((await orderAtPayPal(clientId, orderId)).purchase_units[0]!.amount.value).toBe("27.78");
    await buyer().captureOrder({ buttonId: button.id, orderId });
    expect(await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } })).toMatchObject({
      amountMinor: 2778,
      shippingMinor: 600,
    });
  });

  it("refuses, before any money moves, an address PayPal could not price with us", async () => {
    const { button, clientId } = await shippingSeller();
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    // PayPal could not reach the callback (the relay is another address now): it kept the order as created.
    const session = await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    await db.checkoutSession.update({ where: { id: session.id }, data: { callbackToken: "rotated" } });
    await approveOrder(orderId, "alex", undefined, { address: "us-ny" });
    expect((await orderAtPayPal(clientId, orderId)).purchase_units[0]!.amount.value).toBe("20.00");
    const refusal = await rejectionOf<CheckoutRefused>(buyer().captureOrder({ buttonId: button.id, orderId }));
    expect(refusal).toMatchObject({ status: 409, message: shippingMessages.priceChanged });
    expect((await orderAtPayPal(clientId, orderId)).status).toBe("APPROVED");
    expect(await db.transaction.findUnique({ where: { paypalOrderId: orderId } })).toBeNull();
  });
});
