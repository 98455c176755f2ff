import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { sandboxSecretFor } from "../../../sandbox/paypal";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { getStoreTimeZone, VERIFY_BEFORE_LIVE_MESSAGE } from "~/server/stores/settings";
import { encryptSecret } from "~/server/platform/crypto";
import { createMerchant } from "../../factories/merchant";
import { anonymousCaller, merchantCaller } from "../../support/callers";

const valid = {
  storeName: "Ada's Patterns",
  description: "Knitting patterns",
  websiteUrl: "https://ada.example.com",
  paypalClientId: "client-123",
  // The one the sandbox accepts for this client id: saving checks it with a token call.
  paypalSecret: sandboxSecretFor("client-123"),
  paypalEnvironment: "sandbox" as const,
  paypalWebhookId: "WH-1AB23456CD789012E",
};

const webhookUrl = "http://localhost:3000/api/paypal/webhook";

/** What Store Settings shows besides the form's fields, for a merchant who has only saved the form. */
const beyondTheForm = (merchant: { email: string }, hasPaypalSecret: boolean) => ({
  paypalWebhookUrl: webhookUrl,
  hasPaypalSecret,
  logoUrl: null,
  timeZone: null,
  saleAlertsEnabled: true,
  dailyDigestEnabled: false,
  supportEmail: "",
  accountEmail: merchant.email,
  isEmailVerified: false,
});

describe("store settings", () => {
  it("starts from the merchant's name with nothing connected", async () => {
    const merchant = await createMerchant(db, { name: "Ada" });
    await expect(merchantCaller(merchant).merchant.store.get()).resolves.toEqual({
      storeName: "Ada",
      description: "",
      websiteUrl: "",
      paypalClientId: "",
      paypalEnvironment: "sandbox",
      paypalWebhookId: "",
      ...beyondTheForm(merchant, false),
    });
  });

  it("saves, never echoes the PayPal secret, and stores it encrypted", async () => {
    const merchant = await createMerchant(db);
    const saved = await merchantCaller(merchant).merchant.store.update(valid);
    const { paypalSecret: _secret, ...visible } = valid;
    expect(saved).toEqual({
      ...visible,
      ...beyondTheForm(merchant, true),
    });
    expect(JSON.stringify(saved)).not.toContain(valid.paypalSecret);

    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.paypalSecretEncrypted).not.toContain(valid.paypalSecret);
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe(valid.paypalSecret);
  });

  it("refuses a client ID and secret PayPal does not accept, and keeps what was saved", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.store.update(valid);
    const error = await caller.merchant.store
      .update({ ...valid, paypalSecret: "not-the-secret" })
      .catch((e: unknown) => e as TRPCError);
    expect(error).toMatchObject({
      code: "BAD_REQUEST",
      message: "PayPal sandbox did not accept this client ID and secret.",
    });
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe(valid.paypalSecret);
  });

  it("keeps the saved secret when the field is left empty", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.store.update(valid);
    await caller.merchant.store.update({ ...valid, storeName: "Renamed", paypalSecret: "" });
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.storeName).toBe("Renamed");
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe(valid.paypalSecret);
  });

  it("rejects a missing name or a bad URL with the field's message and changes nothing", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.store.update(valid);
    for (const [input, message] of [
      [{ ...valid, storeName: " " }, "Store name is required"],
      [{ ...valid, websiteUrl: "javascript:alert(1)" }, "Please enter a valid URL"],
      [{ ...valid, paypalWebhookId: "WH <script>" }, "PayPal webhook ID can only contain letters, numbers and dashes"],
    ] as const) {
      const error = (await caller.merchant.store.update(input).catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    }
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.storeName).toBe(valid.storeName);
  });

  it("is private to each merchant", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    await merchantCaller(ada).merchant.store.update(valid);
    await expect(merchantCaller(bob).merchant.store.get()).resolves.toMatchObject({
      hasPaypalSecret: false,
      paypalClientId: "",
    });
  });
});

describe("store time zone", () => {
  it("is saved, changed and kept by the settings form; an invalid one is refused with its message", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    expect((await caller.merchant.store.update({ ...valid, timeZone: "Asia/Kolkata" })).timeZone).toBe("Asia/Kolkata");
    expect(await getStoreTimeZone(merchant.id)).toBe("Asia/Kolkata");
    expect((await caller.merchant.store.update({ ...valid, timeZone: "UTC" })).timeZone).toBe("UTC");
    // A caller that does not send the field keeps the saved zone.
    expect((await caller.merchant.store.update(valid)).timeZone).toBe("UTC");

    const error = (await caller.merchant.store
      .update({ ...valid, timeZone: "Mars/Olympus_Mons" })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toContain("Choose a valid time zone");
    expect(await getStoreTimeZone(merchant.id)).toBe("UTC");
  });

  it("setTimeZoneIfUnset saves the browser's zone once, then leaves the chosen zone alone", async () => {
    const merchant = await createMerchant(db, { name: "Zoned" });
    const caller = merchantCaller(merchant);
    expect(await getStoreTimeZone(merchant.id)).toBeNull();

    // No settings row yet: one is created with the zone, named as the settings page shows it.
    await expect(caller.merchant.store.setTimeZoneIfUnset({ timeZone: "Asia/Kolkata" })).resolves.toEqual({
      timeZone: "Asia/Kolkata",
    });
    await expect(caller.merchant.store.get()).resolves.toMatchObject({
      storeName: "Zoned",
      timeZone: "Asia/Kolkata",
    });

    // Another browser (a laptop abroad) does not move it, and repeating is harmless.
    await expect(caller.merchant.store.setTimeZoneIfUnset({ timeZone: "America/New_York" })).resolves.toEqual({
      timeZone: "Asia/Kolkata",
    });
    await caller.merchant.store.update({ ...valid, timeZone: "Europe/Berlin" });
    await expect(caller.merchant.store.setTimeZoneIfUnset({ timeZone: "Asia/Kolkata" })).resolves.toEqual({
      timeZone: "Europe/Berlin",
    });
    expect(await getStoreTimeZone(merchant.id)).toBe("Europe/Berlin");
  });

  it("setTimeZoneIfUnset fills an existing store's empty zone and keeps its other settings", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.store.update(valid);
    await Promise.all([
      caller.merchant.store.setTimeZoneIfUnset({ timeZone: "Asia/Tokyo" }),
      caller.merchant.store.setTimeZoneIfUnset({ timeZone: "Asia/Tokyo" }),
    ]);
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row).toMatchObject({ timeZone: "Asia/Tokyo", storeName: valid.storeName, paypalClientId: "client-123" });
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe(valid.paypalSecret);
  });

  it("setTimeZoneIfUnset touches only the signed-in merchant's store", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    await merchantCaller(bob).merchant.store.update({ ...valid, timeZone: "Europe/London" });
    await merchantCaller(ada).merchant.store.setTimeZoneIfUnset({ timeZone: "Asia/Kolkata" });
    expect(await getStoreTimeZone(ada.id)).toBe("Asia/Kolkata");
    expect(await getStoreTimeZone(bob.id)).toBe("Europe/London");

    const carol = await createMerchant(db);
    await merchantCaller(ada).merchant.store.setTimeZoneIfUnset({ timeZone: "America/Chicago" });
    expect(await getStoreTimeZone(carol.id)).toBeNull();
    expect(await db.storeSettings.findUnique({ where: { merchantId: carol.id } })).toBeNull();
  });

  it("setTimeZoneIfUnset refuses an invalid zone and a signed-out caller", async () => {
    const merchant = await createMerchant(db);
    const invalid = (await merchantCaller(merchant)
      .merchant.store.setTimeZoneIfUnset({ timeZone: "asia/kolkata" })
      .catch((e: unknown) => e)) as TRPCError;
    expect(invalid.code).toBe("BAD_REQUEST");
    expect(invalid.message).toContain("Choose a valid time zone");
    const signedOut = (await anonymousCaller()
      .merchant.store.setTimeZoneIfUnset({ timeZone: "UTC" })
      .catch((e: unknown) => e)) as TRPCError;
    expect(signedOut.code).toBe("UNAUTHORIZED");
    expect(await getStoreTimeZone(merchant.id)).toBeNull();
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
      .merchant.store.setLogo({ fileId: bobsLogo.id })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("NOT_FOUND");
    expect(await db.storeSettings.findUnique({ where: { merchantId: ada.id } })).toBeNull();
    expect(await db.storedFile.findUnique({ where: { id: bobsLogo.id } })).not.toBeNull();
  });

  it("sets the logo, then removing it deletes the file row", async () => {
    const merchant = await createMerchant(db);
    const logo = await logoFileOf(merchant.id);
    const caller = merchantCaller(merchant);
    const saved = await caller.merchant.store.setLogo({ fileId: logo.id });
    expect(saved.logoUrl).toContain(logo.key);
    const removed = await caller.merchant.store.removeLogo();
    expect(removed.logoUrl).toBeNull();
    expect(await db.storedFile.findUnique({ where: { id: logo.id } })).toBeNull();
  });
});

describe("e-mail notifications", () => {
  it("saves the sale alert and digest toggles and the support e-mail; empty means the account e-mail", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    const saved = await caller.merchant.store.update({
      ...valid,
      saleAlertsEnabled: false,
      dailyDigestEnabled: true,
      supportEmail: "  help@ada.example.com ",
    });
    expect(saved).toMatchObject({
      saleAlertsEnabled: false,
      dailyDigestEnabled: true,
      supportEmail: "help@ada.example.com",
    });
    expect(await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } })).toMatchObject({
      saleAlertsEnabled: false,
      dailyDigestEnabled: true,
      supportEmail: "help@ada.example.com",
    });

    // A caller that does not send them (an older form) keeps them.
    await expect(caller.merchant.store.update({ ...valid, storeName: "Renamed" })).resolves.toMatchObject({
      storeName: "Renamed",
      saleAlertsEnabled: false,
      dailyDigestEnabled: true,
      supportEmail: "help@ada.example.com",
    });

    await caller.merchant.store.update({ ...valid, saleAlertsEnabled: true, supportEmail: "" });
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row).toMatchObject({ saleAlertsEnabled: true, dailyDigestEnabled: true, supportEmail: null });
  });

  it("refuses a bad support e-mail with the field's message, never a 500, and changes nothing", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.store.update({ ...valid, supportEmail: "help@ada.example.com" });
    for (const [supportEmail, message] of [
      ["not-an-email", "Please enter a valid email address"],
      ["help@", "Please enter a valid email address"],
      ["help @ada.example.com", "Please enter a valid email address"],
      [`${"x".repeat(250)}@ada.example.com`, "Support e-mail must be at most 254 characters"],
    ] as const) {
      const error = (await caller.merchant.store
        .update({ ...valid, supportEmail, dailyDigestEnabled: true })
        .catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.message).toContain(message);
    }
    const notBoolean = (await caller.merchant.store
      .update({ ...valid, saleAlertsEnabled: "yes" as unknown as boolean })
      .catch((e: unknown) => e)) as TRPCError;
    expect(notBoolean.code).toBe("BAD_REQUEST");
    expect(await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } })).toMatchObject({
      supportEmail: "help@ada.example.com",
      dailyDigestEnabled: false,
      saleAlertsEnabled: true,
    });
  });

  it("belongs to the signed-in merchant only; signed out is refused", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    await merchantCaller(ada).merchant.store.update({
      ...valid,
      saleAlertsEnabled: false,
      supportEmail: "ada@ada.example.com",
    });
    await merchantCaller(bob).merchant.store.update({
      ...valid,
      dailyDigestEnabled: true,
      supportEmail: "bob@bob.example.com",
    });
    await expect(merchantCaller(ada).merchant.store.get()).resolves.toMatchObject({
      saleAlertsEnabled: false,
      dailyDigestEnabled: false,
      supportEmail: "ada@ada.example.com",
      accountEmail: ada.email,
    });
    await expect(merchantCaller(bob).merchant.store.get()).resolves.toMatchObject({
      saleAlertsEnabled: true,
      dailyDigestEnabled: true,
      supportEmail: "bob@bob.example.com",
      accountEmail: bob.email,
    });
    const signedOut = (await anonymousCaller()
      .merchant.store.update({ ...valid, saleAlertsEnabled: false })
      .catch((e: unknown) => e)) as TRPCError;
    expect(signedOut.code).toBe("UNAUTHORIZED");
  });
});

describe("going live needs a verified e-mail", () => {
  // No client ID: saving checks no credentials, so nothing reaches PayPal's real live host.
  const live = { ...valid, paypalClientId: "", paypalSecret: "", paypalEnvironment: "live" as const };

  it("refuses the live environment until the account e-mail is verified, with a message under the field", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await caller.merchant.store.update(valid);

    const error = (await caller.merchant.store.update(live).catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toBe(VERIFY_BEFORE_LIVE_MESSAGE);
    expect(error.message).toBe("Verify your e-mail address before taking live payments.");
    expect(error.cause).toMatchObject({ fieldErrors: { paypalEnvironment: [VERIFY_BEFORE_LIVE_MESSAGE] } });
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row).toMatchObject({ paypalEnvironment: "sandbox", paypalClientId: valid.paypalClientId });

    await db.user.update({ where: { id: merchant.id }, data: { emailVerified: new Date() } });
    await expect(caller.merchant.store.get()).resolves.toMatchObject({ isEmailVerified: true });
    await expect(caller.merchant.store.update(live)).resolves.toMatchObject({
      paypalEnvironment: "live",
      isEmailVerified: true,
    });
  });

  it("leaves sandbox saves alone, and lets a store already live keep editing but not change its live credentials", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await expect(caller.merchant.store.update({ ...valid, storeName: "Sandbox" })).resolves.toMatchObject({
      storeName: "Sandbox",
    });

    // Live from before verification existed.
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: {
        paypalEnvironment: "live",
        paypalClientId: "live-client",
        paypalSecretEncrypted: encryptSecret("live-secret"),
      },
    });
    const stillLive = { ...valid, paypalClientId: "live-client", paypalSecret: "", paypalEnvironment: "live" as const };
    await expect(
      caller.merchant.store.update({ ...stillLive, storeName: "Renamed", supportEmail: "help@ada.example.com" }),
    ).resolves.toMatchObject({ storeName: "Renamed", paypalEnvironment: "live" });

    for (const input of [
      { ...stillLive, paypalClientId: "another-live-client" },
      { ...stillLive, paypalSecret: "another-live-secret" },
    ]) {
      const error = (await caller.merchant.store.update(input).catch((e: unknown) => e)) as TRPCError;
      expect(error.code).toBe("FORBIDDEN");
      expect(error.message).toBe(VERIFY_BEFORE_LIVE_MESSAGE);
    }
    const row = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    expect(row.paypalClientId).toBe("live-client");
    expect(decryptSecret(row.paypalSecretEncrypted!)).toBe("live-secret");
  });
});
