import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/server/platform/db";
import { logger } from "~/server/platform/logger";
import { rotateWebhookSecret, updateWebhookUrl } from "~/server/merchant-webhooks/settings";
import {
  cancelSubscriptionBy,
  finishPlanChange,
  pauseSubscription,
  planChoices,
  resumeSubscription,
  startPlanChange,
  subscriptionChanges,
} from "~/server/subscriptions/changes";
import { cancelSubscription, syncSubscription } from "~/server/subscriptions/subscriptions";
import { createMerchant } from "../../factories/merchant";
import { createSubscriptionButton } from "../../factories/payment-button";
import { connectPayPal } from "../../factories/store-settings";
import { buyerApi } from "../../support/buyer-api";
import { startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import {
  answerRevision,
  approveSubscription,
  billSubscription,
  changeAtPayPal,
  createPlan,
  createSubscription,
  registerWebhook,
  subscriptionAtPayPal,
  waitForDelivery,
} from "../../support/paypal-sandbox";

// Subscribers' own changes (the customer portal) and the seller's, against the PayPal sandbox, whose webhooks
// reach the app's route (tests/support/paypal-webhook-receiver.ts applies each as its job would).
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const urls = { returnUrl: "https://buyer.example/portal/back", cancelUrl: "https://buyer.example/portal" };

/**
 * A store with merchant webhooks and a subscriber of a switchable $10 monthly plan. `paypalWebhooks: false` is a
 * seller whose PayPal app sends us nothing, so PayPal's state can differ from ours.
 */
async function subscriber(options: { paypalWebhooks?: boolean; allowPause?: boolean; failureThreshold?: number } = {}) {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  if (options.paypalWebhooks !== false) {
    const webhookId = await registerWebhook(clientId, receiver.url);
    await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { paypalWebhookId: webhookId } });
  }
  await db.storeSettings.update({
    where: { merchantId: merchant.id },
    data: { portalAllowPause: options.allowPause ?? true },
  });
  await updateWebhookUrl(merchant.id, { url: "https://hooks.example.com/popkit" });
  await rotateWebhookSecret(merchant.id);
  const planId = await createPlan(clientId, { price: "10.00", paymentFailureThreshold: options.failureThreshold });
  const button = await createSubscriptionButton(
    db,
    merchant.id,
    { clientId, planId },
    { name: "Basic", amountMinor: 1000, portalSwitchable: true, planIntervalUnit: "MONTH", planIntervalCount: 1 },
  );
  const paypalId = await createSubscription(clientId, planId, button.id);
  await approveSubscription(paypalId);
  await buyerApi().recordSubscription({ buttonId: button.id, subscriptionId: paypalId });
  const row = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: paypalId } });
  return { merchant, clientId, planId, button, paypalId, row };
}

/**
 * Another subscription button of the store, on a plan of its own: on the subscription's PayPal product (what
 * PayPal can revise it to) unless `otherProduct`.
 */
async function planButton(
  shop: { merchant: { id: string }; clientId: string; planId: string },
  price: string,
  fields: { name?: string; currency?: "USD" | "EUR"; portalSwitchable?: boolean; otherProduct?: boolean } = {},
) {
  const planId = await createPlan(shop.clientId, {
    price,
    currency: fields.currency ?? "USD",
    ...(!fields.otherProduct && { sameProductAs: shop.planId }),
  });
  return createSubscriptionButton(
    db,
    shop.merchant.id,
    { clientId: shop.clientId, planId },
    {
      name: fields.name ?? `Plan ${price}`,
      amountMinor: Math.round(Number(price) * 100),
      currency: fields.currency ?? "USD",
      portalSwitchable: fields.portalSwitchable ?? true,
      planIntervalUnit: "MONTH",
      planIntervalCount: 1,
    },
  );
}

const rowOf = (id: string) => db.subscription.findUniqueOrThrow({ where: { id } });
const changesOf = (id: string) => db.subscriptionChange.findMany({ where: { subscriptionId: id } });
const merchantEvents = async (merchantId: string, eventType: string) =>
  (await db.webhookDelivery.findMany({ where: { merchantId, eventType } })).filter((d) => d.buttonId === null);

/** Waits until the sandbox's `type` event about this subscription reached the app and was applied. */
const appliedEvent = async (type: string, paypalId: string) => {
  await waitForDelivery((d) => d.event_type === type && d.resource_id === paypalId);
  const event = await db.payPalEvent.findFirstOrThrow({ where: { type, body: { contains: paypalId } } });
  expect(event.state).toBe("processed");
  return event;
};

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: unknown) => e as { code: string; userMessage: string },
  );
  return { code: error.code, message: error.userMessage };
}

/** After a refused plan change: still active on its plan, no change pending and none recorded. */
async function expectNothingChanged(shop: Awaited<ReturnType<typeof subscriber>>) {
  expect(await rowOf(shop.row.id)).toMatchObject({ status: "active", planId: shop.planId, pendingPlanButtonId: null });
  expect(await changesOf(shop.row.id)).toEqual([]);
}

describe("cancel", () => {
  it("cancels at PayPal, then here with the reason; PayPal's webhook that follows changes nothing", async () => {
    const { merchant, clientId, paypalId, row } = await subscriber();
    expect(await cancelSubscriptionBy(row.id, { source: "portal", reason: "Too expensive" })).toEqual({
      status: "cancelled",
    });
    expect(await subscriptionAtPayPal(clientId, paypalId)).toMatchObject({
      status: "CANCELLED",
      status_change_note: "Too expensive",
    });
    expect(await rowOf(row.id)).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    const expectOnce = async () => {
      expect(await changesOf(row.id)).toEqual([
        expect.objectContaining({ action: "cancel", source: "portal", reason: "Too expensive" }),
      ]);
      expect(await merchantEvents(merchant.id, "subscription.cancelled")).toHaveLength(1);
      // Both sides' cancellation notices, once.
      expect(
        await db.emailMessage.count({
          where: {
            merchantId: merchant.id,
            template: { in: ["subscription-cancelled", "subscription-cancelled-seller"] },
          },
        }),
      ).toBe(2);
    };
    await expectOnce();
    await appliedEvent("BILLING.SUBSCRIPTION.CANCELLED", paypalId);
    await expectOnce();
    // Already cancelled: the status, not an error, and nothing more.
    expect(await cancelSubscriptionBy(row.id, { source: "portal" })).toEqual({ status: "cancelled" });
    await expectOnce();
    expect(await subscriptionChanges(row.id)).toEqual([
      {
        id: expect.any(String),
        action: "cancel",
        source: "portal",
        reason: "Too expensive",
        fromPlanId: null,
        toPlanId: null,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it("cancels once on a double click: one PayPal cancel, one change row, one seller webhook", async () => {
    const { merchant, paypalId, row } = await subscriber();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const results = await Promise.all([
        cancelSubscriptionBy(row.id, { source: "portal" }),
        cancelSubscriptionBy(row.id, { source: "portal" }),
      ]);
      expect(results).toEqual([{ status: "cancelled" }, { status: "cancelled" }]);
      const cancels = fetchSpy.mock.calls.filter(([url]) => String(url).endsWith(`/${paypalId}/cancel`));
      expect(cancels).toHaveLength(1);
    } finally {
      fetchSpy.mockRestore();
    }
    expect(await changesOf(row.id)).toHaveLength(1);
    expect(await merchantEvents(merchant.id, "subscription.cancelled")).toHaveLength(1);
  });

  it("tells the subscriber PayPal already cancelled it, and changes nothing here", async () => {
    const { merchant, clientId, paypalId, row } = await subscriber({ paypalWebhooks: false });
    await changeAtPayPal(clientId, paypalId, "cancel");
    expect(await refusalOf(cancelSubscriptionBy(row.id, { source: "portal" }))).toEqual({
      code: "CONFLICT",
      message: "PayPal says this subscription is already cancelled or has ended. Nothing was changed.",
    });
    expect((await rowOf(row.id)).status).toBe("active");
    expect(await changesOf(row.id)).toEqual([]);
    expect(await merchantEvents(merchant.id, "subscription.cancelled")).toEqual([]);
  });

  it("the seller's Cancel takes the same path, recorded as the seller's", async () => {
    const { merchant, row } = await subscriber();
    const other = await createMerchant(db);
    await expect(cancelSubscription(other.id, { subscriptionId: row.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await cancelSubscription(merchant.id, { subscriptionId: row.id, reason: "Asked by email" })).toEqual({
      status: "cancelled",
    });
    expect(await changesOf(row.id)).toEqual([
      expect.objectContaining({ action: "cancel", source: "seller", reason: "Asked by email" }),
    ]);
    await expect(cancelSubscriptionBy("no-such-subscription", { source: "portal" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("pause and resume", () => {
  it("suspends and re-activates at PayPal where the store allows it, each change recorded and told once", async () => {
    const { merchant, clientId, paypalId, row } = await subscriber();
    expect(await pauseSubscription(row.id, { source: "portal", reason: "Travelling" })).toEqual({
      status: "suspended",
    });
    expect((await subscriptionAtPayPal(clientId, paypalId)).status).toBe("SUSPENDED");
    await appliedEvent("BILLING.SUBSCRIPTION.SUSPENDED", paypalId);
    // Asked again: the status it has.
    expect(await pauseSubscription(row.id, { source: "portal" })).toEqual({ status: "suspended" });

    expect(await resumeSubscription(row.id, { source: "portal" })).toEqual({ status: "active" });
    expect((await subscriptionAtPayPal(clientId, paypalId)).status).toBe("ACTIVE");
    await waitForDelivery(
      (d) => d.event_type === "BILLING.SUBSCRIPTION.ACTIVATED" && d.resource_id === paypalId && d.attempts > 0,
    );
    expect((await rowOf(row.id)).status).toBe("active");
    const changes = await subscriptionChanges(row.id);
    expect(changes.map((c) => [c.action, c.source, c.reason])).toEqual([
      ["resume", "portal", null],
      ["pause", "portal", "Travelling"],
    ]);
    expect(await merchantEvents(merchant.id, "subscription.suspended")).toHaveLength(1);
    // The sign-up records the row active without this event; resuming sends it.
    expect(await merchantEvents(merchant.id, "subscription.activated")).toHaveLength(1);
  });

  it("refuses the portal when the store does not allow pausing; the seller still may", async () => {
    const { clientId, paypalId, row } = await subscriber({ allowPause: false });
    expect(await refusalOf(pauseSubscription(row.id, { source: "portal" }))).toEqual({
      code: "FORBIDDEN",
      message: "This store does not let subscribers pause their subscription.",
    });
    expect((await subscriptionAtPayPal(clientId, paypalId)).status).toBe("ACTIVE");
    expect((await rowOf(row.id)).status).toBe("active");
    expect(await changesOf(row.id)).toEqual([]);
    expect(await refusalOf(resumeSubscription(row.id, { source: "portal" }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await pauseSubscription(row.id, { source: "seller" })).toEqual({ status: "suspended" });
  });

  it("pauses only an active subscription", async () => {
    const { row } = await subscriber();
    await cancelSubscriptionBy(row.id, { source: "portal" });
    expect(await refusalOf(pauseSubscription(row.id, { source: "portal" }))).toEqual({
      code: "CONFLICT",
      message: "Only an active subscription can be paused.",
    });
  });

  it("tells the subscriber PayPal will not resume after failed payments, and changes nothing here", async () => {
    const { paypalId, row } = await subscriber({ failureThreshold: 1 });
    await billSubscription(paypalId, { fail: true });
    await appliedEvent("BILLING.SUBSCRIPTION.SUSPENDED", paypalId);
    expect((await rowOf(row.id)).status).toBe("suspended");
    expect(await refusalOf(resumeSubscription(row.id, { source: "portal" }))).toEqual({
      code: "CONFLICT",
      message: "PayPal will not resume this subscription after its failed payments. Nothing was changed.",
    });
    expect((await rowOf(row.id)).status).toBe("suspended");
    expect(await changesOf(row.id)).toEqual([]);
  });
});

describe("change plan", () => {
  it("offers the store's switchable plans of the same currency and PayPal app, and none unless its own is", async () => {
    const shop = await subscriber();
    const premium = await planButton(shop, "25.00", { name: "Premium" });
    await planButton(shop, "5.00", { portalSwitchable: false });
    await planButton(shop, "7.00", { currency: "EUR" });
    const otherApp = await planButton(shop, "8.00");
    await db.paymentButton.update({ where: { id: otherApp.id }, data: { paypalClientId: "another-app" } });
    const inactive = await planButton(shop, "9.00");
    await db.paymentButton.update({ where: { id: inactive.id }, data: { isActive: false } });

    expect(await planChoices(shop.row.id)).toEqual([
      {
        buttonId: shop.button.id,
        name: "Basic",
        amountMinor: 1000,
        currency: "USD",
        intervalUnit: "MONTH",
        intervalCount: 1,
        current: true,
      },
      {
        buttonId: premium.id,
        name: "Premium",
        amountMinor: 2500,
        currency: "USD",
        intervalUnit: "MONTH",
        intervalCount: 1,
        current: false,
      },
    ]);
    // PayPal never moves a plan to another product, so its answers are kept: with the store's PayPal unreachable
    // (no secret), the same two plans are still offered, without asking PayPal again.
    const offered = await planChoices(shop.row.id);
    await db.storeSettings.update({ where: { merchantId: shop.merchant.id }, data: { paypalSecretEncrypted: null } });
    expect(await planChoices(shop.row.id)).toEqual(offered);
    await db.paymentButton.update({ where: { id: shop.button.id }, data: { portalSwitchable: false } });
    expect(await planChoices(shop.row.id)).toEqual([]);
  });

  it("switches after the buyer approves at PayPal and comes back: the new plan, one change row, one webhook", async () => {
    const shop = await subscriber();
    const { merchant, clientId, paypalId, row } = shop;
    const premium = await planButton(shop, "25.00", { name: "Premium" });
    const { approveUrl } = await startPlanChange(row.id, premium.id, urls);
    expect((await rowOf(row.id)).pendingPlanButtonId).toBe(premium.id);
    // Nothing changes before the buyer approves.
    expect(await finishPlanChange(row.id)).toEqual({ changed: false });
    expect((await rowOf(row.id)).planId).toBe(shop.planId);

    const back = new URL(await answerRevision(approveUrl));
    expect(`${back.origin}${back.pathname}`).toBe(urls.returnUrl);
    expect(back.searchParams.get("subscription_id")).toBe(paypalId);
    expect(await finishPlanChange(row.id)).toEqual({ changed: true });
    expect(await rowOf(row.id)).toMatchObject({
      status: "active",
      buttonId: premium.id,
      planId: premium.subscriptionPlanId,
      amountMinor: 2500,
      intervalUnit: "MONTH",
      intervalCount: 1,
      pendingPlanButtonId: null,
    });
    expect((await subscriptionAtPayPal(clientId, paypalId)).plan_id).toBe(premium.subscriptionPlanId);
    const expectOnce = async () => {
      expect(await changesOf(row.id)).toEqual([
        expect.objectContaining({
          action: "change_plan",
          source: "portal",
          fromPlanId: shop.planId,
          toPlanId: premium.subscriptionPlanId,
        }),
      ]);
      const updated = await merchantEvents(merchant.id, "subscription.updated");
      expect(updated).toHaveLength(1);
      expect(JSON.parse(updated[0]!.payload).data).toMatchObject({ plan_id: premium.subscriptionPlanId, amount: 2500 });
    };
    await expectOnce();
    // The return page opened again, and PayPal's UPDATED webhook: nothing more.
    expect(await finishPlanChange(row.id)).toEqual({ changed: true });
    await appliedEvent("BILLING.SUBSCRIPTION.UPDATED", paypalId);
    await expectOnce();
    // The next renewal charges the new price.
    await billSubscription(paypalId);
    await syncSubscription(row.id);
    // By amount, not time: PayPal's sale times have whole seconds, so the renewal can sort before a sign-up
    // recorded in the same second.
    const sales = await db.transaction.findMany({
      where: { paypalSubscriptionId: paypalId },
      orderBy: { amountMinor: "asc" },
    });
    expect(sales.map((sale) => sale.amountMinor)).toEqual([1000, 2500]);
  });

  it("applies an approved change from PayPal's webhook when the buyer never comes back", async () => {
    const shop = await subscriber();
    const premium = await planButton(shop, "25.00");
    const { approveUrl } = await startPlanChange(shop.row.id, premium.id, urls);
    await answerRevision(approveUrl);
    await appliedEvent("BILLING.SUBSCRIPTION.UPDATED", shop.paypalId);
    expect(await rowOf(shop.row.id)).toMatchObject({ buttonId: premium.id, amountMinor: 2500 });
    expect(await finishPlanChange(shop.row.id)).toEqual({ changed: true });
    expect(await changesOf(shop.row.id)).toHaveLength(1);
    expect(await merchantEvents(shop.merchant.id, "subscription.updated")).toHaveLength(1);
  });

  it("keeps the plan when the buyer cancels at PayPal", async () => {
    const shop = await subscriber();
    const premium = await planButton(shop, "25.00");
    const { approveUrl } = await startPlanChange(shop.row.id, premium.id, urls);
    expect(await answerRevision(approveUrl, "cancel")).toMatch(/^https:\/\/buyer\.example\/portal\?/);
    expect(await finishPlanChange(shop.row.id)).toEqual({ changed: false });
    expect((await rowOf(shop.row.id)).planId).toBe(shop.planId);
    expect(await changesOf(shop.row.id)).toEqual([]);
  });

  it("refuses plans not offered, the current one, and a subscription PayPal already cancelled", async () => {
    const shop = await subscriber({ paypalWebhooks: false });
    const hidden = await planButton(shop, "5.00", { portalSwitchable: false });
    const premium = await planButton(shop, "25.00");
    const elsewhere = await subscriber();
    expect(await refusalOf(startPlanChange(shop.row.id, hidden.id, urls))).toEqual({
      code: "FORBIDDEN",
      message: "That plan is not offered for this subscription.",
    });
    expect(await refusalOf(startPlanChange(shop.row.id, elsewhere.button.id, urls))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await refusalOf(startPlanChange(shop.row.id, "no-such-button", urls))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusalOf(startPlanChange(shop.row.id, shop.button.id, urls))).toMatchObject({ code: "CONFLICT" });

    await changeAtPayPal(shop.clientId, shop.paypalId, "cancel");
    expect(await refusalOf(startPlanChange(shop.row.id, premium.id, urls))).toEqual({
      code: "CONFLICT",
      message: "PayPal says this subscription can no longer change plan. Nothing was changed.",
    });
    await expectNothingChanged(shop);
  });

  it("offers no plan of another PayPal product, and PayPal's refusal of one is a sentence that changes nothing", async () => {
    const shop = await subscriber({ paypalWebhooks: false });
    const premium = await planButton(shop, "25.00", { name: "Premium" });
    const apart = await planButton(shop, "15.00", { name: "Apart", otherProduct: true });
    expect((await planChoices(shop.row.id)).map((choice) => choice.buttonId)).toEqual([shop.button.id, premium.id]);

    expect(await refusalOf(startPlanChange(shop.row.id, apart.id, urls))).toEqual({
      code: "CONFLICT",
      message: "PayPal cannot move this subscription to that plan. Nothing was changed.",
    });
    await expectNothingChanged(shop);
    expect((await subscriptionAtPayPal(shop.clientId, shop.paypalId)).plan_id).toBe(shop.planId);
  });

  it("offers only the current plan, and does not fail, when PayPal cannot be reached", async () => {
    const shop = await subscriber();
    await planButton(shop, "25.00");
    const warn = vi.spyOn(logger, "warn");
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("fetch failed"));
    try {
      expect((await planChoices(shop.row.id)).map((choice) => choice.buttonId)).toEqual([shop.button.id]);
    } finally {
      fetchSpy.mockRestore();
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("PayPal"), expect.anything());
    warn.mockRestore();
  });

  it("changes only an active subscription", async () => {
    const shop = await subscriber();
    const premium = await planButton(shop, "25.00");
    await pauseSubscription(shop.row.id, { source: "portal" });
    expect(await refusalOf(startPlanChange(shop.row.id, premium.id, urls))).toEqual({
      code: "CONFLICT",
      message: "Only an active subscription can change plan.",
    });
  });
});
