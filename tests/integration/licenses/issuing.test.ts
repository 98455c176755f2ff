import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { reconcileCheckouts } from "~/server/checkout/reconciliation";
import { refundPayment } from "~/server/payments/refunds";
import { decryptSecret } from "~/server/platform/crypto";
import { createSeller } from "../../factories/seller";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { approveOrder, captureAtPayPal } from "../../support/paypal-sandbox";

type Seller = Awaited<ReturnType<typeof createSeller>>;

/** A seller whose button (up to 5 per order) issues keys with the given settings. */
async function licensedSeller(settings: { activationLimit?: number | null; keyPrefix?: string } = {}) {
  const seller = await createSeller(db, { amountMinor: 2500, maxQuantity: 5 });
  await merchantCaller(seller.merchant).merchant.licenses.save({
    buttonId: seller.button.id,
    enabled: true,
    activationLimit: settings.activationLimit === undefined ? 1 : settings.activationLimit,
    expiry: "never",
    expiryDays: null,
    keyPrefix: settings.keyPrefix ?? "",
  });
  return seller;
}

async function approvedOrder(seller: Seller, quantity = 1) {
  const { orderId } = await buyerApi().createOrder({ buttonId: seller.button.id, quantity });
  await approveOrder(orderId);
  return orderId;
}

async function keysOfOrder(orderId: string) {
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  const keys = await db.licenseKey.findMany({ where: { transactionId: payment.id }, orderBy: { issueKey: "asc" } });
  return { payment, keys, plain: keys.map((key) => decryptSecret(key.keyEncrypted)) };
}

describe("issuing license keys", () => {
  it("issues one key per unit bought, with the prefix, when the payment is recorded", async () => {
    const seller = await licensedSeller({ keyPrefix: "APP-" });
    const orderId = await approvedOrder(seller, 3);
    await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
    const { payment, keys, plain } = await keysOfOrder(orderId);
    expect(keys.map((key) => key.issueKey)).toEqual([1, 2, 3].map((unit) => `${payment.id}:${unit}`));
    expect(new Set(plain).size).toBe(3);
    for (const key of plain) expect(key).toMatch(/^APP-([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(keys.every((key) => key.buyerEmail === payment.payerEmail && key.activationLimit === 1)).toBe(true);
  });

  it("issues nothing for a button without license keys", async () => {
    const seller = await createSeller(db);
    const orderId = await approvedOrder(seller);
    await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
    expect((await keysOfOrder(orderId)).keys).toEqual([]);
  });

  it("issues exactly once when the capture, a repeated capture and the reconciliation all record the payment", async () => {
    const seller = await licensedSeller();
    const orderId = await approvedOrder(seller, 2);
    // PayPal captured, our write was lost: the buyer's page, its retry and the reconciliation race to record it.
    await captureAtPayPal(seller.clientId, orderId);
    await db.checkoutSession.update({
      where: { paypalOrderId: orderId },
      data: { createdAt: new Date(Date.now() - 10 * 60 * 1000) },
    });
    await Promise.allSettled([
      buyerApi().captureOrder({ buttonId: seller.button.id, orderId }),
      buyerApi().captureOrder({ buttonId: seller.button.id, orderId }),
      reconcileCheckouts({ merchantId: seller.merchant.id }),
    ]);
    await reconcileCheckouts({ merchantId: seller.merchant.id, includeRecent: true });
    const { keys } = await keysOfOrder(orderId);
    expect(keys).toHaveLength(2);
    expect(await db.licenseKeyEvent.count({ where: { licenseKeyId: { in: keys.map((key) => key.id) } } })).toBe(2);
  });

  it("hands out pool keys first, oldest first, never one twice under concurrent payments, then generates", async () => {
    const seller = await licensedSeller();
    const pool = Array.from({ length: 6 }, (_, index) => `POOL-${seller.button.id}-${index}`);
    const imported = await merchantCaller(seller.merchant).merchant.licenses.importKeys({
      buttonId: seller.button.id,
      text: pool.join("\n"),
    });
    expect(imported).toMatchObject({ imported: 6, duplicates: 0, poolLeft: 6 });

    const orders = await Promise.all(Array.from({ length: 4 }, () => approvedOrder(seller, 2)));
    await Promise.all(orders.map((orderId) => buyerApi().captureOrder({ buttonId: seller.button.id, orderId })));
    const issued = (await Promise.all(orders.map(keysOfOrder))).flatMap((order) => order.plain);
    expect(issued).toHaveLength(8);
    expect(new Set(issued).size).toBe(8);
    expect(issued.filter((key) => pool.includes(key)).sort()).toEqual([...pool].sort());
    expect(await db.licenseKey.count({ where: { buttonId: seller.button.id, issueKey: null } })).toBe(0);
  });

  it("disables a payment's keys on a full refund, not on a partial one", async () => {
    const seller = await licensedSeller();
    const orderId = await approvedOrder(seller, 2);
    await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
    const { payment } = await keysOfOrder(orderId);

    await refundPayment(seller.merchant.id, { paymentId: payment.id, amountMinor: 1000, idempotencyKey: randomUUID() });
    expect((await keysOfOrder(orderId)).keys.every((key) => key.disabledAt === null)).toBe(true);

    await refundPayment(seller.merchant.id, { paymentId: payment.id, idempotencyKey: randomUUID() });
    const after = (await keysOfOrder(orderId)).keys;
    expect(after.every((key) => key.disabledAt !== null && key.disabledBy === "refund")).toBe(true);
  });
});

describe("merchant.licenses", () => {
  it("keeps another store's POP NOT_FOUND", async () => {
    const seller = await licensedSeller();
    const other = await createSeller(db);
    const caller = merchantCaller(other.merchant).merchant.licenses;
    await expect(caller.settings({ buttonId: seller.button.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.importKeys({ buttonId: seller.button.id, text: "ABCDEFGH-1234" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await db.licenseKey.count({ where: { buttonId: seller.button.id } })).toBe(0);
  });

  it("counts blank lines and duplicates (in the list and already known) and imports the rest", async () => {
    const seller = await licensedSeller();
    const caller = merchantCaller(seller.merchant).merchant.licenses;
    const first = `KNOWN-${seller.button.id}`;
    await caller.importKeys({ buttonId: seller.button.id, text: first });
    const answer = await caller.importKeys({
      buttonId: seller.button.id,
      text: `${first}\n\nNEW-${seller.button.id}-1\nNEW-${seller.button.id}-1\n\nNEW-${seller.button.id}-2\n`,
    });
    expect(answer).toEqual({ imported: 2, duplicates: 2, blank: 2, invalid: 0, poolLeft: 3 });
  });

  it("refuses keys that expire with a subscription on a one-time button", async () => {
    const seller = await createSeller(db);
    await expect(
      merchantCaller(seller.merchant).merchant.licenses.save({
        buttonId: seller.button.id,
        enabled: true,
        activationLimit: 1,
        expiry: "subscription",
        expiryDays: null,
        keyPrefix: "",
      }),
    ).rejects.toMatchObject({ message: "Keys can only expire with a subscription on a subscription button" });
  });
});
