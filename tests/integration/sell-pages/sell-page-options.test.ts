import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { getPublicSellPage } from "~/server/sell-pages/public-page";
import { createSellPage as createSellPageService } from "~/server/sell-pages/sell-pages";
import { imageVariantUrl } from "~/server/vendors/storage/images";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { connectPayPal } from "../../factories/store-settings";
import { createStoredFile } from "../../factories/stored-file";
import { merchantCaller } from "../../support/callers";
import { pngFile } from "../../support/files";

// On digital sell pages: the seller's own social proof, and pay what you want and stock per bundle,
// kept in step with the bundles' payment buttons (which the checkout enforces).

type FieldError = TRPCError & { cause?: { fieldErrors?: Record<string, string[]> } };
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as FieldError,
  );

const withOptions = buildSellPageInput({
  name: "Sock Patterns",
  premiumEnabled: true,
  testimonialQuote: "Clear charts, and my first pair fit.",
  testimonialAuthor: "Maria K., knitting teacher",
  rating: "4.5",
  ratingCount: "12",
  guarantee: "30-day money-back guarantee: write to us for a full refund.",
  basicPayWhatYouWant: true,
  basicMinimumPrice: "5",
  basicStockLimit: "100",
  premiumStockLimit: "8",
});

async function buttonsOf(pageId: string) {
  const buttons = await db.paymentButton.findMany({ where: { sellPageId: pageId }, orderBy: { bundleTier: "asc" } });
  return buttons.map((button) => ({
    tier: button.bundleTier,
    amountMinor: button.amountMinor,
    payWhatYouWant: button.payWhatYouWant,
    minimumAmountMinor: button.minimumAmountMinor,
    stockLimit: button.stockLimit,
    maxQuantity: button.maxQuantity,
  }));
}

describe("saving a page's selling options and social proof", () => {
  it("stores them, copies the pricing options to the bundle buttons and reads them back into the form", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);

    const { id } = await caller.pages.sellPages.create(withOptions);

    expect(await db.digitalSellPage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      testimonialQuote: "Clear charts, and my first pair fit.",
      testimonialAuthor: "Maria K., knitting teacher",
      ratingTenths: 45,
      ratingCount: 12,
      guarantee: "30-day money-back guarantee: write to us for a full refund.",
      basicPayWhatYouWant: true,
      basicMinimumPriceMinor: 500,
      basicStockLimit: 100,
      premiumPayWhatYouWant: false,
      premiumMinimumPriceMinor: null,
      premiumStockLimit: 8,
    });
    expect(await buttonsOf(id)).toEqual([
      {
        tier: "basic",
        amountMinor: 2999,
        payWhatYouWant: true,
        minimumAmountMinor: 500,
        stockLimit: 100,
        maxQuantity: 1,
      },
      {
        tier: "premium",
        amountMinor: 4999,
        payWhatYouWant: false,
        minimumAmountMinor: null,
        stockLimit: 8,
        maxQuantity: 1,
      },
    ]);
    const { values, soldCounts } = await caller.pages.sellPages.get({ id });
    expect(values).toMatchObject({
      testimonialQuote: withOptions.testimonialQuote,
      testimonialAuthor: withOptions.testimonialAuthor,
      rating: "4.5",
      ratingCount: "12",
      guarantee: withOptions.guarantee,
      basicPayWhatYouWant: true,
      basicMinimumPrice: "5.00",
      basicStockLimit: "100",
      premiumPayWhatYouWant: false,
      premiumMinimumPrice: "",
      premiumStockLimit: "8",
    });
    expect(soldCounts).toEqual({ basic: 0, premium: 0 });
  });

  it("keeps the buttons in step on update: options switched, changed and cleared", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    const { id } = await caller.pages.sellPages.create(withOptions);

    await caller.pages.sellPages.update({
      id,
      values: {
        ...withOptions,
        basicPayWhatYouWant: false,
        basicStockLimit: "",
        premiumPayWhatYouWant: true,
        premiumMinimumPrice: "49.99",
        premiumStockLimit: "9",
        testimonialQuote: "",
        testimonialAuthor: "",
        rating: "",
        ratingCount: "",
        guarantee: "",
      },
    });

    expect(await buttonsOf(id)).toEqual([
      {
        tier: "basic",
        amountMinor: 2999,
        payWhatYouWant: false,
        minimumAmountMinor: null,
        stockLimit: null,
        maxQuantity: 1,
      },
      {
        tier: "premium",
        amountMinor: 4999,
        payWhatYouWant: true,
        minimumAmountMinor: 4999,
        stockLimit: 9,
        maxQuantity: 1,
      },
    ]);
    expect(await db.digitalSellPage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      basicMinimumPriceMinor: null,
      testimonialQuote: null,
      testimonialAuthor: null,
      ratingTenths: null,
      ratingCount: null,
      guarantee: null,
    });
  });

  it("refuses bad values with a clear message under the field, and saves nothing", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    const refusals: [Partial<typeof withOptions>, string][] = [
      [{ rating: "5.5" }, "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5"],
      [{ rating: "0" }, "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5"],
      [{ ratingCount: "" }, "Enter how many ratings the average is from"],
      [{ basicMinimumPrice: "30.00" }, "Basic bundle minimum price cannot be more than its suggested price"],
      [{ basicMinimumPrice: "" }, "Basic bundle minimum price is required for pay what you want"],
      [
        { premiumStockLimit: "0" },
        "Premium bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
      ],
      [{ testimonialQuote: "" }, "Enter the testimonial quote, or clear its author"],
    ];
    for (const [change, message] of refusals) {
      const error = await errorOf(caller.pages.sellPages.create({ ...withOptions, ...change }));
      expect(error?.code, message).toBe("BAD_REQUEST");
      expect(error?.message).toContain(message);
    }
    expect(await db.digitalSellPage.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("checks the same rules when the service is called without the form's schema", async () => {
    const merchant = await createMerchant(db);
    const cases: [Partial<typeof withOptions>, string, string][] = [
      [{ rating: "7" }, "rating", "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5"],
      [
        { basicMinimumPrice: "31" },
        "basicMinimumPrice",
        "Basic bundle minimum price cannot be more than its suggested price",
      ],
      [
        { basicStockLimit: "2000000" },
        "basicStockLimit",
        "Basic bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
      ],
    ];
    for (const [change, field, message] of cases) {
      const error = await createSellPageService(merchant.id, { ...withOptions, ...change }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "INVALID", fieldErrors: { [field]: [message] } });
    }
    expect(await db.digitalSellPage.count({ where: { merchantId: merchant.id } })).toBe(0);
  });

  it("refuses a stock below what a bundle has sold, saying how many, and changes nothing", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    const { id } = await caller.pages.sellPages.create(withOptions);
    await db.paymentButton.updateMany({ where: { sellPageId: id, bundleTier: "premium" }, data: { soldCount: 6 } });
    expect((await caller.pages.sellPages.get({ id })).soldCounts).toEqual({ basic: 0, premium: 6 });

    const error = await errorOf(
      caller.pages.sellPages.update({ id, values: { ...withOptions, name: "Renamed", premiumStockLimit: "5" } }),
    );

    const message = "Premium bundle has already sold 6: its stock cannot be lower than that";
    expect(error?.code).toBe("BAD_REQUEST");
    expect(error?.message).toBe(message);
    expect(error?.cause?.fieldErrors).toEqual({ premiumStockLimit: [message] });
    expect(await db.digitalSellPage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      name: "Sock Patterns",
      premiumStockLimit: 8,
    });
    expect((await buttonsOf(id))[1]).toMatchObject({ stockLimit: 8 });

    // Exactly what it sold is allowed: the bundle is then sold out. Turning premium off skips the check.
    await caller.pages.sellPages.update({ id, values: { ...withOptions, premiumStockLimit: "6" } });
    const page = await getPublicSellPage(id);
    expect(page?.bundles[1]).toMatchObject({ tier: "premium", stockLeft: 0, soldOut: true });
    await caller.pages.sellPages.update({
      id,
      values: { ...withOptions, premiumEnabled: false, premiumStockLimit: "1" },
    });
  });
});

describe("the buyer's page", () => {
  it("hides social proof the seller did not give, and names no store without Store Settings", async () => {
    const merchant = await createMerchant(db);
    const { id } = await merchantCaller(merchant).pages.sellPages.create(buildSellPageInput());

    const page = await getPublicSellPage(id);

    expect(page).toMatchObject({
      hasDownload: false,
      store: null,
      logoUrl: null,
      proof: { testimonial: null, rating: null, guarantee: null },
      bundles: [{ tier: "basic", payWhatYouWant: false, minimumPriceMinor: null, stockLeft: null, soldOut: false }],
    });
  });

  it("shows the seller's proof, pricing options and store, never the account e-mail", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const storeLogo = await createStoredFile(db, merchant.id, "merchant_logo", { content: pngFile() });
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: { storeName: "Loop & Purl", websiteUrl: "https://loopandpurl.example/shop", logoFileId: storeLogo.id },
    });
    const { id } = await merchantCaller(merchant).pages.sellPages.create({ ...withOptions, paypalClientId: clientId });
    await db.paymentButton.updateMany({ where: { sellPageId: id, bundleTier: "basic" }, data: { soldCount: 93 } });

    const page = await getPublicSellPage(id);

    expect(page).toMatchObject({
      // Without a logo of its own the page shows the store's.
      logoUrl: imageVariantUrl(storeLogo.key, 400),
      logoAlt: "Loop & Purl logo",
      store: {
        name: "Loop & Purl",
        logoUrl: imageVariantUrl(storeLogo.key, 400),
        websiteUrl: "https://loopandpurl.example/shop",
        // No support e-mail was entered: a public page does not fall back to the account's.
        supportEmail: null,
      },
      proof: {
        testimonial: { quote: "Clear charts, and my first pair fit.", author: "Maria K., knitting teacher" },
        rating: { tenths: 45, count: 12 },
        guarantee: "30-day money-back guarantee: write to us for a full refund.",
      },
      bundles: [
        {
          tier: "basic",
          priceMinor: 2999,
          payWhatYouWant: true,
          minimumPriceMinor: 500,
          stockLeft: 7,
          soldOut: false,
          button: { payWhatYouWant: true, minimumAmountMinor: 500, maxQuantity: 1, stockLeft: 7 },
        },
        { tier: "premium", payWhatYouWant: false, minimumPriceMinor: null, stockLeft: 8, soldOut: false },
      ],
    });
    expect(JSON.stringify(page)).not.toContain(merchant.email);

    // A support e-mail the seller entered is shown; a page's own logo wins over the store's.
    const pageLogo = await createStoredFile(db, merchant.id, "merchant_logo", { content: pngFile() });
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: { supportEmail: "help@loopandpurl.example", websiteUrl: "javascript:alert(1)" },
    });
    await db.digitalSellPage.update({ where: { id }, data: { merchantLogoId: pageLogo.id } });
    expect(await getPublicSellPage(id)).toMatchObject({
      logoUrl: imageVariantUrl(pageLogo.key, 400),
      logoAlt: "Sock Patterns logo",
      // Only http(s) addresses are ever linked, whatever a row holds.
      store: { supportEmail: "help@loopandpurl.example", websiteUrl: null },
    });
  });
});
