import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_WEBHOOK_ID } from "../../../sandbox/paypal";
import { db } from "~/server/platform/db";
import { getThankYou } from "~/server/library/downloads";
import { processPayPalEvent } from "~/server/payments/paypal-events";
import { type Delivery, deliver, startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton, createSubscriptionButton } from "../../factories/payment-button";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { connectPayPal } from "../../factories/store-settings";
import { merchantCaller } from "../../support/callers";
import { buyerApi } from "../../support/buyer-api";
import {
  approveOrder,
  approveSubscription,
  createPlan,
  createSubscription,
  sandboxApiBase,
  sendWebhook,
  type SandboxBuyer,
} from "../../support/paypal-sandbox";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let webhookUrl: string;
let deliveries: Delivery[];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  webhookUrl = receiver.url;
  deliveries = receiver.received;
});
afterAll(() => receiver.close());

async function send(event_type: string, resource: Record<string, unknown>, webhook_id?: string) {
  const { delivery } = await sendWebhook(webhookUrl, { event_type, resource, webhook_id });
  return { status: delivery.status, body: JSON.parse(delivery.body) as Record<string, unknown> };
}

/** A merchant with PayPal credentials and the sandbox's webhook id saved, and one paid order. */
async function paidOrder(buyer: SandboxBuyer = "alex") {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { paypalWebhookId: SANDBOX_WEBHOOK_ID } });
  const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });
  const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
  await approveOrder(orderId, buyer);
  await buyerApi().captureOrder({ buttonId: button.id, orderId });
  const transaction = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { merchant, clientId, button, orderId, transaction, captureId: transaction.paypalTransactionId! };
}

/** A PAYMENT.CAPTURE.REFUNDED resource: the refund, linked "up" to its capture. */
const refundOf = (captureId: string, buttonId: string) => ({
  id: `REF${captureId.slice(0, 10)}`,
  status: "COMPLETED",
  amount: { currency_code: "USD", value: "10.00" },
  custom_id: buttonId,
  links: [{ rel: "up", method: "GET", href: `${sandboxApiBase()}/v2/payments/captures/${captureId}` }],
});

const captureResource = (captureId: string, orderId: string, buttonId: string, status: string) => ({
  id: captureId,
  status,
  amount: { currency_code: "USD", value: "10.00" },
  custom_id: buttonId,
  supplementary_data: { related_ids: { order_id: orderId } },
});

const statusOf = async (id: string) => (await db.transaction.findUniqueOrThrow({ where: { id } })).status;
const processed = (eventId: unknown) =>
  db.payPalEvent.count({ where: { eventId: String(eventId), state: "processed" } });

describe("PayPal webhooks", () => {
  it("stores a verified event, answers 200 at once and applies it in its job: a full refund", async () => {
    const { transaction, captureId, button } = await paidOrder();
    const { status, body } = await send("PAYMENT.CAPTURE.REFUNDED", refundOf(captureId, button.id));
    expect({ status, body }).toEqual({ status: 200, body: { ok: true } });
    expect(await statusOf(transaction.id)).toBe("refunded");
    const event = await db.payPalEvent.findFirstOrThrow({ where: { transactionId: transaction.id } });
    expect(event).toMatchObject({ type: "PAYMENT.CAPTURE.REFUNDED", state: "processed", attempts: 1 });
  });

  it("keeps an event whose payment is not recorded yet and applies it when its job runs again", async () => {
    const { transaction, captureId, button } = await paidOrder();
    // The refund arrives before the payment exists here (the buyer's capture is still being written).
    await db.transaction.update({ where: { id: transaction.id }, data: { paypalTransactionId: "SOMEWHERE-ELSE" } });
    const { status } = await send("PAYMENT.CAPTURE.REFUNDED", {
      ...refundOf(captureId, button.id),
      custom_id: button.id,
    });
    expect(status).toBe(200);
    const event = await db.payPalEvent.findFirstOrThrow({
      where: { eventId: String(JSON.parse(deliveries.at(-1)!.body).id) },
    });
    expect(event).toMatchObject({ state: "failed", outcome: "The refunded payment is not recorded yet; retrying." });
    await db.transaction.update({ where: { id: transaction.id }, data: { paypalTransactionId: captureId } });
    await processPayPalEvent(event.id);
    expect(await statusOf(transaction.id)).toBe("refunded");
  });

  it("rejects a bad signature and changes nothing", async () => {
    const { transaction, captureId, button } = await paidOrder();
    // Signed for another webhook id than the one the merchant saved.
    const wrongId = await send("PAYMENT.CAPTURE.REFUNDED", refundOf(captureId, button.id), "WH-SOMEONE-ELSE");
    expect(wrongId.status).toBe(400);

    // A genuine delivery whose body was altered on the way.
    await send("PAYMENT.CAPTURE.REVERSED", { ...refundOf(captureId, button.id), id: "PLACEHOLDER" }, "WH-SOMEONE-ELSE");
    const genuine = deliveries.at(-1)!;
    const tampered = await deliver({ ...genuine, body: genuine.body.replace("PLACEHOLDER", "TAMPERED") });
    expect(tampered.status).toBe(400);

    const unsigned = await deliver({
      body: genuine.body,
      headers: new Headers({ "content-type": "application/json" }),
    });
    expect(unsigned.status).toBe(400);

    expect(await statusOf(transaction.id)).toBe("completed");
    expect(await processed(JSON.parse(genuine.body).id)).toBe(0);
  });

  it("processes a redelivered event once", async () => {
    const { transaction, captureId, orderId, button } = await paidOrder("pending");
    const first = await send("PAYMENT.CAPTURE.COMPLETED", captureResource(captureId, orderId, button.id, "COMPLETED"));
    expect(first).toMatchObject({ status: 200, body: { ok: true } });
    expect(await statusOf(transaction.id)).toBe("completed");

    const again = await deliver(deliveries.at(-1)!);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ duplicate: true });
    const eventId = JSON.parse(deliveries.at(-1)!.body).id;
    expect(await processed(eventId)).toBe(1);
  });

  it("moves a pending capture to failed when PayPal denies it, and never back", async () => {
    const { transaction, captureId, orderId, button } = await paidOrder("pending");
    await send("PAYMENT.CAPTURE.DENIED", captureResource(captureId, orderId, button.id, "DECLINED"));
    expect(await statusOf(transaction.id)).toBe("failed");
    // A late COMPLETED (events arrive out of order) does not undo the decision.
    await send("PAYMENT.CAPTURE.COMPLETED", captureResource(captureId, orderId, button.id, "COMPLETED"));
    expect(await statusOf(transaction.id)).toBe("failed");
  });

  it("opens a pending sell-page purchase's download when PayPal completes it, and revokes it when PayPal denies it", async () => {
    async function pendingPurchase() {
      const merchant = await createMerchant(db);
      const { clientId } = await connectPayPal(db, merchant.id);
      await db.storeSettings.update({
        where: { merchantId: merchant.id },
        data: { paypalWebhookId: SANDBOX_WEBHOOK_ID },
      });
      const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: "%PDF-1.7 product" });
      const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
        buildSellPageInput({ paypalClientId: clientId, downloadableFileId: file.id }),
      );
      const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
      const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
      await approveOrder(orderId, "pending");
      const { downloadToken } = await buyerApi().captureOrder({ buttonId: button.id, orderId });
      const transaction = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
      return { button, orderId, transaction, token: downloadToken!, captureId: transaction.paypalTransactionId! };
    }

    const completes = await pendingPurchase();
    expect(await getThankYou(completes.token)).toMatchObject({ pending: true });
    const beforeCompletion = Date.now();
    await send(
      "PAYMENT.CAPTURE.COMPLETED",
      captureResource(completes.captureId, completes.orderId, completes.button.id, "COMPLETED"),
    );
    expect(await getThankYou(completes.token)).toMatchObject({ pending: false, downloadsLeft: 5 });
    const grant = await db.downloadGrant.findFirstOrThrow({ where: { transactionId: completes.transaction.id } });
    expect(grant.expiresAt.getTime()).toBeGreaterThanOrEqual(beforeCompletion + 24 * 60 * 60 * 1000);
    expect(grant.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 60 * 60 * 1000);

    const denied = await pendingPurchase();
    await send(
      "PAYMENT.CAPTURE.DENIED",
      captureResource(denied.captureId, denied.orderId, denied.button.id, "DECLINED"),
    );
    expect(await getThankYou(denied.token)).toBeNull();
    expect(await db.downloadGrant.count({ where: { transactionId: denied.transaction.id, revokedAt: null } })).toBe(0);
  });

  it("keeps subscription state in step", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const plan = await createPlan(clientId, { price: "10.00" });
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: { paypalWebhookId: SANDBOX_WEBHOOK_ID },
    });
    const button = await createSubscriptionButton(db, merchant.id, { clientId, planId: plan });

    // The buyer approved but their page never reported back: ACTIVATED records it (verified with PayPal).
    const subscriptionId = await createSubscription(clientId, plan, button.id);
    await approveSubscription(subscriptionId);
    const resource = { id: subscriptionId, status: "ACTIVE", plan_id: plan, custom_id: button.id };
    expect((await send("BILLING.SUBSCRIPTION.ACTIVATED", resource)).status).toBe(200);
    const row = () => db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: subscriptionId } });
    expect((await row()).status).toBe("active");

    await send("BILLING.SUBSCRIPTION.SUSPENDED", { ...resource, status: "SUSPENDED" });
    expect((await row()).status).toBe("suspended");
    await send("BILLING.SUBSCRIPTION.CANCELLED", { ...resource, status: "CANCELLED" });
    expect(await row()).toMatchObject({ status: "cancelled", cancelledAt: expect.any(Date) });
    // Over is over: a late ACTIVATED does not revive it.
    await send("BILLING.SUBSCRIPTION.ACTIVATED", resource);
    expect((await row()).status).toBe("cancelled");
  });

  it("answers 200 to events it does not handle or that are not ours, and 400 to junk", async () => {
    const { button } = await paidOrder();
    expect(await send("CHECKOUT.ORDER.APPROVED", { id: "5O190127TN364715T" })).toMatchObject({
      status: 200,
      body: { ignored: "event type not handled" },
    });
    expect(
      await send("PAYMENT.CAPTURE.REFUNDED", { ...refundOf("NOTOURCAPTURE00", button.id), custom_id: "not-a-button" }),
    ).toMatchObject({ status: 200, body: { ignored: "not a Popkit payment" } });
    const junk = await deliver({ body: "not json", headers: new Headers() });
    expect(junk.status).toBe(400);
  });

  it("refuses events of a merchant who has not saved a webhook id", async () => {
    const { transaction, captureId, button, merchant } = await paidOrder();
    await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { paypalWebhookId: null } });
    expect((await send("PAYMENT.CAPTURE.REFUNDED", refundOf(captureId, button.id))).status).toBe(400);
    expect(await statusOf(transaction.id)).toBe("completed");
  });
});
