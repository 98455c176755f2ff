import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { deliverEmail, queueEmails, recordEmail } from "~/server/email";
import { emailTemplates } from "~/server/job-handlers";
import { refundPayment } from "~/server/payments/refunds";
import { applyPayPalSubscription } from "~/server/subscriptions/subscriptions";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { buyerApi } from "../../support/buyer-api";
import { linkIn, mailTo, sendQueuedMail, setMailboxAvailable, waitForMail } from "../../support/mailbox";
import { approveOrder, captureAtPayPal, waitForDelivery } from "../../support/paypal-sandbox";
import { startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import { buyerEmail, buyFile, fileStore } from "../../support/file-store";

// Buyers' mail read from real SMTP traffic: the sandbox's SMTP server receives what the app sends.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const store = () => fileStore({ webhookUrl: receiver.url });
const buy = buyFile;

describe("receipts", () => {
  it("sends the buyer one receipt with the store, item, amount, purchase id, support e-mail and library link", async () => {
    const shop = await store();
    const email = buyerEmail();
    const payment = await buy(shop, email);

    expect(await sendQueuedMail(email)).toBe(1);
    const receipt = await waitForMail(email, "Your receipt from Glaze Studio: Glaze Recipes (Basic)");
    expect(receipt.text).toContain("$29.99");
    expect(receipt.text).toContain(payment.paypalTransactionId!);
    expect(receipt.text).toContain(shop.supportEmail);
    expect(receipt.html).toContain("Open your purchases");
    expect(linkIn(receipt, "/library/")).toMatch(/^http:\/\/localhost:3000\/library\/[A-Za-z0-9_-]{43}$/);
    // The seller hears of the sale at the account address.
    await sendQueuedMail(shop.merchant.email);
    await waitForMail(shop.merchant.email, /New sale/);
  });

  it("shows the quantity and the discount when there are any, and the store's website and support address", async () => {
    const shop = await store();
    await db.storeSettings.update({
      where: { merchantId: shop.merchant.id },
      data: { websiteUrl: "https://glaze.example/studio" },
    });
    const email = buyerEmail();
    const payment = await createTransaction(db, shop.merchant.id, {
      buttonId: shop.button.id,
      paypalTransactionId: unique("CAPTURE-"),
      payerEmail: email,
      amountMinor: 8497,
      quantity: 3,
      discountCodeText: "SPRING",
      discountMinor: 500,
    });
    await queueEmails([
      await recordEmail(db, { template: "receipt", to: email, payload: { transactionId: payment.id } }),
    ]);

    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from Glaze Studio");
    // The plain-text part runs the table's cells together.
    expect(receipt.text).toContain("Quantity:3");
    expect(receipt.text).toContain("Discount:-$5.00 (SPRING)");
    expect(receipt.text).toContain("Amount paid:$84.97");
    expect(receipt.text).toContain("Sold by Glaze Studio");
    expect(receipt.html).toContain(`href="mailto:${shop.supportEmail}"`);
    expect(receipt.html).toContain('href="https://glaze.example/studio"');
    expect(receipt.text).toContain("glaze.example/studio");
  });

  it("says nothing of quantity or discount for a single undiscounted item", async () => {
    const shop = await store();
    const email = buyerEmail();
    await buy(shop, email);
    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from Glaze Studio");
    expect(receipt.text).not.toContain("Quantity:");
    expect(receipt.text).not.toContain("Discount:");
    // No website set: only the support address.
    expect(receipt.text).toMatch(new RegExp(`Sold by Glaze Studio · ${shop.supportEmail.replace(/\./g, "\\.")}`));
  });

  it("is recorded once when PayPal's webhook and the buyer's capture race to record the payment", async () => {
    const shop = await store();
    const email = buyerEmail();
    const { orderId } = await buyerApi().createOrder({ buttonId: shop.button.id });
    await approveOrder(orderId, "alex", email);
    // Captured at PayPal; the sandbox's PAYMENT.CAPTURE.COMPLETED and the buyer's capture call both record it.
    const captured = await captureAtPayPal(shop.clientId, orderId);
    await Promise.all([
      buyerApi().captureOrder({ buttonId: shop.button.id, orderId }),
      waitForDelivery(
        (d) => d.event_type === "PAYMENT.CAPTURE.COMPLETED" && JSON.stringify(captured).includes(d.resource_id),
      ),
    ]);
    const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(await db.emailMessage.count({ where: { dedupeKey: `receipt:${payment.id}` } })).toBe(1);
    expect(await sendQueuedMail(email)).toBe(1);
    await waitForMail(email, "Your receipt");
    expect(await mailTo(email)).toHaveLength(1);
  });

  it("waits out an SMTP outage: the failed send is kept and retried, and the receipt goes out once", async () => {
    const shop = await store();
    const email = buyerEmail();
    await setMailboxAvailable(email, false);
    const payment = await buy(shop, email);
    const receipt = await db.emailMessage.findUniqueOrThrow({ where: { dedupeKey: `receipt:${payment.id}` } });

    await expect(deliverEmail(receipt.id, emailTemplates)).rejects.toThrow(/451/);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: receipt.id } })).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: expect.stringContaining("451"),
    });

    await setMailboxAvailable(email, true);
    await deliverEmail(receipt.id, emailTemplates); // the job's retry
    await deliverEmail(receipt.id, emailTemplates); // a duplicate run of it changes nothing
    await waitForMail(email, "Your receipt");
    expect(await mailTo(email)).toHaveLength(1);
    expect(await db.emailMessage.findUniqueOrThrow({ where: { id: receipt.id } })).toMatchObject({
      status: "sent",
      attempts: 2,
      sentAt: expect.any(Date),
    });
  });

  it("sends no sale alert when the seller turned them off, and the receipt all the same", async () => {
    const shop = await store();
    await db.storeSettings.update({ where: { merchantId: shop.merchant.id }, data: { saleAlertsEnabled: false } });
    const email = buyerEmail();
    const payment = await buy(shop, email);
    expect(await db.emailMessage.findMany({ where: { dedupeKey: { endsWith: payment.id } } })).toEqual([
      expect.objectContaining({ template: "receipt", toAddress: email }),
    ]);
  });

  it("tells the buyer and the seller about a refund", async () => {
    const shop = await store();
    const email = buyerEmail();
    const payment = await buy(shop, email);
    await refundPayment(shop.merchant.id, { paymentId: payment.id, amountMinor: 500, idempotencyKey: randomUUID() });

    await sendQueuedMail(email);
    const notice = await waitForMail(email, "Glaze Studio refunded $5.00");
    expect(notice.text).toContain(payment.paypalTransactionId!);
    await sendQueuedMail(shop.merchant.email);
    await waitForMail(shop.merchant.email, /refund/i);
  });
});

describe("subscription notices", () => {
  it("tells the subscriber and the seller once when a subscription is cancelled", async () => {
    const shop = await store();
    const email = buyerEmail();
    const subscription = await createSubscription(db, shop.merchant.id, { payerEmail: email, amountMinor: 900 });
    const cancelled = {
      id: subscription.paypalSubscriptionId,
      status: "CANCELLED",
      planId: subscription.planId,
      customId: null,
      startTime: null,
      subscriber: null,
      nextBillingTime: null,
      lastPaymentTime: null,
      failedPaymentsCount: 0,
      lastFailedPaymentTime: null,
      taxes: null,
    } as const;
    await applyPayPalSubscription(subscription.id, cancelled);
    await applyPayPalSubscription(subscription.id, cancelled);

    await sendQueuedMail(email);
    const notice = await waitForMail(email, /was cancelled/);
    expect(notice.text).toContain("$9.00 / month");
    expect(notice.text).toContain(subscription.paypalSubscriptionId);
    expect(await mailTo(email)).toHaveLength(1);
    expect(
      await db.emailMessage.count({
        where: { template: "subscription-cancelled-seller", toAddress: shop.merchant.email },
      }),
    ).toBe(1);
  });
});
