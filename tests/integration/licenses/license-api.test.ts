import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { refundPayment } from "~/server/payments/refunds";
import { recordSubscriptionSale } from "~/server/payments/ledger";
import { decryptSecret } from "~/server/platform/crypto";
import { OPTIONS } from "~/app/api/v1/licenses/[action]/route";
import { PAUSED } from "~/server/licenses/api";
import { LICENSE_MISSES_PER_IP_PER_HOUR } from "~/server/platform/rate-limit";
import { createSeller } from "../../factories/seller";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { licenseApi } from "../../support/license-api";
import { approveOrder, approveSubscription, createPlan, createSubscription } from "../../support/paypal-sandbox";
import { createSubscriptionButton } from "../../factories/payment-button";
import { cancelSubscription } from "~/server/subscriptions/subscriptions";

/** A buyer's key from a paid order of a button whose keys allow `activationLimit` activations. */
async function boughtKey(activationLimit: number | null = 1, expiry: { days?: number } = {}) {
  const seller = await createSeller(db, { amountMinor: 1500, name: "Pixel Tool" });
  await merchantCaller(seller.merchant).merchant.licenses.save({
    buttonId: seller.button.id,
    enabled: true,
    activationLimit,
    expiry: expiry.days ? "days" : "never",
    expiryDays: expiry.days ?? null,
    keyPrefix: "",
  });
  const { orderId } = await buyerApi().createOrder({ buttonId: seller.button.id });
  await approveOrder(orderId);
  await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  const row = await db.licenseKey.findFirstOrThrow({ where: { transactionId: payment.id } });
  return { ...seller, payment, row, key: decryptSecret(row.keyEncrypted) };
}

describe("POST /api/v1/licenses/*, Lemon Squeezy's License API", () => {
  it("activates, refuses past the limit, validates, deactivates and activates again", async () => {
    const { key, payment, merchant, button, row } = await boughtKey(1);

    const first = await licenseApi("activate", { license_key: key, instance_name: "Laptop" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      activated: true,
      error: null,
      license_key: {
        id: row.id,
        status: "active",
        key,
        activation_limit: 1,
        activation_usage: 1,
        created_at: payment.createdAt.toISOString(),
        expires_at: null,
        test_mode: true,
      },
      instance: { id: expect.any(String), name: "Laptop", created_at: expect.any(String) },
      meta: {
        store_id: merchant.id,
        order_id: payment.id,
        order_item_id: `${payment.id}:1`,
        product_id: button.id,
        product_name: "Pixel Tool",
        variant_id: null,
        variant_name: "Default",
        customer_id: null,
        customer_name: payment.payerName,
        customer_email: payment.payerEmail,
      },
    });
    const instanceId = (first.body.instance as { id: string }).id;

    const second = await licenseApi("activate", { license_key: key, instance_name: "Desktop" });
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({
      activated: false,
      error: "This license key has reached the activation limit.",
      license_key: { activation_usage: 1 },
    });

    const valid = await licenseApi("validate", { license_key: key, instance_id: instanceId }, { json: true });
    expect(valid).toMatchObject({
      status: 200,
      body: { valid: true, error: null, instance: { id: instanceId, name: "Laptop" } },
    });

    const off = await licenseApi("deactivate", { license_key: key, instance_id: instanceId });
    expect(off).toMatchObject({
      status: 200,
      body: { deactivated: true, error: null, license_key: { status: "inactive", activation_usage: 0 } },
    });
    expect(await licenseApi("deactivate", { license_key: key, instance_id: instanceId })).toMatchObject({
      status: 404,
      body: { deactivated: false, error: "license_key instance not found." },
    });

    const again = await licenseApi("activate", { license_key: key, instance_name: "Desktop" });
    expect(again).toMatchObject({ status: 200, body: { activated: true, instance: { name: "Desktop" } } });

    // The seller's history: issued, two activations, one deactivation.
    const events = await db.licenseKeyEvent.findMany({
      where: { licenseKeyId: row.id },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((event) => `${event.kind} ${event.detail ?? ""}`.trim())).toEqual([
      "issued",
      "activated Laptop",
      "deactivated Laptop",
      "activated Desktop",
    ]);
  });

  it("activates exactly once when 10 apps race for the last slot", async () => {
    const { key } = await boughtKey(3);
    await licenseApi("activate", { license_key: key, instance_name: "one" });
    await licenseApi("activate", { license_key: key, instance_name: "two" });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        licenseApi("activate", { license_key: key, instance_name: `race ${index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(9);
    const valid = await licenseApi("validate", { license_key: key });
    expect(valid.body).toMatchObject({ valid: true, license_key: { activation_usage: 3, activation_limit: 3 } });
  });

  it("answers disabled after a full refund, and expired past its days", async () => {
    const bought = await boughtKey(null);
    await refundPayment(bought.merchant.id, { paymentId: bought.payment.id, idempotencyKey: randomUUID() });
    expect(await licenseApi("validate", { license_key: bought.key })).toMatchObject({
      status: 200,
      body: { valid: false, error: "This license key is disabled.", license_key: { status: "disabled" } },
    });
    expect(await licenseApi("activate", { license_key: bought.key, instance_name: "x" })).toMatchObject({
      status: 400,
      body: { activated: false, error: "This license key is disabled." },
    });

    const dated = await boughtKey(null, { days: 30 });
    expect((await licenseApi("validate", { license_key: dated.key })).body).toMatchObject({
      valid: true,
      license_key: { expires_at: new Date(dated.payment.createdAt.getTime() + 30 * 86_400_000).toISOString() },
    });
    await db.licenseKey.update({ where: { id: dated.row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await licenseApi("validate", { license_key: dated.key })).body).toMatchObject({
      valid: false,
      error: "This license key has expired.",
      license_key: { status: "expired" },
    });
  });

  it("answers paused while the seller pauses the key for an open PayPal case, and works again once it is won", async () => {
    const { key, payment, merchant } = await boughtKey(2);
    const dispute = await db.dispute.create({
      data: {
        merchantId: merchant.id,
        paypalDisputeId: `PP-D-KEY-${payment.id}`,
        transactionId: payment.id,
        paypalTransactionId: payment.paypalTransactionId,
        reason: "UNAUTHORISED",
        stage: "INQUIRY",
        status: "WAITING_FOR_SELLER_RESPONSE",
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        openedAt: new Date(),
        paypalUpdatedAt: new Date(),
      },
    });
    await merchantCaller(merchant).merchant.disputes.pauseAccess({ id: dispute.id, paused: true });
    expect(await licenseApi("activate", { license_key: key, instance_name: "Laptop" })).toMatchObject({
      status: 400,
      body: { activated: false, error: PAUSED },
    });
    expect(await licenseApi("validate", { license_key: key })).toMatchObject({ body: { valid: false, error: PAUSED } });
    await db.dispute.update({
      where: { id: dispute.id },
      data: { status: "RESOLVED", outcome: "RESOLVED_SELLER_FAVOUR" },
    });
    expect(await licenseApi("activate", { license_key: key, instance_name: "Laptop" })).toMatchObject({
      status: 200,
      body: { activated: true },
    });
  });

  it("answers every refusal in the API's shape: 404 unknown, 422 missing fields, 400 malformed or too large", async () => {
    const { key } = await boughtKey(1);
    expect(await licenseApi("validate", { license_key: "NOPE-NOPE-NOPE" })).toEqual({
      status: 404,
      body: { valid: false, error: "license_key not found." },
    });
    expect(await licenseApi("activate", { license_key: key })).toEqual({
      status: 422,
      body: { activated: false, error: "The instance name field is required." },
    });
    expect(await licenseApi("deactivate", { instance_id: "x" })).toEqual({
      status: 422,
      body: { deactivated: false, error: "The license key field is required." },
    });
    expect(await licenseApi("activate", { license_key: key, instance_name: "x".repeat(256) })).toMatchObject({
      status: 422,
    });
    expect(await licenseApi("validate", { license_key: key, instance_id: "not-an-instance" })).toEqual({
      status: 404,
      body: { valid: false, error: "license_key instance not found." },
    });
    expect(await licenseApi("activate", { license_key: key, instance_name: "bad\u0000name" })).toMatchObject({
      status: 422,
      body: { activated: false },
    });
    expect(await licenseApi("nonsense", { license_key: key })).toMatchObject({ status: 404 });

    const { POST } = await import("~/app/api/v1/licenses/[action]/route");
    const raw = (body: string, contentType: string) =>
      POST(
        new Request("http://localhost:3000/api/v1/licenses/validate", {
          method: "POST",
          headers: { "content-type": contentType, "x-forwarded-for": "10.66.0.1" },
          body,
        }),
        { params: Promise.resolve({ action: "validate" }) },
      );
    const malformed = await raw("{not json", "application/json");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      valid: false,
      error: "The request body must be a form or a JSON object.",
    });
    const huge = await raw(`license_key=${"A".repeat(10_000)}`, "application/x-www-form-urlencoded");
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ valid: false, error: expect.stringContaining("may not be larger") });
    // Any site may call it: the key is the credential, no cookie is read.
    expect(malformed.headers.get("access-control-allow-origin")).toBe("*");
    expect((await OPTIONS()).headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
  });

  it("stops an address guessing keys, without telling whether a guess was right", async () => {
    const { key } = await boughtKey(null);
    const ip = `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let guess = 0; guess < LICENSE_MISSES_PER_IP_PER_HOUR; guess += 1) {
      expect((await licenseApi("validate", { license_key: `GUESS-${guess}-${ip}` }, { ip })).status).toBe(404);
    }
    // The right key from that address is refused too: a 429 says nothing about the key.
    expect(await licenseApi("validate", { license_key: key }, { ip })).toMatchObject({
      status: 429,
      body: { valid: false, error: "Too many requests. Please try again in a minute." },
    });
    expect((await licenseApi("validate", { license_key: key })).status).toBe(200);
  });

  it("keeps one key for a subscription's life, expiring with it when the seller chose so", async () => {
    const { merchant, clientId } = await createSeller(db);
    const planId = await createPlan(clientId, { price: "12.00" });
    const button = await createSubscriptionButton(db, merchant.id, { clientId, planId });
    await merchantCaller(merchant).merchant.licenses.save({
      buttonId: button.id,
      enabled: true,
      activationLimit: 2,
      expiry: "subscription",
      expiryDays: null,
      keyPrefix: "SUB-",
    });
    const subscriptionId = await createSubscription(clientId, planId, button.id);
    await approveSubscription(subscriptionId);
    await buyerApi().recordSubscription({ buttonId: button.id, subscriptionId });
    const row = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: subscriptionId } });
    // A renewal, as PayPal's webhook records it: another payment, not another key.
    await recordSubscriptionSale(row.id, {
      saleId: `RENEWAL-${subscriptionId}`,
      amountMinor: 1200,
      currency: "USD",
      feeMinor: null,
      createdAt: new Date(),
      payerEmail: null,
      payerName: null,
    });
    expect(await db.transaction.count({ where: { paypalSubscriptionId: subscriptionId } })).toBe(2);
    const keys = await db.licenseKey.findMany({ where: { paypalSubscriptionId: subscriptionId } });
    expect(keys).toHaveLength(1);
    const key = decryptSecret(keys[0]!.keyEncrypted);
    expect(key.startsWith("SUB-")).toBe(true);
    expect((await licenseApi("validate", { license_key: key })).body).toMatchObject({ valid: true });

    await cancelSubscription(merchant.id, { subscriptionId: row.id });
    expect((await licenseApi("validate", { license_key: key })).body).toMatchObject({
      valid: false,
      error: "This license key has expired.",
      license_key: { status: "expired" },
    });
  });

  it("never shows a key still waiting in a pool", async () => {
    const seller = await createSeller(db);
    const caller = merchantCaller(seller.merchant).merchant.licenses;
    await caller.save({
      buttonId: seller.button.id,
      enabled: true,
      activationLimit: 1,
      expiry: "never",
      expiryDays: null,
      keyPrefix: "",
    });
    const pooled = `POOLED-${seller.button.id}`;
    await caller.importKeys({ buttonId: seller.button.id, text: pooled });
    expect(await licenseApi("activate", { license_key: pooled, instance_name: "x" })).toMatchObject({ status: 404 });
  });
});
