import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { decryptSecret } from "~/server/crypto";
import { db } from "~/server/db";
import { createMerchant } from "../factories/merchant";
import { merchantCaller } from "../support/callers";

const valid = {
  storeName: "Ada's Patterns",
  description: "Knitting patterns",
  websiteUrl: "https://ada.example.com",
  paypalClientId: "client-123",
  paypalSecret: "super-secret-value",
  paypalEnvironment: "sandbox" as const,
  paypalWebhookId: "WH-1AB23456CD789012E",
};

const webhookUrl = "http://localhost:3000/api/paypal/webhook";

describe("store settings", () => {
  it("starts from the merchant's name with nothing connected", async () => {
    const merchant = await createMerchant(db, { name: "Ada" });
    await expect(merchantCaller(merchant).merchant.getStoreSettings()).resolves.toEqual({
      storeName: "Ada",
      description: "",
      websiteUrl: "",
      paypalClientId: "",
      paypalEnvironment: "sandbox",
      paypalWebhookId: "",
      paypalWebhookUrl: webhookUrl,
      hasPaypalSecret: false,
      logoUrl: null,
    });
  });

  it("saves, never echoes the PayPal secret, and stores it encrypted", async () => {
    const merchant = await createMerchant(db);
    const saved = await merchantCaller(merchant).merchant.updateStoreSettings(valid);
    const { paypalSecret: _secret, ...visible } = valid;
    expect(saved).toEqual({ ...visible, paypalWebhookUrl: webhookUrl, hasPaypalSecret: true, logoUrl: null });
    expect(JSON.stringify(saved)).not.toContain("super-secret-value");

    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.paypalSecretEncrypted).not.toContain("super-secret-value");
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe("super-secret-value");
  });

  it("keeps the saved secret when the field is left empty", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.updateStoreSettings(valid);
    await caller.merchant.updateStoreSettings({ ...valid, storeName: "Renamed", paypalSecret: "" });
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.storeName).toBe("Renamed");
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe("super-secret-value");
  });

  it("rejects a missing name or a bad URL with the field's message and changes nothing", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.updateStoreSettings(valid);
    for (const [input, message] of [
      [{ ...valid, storeName: " " }, "Store name is required"],
      [{ ...valid, websiteUrl: "javascript:alert(1)" }, "Please enter a valid URL"],
      [{ ...valid, paypalWebhookId: "WH <script>" }, "PayPal webhook ID can only contain letters, numbers and dashes"],
    ] as const) {
      const error = (await caller.merchant.updateStoreSettings(input).catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    }
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.storeName).toBe(valid.storeName);
  });

  it("is private to each merchant", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    await merchantCaller(ada).merchant.updateStoreSettings(valid);
    await expect(merchantCaller(bob).merchant.getStoreSettings()).resolves.toMatchObject({
      hasPaypalSecret: false,
      paypalClientId: "",
    });
  });
});

describe("store logo", () => {
  async function logoFileOf(merchantId: string) {
    return db.storedFile.create({
      data: {
        merchantId,
        key: `logo-${merchantId}-${Math.random().toString(36).slice(2)}`,
        name: "logo.png",
        size: 10,
        mimeType: "image/png",
        kind: "merchant_logo",
        isPrivate: false,
      },
    });
  }

  it("refuses another merchant's file and changes nothing", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    const bobsLogo = await logoFileOf(bob.id);
    const error = (await merchantCaller(ada)
      .merchant.setStoreLogo({ fileId: bobsLogo.id })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("NOT_FOUND");
    expect(await db.storeSettings.findUnique({ where: { merchantId: ada.id } })).toBeNull();
    expect(await db.storedFile.findUnique({ where: { id: bobsLogo.id } })).not.toBeNull();
  });

  it("sets the logo, then removing it deletes the file row", async () => {
    const merchant = await createMerchant(db);
    const logo = await logoFileOf(merchant.id);
    const caller = merchantCaller(merchant);
    const saved = await caller.merchant.setStoreLogo({ fileId: logo.id });
    expect(saved.logoUrl).toContain(logo.key);
    const removed = await caller.merchant.removeStoreLogo();
    expect(removed.logoUrl).toBeNull();
    expect(await db.storedFile.findUnique({ where: { id: logo.id } })).toBeNull();
  });
});
