import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getThankYou } from "~/server/library/downloads";
import { issueLicenseKeys } from "~/server/licenses/issuing";
import { decryptSecret } from "~/server/platform/crypto";
import { portalPayment, portalSubscription } from "~/server/portal/portal";
import { createPaymentButton } from "../../factories/payment-button";
import { createSeller } from "../../factories/seller";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { buyerEmail, buyFile, fileStore } from "../../support/file-store";
import { licenseApi } from "../../support/license-api";
import { sendQueuedMail, waitForMail } from "../../support/mailbox";
import { approveOrder } from "../../support/paypal-sandbox";
import { rejectionOf, trpcErrorOf } from "../../support/rejection";

// Where a buyer and a seller find a payment's license keys again: the capture's answer (the checkout page and the
// embed), the receipt e-mail, the thank-you page, the portal and the seller's payment detail.

type Policy = { activationLimit?: number | null; expiry?: "never" | "days" | "subscription"; expiryDays?: number };

async function issueKeysOn(merchant: Parameters<typeof merchantCaller>[0], buttonId: string, policy: Policy = {}) {
  await merchantCaller(merchant).merchant.licenses.save({
    buttonId,
    enabled: true,
    activationLimit: policy.activationLimit === undefined ? 3 : policy.activationLimit,
    expiry: policy.expiry ?? "never",
    expiryDays: policy.expiryDays ?? null,
    keyPrefix: "",
  });
}

/** A seller whose button (up to 5 per order) issues keys under `policy`. */
async function licensedSeller(policy: Policy = {}) {
  const seller = await createSeller(db, { name: "Pixel Editor", amountMinor: 2500, maxQuantity: 5 });
  await issueKeysOn(seller.merchant, seller.button.id, policy);
  return seller;
}

/** `email` buys `quantity` units on the checkout endpoints: the capture's answer and the payment row. */
async function buy(seller: Awaited<ReturnType<typeof createSeller>>, email: string, quantity = 1) {
  const { orderId } = await buyerApi().createOrder({ buttonId: seller.button.id, quantity });
  await approveOrder(orderId, "alex", email);
  const answer = await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { orderId, answer, payment };
}

async function issuedKeys(transactionId: string) {
  const keys = await db.licenseKey.findMany({ where: { transactionId }, orderBy: { issueKey: "asc" } });
  return keys.map((key) => ({ id: key.id, key: decryptSecret(key.keyEncrypted) }));
}

describe("a purchase of two licensed units", () => {
  it("shows both keys to the capture that recorded it, and none to a replay of that capture", async () => {
    const seller = await licensedSeller();
    const { orderId, answer, payment } = await buy(seller, buyerEmail(), 2);
    const keys = await issuedKeys(payment.id);
    expect(keys).toHaveLength(2);
    expect(answer.licenseKeys).toEqual(keys.map((key) => key.key));

    // The order id and the public button id are all a replay needs: the keys are not handed out again.
    const replay = await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
    expect(replay).toMatchObject({ status: "completed", licenseKeys: [] });
  });

  it("sends both keys in the receipt, with their activation limit and where to find them again", async () => {
    const seller = await licensedSeller({ activationLimit: 2, expiry: "days", expiryDays: 365 });
    const email = buyerEmail();
    const { payment } = await buy(seller, email, 2);
    const [first, second] = await issuedKeys(payment.id);

    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from");
    expect(receipt.text).toContain("Your license keys");
    expect(receipt.text.indexOf(first!.key)).toBeGreaterThan(-1);
    expect(receipt.text.indexOf(second!.key)).toBeGreaterThan(receipt.text.indexOf(first!.key));
    expect(receipt.text).toMatch(/up to 2 activations, expires \w+ \d+, \d{4}/);
    expect(receipt.text).toContain("You can find your license keys again in your purchases.");
    expect(receipt.html).toContain(`font-family:ui-monospace`);
  });

  it("lists the keys in the buyer's portal with their status and activations, and for nobody else", async () => {
    const seller = await licensedSeller({ activationLimit: 3 });
    const email = buyerEmail();
    const { payment } = await buy(seller, email, 2);
    const [first, second] = await issuedKeys(payment.id);
    const activated = await licenseApi("activate", { license_key: second!.key, instance_name: "Laptop" });
    expect(activated.status).toBe(200);

    const { licenseKeys } = await portalPayment(email.toUpperCase(), payment.id);
    expect(licenseKeys).toEqual([
      { id: first!.id, key: first!.key, status: "inactive", activationLimit: 3, activationsUsed: 0, expiresAt: null },
      { id: second!.id, key: second!.key, status: "active", activationLimit: 3, activationsUsed: 1, expiresAt: null },
    ]);
    expect(await rejectionOf(portalPayment(buyerEmail(), payment.id))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows the keys in the seller's payment detail, and another merchant gets NOT_FOUND", async () => {
    const seller = await licensedSeller({ activationLimit: null });
    const { payment } = await buy(seller, buyerEmail(), 2);
    const keys = await issuedKeys(payment.id);

    const detail = await merchantCaller(seller.merchant).merchant.payments.get({ id: payment.id });
    expect(detail.licenseKeys).toEqual(
      keys.map((key) => ({ ...key, status: "inactive", activationLimit: null, activationsUsed: 0, expiresAt: null })),
    );
    const other = await createSeller(db);
    const refused = await trpcErrorOf(merchantCaller(other.merchant).merchant.payments.get({ id: payment.id }));
    expect(refused.code).toBe("NOT_FOUND");
  });

  it("shows disabled keys as disabled to the seller and leaves them out of a receipt sent after", async () => {
    const seller = await licensedSeller();
    const email = buyerEmail();
    const { payment } = await buy(seller, email, 2);
    await db.licenseKey.updateMany({ where: { transactionId: payment.id }, data: { disabledAt: new Date() } });

    const detail = await merchantCaller(seller.merchant).merchant.payments.get({ id: payment.id });
    expect(detail.licenseKeys.map((key) => key.status)).toEqual(["disabled", "disabled"]);
    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from");
    expect(receipt.text).not.toContain("license key");
  });
});

describe("the thank-you page of a licensed sell-page bundle", () => {
  it("shows the key to the holder of the purchase's download token only", async () => {
    const shop = await fileStore();
    await issueKeysOn(shop.merchant, shop.button.id, { activationLimit: 1 });
    const payment = await buyFile(shop, buyerEmail());
    const [key] = await issuedKeys(payment.id);

    const thankYou = await getThankYou(payment.downloadToken!);
    expect(thankYou?.licenseKeys).toEqual([
      { id: key!.id, key: key!.key, status: "inactive", activationLimit: 1, activationsUsed: 0, expiresAt: null },
    ]);
    // Any other token (a guess, another purchase's) shows nothing of this purchase.
    expect(await getThankYou("A".repeat(43))).toBeNull();
    const another = await buyFile(shop, buyerEmail());
    const theirs = await getThankYou(another.downloadToken!);
    expect(theirs?.licenseKeys.map((shown) => shown.key)).not.toContain(key!.key);
  });
});

describe("a subscription's keys", () => {
  it("show on every sale of the subscription and on its portal page, expiring with it when the seller chose so", async () => {
    const { merchant } = await createSeller(db);
    const button = await createPaymentButton(db, merchant.id, {
      name: "Cloud Sync",
      paymentType: "subscription",
      subscriptionPlanId: unique("P-"),
    });
    await issueKeysOn(merchant, button.id, { expiry: "subscription" });
    const email = buyerEmail();
    const subscription = await createSubscription(db, merchant.id, { buttonId: button.id, payerEmail: email });
    const sale = (at: number) =>
      createTransaction(db, merchant.id, {
        buttonId: button.id,
        paypalOrderId: null,
        paypalTransactionId: unique("SALE-"),
        paypalSubscriptionId: subscription.paypalSubscriptionId,
        payerEmail: email,
        createdAt: new Date(at),
      });
    const first = await sale(Date.now() - 60_000);
    await db.$transaction((tx) => issueLicenseKeys(tx, first.id));
    const renewal = await sale(Date.now());
    const [key] = await issuedKeys(first.id);

    const shown = { id: key!.id, key: key!.key, status: "inactive", activationsUsed: 0 };
    expect((await portalPayment(email, renewal.id)).licenseKeys).toMatchObject([shown]);
    expect((await portalSubscription(email, subscription.id)).licenseKeys).toMatchObject([shown]);
    await db.subscription.update({ where: { id: subscription.id }, data: { status: "cancelled" } });
    expect((await portalSubscription(email, subscription.id)).licenseKeys).toMatchObject([
      { ...shown, status: "expired" },
    ]);
  });
});

describe("a payment without license keys", () => {
  it("shows no keys in the capture's answer, the receipt, the portal or the payment detail", async () => {
    const seller = await createSeller(db, { amountMinor: 900 });
    const email = buyerEmail();
    const { answer, payment } = await buy(seller, email);
    expect(answer.licenseKeys).toEqual([]);

    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from");
    expect(receipt.text).not.toContain("license key");
    expect((await portalPayment(email, payment.id)).licenseKeys).toEqual([]);
    expect((await merchantCaller(seller.merchant).merchant.payments.get({ id: payment.id })).licenseKeys).toEqual([]);
  });

  it("shows no keys on the thank-you page of an unlicensed bundle", async () => {
    const shop = await fileStore();
    const payment = await buyFile(shop, buyerEmail());
    expect((await getThankYou(payment.downloadToken!))?.licenseKeys).toEqual([]);
  });
});
