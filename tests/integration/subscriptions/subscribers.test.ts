import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createPayPalEvent } from "../../factories/paypal-event";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller } from "../../support/callers";
import { trpcErrorOf } from "../../support/rejection";

/** A merchant with a subscription button. */
async function shop() {
  const merchant = await createMerchant(db);
  const button = await createPaymentButton(db, merchant.id, {
    name: `Membership ${unique("")}`,
    paymentType: "subscription",
    subscriptionPlanId: unique("P-"),
  });
  return { merchant, button, api: merchantCaller(merchant) };
}

/** One billing cycle's sale of `subscription`, as the ledger records it. */
function sale(
  merchantId: string,
  subscription: { paypalSubscriptionId: string; buttonId: string | null },
  fields: { amountMinor?: number; refundedMinor?: number; status?: "completed" | "refunded" | "failed" } = {},
) {
  return createTransaction(db, merchantId, {
    buttonId: subscription.buttonId,
    paypalOrderId: null,
    paypalSubscriptionId: subscription.paypalSubscriptionId,
    paypalTransactionId: unique("SALE-"),
    amountMinor: fields.amountMinor ?? 1000,
    refundedMinor: fields.refundedMinor ?? 0,
    status: fields.status ?? "completed",
  });
}

describe("merchant.subscriptions.list", () => {
  it("lists the merchant's own subscriptions newest first with plan, billing dates, failures and total paid", async () => {
    const [ada, bob] = [await shop(), await shop()];
    const older = await createSubscription(db, ada.merchant.id, {
      buttonId: ada.button.id,
      payerName: "Old Timer",
      payerEmail: "old@buyer.test",
      amountMinor: 2500,
      intervalUnit: "MONTH",
      intervalCount: 3,
      nextBillingAt: new Date("2026-12-01T00:00:00Z"),
      lastPaymentAt: new Date("2026-09-01T00:00:00Z"),
      failedPaymentsCount: 2,
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    const newer = await createSubscription(db, ada.merchant.id, {
      buttonId: ada.button.id,
      status: "cancelled",
      createdAt: new Date("2026-02-01T00:00:00Z"),
    });
    await sale(ada.merchant.id, older, { amountMinor: 2500 });
    await sale(ada.merchant.id, older, { amountMinor: 2500, refundedMinor: 1000 });
    await sale(ada.merchant.id, older, { amountMinor: 2500, status: "failed" });
    await createSubscription(db, bob.merchant.id, { buttonId: bob.button.id, payerEmail: "bobs@buyer.test" });

    const list = await ada.api.merchant.subscriptions.list({});
    expect(list).toMatchObject({ total: 2, pageCount: 1, pageSize: 20, button: null });
    expect(list.subscribers.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(list.subscribers[1]).toMatchObject({
      payerName: "Old Timer",
      status: "active",
      amountMinor: 2500,
      currency: "USD",
      intervalUnit: "MONTH",
      intervalCount: 3,
      nextBillingAt: new Date("2026-12-01T00:00:00Z"),
      lastPaymentAt: new Date("2026-09-01T00:00:00Z"),
      failedPaymentsCount: 2,
      // Two settled sales, one partly refunded; the failed one brought nothing.
      payments: 2,
      totalPaidMinor: 4000,
      canCancel: true,
      button: { id: ada.button.id, name: ada.button.name },
    });
    expect(list.subscribers[0]).toMatchObject({ payments: 0, totalPaidMinor: 0, canCancel: false });
    expect((await ada.api.merchant.subscriptions.list({ status: "cancelled" })).subscribers.map((r) => r.id)).toEqual([
      newer.id,
    ]);
  });

  it("lists one button's subscribers, and another merchant's button is NOT_FOUND", async () => {
    const [ada, bob] = [await shop(), await shop()];
    const other = await createPaymentButton(db, ada.merchant.id, { paymentType: "subscription" });
    const mine = await createSubscription(db, ada.merchant.id, { buttonId: ada.button.id });
    await createSubscription(db, ada.merchant.id, { buttonId: other.id });

    const ofButton = await ada.api.merchant.subscriptions.list({ buttonId: ada.button.id });
    expect(ofButton.button).toEqual({ id: ada.button.id, name: ada.button.name });
    expect(ofButton.subscribers.map((row) => row.id)).toEqual([mine.id]);
    expect((await trpcErrorOf(ada.api.merchant.subscriptions.list({ buttonId: bob.button.id }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await trpcErrorOf(ada.api.merchant.subscriptions.list({ buttonId: "no-such-button" }))).code).toBe(
      "NOT_FOUND",
    );
  });

  it("pages 20 at a time", async () => {
    const { merchant, button, api } = await shop();
    for (let i = 0; i < 21; i++) {
      await createSubscription(db, merchant.id, { buttonId: button.id, createdAt: new Date(Date.UTC(2026, 0, 1, i)) });
    }
    expect(await api.merchant.subscriptions.list({})).toMatchObject({ total: 21, pageCount: 2 });
    expect((await api.merchant.subscriptions.list({ page: 2 })).subscribers).toHaveLength(1);
  });

  it("refuses bad input with BAD_REQUEST and signed-out callers", async () => {
    const { api } = await shop();
    for (const input of [{ status: "paused" }, { page: 0 }, { buttonId: "" }, { buttonId: "x".repeat(65) }]) {
      expect((await trpcErrorOf(api.merchant.subscriptions.list(input as never))).code, JSON.stringify(input)).toBe(
        "BAD_REQUEST",
      );
    }
    expect((await trpcErrorOf(anonymousCaller().merchant.subscriptions.list({}))).code).toBe("UNAUTHORIZED");
  });
});

describe("merchant.subscriptions.get", () => {
  it("shows one subscriber with the events of their subscription and, through listPayments, their sales", async () => {
    const { merchant, button, api } = await shop();
    const subscription = await createSubscription(db, merchant.id, { buttonId: button.id, payerName: "Sue" });
    const another = await createSubscription(db, merchant.id, { buttonId: button.id });
    const first = await sale(merchant.id, subscription);
    await sale(merchant.id, another);
    await createPayPalEvent(db, merchant.id, {
      subscriptionId: subscription.id,
      type: "BILLING.SUBSCRIPTION.ACTIVATED",
      receivedAt: new Date("2026-03-01T00:00:00Z"),
    });
    await createPayPalEvent(db, merchant.id, {
      subscriptionId: subscription.id,
      type: "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
      state: "failed",
      outcome: "Could not reach the database.",
      receivedAt: new Date("2026-04-01T00:00:00Z"),
    });
    await createPayPalEvent(db, merchant.id, { subscriptionId: another.id, type: "BILLING.SUBSCRIPTION.CANCELLED" });

    const subscriber = await api.merchant.subscriptions.get({ id: subscription.id });
    expect(subscriber).toMatchObject({ id: subscription.id, payerName: "Sue", payments: 1, totalPaidMinor: 1000 });
    expect(subscriber.events.map((event) => [event.type, event.state, event.outcome])).toEqual([
      ["BILLING.SUBSCRIPTION.ACTIVATED", "processed", null],
      ["BILLING.SUBSCRIPTION.PAYMENT.FAILED", "failed", "Could not reach the database."],
    ]);
    const sales = await api.merchant.payments.list({ paypalSubscriptionId: subscription.paypalSubscriptionId });
    expect(sales).toMatchObject({ total: 1 });
    expect(sales.payments.map((row) => [row.id, row.paypalId])).toEqual([[first.id, first.paypalTransactionId]]);
  });

  it("is NOT_FOUND for another merchant's subscriber, whose sales it never lists either", async () => {
    const [ada, bob] = [await shop(), await shop()];
    const bobs = await createSubscription(db, bob.merchant.id, { buttonId: bob.button.id });
    await sale(bob.merchant.id, bobs);
    expect((await trpcErrorOf(ada.api.merchant.subscriptions.get({ id: bobs.id }))).code).toBe("NOT_FOUND");
    expect((await ada.api.merchant.payments.list({ paypalSubscriptionId: bobs.paypalSubscriptionId })).total).toBe(0);
    expect((await trpcErrorOf(anonymousCaller().merchant.subscriptions.get({ id: bobs.id }))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});

describe("merchant.subscriptions.cancel", () => {
  it("needs a signed-in merchant and refuses malformed input", async () => {
    const { merchant, button, api } = await shop();
    const subscription = await createSubscription(db, merchant.id, { buttonId: button.id });
    expect(
      (await trpcErrorOf(anonymousCaller().merchant.subscriptions.cancel({ subscriptionId: subscription.id }))).code,
    ).toBe("UNAUTHORIZED");
    for (const input of [{ subscriptionId: "" }, { subscriptionId: subscription.id, reason: "r".repeat(128) }]) {
      expect((await trpcErrorOf(api.merchant.subscriptions.cancel(input))).code, JSON.stringify(input)).toBe(
        "BAD_REQUEST",
      );
    }
  });
});
