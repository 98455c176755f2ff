import { describe, expect, it } from "vitest";
import { licenseMessages, type LicensePolicyInput } from "~/schemas/licenses";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { createSeller } from "../../factories/seller";
import { buildSellPageInput } from "../../factories/sell-page";
import { connectPayPal } from "../../factories/store-settings";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { linkIn, mailTo, sendQueuedMail } from "../../support/mailbox";
import { approveOrder } from "../../support/paypal-sandbox";
import { refusalOf } from "../../support/rejection";

type Merchant = Awaited<ReturnType<typeof createMerchant>>;

const policy = (buttonId: string, settings: Partial<LicensePolicyInput> = {}): LicensePolicyInput => ({
  buttonId,
  enabled: true,
  activationLimit: 1,
  expiry: "never",
  expiryDays: null,
  keyPrefix: "",
  ...settings,
});

/** A buyer pays `quantity` units of the button; returns the payment's keys (none if it issues none). */
async function buy(buttonId: string, quantity = 1) {
  const { orderId } = await buyerApi().createOrder({ buttonId, quantity });
  await approveOrder(orderId);
  await buyerApi().captureOrder({ buttonId, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return db.licenseKey.findMany({ where: { transactionId: payment.id }, orderBy: { issueKey: "asc" } });
}

const poolKeys = (buttonId: string, from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `POOL-${buttonId}-${from + index}`);

const warningsTo = (merchant: Merchant) =>
  db.emailMessage.findMany({ where: { template: "license-pool-low", toAddress: merchant.email } });

describe("the pool's low warning", () => {
  it("e-mails the seller once at 10 keys left, and again after an import re-arms it", async () => {
    const seller = await createSeller(db, { name: "Pixel Editor Pro", amountMinor: 2500, maxQuantity: 5 });
    const buttonId = seller.button.id;
    const licenses = merchantCaller(seller.merchant).merchant.licenses;
    await licenses.save(policy(buttonId));
    await licenses.importKeys({ buttonId, text: poolKeys(buttonId, 1, 12).join("\n") });

    await buy(buttonId);
    expect(await warningsTo(seller.merchant)).toHaveLength(0);
    await buy(buttonId);
    // 10 left: the seller hears of it once, with the count and where to import more.
    expect(await warningsTo(seller.merchant)).toHaveLength(1);
    await sendQueuedMail(seller.merchant.email);
    const [mail] = (await mailTo(seller.merchant.email)).filter((sent) => sent.subject.includes("license keys left"));
    expect(mail?.subject).toBe("10 license keys left for Pixel Editor Pro");
    expect(mail?.text).toContain("Only 10 imported license keys are left in the pool for Pixel Editor Pro.");
    expect(new URL(linkIn(mail!, "/dashboard/license-keys")).pathname).toBe("/dashboard/license-keys");
    expect(new URL(linkIn(mail!, "/dashboard/license-keys")).searchParams.get("pop")).toBe(buttonId);

    await buy(buttonId, 2);
    expect(await warningsTo(seller.merchant)).toHaveLength(1);

    const imported = await licenses.importKeys({ buttonId, text: poolKeys(buttonId, 13, 3).join("\n") });
    expect(imported).toMatchObject({ imported: 3, poolLeft: 11 });
    expect((await db.licensePolicy.findUniqueOrThrow({ where: { buttonId } })).poolLowWarnedAt).toBeNull();
    // 11 left: the next sale is the next low point.
    await buy(buttonId);
    expect(await warningsTo(seller.merchant)).toHaveLength(2);
    expect(await licenses.settings({ buttonId })).toMatchObject({ poolLeft: 10, issued: 5, poolLowAt: 10 });
  });

  it("does not warn about a pool nobody imported (generated keys only)", async () => {
    const seller = await createSeller(db, { maxQuantity: 5 });
    await merchantCaller(seller.merchant).merchant.licenses.save(policy(seller.button.id));
    expect(await buy(seller.button.id, 3)).toHaveLength(3);
    expect(await warningsTo(seller.merchant)).toHaveLength(0);
  });
});

describe("saving license settings", () => {
  it("turns issuing on and off; keys issued before keep working", async () => {
    const seller = await createSeller(db);
    const buttonId = seller.button.id;
    const licenses = merchantCaller(seller.merchant).merchant.licenses;
    expect(await licenses.settings({ buttonId })).toMatchObject({ enabled: false, poolLeft: 0, issued: 0 });

    const saved = await licenses.save(policy(buttonId, { activationLimit: null, keyPrefix: "  APP-  " }));
    expect(saved).toMatchObject({ enabled: true, activationLimit: null, keyPrefix: "APP-" });
    const [first] = await buy(buttonId);
    expect(first).toMatchObject({ activationLimit: null, disabledAt: null });
    expect(decryptSecret(first!.keyEncrypted)).toMatch(/^APP-/);

    const off = await licenses.save(policy(buttonId, { enabled: false }));
    expect(off).toMatchObject({ enabled: false, issued: 1 });
    expect(await buy(buttonId)).toEqual([]);
    expect(await db.licenseKey.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({
      disabledAt: null,
      activationLimit: null,
    });
    // Off, the pool takes no keys: there is nothing to issue them from.
    expect(await refusalOf(licenses.importKeys({ buttonId, text: `LATE-${buttonId}` }))).toMatchObject({
      code: "BAD_REQUEST",
      message: licenseMessages.notLicensed,
    });
  });

  it("applies a sell page's premium bundle settings to a premium purchase, and not to the basic bundle", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const caller = merchantCaller(merchant);
    const { id } = await caller.pages.sellPages.create(
      buildSellPageInput({ paypalClientId: clientId, premiumEnabled: true }),
    );
    const { bundleButtonIds } = await caller.pages.sellPages.get({ id });
    const premium = bundleButtonIds.premium!;
    expect(bundleButtonIds.basic).toEqual(expect.any(String));
    await caller.merchant.licenses.save(
      policy(premium, { activationLimit: 3, expiry: "days", expiryDays: 30, keyPrefix: "PRO-" }),
    );

    const keys = await buy(premium);
    expect(keys).toHaveLength(1);
    const payment = await db.transaction.findUniqueOrThrow({ where: { id: keys[0]!.transactionId! } });
    expect(payment).toMatchObject({ sellPageId: id, bundleTier: "premium" });
    expect(keys[0]).toMatchObject({ buttonId: premium, activationLimit: 3, expiresWithSubscription: false });
    expect(keys[0]!.expiresAt?.getTime()).toBe(payment.createdAt.getTime() + 30 * 24 * 60 * 60 * 1000);
    expect(decryptSecret(keys[0]!.keyEncrypted)).toMatch(/^PRO-/);

    expect(await buy(bundleButtonIds.basic!)).toEqual([]);

    // Premium turned off on the page: its button stays for past sales, but has no settings card any more.
    await caller.pages.sellPages.update({
      id,
      values: { ...buildSellPageInput({ paypalClientId: clientId }), premiumEnabled: false },
    });
    expect((await caller.pages.sellPages.get({ id })).bundleButtonIds).toEqual({
      basic: bundleButtonIds.basic,
      premium: null,
    });
  });

  it("gives bad values back as field errors with the form's messages", async () => {
    const seller = await createSeller(db);
    const licenses = merchantCaller(seller.merchant).merchant.licenses;
    const cases: [Partial<LicensePolicyInput>, string, string][] = [
      [{ activationLimit: 0 }, "activationLimit", licenseMessages.activationLimit],
      [{ activationLimit: 2.5 }, "activationLimit", licenseMessages.activationLimit],
      [{ activationLimit: 10_001 }, "activationLimit", licenseMessages.activationLimit],
      [{ expiry: "days", expiryDays: null }, "expiryDays", licenseMessages.expiryDays],
      [{ expiry: "days", expiryDays: 0 }, "expiryDays", licenseMessages.expiryDays],
      [{ expiry: "days", expiryDays: 3651 }, "expiryDays", licenseMessages.expiryDays],
      [{ keyPrefix: "APP KEY" }, "keyPrefix", licenseMessages.keyPrefix],
      [{ keyPrefix: "A".repeat(21) }, "keyPrefix", licenseMessages.keyPrefix],
      [{ expiry: "subscription" }, "expiry", licenseMessages.subscriptionOnly],
    ];
    for (const [values, field, message] of cases) {
      const refusal = await refusalOf(licenses.save(policy(seller.button.id, values)));
      expect(refusal, JSON.stringify(values)).toMatchObject({
        code: "BAD_REQUEST",
        fieldErrors: { [field]: [message] },
      });
    }
    expect(await db.licensePolicy.count({ where: { buttonId: seller.button.id } })).toBe(0);
    expect(await refusalOf(licenses.importKeys({ buttonId: seller.button.id, text: "" }))).toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
