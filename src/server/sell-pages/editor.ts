import { offerValues } from "~/server/payment-buttons/offers";
import type { Prisma } from "~/generated/prisma/client";
import { toDecimalString } from "~/lib/money";
import type { SellPageInput } from "~/schemas/sell-pages";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { loadSellerSetup, setupIssueOf, type SellerSetup } from "~/server/stores/pop-setup";
import { deleteStoredFiles, publicFileUrl, unusedFileWhere } from "~/server/vendors/storage/files";

// What the sell page's edit form reads (the page, its files) and the uploads it discards before saving.

export const notFound = () => new AppError("NOT_FOUND", "Digital sell page not found");

/** Why buyers cannot pay this page yet (see pop-setup.ts), or null. Its bundle buttons share its client id. */
export const pageSetupIssue = (seller: SellerSetup, page: { id: string; paypalClientId: string }) =>
  setupIssueOf(seller, {
    paypalClientId: page.paypalClientId,
    editHref: `/dashboard/pages/edit-digital-sell-page/${encodeURIComponent(page.id)}`,
  });

/** Those of the merchant's `fileIds` that nothing needs any more (see unusedFileWhere). */
export const unusedFilesWhere = (merchantId: string, fileIds: string[]) =>
  ({ id: { in: fileIds }, merchantId, ...unusedFileWhere() }) satisfies Prisma.StoredFileWhereInput;

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
        bundleButtons: { select: { id: true, bundleTier: true, soldCount: true } },
      },
    }),
    loadSellerSetup(merchantId),
  ]);
  if (!page) throw notFound();
  const bundleOf = (tier: "basic" | "premium") => page.bundleButtons.find((button) => button.bundleTier === tier);
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
    // A page saved without premium offers the usual premium defaults when the merchant turns it on.
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
    ships: page.ships,
    taxIncluded: page.taxIncluded,
    testimonialQuote: page.testimonialQuote ?? "",
    testimonialAuthor: page.testimonialAuthor ?? "",
    rating: page.ratingTenths === null ? "" : (page.ratingTenths / 10).toFixed(1),
    ratingCount: page.ratingCount === null ? "" : String(page.ratingCount),
    guarantee: page.guarantee ?? "",
    ...offerValues(page, page.currency),
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
      basic: bundleOf("basic")?.soldCount ?? 0,
      premium: bundleOf("premium")?.soldCount ?? 0,
    },
    /**
     * The payment buttons buyers pay each bundle through, for settings kept per button (license keys). Premium's is
     * null while the page does not offer it: its button stays for past sales, but sells nothing.
     */
    bundleButtonIds: {
      basic: bundleOf("basic")?.id ?? null,
      premium: page.premiumEnabled ? (bundleOf("premium")?.id ?? null) : null,
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
