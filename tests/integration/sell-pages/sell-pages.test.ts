import { sandboxSecretFor } from "../../../sandbox/paypal";
import type { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getPublicSellPage, servePublicSellPage } from "~/server/sell-pages/public-page";
import { publicFileUrl } from "~/server/vendors/storage/files";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput, createSellPage } from "../../factories/sell-page";
import { connectPayPal } from "../../factories/store-settings";
import { createStoredFile } from "../../factories/stored-file";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, signedInMerchant } from "../../support/callers";
import { pngFile } from "../../support/files";

// A real database failure in the middle of a write, without mocks: these triggers raise for rows whose name
// carries the marker, after the page row has been written in the same transaction.
const FAIL = "#FAIL#";

beforeAll(async () => {
  // sell_pages_test_fail_new() checks the row being written, sell_pages_test_fail_old() the row being deleted.
  for (const row of ["NEW", "OLD"]) {
    await db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION sell_pages_test_fail_${row.toLowerCase()}() RETURNS trigger AS $$
      BEGIN
        IF ${row}.name LIKE '%${FAIL}%' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN ${row};
      END $$ LANGUAGE plpgsql`);
  }
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS sell_pages_test_fail ON payment_buttons`);
  await db.$executeRawUnsafe(`
    CREATE TRIGGER sell_pages_test_fail BEFORE INSERT OR UPDATE ON payment_buttons
    FOR EACH ROW EXECUTE FUNCTION sell_pages_test_fail_new()`);
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS sell_pages_test_fail_delete ON digital_sell_pages`);
  await db.$executeRawUnsafe(`
    CREATE TRIGGER sell_pages_test_fail_delete BEFORE DELETE ON digital_sell_pages
    FOR EACH ROW EXECUTE FUNCTION sell_pages_test_fail_old()`);
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS sell_pages_test_fail ON payment_buttons`);
  await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS sell_pages_test_fail_delete ON digital_sell_pages`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS sell_pages_test_fail_new()`);
  await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS sell_pages_test_fail_old()`);
});

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as TRPCError,
  );

async function storageStatus(key: string) {
  return (await fetch(publicFileUrl(key))).status;
}

/** Three real uploads in the sandbox, as the form would have made them. */
async function uploadsOf(merchantId: string) {
  const [image, logo, file] = await Promise.all([
    createStoredFile(db, merchantId, "product_image", { content: pngFile() }),
    createStoredFile(db, merchantId, "merchant_logo", { content: pngFile() }),
    createStoredFile(db, merchantId, "downloadable_file", { content: "%PDF-1.7\nthe product" }),
  ]);
  return { image, logo, file };
}

async function transactionOf(
  merchantId: string,
  button: { id: string; sellPageId: string | null; bundleTier: "basic" | "premium" | null } | null,
  fields: {
    status?: "completed" | "failed" | "pending";
    amountMinor?: number;
    createdAt?: Date;
    sellPageId?: string;
  } = {},
) {
  return db.transaction.create({
    data: {
      merchantId,
      buttonId: button?.id ?? null,
      sellPageId: fields.sellPageId ?? button?.sellPageId ?? null,
      bundleTier: button?.bundleTier ?? null,
      paypalOrderId: unique("ORDER-"),
      amountMinor: fields.amountMinor ?? 2999,
      currency: "USD",
      status: fields.status ?? "completed",
      createdAt: fields.createdAt,
    },
  });
}

describe("create", () => {
  it("writes the page and one bundle button per enabled tier, hidden from the payment-buttons list", async () => {
    const { merchant, api } = await signedInMerchant();
    const input = buildSellPageInput({
      name: "Pattern Pack",
      basicFeatures: ["12 patterns", "", "  "],
      premiumEnabled: true,
      premiumFeatures: ["", "Video lessons"],
      successUrl: "https://shop.example.com/thanks",
    });

    const { id } = await api.pages.sellPages.create(input);

    const page = await db.digitalSellPage.findUniqueOrThrow({ where: { id }, include: { bundleButtons: true } });
    expect(page).toMatchObject({
      merchantId: merchant.id,
      isActive: true,
      basicPriceMinor: 2999,
      basicOriginalPriceMinor: 3999,
      basicFeatures: ["12 patterns"],
      premiumPriceMinor: 4999,
      premiumOriginalPriceMinor: 6999,
      premiumFeatures: ["Video lessons"],
      webhookUrl: null,
    });
    const buttons = Object.fromEntries(page.bundleButtons.map((button) => [button.bundleTier, button]));
    expect(buttons.basic).toMatchObject({
      name: "Pattern Pack - Basic",
      buttonType: "bundle",
      amountMinor: 2999,
      currency: "USD",
      paymentType: "one_time",
      isActive: true,
      successUrl: "https://shop.example.com/thanks",
    });
    expect(buttons.premium).toMatchObject({ name: "Pattern Pack - Premium", amountMinor: 4999, isActive: true });
    expect(await api.pages.buttons.list()).toEqual([]);
  });

  it("writes no premium button while premium is disabled, whatever its fields hold", async () => {
    const merchant = await createMerchant(db);
    const { id } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ premiumEnabled: false, premiumPrice: "" }),
    );
    const page = await db.digitalSellPage.findUniqueOrThrow({ where: { id }, include: { bundleButtons: true } });
    expect(page).toMatchObject({ premiumEnabled: false, premiumName: null, premiumPriceMinor: null });
    expect(page.bundleButtons.map((button) => button.bundleTier)).toEqual(["basic"]);
  });

  it("attaches the merchant's uploads", async () => {
    const merchant = await createMerchant(db);
    const { image, logo, file } = await uploadsOf(merchant.id);
    const { id } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ productImageId: image.id, merchantLogoId: logo.id, downloadableFileId: file.id }),
    );
    expect(await db.digitalSellPage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      productImageId: image.id,
      merchantLogoId: logo.id,
      downloadableFileId: file.id,
    });
  });

  it("refuses another merchant's file, a file of the wrong kind and a file another page uses", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    const api = merchantCaller(ada);
    const bobsImage = await createStoredFile(db, bob.id, "product_image");
    const adasLogo = await createStoredFile(db, ada.id, "merchant_logo");
    const adasImage = await createStoredFile(db, ada.id, "product_image");
    await api.pages.sellPages.create(buildSellPageInput({ productImageId: adasImage.id }));

    for (const input of [
      buildSellPageInput({ productImageId: bobsImage.id }),
      buildSellPageInput({ productImageId: adasLogo.id }),
      buildSellPageInput({ productImageId: adasImage.id }),
    ]) {
      const error = await errorOf(api.pages.sellPages.create(input));
      expect(error?.code).toBe("BAD_REQUEST");
      expect(error?.message).toBe("This file is no longer available. Please upload it again.");
    }
    expect(await db.digitalSellPage.count({ where: { merchantId: ada.id } })).toBe(1);
    // A refused file is not deleted: it may be someone else's, or the form may still use it.
    expect(await db.storedFile.count({ where: { id: { in: [bobsImage.id, adasLogo.id, adasImage.id] } } })).toBe(3);
  });

  it("rejects invalid values with the messages", async () => {
    const merchant = await createMerchant(db);
    const error = await errorOf(
      merchantCaller(merchant).pages.sellPages.create(
        buildSellPageInput({ name: "", basicPrice: "0", premiumEnabled: true, premiumOriginalPrice: "" }),
      ),
    );
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toContain("Product name is required");
    expect(error?.message).toContain("Basic bundle price must be a positive number");
    expect(error?.message).toContain("Premium bundle original price must be a positive number");
    expect(await db.digitalSellPage.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("leaves nothing behind when a write fails midway, and deletes the uploads", async () => {
    const merchant = await createMerchant(db);
    const { image, logo, file } = await uploadsOf(merchant.id);

    const error = await errorOf(
      merchantCaller(merchant).pages.sellPages.create(
        buildSellPageInput({
          name: `Broken ${FAIL}`,
          productImageId: image.id,
          merchantLogoId: logo.id,
          downloadableFileId: file.id,
        }),
      ),
    );

    expect(error?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(await db.digitalSellPage.count({ where: { merchantId: merchant.id } })).toBe(0);
    expect(await db.paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);
    expect(await db.storedFile.count({ where: { merchantId: merchant.id } })).toBe(0);
    expect(await storageStatus(image.key)).toBe(404);
    expect(await storageStatus(logo.key)).toBe(404);
    expect(await storageStatus(file.key)).toBe(404);
  });
});

describe("update", () => {
  it("updates the page and its bundle buttons, and deletes a replaced file after saving", async () => {
    const { merchant, api } = await signedInMerchant();
    const { image, logo } = await uploadsOf(merchant.id);
    const input = buildSellPageInput({ name: "Old", productImageId: image.id, merchantLogoId: logo.id });
    const { id } = await api.pages.sellPages.create(input);
    const newImage = await createStoredFile(db, merchant.id, "product_image", { content: pngFile({ width: 4 }) });

    const updated = await api.pages.sellPages.update({
      id,
      values: {
        ...input,
        name: "New",
        basicPrice: "19.50",
        currency: "EUR",
        productImageId: newImage.id,
        merchantLogoId: null,
        premiumEnabled: true,
        premiumName: "Deluxe",
        premiumPrice: "59",
      },
    });

    expect(updated.values).toMatchObject({ name: "New", basicPrice: "19.50", premiumPrice: "59.00", currency: "EUR" });
    expect(updated.files.productImage).toMatchObject({ fileId: newImage.id, url: publicFileUrl(newImage.key) });
    expect(updated.files.merchantLogo).toBeNull();
    const buttons = await db.paymentButton.findMany({ where: { sellPageId: id }, orderBy: { bundleTier: "asc" } });
    expect(buttons.map((b) => [b.bundleTier, b.name, b.amountMinor, b.currency, b.isActive])).toEqual([
      ["basic", "New - Basic", 1950, "EUR", true],
      ["premium", "New - Deluxe", 5900, "EUR", true],
    ]);
    expect(await db.storedFile.count({ where: { id: { in: [image.id, logo.id] } } })).toBe(0);
    expect(await storageStatus(image.key)).toBe(404);
    expect(await storageStatus(logo.key)).toBe(404);
    expect(await storageStatus(newImage.key)).toBe(200);
  });

  it("deactivates the premium button when premium is turned off and reuses it when turned back on", async () => {
    const { api } = await signedInMerchant();
    const input = buildSellPageInput({ premiumEnabled: true });
    const { id } = await api.pages.sellPages.create(input);
    const premium = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: id, bundleTier: "premium" } });

    await api.pages.sellPages.update({ id, values: { ...input, premiumEnabled: false } });
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: premium.id } })).toMatchObject({ isActive: false });

    await api.pages.sellPages.update({ id, values: { ...input, premiumEnabled: true, premiumPrice: "45" } });
    expect(await db.paymentButton.findUniqueOrThrow({ where: { id: premium.id } })).toMatchObject({
      isActive: true,
      amountMinor: 4500,
    });
  });

  it("changes nothing, and keeps the old file, when a write fails midway", async () => {
    const { merchant, api } = await signedInMerchant();
    const { image } = await uploadsOf(merchant.id);
    const input = buildSellPageInput({ name: "Stable", productImageId: image.id });
    const { id } = await api.pages.sellPages.create(input);
    const newImage = await createStoredFile(db, merchant.id, "product_image", { content: pngFile() });

    const error = await errorOf(
      api.pages.sellPages.update({ id, values: { ...input, name: `Stable ${FAIL}`, productImageId: newImage.id } }),
    );

    expect(error?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(await db.digitalSellPage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Stable",
      productImageId: image.id,
    });
    expect(await storageStatus(image.key)).toBe(200);
    // The new upload stays too: the form still holds it and can save again.
    expect(await storageStatus(newImage.key)).toBe(200);
  });
});

describe("delete", () => {
  it("deletes the page, its bundle buttons and its files, and keeps the payment history", async () => {
    const { merchant, api } = await signedInMerchant();
    const { image, logo, file } = await uploadsOf(merchant.id);
    const { id } = await api.pages.sellPages.create(
      buildSellPageInput({ productImageId: image.id, merchantLogoId: logo.id, downloadableFileId: file.id }),
    );
    const basic = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: id } });
    const sale = await transactionOf(merchant.id, basic);

    await api.pages.sellPages.delete({ id });

    expect(await db.digitalSellPage.findUnique({ where: { id } })).toBeNull();
    expect(await db.paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);
    expect(await db.storedFile.count({ where: { merchantId: merchant.id } })).toBe(0);
    for (const key of [image.key, logo.key, file.key]) expect(await storageStatus(key)).toBe(404);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: sale.id } })).toMatchObject({
      buttonId: null,
      sellPageId: null,
      merchantId: merchant.id,
      amountMinor: 2999,
    });
  });

  it("deletes nothing when the page's delete fails", async () => {
    const { merchant, api } = await signedInMerchant();
    const { image } = await uploadsOf(merchant.id);
    const { id } = await api.pages.sellPages.create(buildSellPageInput({ name: "Sticky" }));
    // Named after creation so that only the delete trips the trigger.
    await db.digitalSellPage.update({ where: { id }, data: { name: `Sticky ${FAIL}`, productImageId: image.id } });

    const error = await errorOf(api.pages.sellPages.delete({ id }));

    expect(error?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(await db.digitalSellPage.findUnique({ where: { id } })).not.toBeNull();
    expect(await db.paymentButton.count({ where: { sellPageId: id } })).toBe(1);
    expect(await storageStatus(image.key)).toBe(200);
  });
});

describe("the buyer's page cache", () => {
  it("serves a page for a few seconds, and forgets it on every write buyers would see", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const api = merchantCaller(merchant);
    const input = buildSellPageInput({ paypalClientId: clientId });
    const { id } = await api.pages.sellPages.create(input);
    expect(await servePublicSellPage(id)).toMatchObject({ name: input.name });

    // Straight to the database, past the services: the cached page is still served.
    await db.digitalSellPage.update({ where: { id }, data: { name: "Renamed behind the cache" } });
    expect(await servePublicSellPage(id)).toMatchObject({ name: input.name });

    await api.pages.sellPages.update({ id, values: { ...input, name: "Renamed" } });
    expect(await servePublicSellPage(id)).toMatchObject({ name: "Renamed" });

    // Without a saved secret buyers cannot pay: the merchant's settings reach every page at once.
    expect((await servePublicSellPage(id))?.bundles[0]?.button?.canTakePayments).toBe(true);
    await api.merchant.store.update({
      storeName: "Store",
      description: "",
      websiteUrl: "",
      paypalClientId: "another-client",
      paypalSecret: sandboxSecretFor("another-client"),
      paypalEnvironment: "sandbox",
      paypalWebhookId: "",
    });
    expect((await servePublicSellPage(id))?.bundles[0]?.button?.canTakePayments).toBe(false);

    await api.pages.sellPages.setActive({ id, isActive: false });
    expect(await servePublicSellPage(id)).toBeNull();
    await api.pages.sellPages.setActive({ id, isActive: true });
    expect(await servePublicSellPage(id)).not.toBeNull();

    await api.pages.sellPages.delete({ id });
    expect(await servePublicSellPage(id)).toBeNull();
  });
});

describe("active toggle", () => {
  it("hides the page from buyers and stops its bundle buttons", async () => {
    const { api } = await signedInMerchant();
    const { id } = await api.pages.sellPages.create(buildSellPageInput({ premiumEnabled: true }));

    await api.pages.sellPages.setActive({ id, isActive: false });
    expect(await getPublicSellPage(id)).toBeNull();
    expect(await db.paymentButton.count({ where: { sellPageId: id, isActive: true } })).toBe(0);

    await api.pages.sellPages.setActive({ id, isActive: true });
    expect(await getPublicSellPage(id)).not.toBeNull();
    expect(await db.paymentButton.count({ where: { sellPageId: id, isActive: true } })).toBe(2);
  });
});

describe("ownership", () => {
  it("answers NOT_FOUND for another merchant's page on every procedure, and changes nothing", async () => {
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    const page = await createSellPage(db, ada.id);
    const bobs = merchantCaller(bob).pages.sellPages;
    const adasFile = await createStoredFile(db, ada.id, "product_image");

    const calls = [
      () => bobs.get({ id: page.id }),
      () => bobs.update({ id: page.id, values: buildSellPageInput() }),
      () => bobs.setActive({ id: page.id, isActive: false }),
      () => bobs.delete({ id: page.id }),
      () => bobs.analytics({ id: page.id }),
      () => bobs.uploadedFile({ fileId: adasFile.id }),
    ];
    for (const call of calls) expect((await errorOf(call()))?.code).toBe("NOT_FOUND");

    expect(await bobs.list()).toEqual([]);
    await bobs.discardUpload({ fileId: adasFile.id });
    expect(await db.storedFile.findUnique({ where: { id: adasFile.id } })).not.toBeNull();
    expect(await db.digitalSellPage.findUniqueOrThrow({ where: { id: page.id } })).toMatchObject({
      name: page.name,
      isActive: true,
    });
  });

  it("answers 'User not authenticated' when signed out", async () => {
    const anonymous = anonymousCaller().pages.sellPages;
    for (const call of [
      () => anonymous.list(),
      () => anonymous.create(buildSellPageInput()),
      () => anonymous.get({ id: "x" }),
      () => anonymous.discardUpload({ fileId: "x" }),
    ]) {
      const error = await errorOf(call());
      expect(error?.code).toBe("UNAUTHORIZED");
      expect(error?.message).toBe("User not authenticated");
    }
  });

  it("says 'Digital sell page not found' for an unknown id", async () => {
    const merchant = await createMerchant(db);
    const error = await errorOf(merchantCaller(merchant).pages.sellPages.get({ id: "does-not-exist" }));
    expect(error?.message).toBe("Digital sell page not found");
  });
});

describe("uploads in the form", () => {
  it("discards an unsaved upload but never a file a page uses", async () => {
    const { merchant, api } = await signedInMerchant();
    const used = await createStoredFile(db, merchant.id, "product_image", { content: pngFile() });
    const unsaved = await createStoredFile(db, merchant.id, "product_image", { content: pngFile() });
    await api.pages.sellPages.create(buildSellPageInput({ productImageId: used.id }));

    expect(await api.pages.sellPages.discardUpload({ fileId: used.id })).toMatchObject({ deleted: false });
    expect(await api.pages.sellPages.discardUpload({ fileId: unsaved.id })).toMatchObject({ deleted: true });
    expect(await storageStatus(used.key)).toBe(200);
    expect(await storageStatus(unsaved.key)).toBe(404);
  });

  it("gives a public image's address but never the private file's", async () => {
    const { merchant, api } = await signedInMerchant();
    const image = await createStoredFile(db, merchant.id, "product_image");
    const file = await createStoredFile(db, merchant.id, "downloadable_file");
    expect(await api.pages.sellPages.uploadedFile({ fileId: image.id })).toMatchObject({
      url: publicFileUrl(image.key),
    });
    expect(await api.pages.sellPages.uploadedFile({ fileId: file.id })).toEqual({
      fileId: file.id,
      name: file.name,
      size: file.size,
      url: null,
    });
  });
});

describe("figures", () => {
  it("lists pages newest first with revenue, sales and conversion from page views", async () => {
    const merchant = await createMerchant(db);
    const older = await createSellPage(db, merchant.id, {
      name: "Older",
      createdAt: new Date(Date.now() - 60_000),
      premiumEnabled: true,
      premiumName: "Premium",
      premiumPriceMinor: 4999,
      premiumOriginalPriceMinor: 6999,
    });
    const newer = await createSellPage(db, merchant.id, { name: "Newer" });
    await transactionOf(merchant.id, older.basicButton, { amountMinor: 2999 });
    await transactionOf(merchant.id, older.premiumButton, { amountMinor: 4999 });
    await transactionOf(merchant.id, older.basicButton, { status: "failed" });
    await db.sellPageView.createMany({
      data: ["a", "b", "c", "d"].map((visitor) => ({ sellPageId: older.id, visitorHash: unique(visitor) })),
    });

    const list = await merchantCaller(merchant).pages.sellPages.list();

    expect(list.map((page) => page.name)).toEqual(["Newer", "Older"]);
    expect(list[1]).toMatchObject({
      basicPriceMinor: 2999,
      premiumPriceMinor: 4999,
      revenue: [{ currency: "USD", amountMinor: 7998 }],
      sales: 2,
      conversionRate: 50,
    });
    expect(list[0]).toMatchObject({
      id: newer.id,
      premiumPriceMinor: null,
      revenue: [],
      sales: 0,
      conversionRate: null,
    });
  });

  it("says 'Setup needed' while no PayPal secret is saved, and nothing once it is", async () => {
    const merchant = await createMerchant(db);
    const clientId = `client-${merchant.id}`;
    const page = await createSellPage(db, merchant.id, { paypalClientId: clientId });
    const api = merchantCaller(merchant);
    const issueOf = async () => (await api.pages.sellPages.list()).find((row) => row.id === page.id)?.setupIssue;

    expect(await issueOf()).toEqual({
      code: "paypal_not_connected",
      label: "Setup needed",
      message: "Add your PayPal client ID and secret in Store Settings.",
      fixHref: "/dashboard/settings",
    });
    expect((await api.pages.sellPages.get({ id: page.id })).setupIssue).toMatchObject({ code: "paypal_not_connected" });

    await connectPayPal(db, merchant.id, clientId);
    expect(await issueOf()).toBeNull();
    expect((await api.pages.sellPages.get({ id: page.id })).setupIssue).toBeNull();

    await connectPayPal(db, merchant.id, "another-client");
    expect(await issueOf()).toMatchObject({
      code: "client_id_mismatch",
      fixHref: `/dashboard/pages/edit-digital-sell-page/${page.id}`,
    });
  });

  it("attributes sales to bundles by their buttons, over the chosen period", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id, {
      premiumEnabled: true,
      premiumName: "Premium",
      premiumPriceMinor: 4999,
      premiumOriginalPriceMinor: 6999,
    });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    await transactionOf(merchant.id, page.basicButton, { createdAt: daysAgo(1) });
    await transactionOf(merchant.id, page.premiumButton, { amountMinor: 4999, createdAt: daysAgo(2) });
    await transactionOf(merchant.id, page.premiumButton, {
      status: "failed",
      amountMinor: 4999,
      createdAt: daysAgo(3),
    });
    await transactionOf(merchant.id, null, { sellPageId: page.id, amountMinor: 100, createdAt: daysAgo(4) });
    await transactionOf(merchant.id, page.basicButton, { createdAt: daysAgo(45) });

    const api = merchantCaller(merchant);
    const month = await api.pages.sellPages.analytics({ id: page.id });

    expect(month).toMatchObject({
      period: "30d",
      totalTransactions: 4,
      successfulTransactions: 3,
      failedTransactions: 1,
      successRate: 75,
      totalRevenue: [{ currency: "USD", amountMinor: 2999 + 4999 + 100 }],
      basic: { name: "Basic", priceMinor: 2999, sales: 1, revenue: [{ currency: "USD", amountMinor: 2999 }] },
      premium: { name: "Premium", priceMinor: 4999, sales: 1, revenue: [{ currency: "USD", amountMinor: 4999 }] },
    });
    expect(month.recentTransactions.map((t) => [t.bundle, t.status])).toEqual([
      ["Basic", "completed"],
      ["Premium", "completed"],
      ["Premium", "failed"],
      ["Unknown", "completed"],
    ]);
    expect((await api.pages.sellPages.analytics({ id: page.id, period: "all" })).basic.sales).toBe(2);
    expect(await api.pages.sellPages.analytics({ id: page.id, period: "7d" })).toMatchObject({
      totalTransactions: 4,
    });
  });

  it("reports zeros and no premium card for a page without sales or premium", async () => {
    const merchant = await createMerchant(db);
    const page = await createSellPage(db, merchant.id);
    expect(await merchantCaller(merchant).pages.sellPages.analytics({ id: page.id, period: "all" })).toMatchObject({
      totalTransactions: 0,
      successRate: 0,
      totalRevenue: [],
      premium: null,
      recentTransactions: [],
    });
  });
});

describe("the buyer's page", () => {
  it("shows only what a buyer needs: no e-mail, no secret, no private file", async () => {
    const merchant = await createMerchant(db);
    const { image, file } = await uploadsOf(merchant.id);
    await db.storeSettings.create({
      data: {
        merchantId: merchant.id,
        storeName: "Shop",
        paypalClientId: "client-test",
        paypalSecretEncrypted: "encrypted-secret-value",
      },
    });
    const { id } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({
        productImageId: image.id,
        downloadableFileId: file.id,
        premiumEnabled: true,
        basicFeatures: ["One", ""],
      }),
    );

    const page = await getPublicSellPage(id);

    const buttons = await db.paymentButton.findMany({ where: { sellPageId: id }, orderBy: { bundleTier: "asc" } });
    expect(page).toMatchObject({
      id,
      hasDownload: true,
      imageUrl: publicFileUrl(image.key),
      logoUrl: null,
      bundles: [
        {
          tier: "basic",
          priceMinor: 2999,
          originalPriceMinor: 3999,
          features: ["One"],
          button: { id: buttons[0]!.id, amountMinor: 2999, canTakePayments: true, isSubscription: false },
        },
        { tier: "premium", priceMinor: 4999, originalPriceMinor: 6999, button: { id: buttons[1]!.id } },
      ],
    });
    const text = JSON.stringify(page);
    for (const secret of [merchant.email, "encrypted-secret-value", file.key]) expect(text).not.toContain(secret);
  });

  it("is null for an unknown id", async () => {
    expect(await getPublicSellPage("nope")).toBeNull();
    expect(await getPublicSellPage("x".repeat(500))).toBeNull();
  });
});
