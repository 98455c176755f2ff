import type { BundleTier, FileKind, Prisma } from "~/generated/prisma/client";
import { toMinorUnits, type Currency } from "~/lib/money";
import {
  keptFeatures,
  MAX_RATING_COUNT,
  MAX_STOCK,
  ratingTenthsOf,
  sellingOptionMessages,
  wholeNumberOf,
  type SellPageInput,
} from "~/schemas/sell-pages";
import { forgetCached } from "~/server/platform/cache-bus";
import { db } from "~/server/platform/db";
import { offerColumns } from "~/server/payment-buttons/offers";
import { AppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { getSellPage, notFound, unusedFilesWhere } from "~/server/sell-pages/editor";
import { forgetPublicSellPage } from "~/server/sell-pages/public-page";
import { deleteStoredFiles } from "~/server/vendors/storage/files";

/**
 * Digital sell pages: the merchant's writes. A page owns two "bundle" payment buttons, one per tier;
 * buyers pay through them on the shared checkout path, so a page and its buttons are always written together in
 * one database transaction. Every query is scoped by merchant: another merchant's page is simply not found.
 */

type Tx = Prisma.TransactionClient;

/** The page's three file slots: the form field, the page column and the kind of upload it takes. */
const fileSlots = [
  { field: "productImageId", kind: "product_image" },
  { field: "merchantLogoId", kind: "merchant_logo" },
  { field: "downloadableFileId", kind: "downloadable_file" },
] as const satisfies readonly {
  field: keyof SellPageInput & keyof Prisma.DigitalSellPageUncheckedCreateInput;
  kind: FileKind;
}[];

type FileIds = Record<(typeof fileSlots)[number]["field"], string | null>;

const fileIdsOf = (source: FileIds): string[] =>
  fileSlots.map((slot) => source[slot.field]).filter((id): id is string => id !== null);

function minor(value: string, currency: Currency, field: string, message: string): number {
  const amount = toMinorUnits(value, currency);
  // The schema already refuses these; a direct service call must not store a wrong price either.
  if (amount === null || amount <= 0) throw new AppError("INVALID", message, { fieldErrors: { [field]: [message] } });
  return amount;
}

const invalid = (field: string, message: string) =>
  new AppError("INVALID", message, { fieldErrors: { [field]: [message] } });

/**
 * A bundle's pay-what-you-want minimum and stock as columns. The schema checks them first; these checks keep a
 * direct service call from storing what the form would refuse.
 */
function bundleOptions(input: SellPageInput, tier: BundleTier, priceMinor: number) {
  const bundle = tier === "basic" ? "Basic" : "Premium";
  const isPayWhatYouWant = input[`${tier}PayWhatYouWant`];
  const stockText = input[`${tier}StockLimit`];
  const stockLimit = stockText ? wholeNumberOf(stockText, MAX_STOCK) : null;
  if (stockText && stockLimit === null) throw invalid(`${tier}StockLimit`, sellingOptionMessages.stock(bundle));
  let minimumPriceMinor: number | null = null;
  if (isPayWhatYouWant) {
    const field = `${tier}MinimumPrice` as const;
    minimumPriceMinor = minor(input[field], input.currency, field, sellingOptionMessages.minimumPositive(bundle));
    if (minimumPriceMinor > priceMinor) throw invalid(field, sellingOptionMessages.minimumAboveSuggested(bundle));
  }
  return { payWhatYouWant: isPayWhatYouWant, minimumPriceMinor, stockLimit };
}

/** The seller's testimonial, rating and guarantee as columns: empty is null, a rating needs its count. */
function proofColumns(input: SellPageInput) {
  const ratingTenths = input.rating ? ratingTenthsOf(input.rating) : null;
  const ratingCount = input.ratingCount ? wholeNumberOf(input.ratingCount, MAX_RATING_COUNT) : null;
  if (input.rating && ratingTenths === null) throw invalid("rating", sellingOptionMessages.rating);
  if (input.ratingCount && ratingCount === null) throw invalid("ratingCount", sellingOptionMessages.ratingCount);
  if ((ratingTenths === null) !== (ratingCount === null)) {
    throw ratingTenths === null
      ? invalid("rating", sellingOptionMessages.countWithoutRating)
      : invalid("ratingCount", sellingOptionMessages.ratingWithoutCount);
  }
  if (input.testimonialAuthor && !input.testimonialQuote) {
    throw invalid("testimonialQuote", sellingOptionMessages.authorWithoutQuote);
  }
  return {
    testimonialQuote: input.testimonialQuote || null,
    testimonialAuthor: input.testimonialAuthor || null,
    ratingTenths,
    ratingCount,
    guarantee: input.guarantee || null,
  };
}

/** The form's values as page columns: prices in minor units, empty optionals as null, premium only when enabled. */
function toColumns(input: SellPageInput) {
  const { currency } = input;
  const premium = input.premiumEnabled;
  const basicPriceMinor = minor(
    input.basicPrice,
    currency,
    "basicPrice",
    "Basic bundle price must be a positive number",
  );
  const premiumPriceMinor = premium
    ? minor(input.premiumPrice, currency, "premiumPrice", "Premium bundle price must be a positive number")
    : null;
  const basic = bundleOptions(input, "basic", basicPriceMinor);
  const premiumOptions =
    premiumPriceMinor === null
      ? { payWhatYouWant: false, minimumPriceMinor: null, stockLimit: null }
      : bundleOptions(input, "premium", premiumPriceMinor);
  return {
    name: input.name,
    description: input.description,
    productImageId: input.productImageId,
    merchantLogoId: input.merchantLogoId,
    downloadableFileId: input.downloadableFileId,
    basicName: input.basicName,
    basicPriceMinor,
    basicOriginalPriceMinor: minor(
      input.basicOriginalPrice,
      currency,
      "basicOriginalPrice",
      "Basic bundle original price must be a positive number",
    ),
    basicFeatures: keptFeatures(input.basicFeatures),
    ships: input.ships === true,
    taxIncluded: input.taxIncluded === true,
    premiumEnabled: premium,
    premiumName: premium ? input.premiumName : null,
    premiumPriceMinor,
    premiumOriginalPriceMinor: premium
      ? minor(
          input.premiumOriginalPrice,
          currency,
          "premiumOriginalPrice",
          "Premium bundle original price must be a positive number",
        )
      : null,
    premiumFeatures: premium ? keptFeatures(input.premiumFeatures) : [],
    basicPayWhatYouWant: basic.payWhatYouWant,
    basicMinimumPriceMinor: basic.minimumPriceMinor,
    basicStockLimit: basic.stockLimit,
    premiumPayWhatYouWant: premiumOptions.payWhatYouWant,
    premiumMinimumPriceMinor: premiumOptions.minimumPriceMinor,
    premiumStockLimit: premiumOptions.stockLimit,
    ...proofColumns(input),
    paypalClientId: input.paypalClientId,
    currency,
    successUrl: input.successUrl || null,
    cancelUrl: input.cancelUrl || null,
    webhookUrl: input.webhookUrl || null,
  } satisfies Prisma.DigitalSellPageUncheckedUpdateInput;
}

type PageColumns = ReturnType<typeof toColumns>;
type Offers = Awaited<ReturnType<typeof offerColumns>>;

/** The page's offers: never one of its own bundles. */
async function pageOffers(merchantId: string, input: SellPageInput, pageId: string | null) {
  const own = pageId
    ? await db.paymentButton.findMany({ where: { sellPageId: pageId, merchantId }, select: { id: true } })
    : [];
  return offerColumns(merchantId, input, {
    currency: input.currency,
    oneTime: true,
    selfIds: own.map((button) => button.id),
  });
}

/**
 * A bundle's payment button: named '{page} - {bundle}', priced like the bundle (with pay what you want,
 * the suggested price and the minimum), with its stock and the page's PayPal settings. One unit per order: a
 * bundle is one download. It can be bought only while the page is active and, for premium, while premium is
 * enabled. The checkout reads prices and stock from the button, so this is where the page's options take effect.
 */
function bundleButtonColumns(columns: PageColumns, tier: BundleTier, pageIsActive: boolean, offers: Offers) {
  const isPremium = tier === "premium";
  const payWhatYouWant = isPremium ? columns.premiumPayWhatYouWant : columns.basicPayWhatYouWant;
  return {
    name: `${columns.name} - ${isPremium ? columns.premiumName : columns.basicName}`,
    description: null,
    paypalClientId: columns.paypalClientId,
    amountMinor: (isPremium ? columns.premiumPriceMinor : columns.basicPriceMinor) ?? 0,
    currency: columns.currency,
    paymentType: "one_time",
    payWhatYouWant,
    minimumAmountMinor: payWhatYouWant
      ? isPremium
        ? columns.premiumMinimumPriceMinor
        : columns.basicMinimumPriceMinor
      : null,
    maxQuantity: 1,
    stockLimit: isPremium ? columns.premiumStockLimit : columns.basicStockLimit,
    ships: columns.ships,
    taxIncluded: columns.taxIncluded,
    subscriptionPlanId: null,
    successUrl: columns.successUrl,
    cancelUrl: columns.cancelUrl,
    webhookUrl: columns.webhookUrl,
    isActive: pageIsActive && (!isPremium || columns.premiumEnabled),
    // The page's order bump and upsell go with both bundles: the checkout reads them from the button.
    ...offers,
  } satisfies Prisma.PaymentButtonUncheckedUpdateInput;
}

/**
 * Checks the uploads a page refers to: each must be the merchant's own, of the slot's kind, and not already used
 * by another page or as the store logo (deleting this page would otherwise delete someone else's file).
 */
async function checkFiles(tx: Tx, merchantId: string, ids: FileIds, pageId: string | null) {
  for (const slot of fileSlots) {
    const id = ids[slot.field];
    if (id === null) continue;
    const file = await tx.storedFile.findFirst({
      where: { id, merchantId, kind: slot.kind },
      select: {
        storeLogoOf: { select: { merchantId: true } },
        productImageOf: { select: { id: true } },
        merchantLogoOf: { select: { id: true } },
        downloadableFileOf: { select: { id: true } },
      },
    });
    const usedElsewhere =
      file &&
      (file.storeLogoOf !== null ||
        [file.productImageOf, file.merchantLogoOf, file.downloadableFileOf].some(
          (page) => page !== null && page.id !== pageId,
        ));
    if (!file || usedElsewhere) {
      const message = "This file is no longer available. Please upload it again.";
      throw new AppError("INVALID", message, { fieldErrors: { [slot.field]: [message] } });
    }
  }
}

/**
 * Deletes those of `fileIds` that nothing refers to any more. It runs after the database work is settled, so a
 * storage failure is only logged: the page itself is saved (or was never created).
 */
async function deleteUnusedFiles(merchantId: string, fileIds: string[], context: Record<string, unknown>) {
  if (fileIds.length === 0) return;
  try {
    const unused = await db.storedFile.findMany({ where: unusedFilesWhere(merchantId, fileIds), select: { id: true } });
    await deleteStoredFiles(
      merchantId,
      unused.map((file) => file.id),
    );
  } catch (error) {
    logger.warn("Deleting a sell page's files failed", { merchantId, fileIds, ...context, ...describeError(error) });
  }
}

/**
 * A bundle's stock counts the units already sold, so it cannot go below them: the merchant is told how many sold.
 * The bundle buttons are locked first, so a capture claiming stock meanwhile (checkout/claims.ts) waits for this
 * save and then sees the new limit, rather than both reading the old count.
 */
async function checkStockAboveSold(tx: Tx, pageId: string, columns: PageColumns) {
  const buttons = await tx.$queryRaw<{ bundle_tier: BundleTier; sold_count: number }[]>`
    SELECT bundle_tier, sold_count FROM payment_buttons WHERE sell_page_id = ${pageId} FOR UPDATE`;
  for (const button of buttons) {
    const isPremium = button.bundle_tier === "premium";
    if (isPremium && !columns.premiumEnabled) continue;
    const limit = isPremium ? columns.premiumStockLimit : columns.basicStockLimit;
    if (limit !== null && limit < button.sold_count) {
      const message = sellingOptionMessages.stockBelowSold(isPremium ? "Premium" : "Basic", button.sold_count);
      throw invalid(isPremium ? "premiumStockLimit" : "basicStockLimit", message);
    }
  }
}

export async function createSellPage(merchantId: string, input: SellPageInput) {
  const columns = toColumns(input);
  const offers = await pageOffers(merchantId, input, null);
  const uploads = fileIdsOf(input);
  // The checks run first and outside the transaction's failure path: a refused file is not the merchant's to
  // lose, and the form keeps it.
  await checkFiles(db, merchantId, input, null);
  try {
    const page = await db.$transaction(async (tx) => {
      const created = await tx.digitalSellPage.create({
        data: { merchantId, isActive: true, ...columns, ...offers },
      });
      for (const tier of ["basic", "premium"] as const) {
        if (tier === "premium" && !columns.premiumEnabled) continue;
        await tx.paymentButton.create({
          data: {
            merchantId,
            buttonType: "bundle",
            sellPageId: created.id,
            bundleTier: tier,
            ...bundleButtonColumns(columns, tier, true, offers),
          },
        });
      }
      return created;
    });
    return { id: page.id };
  } catch (error) {
    // Nothing of the page was written, so its uploads belong to nothing: remove them, or they would be orphans.
    await deleteUnusedFiles(merchantId, uploads, { reason: "create failed" });
    throw error;
  }
}

/**
 * Updates the page and its bundle buttons together. Files the page no longer uses are deleted only after the
 * new values are saved, so a failed update never loses the old ones. Disabling premium deactivates its button
 * rather than deleting it, so past premium sales keep their bundle attribution.
 */
export async function updateSellPage(merchantId: string, id: string, input: SellPageInput) {
  const columns = toColumns(input);
  const offers = await pageOffers(merchantId, input, id);
  const previous = await db.$transaction(async (tx) => {
    const page = await tx.digitalSellPage.findFirst({
      where: { id, merchantId },
      select: { isActive: true, productImageId: true, merchantLogoId: true, downloadableFileId: true },
    });
    if (!page) throw notFound();
    await checkFiles(tx, merchantId, input, id);
    await checkStockAboveSold(tx, id, columns);
    await tx.digitalSellPage.update({ where: { id }, data: { ...columns, ...offers } });
    for (const tier of ["basic", "premium"] as const) {
      const button = bundleButtonColumns(columns, tier, page.isActive, offers);
      if (tier === "premium" && !columns.premiumEnabled) {
        await tx.paymentButton.updateMany({
          where: { sellPageId: id, bundleTier: tier, merchantId },
          data: { isActive: false },
        });
        continue;
      }
      await tx.paymentButton.upsert({
        where: { sellPageId_bundleTier: { sellPageId: id, bundleTier: tier } },
        create: { merchantId, buttonType: "bundle", sellPageId: id, bundleTier: tier, ...button },
        update: button,
      });
    }
    return { ...page, bundleIds: await bundleButtonIds(tx, id) };
  });
  forgetSellPage(id, previous.bundleIds);
  const kept = new Set(fileIdsOf(input));
  await deleteUnusedFiles(
    merchantId,
    fileIdsOf(previous).filter((fileId) => !kept.has(fileId)),
    { pageId: id, reason: "replaced or removed" },
  );
  return getSellPage(merchantId, id);
}

/** Deletes the page, its bundle buttons, then its files. Past transactions stay (their page and button go NULL). */
export async function deleteSellPage(merchantId: string, id: string) {
  const page = await db.$transaction(async (tx) => {
    const found = await tx.digitalSellPage.findFirst({
      where: { id, merchantId },
      select: { productImageId: true, merchantLogoId: true, downloadableFileId: true },
    });
    if (!found) throw notFound();
    const bundleIds = await bundleButtonIds(tx, id);
    await tx.paymentButton.deleteMany({ where: { sellPageId: id, merchantId, buttonType: "bundle" } });
    await tx.digitalSellPage.delete({ where: { id } });
    return { ...found, bundleIds };
  });
  forgetSellPage(id, page.bundleIds);
  await deleteUnusedFiles(merchantId, fileIdsOf(page), { pageId: id, reason: "page deleted" });
  return { id };
}

/** The list toggle: an inactive page is not found by buyers, and its bundle buttons cannot be paid. */
export async function setSellPageActive(merchantId: string, { id, isActive }: { id: string; isActive: boolean }) {
  const bundleIds = await db.$transaction(async (tx) => {
    const page = await tx.digitalSellPage.findFirst({ where: { id, merchantId }, select: { premiumEnabled: true } });
    if (!page) throw notFound();
    await tx.digitalSellPage.update({ where: { id }, data: { isActive } });
    await tx.paymentButton.updateMany({
      where: { sellPageId: id, merchantId, bundleTier: "basic" },
      data: { isActive },
    });
    await tx.paymentButton.updateMany({
      where: { sellPageId: id, merchantId, bundleTier: "premium" },
      data: { isActive: isActive && page.premiumEnabled },
    });
    return bundleButtonIds(tx, id);
  });
  forgetSellPage(id, bundleIds);
  return { id, isActive };
}

async function bundleButtonIds(tx: Prisma.TransactionClient, pageId: string): Promise<string[]> {
  const buttons = await tx.paymentButton.findMany({ where: { sellPageId: pageId }, select: { id: true } });
  return buttons.map((button) => button.id);
}

/** After a write to a page: the page and its bundle buttons' embed scripts, on every instance. */
function forgetSellPage(id: string, bundleIds: string[]) {
  forgetPublicSellPage(id);
  for (const buttonId of bundleIds) forgetCached("embed-script", buttonId);
}
