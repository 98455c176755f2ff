import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSubscription } from "../../factories/subscription";
import { createSubscriptionChange } from "../../factories/subscription-change";
import { unique } from "../../factories/unique";
import { merchantCaller } from "../../support/callers";

/** A merchant with two subscription plans, Basic and Pro, each on its own button. */
async function shop() {
  const merchant = await createMerchant(db);
  const plan = (name: string) =>
    createPaymentButton(db, merchant.id, { name, paymentType: "subscription", subscriptionPlanId: unique("P-") });
  const [basic, pro] = [await plan("Basic"), await plan("Pro")];
  return { merchant, basic, pro, api: merchantCaller(merchant) };
}

const at = (iso: string) => new Date(`2026-10-${iso}Z`);

describe("merchant.subscriptions.list: the latest change from the portal or by the seller", () => {
  it("shows each subscriber's newest change with its reason, and none for a subscriber without changes", async () => {
    const { merchant, basic, pro, api } = await shop();
    const switched = await createSubscription(db, merchant.id, { buttonId: pro.id, planId: pro.subscriptionPlanId! });
    const cancelled = await createSubscription(db, merchant.id, { buttonId: basic.id, status: "cancelled" });
    const untouched = await createSubscription(db, merchant.id, { buttonId: basic.id });

    await createSubscriptionChange(db, switched.id, { action: "pause", createdAt: at("01T10:00:00") });
    await createSubscriptionChange(db, switched.id, { action: "resume", createdAt: at("02T10:00:00") });
    await createSubscriptionChange(db, switched.id, {
      action: "change_plan",
      fromPlanId: basic.subscriptionPlanId,
      toPlanId: pro.subscriptionPlanId,
      createdAt: at("03T10:00:00"),
    });
    await createSubscriptionChange(db, cancelled.id, {
      action: "pause",
      reason: "Travelling",
      createdAt: at("05T10:00:00"),
    });
    await createSubscriptionChange(db, cancelled.id, {
      action: "cancel",
      source: "seller",
      reason: "Asked by e-mail",
      createdAt: at("06T10:00:00"),
    });

    const { subscribers } = await api.merchant.subscriptions.list({});
    const byId = new Map(subscribers.map((row) => [row.id, row.latestChange]));
    expect(byId.get(switched.id)).toEqual({
      action: "change_plan",
      source: "portal",
      reason: null,
      createdAt: at("03T10:00:00"),
      fromPlan: "Basic",
      toPlan: "Pro",
    });
    // The newest change is shown with its own reason, not an older one's.
    expect(byId.get(cancelled.id)).toEqual({
      action: "cancel",
      source: "seller",
      reason: "Asked by e-mail",
      createdAt: at("06T10:00:00"),
      fromPlan: null,
      toPlan: null,
    });
    expect(byId.get(untouched.id)).toBeNull();

    // The subscriber's own page says the same.
    await expect(api.merchant.subscriptions.get({ id: cancelled.id })).resolves.toMatchObject({
      latestChange: { action: "cancel", reason: "Asked by e-mail" },
    });
  });

  it("names a plan whose button is gone by PayPal's plan id", async () => {
    const { merchant, pro, api } = await shop();
    const subscription = await createSubscription(db, merchant.id, { buttonId: pro.id });
    const retiredPlanId = unique("P-RETIRED-");
    await createSubscriptionChange(db, subscription.id, {
      action: "change_plan",
      fromPlanId: retiredPlanId,
      toPlanId: pro.subscriptionPlanId,
    });

    const { subscribers } = await api.merchant.subscriptions.list({});
    expect(subscribers[0]?.latestChange).toMatchObject({ fromPlan: retiredPlanId, toPlan: "Pro" });
  });

  it("never shows another store's changes, nor names a plan by another store's button", async () => {
    const [ada, bob] = [await shop(), await shop()];
    const adas = await createSubscription(db, ada.merchant.id, { buttonId: ada.basic.id });
    const bobs = await createSubscription(db, bob.merchant.id, { buttonId: bob.basic.id });
    await createSubscriptionChange(db, bobs.id, { action: "cancel", reason: "Bob's buyer's reason" });
    // A change naming Bob's plans on Ada's subscription: Ada sees PayPal's ids, never Bob's button names.
    await createSubscriptionChange(db, adas.id, {
      action: "change_plan",
      fromPlanId: bob.basic.subscriptionPlanId,
      toPlanId: bob.pro.subscriptionPlanId,
    });

    const adaList = await ada.api.merchant.subscriptions.list({});
    expect(adaList.subscribers.map((row) => row.id)).toEqual([adas.id]);
    expect(adaList.subscribers[0]?.latestChange).toMatchObject({
      fromPlan: bob.basic.subscriptionPlanId,
      toPlan: bob.pro.subscriptionPlanId,
    });
    expect(JSON.stringify(adaList)).not.toContain("Bob's buyer's reason");

    const bobList = await bob.api.merchant.subscriptions.list({});
    expect(bobList.subscribers.map((row) => [row.id, row.latestChange?.reason])).toEqual([
      [bobs.id, "Bob's buyer's reason"],
    ]);
  });

  it("shows one change per subscriber across a full page", async () => {
    const { merchant, basic, api } = await shop();
    const subscriptions = [];
    for (let index = 0; index < 20; index++) {
      subscriptions.push(
        await createSubscription(db, merchant.id, {
          buttonId: basic.id,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
        }),
      );
    }
    for (const [index, subscription] of subscriptions.entries()) {
      await createSubscriptionChange(db, subscription.id, { action: "pause", createdAt: at("01T10:00:00") });
      await createSubscriptionChange(db, subscription.id, {
        action: "resume",
        reason: `reason ${index}`,
        createdAt: at("02T10:00:00"),
      });
    }

    const { subscribers } = await api.merchant.subscriptions.list({});
    expect(subscribers).toHaveLength(20);
    for (const row of subscribers) {
      const index = subscriptions.findIndex((subscription) => subscription.id === row.id);
      expect(row.latestChange).toMatchObject({ action: "resume", reason: `reason ${index}` });
    }
  });
});
