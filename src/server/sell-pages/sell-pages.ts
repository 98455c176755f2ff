import { createHmac } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { BundleTier, FileKind, Prisma } from "~/generated/prisma/client";
import { conversionRate, revenueByCurrency, settledCount, successRate } from "~/lib/formulas";
import { refundStatusesThatCount } from "~/lib/ledger";
import { toDecimalString, toMinorUnits, type Currency } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import {
  keptFeatures,
  MAX_RATING_COUNT,
  MAX_STOCK,
  ratingTenthsOf,
  sellingOptionMessages,
  wholeNumberOf,
  type SellPageInput,
} from "~/schemas/sell-pages";
import { env } from "~/env";
import { forgetCached, registerCache } from "~/server/platform/cache-bus";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { isSafeText } from "~/server/platform/request";
import { publicButtonSelect, toPublicButton, type PublicButton } from "~/server/checkout/checkout";
import { storeBrandOf, storeBrandSelect } from "~/server/library/library";
import { loadSellerSetup, setupIssueOf, type SellerSetup } from "~/server/stores/pop-setup";
import { deleteStoredFiles, publicFileUrl, unusedFileWhere } from "~/server/vendors/storage/files";
import { imageSrcSet, imageVariantUrl } from "~/server/vendors/storage/images";

/**
 * Digital sell pages (SPEC 2.6, 2.9, 2.10, 2.12, 2.15). A page owns two "bundle" payment buttons, one per tier;
 * buyers pay through them on the shared checkout path, so a page and its buttons are always written together in
 * one database transaction. Every query is scoped by merchant: another merchant's page is simply not found.
 */

type Tx = Prisma.TransactionClient;

const notFound = () => new AppError("NOT_FOUND", "Digital sell page not found");

/** Why buyers cannot pay this page yet (see pop-setup.ts), or null. Its bundle buttons share its client id. */
const pageSetupIssue = (seller: SellerSetup, page: { id: string; paypalClientId: string }) =>
  setupIssueOf(seller, {
    paypalClientId: page.paypalClientId,
    editHref: `/dashboard/pages/edit-digital-sell-page/${encodeURIComponent(page.id)}`,
  });

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

/**
 * A bundle's payment button: named '{page} - {bundle}' (SPEC 3), priced like the bundle (with pay what you want,
 * the suggested price and the minimum), with its stock and the page's PayPal settings. One unit per order: a
 * bundle is one download. It can be bought only while the page is active and, for premium, while premium is
 * enabled. The checkout reads prices and stock from the button, so this is where the page's options take effect.
 */
function bundleButtonColumns(columns: PageColumns, tier: BundleTier, pageIsActive: boolean) {
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
    subscriptionPlanId: null,
    successUrl: columns.successUrl,
    cancelUrl: columns.cancelUrl,
    webhookUrl: columns.webhookUrl,
    isActive: pageIsActive && (!isPremium || columns.premiumEnabled),
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

/** Those of the merchant's `fileIds` that nothing needs any more (see unusedFileWhere). */
const unusedFilesWhere = (merchantId: string, fileIds: string[]) =>
  ({ id: { in: fileIds }, merchantId, ...unusedFileWhere() }) satisfies Prisma.StoredFileWhereInput;

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
 * The bundle buttons are locked first, so a capture claiming stock meanwhile (checkout-claims.ts) waits for this
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

// ---------------------------------------------------------------------------------------------------------------
// Merchant side

export async function createSellPage(merchantId: string, input: SellPageInput) {
  const columns = toColumns(input);
  const uploads = fileIdsOf(input);
  // The checks run first and outside the transaction's failure path: a refused file is not the merchant's to
  // lose, and the form keeps it.
  await checkFiles(db, merchantId, input, null);
  try {
    const page = await db.$transaction(async (tx) => {
      const created = await tx.digitalSellPage.create({ data: { merchantId, isActive: true, ...columns } });
      for (const tier of ["basic", "premium"] as const) {
        if (tier === "premium" && !columns.premiumEnabled) continue;
        await tx.paymentButton.create({
          data: {
            merchantId,
            buttonType: "bundle",
            sellPageId: created.id,
            bundleTier: tier,
            ...bundleButtonColumns(columns, tier, true),
          },
        });
      }
      return created;
    });
    return { id: page.id };
  } catch (error) {
    // Nothing of the page was written, so its uploads belong to nothing: remove them (SPEC 4, atomically here).
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
  const previous = await db.$transaction(async (tx) => {
    const page = await tx.digitalSellPage.findFirst({
      where: { id, merchantId },
      select: { isActive: true, productImageId: true, merchantLogoId: true, downloadableFileId: true },
    });
    if (!page) throw notFound();
    await checkFiles(tx, merchantId, input, id);
    await checkStockAboveSold(tx, id, columns);
    await tx.digitalSellPage.update({ where: { id }, data: columns });
    for (const tier of ["basic", "premium"] as const) {
      const button = bundleButtonColumns(columns, tier, page.isActive);
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

/** SPEC 4: the page, its bundle buttons, then its files. Past transactions stay (their page and button go NULL). */
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

const fileViewSelect = {
  id: true,
  key: true,
  name: true,
  size: true,
  isPrivate: true,
} satisfies Prisma.StoredFileSelect;

/** What a form shows for a file: private files (the product itself) never get an address here. */
function fileView(file: { id: string; key: string; name: string; size: number; isPrivate: boolean } | null) {
  if (!file) return null;
  return {
    fileId: file.id,
    name: file.name,
    size: file.size,
    url: file.isPrivate ? null : publicFileUrl(file.key),
  };
}
export type SellPageFileView = NonNullable<ReturnType<typeof fileView>>;

/** One page as the edit form needs it: prices back as decimal text, empty strings for unset optionals. */
export async function getSellPage(merchantId: string, id: string) {
  const [page, seller] = await Promise.all([
    db.digitalSellPage.findFirst({
      where: { id, merchantId },
      include: {
        productImage: { select: fileViewSelect },
        merchantLogo: { select: fileViewSelect },
        downloadableFile: { select: fileViewSelect },
        bundleButtons: { select: { bundleTier: true, soldCount: true } },
      },
    }),
    loadSellerSetup(merchantId),
  ]);
  if (!page) throw notFound();
  const price = (amount: number | null, fallback: string) =>
    amount === null ? fallback : toDecimalString(amount, page.currency);
  const values: SellPageInput = {
    name: page.name,
    description: page.description,
    productImageId: page.productImageId,
    merchantLogoId: page.merchantLogoId,
    downloadableFileId: page.downloadableFileId,
    basicName: page.basicName,
    basicPrice: price(page.basicPriceMinor, ""),
    basicOriginalPrice: price(page.basicOriginalPriceMinor, ""),
    basicFeatures: page.basicFeatures.length > 0 ? page.basicFeatures : [""],
    premiumEnabled: page.premiumEnabled,
    // A page saved without premium offers SPEC 9's premium defaults when the merchant turns it on.
    premiumName: page.premiumName ?? "Premium",
    premiumPrice: price(page.premiumPriceMinor, "49.99"),
    premiumOriginalPrice: price(page.premiumOriginalPriceMinor, "69.99"),
    premiumFeatures: page.premiumFeatures.length > 0 ? page.premiumFeatures : [""],
    basicPayWhatYouWant: page.basicPayWhatYouWant,
    basicMinimumPrice: price(page.basicMinimumPriceMinor, ""),
    basicStockLimit: page.basicStockLimit === null ? "" : String(page.basicStockLimit),
    premiumPayWhatYouWant: page.premiumPayWhatYouWant,
    premiumMinimumPrice: price(page.premiumMinimumPriceMinor, ""),
    premiumStockLimit: page.premiumStockLimit === null ? "" : String(page.premiumStockLimit),
    testimonialQuote: page.testimonialQuote ?? "",
    testimonialAuthor: page.testimonialAuthor ?? "",
    rating: page.ratingTenths === null ? "" : (page.ratingTenths / 10).toFixed(1),
    ratingCount: page.ratingCount === null ? "" : String(page.ratingCount),
    guarantee: page.guarantee ?? "",
    paypalClientId: page.paypalClientId,
    currency: page.currency,
    successUrl: page.successUrl ?? "",
    cancelUrl: page.cancelUrl ?? "",
    webhookUrl: page.webhookUrl ?? "",
  };
  return {
    id: page.id,
    isActive: page.isActive,
    createdAt: page.createdAt,
    updatedAt: page.updatedAt,
    values,
    /** Units each bundle has sold (or holds for captures in flight): its stock cannot go below them. */
    soldCounts: {
      basic: page.bundleButtons.find((button) => button.bundleTier === "basic")?.soldCount ?? 0,
      premium: page.bundleButtons.find((button) => button.bundleTier === "premium")?.soldCount ?? 0,
    },
    files: {
      productImage: fileView(page.productImage),
      merchantLogo: fileView(page.merchantLogo),
      downloadableFile: fileView(page.downloadableFile),
    },
    setupIssue: pageSetupIssue(seller, page),
  };
}

/** A file the merchant just uploaded, for the form's preview (the upload callback returns no address). */
export async function getUploadedFile(merchantId: string, fileId: string) {
  const file = await db.storedFile.findFirst({ where: { id: fileId, merchantId }, select: fileViewSelect });
  if (!file) throw new AppError("NOT_FOUND", "Uploaded file not found. Please upload it again.");
  return fileView(file)!;
}

/**
 * Deletes an upload the form replaced or removed before it was ever saved. A file that a page or the store
 * settings already use is left alone: those are deleted by saving the page instead.
 */
export async function discardUpload(merchantId: string, fileId: string) {
  const file = await db.storedFile.findFirst({ where: unusedFilesWhere(merchantId, [fileId]), select: { id: true } });
  if (file) await deleteStoredFiles(merchantId, [file.id]);
  return { fileId, deleted: file !== null };
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

const DAY_MS = 24 * 60 * 60 * 1000;
const periodDays: Record<AnalyticsPeriod, number | null> = { "7d": 7, "30d": 30, "90d": 90, all: null };
const RECENT_TRANSACTIONS = 10;

type Group = {
  buttonId: string | null;
  sellPageId: string | null;
  status: string;
  currency: Currency;
  count: number;
  amountMinor: number;
};

/** Transactions of these pages: paid through one of their bundle buttons, or recorded against the page itself. */
function pageTransactionsWhere(merchantId: string, pageIds: string[], buttonIds: string[]) {
  return {
    merchantId,
    OR: [{ buttonId: { in: buttonIds } }, { sellPageId: { in: pageIds } }],
  } satisfies Prisma.TransactionWhereInput;
}

/**
 * The pages' payments made since `since` (null: ever) by button, status and currency, plus (DESIGN 11) the
 * refunds of their payments made since then, as "refunded" groups of count 0 and negative amount.
 */
async function transactionGroups(where: Prisma.TransactionWhereInput, since: Date | null): Promise<Group[]> {
  const window = since === null ? {} : { createdAt: { gte: since } };
  const [groups, refunds] = await Promise.all([
    db.transaction.groupBy({
      by: ["buttonId", "sellPageId", "status", "currency"],
      where: { ...where, ...window },
      _count: { _all: true },
      _sum: { amountMinor: true },
    }),
    db.refund.groupBy({
      by: ["buttonKey", "currency"],
      where: { transaction: { is: where }, paypalStatus: { in: [...refundStatusesThatCount] }, ...window },
      _sum: { amountMinor: true },
    }),
  ]);
  return [
    ...groups.map((group) => ({
      buttonId: group.buttonId,
      sellPageId: group.sellPageId,
      status: group.status,
      currency: group.currency,
      count: group._count._all,
      amountMinor: group._sum.amountMinor ?? 0,
    })),
    ...refunds.map((group) => ({
      buttonId: group.buttonKey || null,
      sellPageId: null,
      status: "refunded",
      currency: group.currency,
      count: 0,
      amountMinor: -(group._sum.amountMinor ?? 0),
    })),
  ];
}

/**
 * The Digital Sell Pages tab (SPEC 2.6), newest first, with each page's Revenue, Sales and Conversion from SQL
 * aggregates. Conversion is completed sales per page view (one per visitor and day, see recordSellPageView), a
 * measurement instead of SPEC 9's "2.5 per sale".
 */
export async function listSellPages(merchantId: string) {
  const seller = await loadSellerSetup(merchantId);
  const pages = await db.digitalSellPage.findMany({
    where: { merchantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      paypalClientId: true,
      id: true,
      name: true,
      description: true,
      currency: true,
      basicPriceMinor: true,
      premiumEnabled: true,
      premiumPriceMinor: true,
      isActive: true,
      createdAt: true,
      updatedAt: true,
      bundleButtons: { select: { id: true } },
    },
  });
  const pageIds = pages.map((page) => page.id);
  const pageOfButton = new Map(pages.flatMap((page) => page.bundleButtons.map((button) => [button.id, page.id])));
  const buttonIds = [...pageOfButton.keys()];
  const [groups, views] = await Promise.all([
    pages.length > 0 ? transactionGroups(pageTransactionsWhere(merchantId, pageIds, buttonIds), null) : [],
    pages.length > 0
      ? db.sellPageView.groupBy({ by: ["sellPageId"], where: { sellPageId: { in: pageIds } }, _count: { _all: true } })
      : [],
  ]);
  const pageOf = (row: { buttonId: string | null; sellPageId: string | null }) =>
    (row.buttonId ? pageOfButton.get(row.buttonId) : undefined) ?? row.sellPageId;
  const viewsOf = new Map(views.map((row) => [row.sellPageId, row._count._all]));

  return pages.map(({ bundleButtons: _buttons, paypalClientId, ...page }) => {
    const own = groups.filter((group) => pageOf(group) === page.id);
    const sales = settledCount(own);
    const pageViews = viewsOf.get(page.id) ?? 0;
    return {
      ...page,
      premiumPriceMinor: page.premiumEnabled ? page.premiumPriceMinor : null,
      revenue: revenueByCurrency(own),
      sales,
      views: pageViews,
      /** Percent to one decimal, or null before the page's first view. */
      conversionRate: conversionRate(sales, pageViews),
      setupIssue: pageSetupIssue(seller, { id: page.id, paypalClientId }),
    };
  });
}

/**
 * SPEC 2.12 Digital Sell Page Analytics: totals and per-bundle figures by SQL aggregate over the period, the
 * bundle of each sale told by the bundle button it was paid through, plus the 10 newest transactions.
 */
export async function getSellPageAnalytics(
  merchantId: string,
  input: { id: string; period: AnalyticsPeriod },
  now: Date = new Date(),
) {
  const page = await db.digitalSellPage.findFirst({
    where: { id: input.id, merchantId },
    select: {
      id: true,
      name: true,
      currency: true,
      basicName: true,
      basicPriceMinor: true,
      premiumEnabled: true,
      premiumName: true,
      premiumPriceMinor: true,
      bundleButtons: { select: { id: true, bundleTier: true } },
    },
  });
  if (!page) throw notFound();

  const tierOf = new Map(page.bundleButtons.map((button) => [button.id, button.bundleTier]));
  const days = periodDays[input.period];
  const since = days === null ? null : new Date(now.getTime() - days * DAY_MS);
  const pageWhere = pageTransactionsWhere(merchantId, [page.id], [...tierOf.keys()]);
  const where: Prisma.TransactionWhereInput = {
    ...pageWhere,
    ...(since === null ? {} : { createdAt: { gte: since } }),
  };
  const [groups, recent, views] = await Promise.all([
    transactionGroups(pageWhere, since),
    db.transaction.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_TRANSACTIONS,
      select: {
        id: true,
        paypalTransactionId: true,
        paypalOrderId: true,
        amountMinor: true,
        currency: true,
        status: true,
        createdAt: true,
        buttonId: true,
      },
    }),
    db.sellPageView.count({
      where: {
        sellPageId: page.id,
        ...(days === null ? {} : { createdAt: { gte: new Date(now.getTime() - days * DAY_MS) } }),
      },
    }),
  ]);

  const tierOfGroup = (group: { buttonId: string | null }) => (group.buttonId ? tierOf.get(group.buttonId) : undefined);
  const bundle = (tier: BundleTier, name: string, priceMinor: number) => {
    const own = groups.filter((group) => tierOfGroup(group) === tier);
    return { name, priceMinor, sales: settledCount(own), revenue: revenueByCurrency(own) };
  };
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const successful = settledCount(groups);
  const bundleLabel = { basic: "Basic", premium: "Premium" } as const;
  return {
    page: { id: page.id, name: page.name, currency: page.currency },
    period: input.period,
    totalTransactions: total,
    totalRevenue: revenueByCurrency(groups),
    successfulTransactions: successful,
    failedTransactions: groups
      .filter((group) => group.status === "failed")
      .reduce((sum, group) => sum + group.count, 0),
    successRate: successRate(successful, total),
    views,
    conversionRate: conversionRate(successful, views),
    basic: bundle("basic", page.basicName, page.basicPriceMinor),
    premium:
      page.premiumEnabled && page.premiumName !== null && page.premiumPriceMinor !== null
        ? bundle("premium", page.premiumName, page.premiumPriceMinor)
        : null,
    recentTransactions: recent.map(({ buttonId, paypalTransactionId, paypalOrderId, ...transaction }) => {
      const tier = tierOfGroup({ buttonId });
      return {
        ...transaction,
        paypalId: paypalTransactionId ?? paypalOrderId ?? transaction.id,
        bundle: tier ? bundleLabel[tier] : ("Unknown" as const),
      };
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Buyer side

/** An id from a buyer's address bar that could name a page; anything else (NUL included) is simply not found. */
const isPlausiblePageId = (id: string) => id.length <= 64 && isSafeText(id);

/**
 * Counts a buyer's view of an active public page, at most once per visitor and UTC day: the visitor is an HMAC
 * (keyed by the server secret) of the day, address and user agent, so reloads don't inflate the count and no
 * address is stored. Returns false for an unknown or inactive page.
 */
export async function recordSellPageView(
  id: string,
  visitor: { ip: string; userAgent: string },
  now: Date = new Date(),
) {
  if (!isPlausiblePageId(id)) return false;
  const page = await db.digitalSellPage.findFirst({ where: { id, isActive: true }, select: { id: true } });
  if (!page) return false;
  const day = now.toISOString().slice(0, 10);
  const visitorHash = createHmac("sha256", env.AUTH_SECRET)
    .update(`sell-page-view\0${day}\0${page.id}\0${visitor.ip}\0${visitor.userAgent}`)
    .digest("base64url");
  await db.sellPageView.createMany({
    data: [{ sellPageId: page.id, visitorHash, createdAt: now }],
    skipDuplicates: true,
  });
  return true;
}

// /digital-sell/{id} reads its page through a few seconds of per-instance memory: a busy page costs one query
// every PUBLIC_PAGE_TTL_MS instead of one per buyer (scripts/bench/sell-page.ts), and concurrent buyers share
// it. Writes that change what buyers see drop the page on every instance at once (src/server/platform/cache-bus.ts); the
// TTL bounds what a lost message leaves. Kept on globalThis because Next bundles this module once for the App
// Router (where the writes run) and once for the Pages Router (where the page renders).
const PUBLIC_PAGE_TTL_MS = 5_000;
const globalForPages = globalThis as typeof globalThis & {
  popkitPublicSellPages?: LRUCache<string, { page: PublicSellPage | null }>;
};
const publicSellPages = () =>
  (globalForPages.popkitPublicSellPages ??= registerCache(
    "sell-page",
    new LRUCache({
      max: 1_000,
      ttl: PUBLIC_PAGE_TTL_MS,
      fetchMethod: async (id: string) => ({ page: await getPublicSellPage(id) }),
      // Buyers waiting on a read that a write drops still get it (it is not kept): never an error.
      ignoreFetchAbort: true,
    }),
  ));

/** getPublicSellPage for the buyer's page, from the short per-instance cache. */
export async function servePublicSellPage(id: string): Promise<PublicSellPage | null> {
  return (await publicSellPages().fetch(id))?.page ?? null;
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

/** After a write buyers would see: one page, or (null) every page, e.g. after a merchant's PayPal settings. */
export function forgetPublicSellPage(id: string | null) {
  forgetCached("sell-page", id);
}

/**
 * What /digital-sell/{id} shows a buyer: an explicit select (never the merchant's account e-mail, secret or the
 * private file's key), or null when the page does not exist or is inactive. Each bundle carries its payment button
 * in the checkout service's public shape, so the page pays through the same PayPal button and path as any other;
 * its price options and stock are read from that button, which is what the checkout enforces.
 */
export async function getPublicSellPage(id: string) {
  if (!isPlausiblePageId(id)) return null;
  const page = await db.digitalSellPage.findFirst({
    where: { id, isActive: true },
    select: {
      id: true,
      name: true,
      description: true,
      currency: true,
      successUrl: true,
      cancelUrl: true,
      downloadableFileId: true,
      basicName: true,
      basicPriceMinor: true,
      basicOriginalPriceMinor: true,
      basicFeatures: true,
      premiumEnabled: true,
      premiumName: true,
      premiumPriceMinor: true,
      premiumOriginalPriceMinor: true,
      premiumFeatures: true,
      testimonialQuote: true,
      testimonialAuthor: true,
      ratingTenths: true,
      ratingCount: true,
      guarantee: true,
      productImage: { select: { key: true } },
      merchantLogo: { select: { key: true } },
      bundleButtons: {
        where: { isActive: true },
        select: { ...publicButtonSelect, bundleTier: true },
      },
      merchant: { select: storeBrandSelect },
    },
  });
  if (!page) return null;
  const buttonOf = (tier: BundleTier): PublicButton | null => {
    const button = page.bundleButtons.find((candidate) => candidate.bundleTier === tier);
    if (!button) return null;
    // Bundle buttons have no description of their own: the page's is shown.
    return { ...toPublicButton(button), description: null };
  };
  const bundle = (
    tier: BundleTier,
    fields: Pick<PublicBundle, "name" | "priceMinor" | "originalPriceMinor" | "features">,
  ): PublicBundle => {
    const button = buttonOf(tier);
    return {
      tier,
      ...fields,
      payWhatYouWant: button?.payWhatYouWant ?? false,
      minimumPriceMinor: button?.minimumAmountMinor ?? null,
      stockLeft: button?.stockLeft ?? null,
      soldOut: button?.soldOut ?? false,
      button,
    };
  };
  const bundles: PublicBundle[] = [
    bundle("basic", {
      name: page.basicName,
      priceMinor: page.basicPriceMinor,
      originalPriceMinor: page.basicOriginalPriceMinor,
      features: page.basicFeatures,
    }),
  ];
  if (page.premiumEnabled && page.premiumName && page.premiumPriceMinor !== null) {
    bundles.push(
      bundle("premium", {
        name: page.premiumName,
        priceMinor: page.premiumPriceMinor,
        originalPriceMinor: page.premiumOriginalPriceMinor ?? page.premiumPriceMinor,
        features: page.premiumFeatures,
      }),
    );
  }
  const store = storeBrandOf(page.merchant, "public");
  return {
    id: page.id,
    name: page.name,
    description: page.description,
    currency: page.currency,
    successUrl: page.successUrl,
    cancelUrl: page.cancelUrl,
    hasDownload: page.downloadableFileId !== null,
    imageUrl: page.productImage ? publicFileUrl(page.productImage.key) : null,
    imageSrcSet: page.productImage ? imageSrcSet(page.productImage.key) : null,
    // The page's own logo wins over the store's. Shown at most 12rem wide: the 400 px variant covers 2x screens.
    logoUrl: page.merchantLogo ? imageVariantUrl(page.merchantLogo.key, 400) : (store?.logoUrl ?? null),
    logoAlt: page.merchantLogo || !store ? `${page.name} logo` : `${store.name} logo`,
    store,
    proof: {
      testimonial: page.testimonialQuote ? { quote: page.testimonialQuote, author: page.testimonialAuthor } : null,
      rating:
        page.ratingTenths !== null && page.ratingCount !== null && page.ratingCount > 0
          ? { tenths: page.ratingTenths, count: page.ratingCount }
          : null,
      guarantee: page.guarantee,
    },
    bundles,
  };
}

export type PublicBundle = {
  tier: BundleTier;
  name: string;
  /** The price; with pay what you want, the suggested price. */
  priceMinor: number;
  originalPriceMinor: number;
  features: string[];
  payWhatYouWant: boolean;
  /** Pay what you want: the least the buyer may pay. */
  minimumPriceMinor: number | null;
  /** Units left for sale; null: unlimited. */
  stockLeft: number | null;
  soldOut: boolean;
  /** The bundle's payment button; null only while it cannot be paid (e.g. a page saved before its buttons). */
  button: PublicButton | null;
};
export type PublicSellPage = NonNullable<Awaited<ReturnType<typeof getPublicSellPage>>>;
