import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton, createSubscriptionButton } from "../../factories/payment-button";
import { connectPayPal } from "../../factories/store-settings";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import {
  approveOrder,
  approveSubscription,
  createPlan,
  createSubscription,
  subscriptionAtPayPal,
} from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";
import { createSeller } from "../../factories/seller";

const buyer = () => buyerApi();

async function failure(promise: Promise<unknown>) {
  const { code, message, issue } = await rejectionOf<CheckoutRefused>(promise);
  return { code, message, issue };
}

const rowsOf = (orderId: string) => db.transaction.findMany({ where: { paypalOrderId: orderId } });

describe("checkout.getButton", () => {
  it("shows an active button's public fields only", async () => {
    const { button, merchant } = await createSeller(db, { description: "Pattern pack" });
    const shown = await buyer().getButton({ buttonId: button.id });
    expect(shown).toMatchObject({
      id: button.id,
      name: button.name,
      description: "Pattern pack",
      amountMinor: 1000,
      currency: "USD",
      isSubscription: false,
      canTakePayments: true,
      style: { color: "gold", shape: "rect", size: "medium", label: "paypal" },
    });
    const text = JSON.stringify(shown);
    expect(text).not.toContain(merchant.email);
    expect(text).not.toContain("v1.");
  });

  it("answers NOT_FOUND for an inactive or unknown button", async () => {
    const { button } = await createSeller(db, { isActive: false });
    expect((await failure(buyer().getButton({ buttonId: button.id }))).code).toBe("NOT_FOUND");
    expect((await failure(buyer().getButton({ buttonId: "doesnotexist" }))).code).toBe("NOT_FOUND");
  });
});

describe("one-time payments", () => {
  it("creates the order from the stored price, captures it and records PayPal's answer", async () => {
    const { button, merchant } = await createSeller(db, { amountMinor: 2599, currency: "EUR" });
    const { orderId } = await buyer().createOrder({ buttonId: button.id });

    const session = await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(session).toMatchObject({ merchantId: merchant.id, buttonId: button.id, amountMinor: 2599, currency: "EUR" });

    await approveOrder(orderId, "alex");
    const result = await buyer().captureOrder({ buttonId: button.id, orderId });
    const [row, ...others] = await rowsOf(orderId);
    expect(others).toHaveLength(0);
    // The buyer is shown the id PayPal's receipt shows: the capture's, the one the payment is recorded under.
    expect(result).toEqual({
      orderId,
      paymentId: row!.paypalTransactionId,
      status: "completed",
      downloadToken: null,
      downloadNotice: null,
      licenseKeys: [],
      upsell: null,
    });
    expect(row).toMatchObject({
      merchantId: merchant.id,
      buttonId: button.id,
      amountMinor: 2599,
      currency: "EUR",
      status: "completed",
      paypalPayerId: "ALEXBUY3R7Q2L",
      payerEmail: "alex.buyer@buyer.example.com",
      payerName: "Alex Buyer",
      paypalSubscriptionId: null,
    });
    expect(row!.paypalTransactionId).toBeTruthy();
  });

  it("ignores an amount the client sends", async () => {
    const { button } = await createSeller(db, { amountMinor: 4200 });
    const sneaky = { buttonId: button.id, amount: "0.01", amountMinor: 1, currency: "JPY" };
    const { orderId } = await buyer().createOrder(sneaky as { buttonId: string });
    await approveOrder(orderId);
    await buyer().captureOrder({ buttonId: button.id, orderId, amount: "0.01" } as {
      buttonId: string;
      orderId: string;
    });
    const [row] = await rowsOf(orderId);
    expect(row).toMatchObject({ amountMinor: 4200, currency: "USD", status: "completed" });
  });

  it("lets a buyer whose card is declined try again with another instrument", async () => {
    const { button } = await createSeller(db);
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(orderId, "declined-card");
    const declined = await failure(buyer().captureOrder({ buttonId: button.id, orderId }));
    expect(declined).toMatchObject({ code: "PAYMENT_FAILED", issue: "INSTRUMENT_DECLINED" });
    expect(declined.message).toBe("Your payment method was declined. Please try another one.");
    expect(await rowsOf(orderId)).toHaveLength(0);

    // actions.restart(): the buyer approves the same order again with a working instrument.
    await approveOrder(orderId, "alex");
    await expect(buyer().captureOrder({ buttonId: button.id, orderId })).resolves.toMatchObject({
      status: "completed",
    });
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it("records a pending capture as pending and a declined capture as failed", async () => {
    const { button } = await createSeller(db);
    for (const [who, status] of [
      ["pending", "pending"],
      ["capture-declined", "failed"],
    ] as const) {
      const { orderId } = await buyer().createOrder({ buttonId: button.id });
      await approveOrder(orderId, who);
      await expect(buyer().captureOrder({ buttonId: button.id, orderId })).resolves.toEqual({
        orderId,
        paymentId: expect.stringMatching(/^[A-Z0-9]{17}$/),
        status,
        downloadToken: null,
        downloadNotice: null,
        licenseKeys: [],
        upsell: null,
      });
      expect((await rowsOf(orderId)).map((row) => row.status)).toEqual([status]);
    }
  });

  it("captures once: repeated and concurrent captures return the same result and leave one row", async () => {
    const { button } = await createSeller(db);
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    const results = await Promise.all([
      buyer().captureOrder({ buttonId: button.id, orderId }),
      buyer().captureOrder({ buttonId: button.id, orderId }),
    ]);
    const again = await buyer().captureOrder({ buttonId: button.id, orderId });
    const paymentId = (await rowsOf(orderId))[0]!.paypalTransactionId;
    for (const result of [...results, again])
      expect(result).toEqual({
        orderId,
        paymentId,
        status: "completed",
        downloadToken: null,
        downloadNotice: null,
        licenseKeys: [],
        upsell: null,
      });
    expect(await rowsOf(orderId)).toHaveLength(1);
  });

  it("rejects capturing an order through another button, of the same or another merchant", async () => {
    const { button, merchant, clientId } = await createSeller(db);
    const sibling = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });
    const stranger = await createSeller(db);
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(orderId);

    for (const other of [sibling.id, stranger.button.id]) {
      expect(await failure(buyer().captureOrder({ buttonId: other, orderId }))).toMatchObject({
        code: "NOT_FOUND",
        message: "Payment not found.",
      });
    }
    expect(await rowsOf(orderId)).toHaveLength(0);
    // Once recorded, the order still belongs to its own button only.
    await buyer().captureOrder({ buttonId: button.id, orderId });
    expect((await failure(buyer().captureOrder({ buttonId: sibling.id, orderId }))).code).toBe("NOT_FOUND");
  });

  it("refuses an order id it never created", async () => {
    const { button } = await createSeller(db);
    const error = await failure(buyer().captureOrder({ buttonId: button.id, orderId: "5O190127TN364715T" }));
    expect(error.code).toBe("NOT_FOUND");
  });

  it("does not sell through an inactive button", async () => {
    const { button } = await createSeller(db, { isActive: false });
    expect(await failure(buyer().createOrder({ buttonId: button.id }))).toMatchObject({
      code: "NOT_FOUND",
      message: "Payment button not found",
    });
    expect(await db.checkoutSession.count({ where: { buttonId: button.id } })).toBe(0);
  });

  it("tells the buyer a seller without a saved secret cannot take payments yet", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    await expect(buyer().getButton({ buttonId: button.id })).resolves.toMatchObject({ canTakePayments: false });
    expect(await failure(buyer().createOrder({ buttonId: button.id }))).toMatchObject({
      code: "FORBIDDEN",
      message: "This seller cannot take payments yet.",
    });

    // A button saved with another client id than the one whose secret we hold cannot be paid either.
    const other = await createSeller(db, { paypalClientId: "some-other-client-id" });
    expect((await failure(buyer().createOrder({ buttonId: other.button.id }))).message).toBe(
      "This seller cannot take payments yet.",
    );
  });

  it("rejects malformed ids with a clear message", async () => {
    const error = await failure(buyer().createOrder({ buttonId: "" }));
    expect(error.code).toBe("INVALID");
    expect(error.message).toContain("Button ID is required");
  });
});

describe("subscriptions", () => {
  /** A seller whose PayPal app has a $15.00-a-year plan, with a subscription button for it. */
  async function subscriptionSeller() {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const plan = await createPlan(clientId, { price: "15.00", intervalUnit: "YEAR" });
    const button = await createSubscriptionButton(db, merchant.id, { clientId, planId: plan }, { amountMinor: 1500 });
    return { merchant, clientId, plan, button };
  }

  it("verifies an approved subscription with PayPal and records it once, with the plan's price and cycle", async () => {
    const { button, clientId, merchant, plan } = await subscriptionSeller();
    // As the buyer's page does: our server creates it, for this button, with no tax of its own.
    const { subscriptionId } = await buyer().startSubscription({ buttonId: button.id });
    expect(await subscriptionAtPayPal(clientId, subscriptionId)).toMatchObject({
      plan_id: plan,
      custom_id: button.id,
      plan_overridden: false,
    });
    await approveSubscription(subscriptionId);

    const first = await buyer().recordSubscription({ buttonId: button.id, subscriptionId });
    const again = await buyer().recordSubscription({ buttonId: button.id, subscriptionId });
    expect(first).toEqual({ subscriptionId, status: "active" });
    expect(again).toEqual(first);

    const subs = await db.subscription.findMany({ where: { paypalSubscriptionId: subscriptionId } });
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({
      merchantId: merchant.id,
      buttonId: button.id,
      planId: plan,
      status: "active",
      amountMinor: 1500,
      intervalUnit: "YEAR",
      intervalCount: 1,
      payerEmail: "alex.buyer@buyer.example.com",
    });
    // The first cycle's payment is PayPal's sale (read from PayPal at sign-up), once: not the activation itself.
    const payments = await db.transaction.findMany({ where: { paypalSubscriptionId: subscriptionId } });
    expect(payments).toMatchObject([
      { paypalOrderId: null, amountMinor: 1500, status: "completed", buttonId: button.id },
    ]);
    expect(payments[0]!.paypalTransactionId).toBeTruthy();
  });

  it("rejects a subscription to another plan, or one not yet approved, and records nothing", async () => {
    const { button, clientId, plan } = await subscriptionSeller();
    const otherPlan = await createSubscription(clientId, await createPlan(clientId, { price: "15.00" }));
    await approveSubscription(otherPlan);
    expect(await failure(buyer().recordSubscription({ buttonId: button.id, subscriptionId: otherPlan }))).toMatchObject(
      { code: "INVALID", message: "This subscription is not for this product's plan." },
    );

    const unapproved = await createSubscription(clientId, plan, button.id);
    expect((await failure(buyer().recordSubscription({ buttonId: button.id, subscriptionId: unapproved }))).code).toBe(
      "PAYMENT_FAILED",
    );
    expect(await db.subscription.count({ where: { buttonId: button.id } })).toBe(0);
    expect(await db.transaction.count({ where: { buttonId: button.id } })).toBe(0);
  });

  it("does not take one-time orders on a subscription button, nor start a subscription on a one-time one", async () => {
    const { button } = await subscriptionSeller();
    expect((await failure(buyer().createOrder({ buttonId: button.id }))).code).toBe("INVALID");
    const oneTime = await createSeller(db);
    expect((await failure(buyer().startSubscription({ buttonId: oneTime.button.id }))).code).toBe("NOT_FOUND");
    await db.paymentButton.update({ where: { id: button.id }, data: { isActive: false } });
    expect((await failure(buyer().startSubscription({ buttonId: button.id }))).code).toBe("NOT_FOUND");
  });
});
