import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as libraryLinkRoute } from "~/app/api/checkout/library-link/route";
import { GET as downloadRoute } from "~/app/api/download/[token]/route";
import { POST as libraryDownloadRoute } from "~/app/api/library/[token]/download/route";
import { db } from "~/server/platform/db";
import { deliverEmail, queueEmails, recordEmail } from "~/server/email";
import { emailTemplates } from "~/server/job-handlers";
import { MAIL_PER_ADDRESS_PER_HOUR } from "~/server/platform/rate-limit";
import {
  getLibrary,
  getThankYouStore,
  LIBRARY_WINDOWS_PER_PERIOD,
  LOST_DOWNLOAD_ANSWER,
} from "~/server/library/library";
import { refundPayment } from "~/server/payments/refunds";
import { applyPayPalSubscription } from "~/server/subscriptions/subscriptions";
import { imageVariantUrl } from "~/server/vendors/storage/images";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { createSubscription } from "../../factories/subscription";
import { createStoredFile } from "../../factories/stored-file";
import { connectPayPal } from "../../factories/store-settings";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { merchantCaller } from "../../support/callers";
import { buyerApi } from "../../support/buyer-api";
import { pngFile } from "../../support/files";
import { linkIn, mailTo, sendQueuedMail, setMailboxAvailable, waitForMail } from "../../support/mailbox";
import { approveOrder, captureAtPayPal, registerWebhook, waitForDelivery } from "../../support/paypal-sandbox";
import { startWebhookReceiver } from "../../support/paypal-webhook-receiver";

// Buyers' mail read from real SMTP traffic: the sandbox's SMTP server receives what the app sends.
const PRODUCT = "%PDF-1.7\nthe purchased product, byte for byte";

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

/** A store with a support address, PayPal webhooks to this app, and a sell page with a file. */
async function store() {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const webhookId = await registerWebhook(clientId, receiver.url);
  const supportEmail = `${unique("help")}@store.example.test`;
  await db.storeSettings.update({
    where: { merchantId: merchant.id },
    data: { paypalWebhookId: webhookId, storeName: "Glaze Studio", supportEmail },
  });
  const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: PRODUCT });
  const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
    buildSellPageInput({ name: "Glaze Recipes", paypalClientId: clientId, downloadableFileId: file.id }),
  );
  const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
  return { merchant, clientId, button, supportEmail };
}

const buyerEmail = () => `${unique("buyer")}@buyer.example.test`.toLowerCase();

async function buy(shop: Awaited<ReturnType<typeof store>>, email: string) {
  const { orderId } = await buyerApi().createOrder({ buttonId: shop.button.id });
  await approveOrder(orderId, "alex", email);
  await buyerApi().captureOrder({ buttonId: shop.button.id, orderId });
  return db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
}

async function libraryTokenFor(email: string) {
  await sendQueuedMail(email);
  const receipt = await waitForMail(email, "Your receipt from Glaze Studio");
  return linkIn(receipt, "/library/").split("/library/")[1]!;
}

function downloadFromLibrary(token: string, purchase: string) {
  const form = new FormData();
  form.set("purchase", purchase);
  return libraryDownloadRoute(
    new Request(`http://localhost/api/library/${token}/download`, { method: "POST", body: form }),
    { params: Promise.resolve({ token }) },
  );
}

async function fileBehind(response: Response) {
  const grant = response.headers.get("location")!.split("/api/download/")[1]!;
  const download = await downloadRoute(new Request(`http://localhost/api/download/${grant}`), {
    params: Promise.resolve({ token: grant }),
  });
  expect(download.status).toBe(302);
  return (await fetch(download.headers.get("location")!)).text();
}

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
    expect(receipt.html).toContain("Open your library");
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

describe("the purchase library", () => {
  it("lists the buyer's files and hands out fresh download links, within the purchase's limit", async () => {
    const shop = await store();
    const email = buyerEmail();
    const payment = await buy(shop, email);
    const token = await libraryTokenFor(email);

    const library = await getLibrary(token);
    expect(library).toMatchObject({
      email,
      purchases: [{ id: payment.id, productName: "Glaze Recipes", storeName: "Glaze Studio", canDownload: true }],
    });

    // The thank-you page's grant still has downloads: the library carries it over, no new window.
    const first = await downloadFromLibrary(token, payment.id);
    expect(first.status).toBe(303);
    expect(await fileBehind(first)).toBe(PRODUCT);
    expect(await db.downloadGrant.count({ where: { transactionId: payment.id, fromLibrary: true } })).toBe(0);

    // Once the open window is used up or over, each click opens a fresh one, up to the limit.
    for (let window = 1; window <= LIBRARY_WINDOWS_PER_PERIOD; window++) {
      await db.downloadGrant.updateMany({
        where: { transactionId: payment.id, revokedAt: null },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect(await fileBehind(await downloadFromLibrary(token, payment.id))).toBe(PRODUCT);
    }
    expect(await db.downloadGrant.count({ where: { transactionId: payment.id, fromLibrary: true } })).toBe(
      LIBRARY_WINDOWS_PER_PERIOD,
    );
    await db.downloadGrant.updateMany({
      where: { transactionId: payment.id, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const refused = await downloadFromLibrary(token, payment.id);
    expect(refused.headers.get("location")).toBe(`/library/${token}?refused=${payment.id}`);
    expect((await getLibrary(token))?.purchases[0]).toMatchObject({
      canDownload: false,
      nextWindowAt: expect.any(Date),
    });
  });

  it("names the store behind each purchase, on the library and the thank-you page, with its logo and website", async () => {
    const shop = await store();
    const logo = await createStoredFile(db, shop.merchant.id, "merchant_logo", { content: pngFile() });
    await db.storeSettings.update({
      where: { merchantId: shop.merchant.id },
      data: { logoFileId: logo.id, websiteUrl: "https://glaze.example" },
    });
    const email = buyerEmail();
    const { orderId } = await buyerApi().createOrder({ buttonId: shop.button.id });
    await approveOrder(orderId, "alex", email);
    const { downloadToken } = await buyerApi().captureOrder({ buttonId: shop.button.id, orderId });
    const token = await libraryTokenFor(email);

    const brand = {
      name: "Glaze Studio",
      logoUrl: imageVariantUrl(logo.key, 400),
      supportEmail: shop.supportEmail,
      websiteUrl: "https://glaze.example/",
    };
    expect((await getLibrary(token))?.purchases[0]?.store).toEqual(brand);
    expect(await getThankYouStore(downloadToken!)).toEqual({
      store: brand,
      quantity: 1,
      discountCodeText: null,
      discountMinor: 0,
      currency: "USD",
    });
    expect(await getThankYouStore("not-a-token")).toBeNull();

    // Without a support address the buyer still has one to write to: the seller's account e-mail, as on receipts.
    await db.storeSettings.update({ where: { merchantId: shop.merchant.id }, data: { supportEmail: null } });
    expect((await getThankYouStore(downloadToken!))?.store.supportEmail).toBe(shop.merchant.email);
  });

  it("opens nobody else's purchase, and drops a purchase refunded in full", async () => {
    const shop = await store();
    const email = buyerEmail();
    const mine = await buy(shop, email);
    const theirs = await buy(shop, buyerEmail());
    const token = await libraryTokenFor(email);

    const other = await downloadFromLibrary(token, theirs.id);
    expect(other.headers.get("location")).toBe(`/library/${token}?refused=${theirs.id}`);
    const junk = await downloadFromLibrary(token, "x'; drop table transactions; --");
    expect(junk.headers.get("location")).toBe(`/library/${token}?refused=unknown`);
    expect(await getLibrary("not-a-token")).toBeNull();

    await refundPayment(shop.merchant.id, { paymentId: mine.id, idempotencyKey: randomUUID() });
    expect((await getLibrary(token))?.purchases).toEqual([]);
  });
});

describe("Lost your download?", () => {
  function ask(email: string, ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) {
    return libraryLinkRoute(
      new Request("http://localhost/api/checkout/library-link", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify({ email }),
      }),
    );
  }

  it("answers a buyer and a stranger alike, and mails only the buyer a working library link", async () => {
    const shop = await store();
    const email = buyerEmail();
    const payment = await buy(shop, email);
    const stranger = buyerEmail();

    const [forBuyer, forStranger] = [await ask(email.toUpperCase()), await ask(stranger)];
    expect(forBuyer.status).toBe(200);
    expect(await forBuyer.json()).toEqual({ message: LOST_DOWNLOAD_ANSWER });
    expect(await forStranger.json()).toEqual({ message: LOST_DOWNLOAD_ANSWER });

    await sendQueuedMail(email);
    const mail = await waitForMail(email, "Your purchases: download links");
    const token = linkIn(mail, "/library/").split("/library/")[1]!;
    expect((await getLibrary(token))?.purchases.map((p) => p.id)).toEqual([payment.id]);
    expect(await db.emailMessage.count({ where: { toAddress: stranger } })).toBe(0);
  });

  it("refuses a malformed address clearly and limits how often one address is mailed", async () => {
    const bad = await ask("not an email");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { message: "Please enter a valid email address" } });

    const email = buyerEmail();
    for (let i = 0; i < MAIL_PER_ADDRESS_PER_HOUR; i++) expect((await ask(email)).status).toBe(200);
    const limited = await ask(email);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { message: expect.stringMatching(/^Too many attempts/) } });
  });
});
