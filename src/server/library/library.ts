import { env } from "~/env";
import type { Prisma } from "~/generated/prisma/client";
import { safeWebsiteUrl, type StoreBrandInfo } from "~/lib/store-brand";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { GRANT_TTL_MS, MAX_DOWNLOADS } from "~/server/library/downloads";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "~/server/platform/secret-tokens";
import { imageVariantUrl } from "~/server/vendors/storage/images";
import { equalsIgnoringCase } from "~/server/platform/text-match";

/**
 * A buyer's purchase library: the files paid for with one e-mail, with fresh download links, shown in the customer
 * portal. The library link sent with every receipt of a file proves the buyer reads that inbox and opens the portal
 * for it (src/server/portal). Only its SHA-256 is stored, like download grants.
 */
export const LIBRARY_LINK_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * A purchase's downloads stay limited after the thank-you page: the library opens at most this many fresh
 * 24-hour windows (of MAX_DOWNLOADS each) per purchase in LIBRARY_WINDOW_PERIOD_MS, so a forwarded library link
 * cannot turn one sale into unlimited copies.
 */
export const LIBRARY_WINDOWS_PER_PERIOD = 3;
export const LIBRARY_WINDOW_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

const normalise = (email: string) => email.trim().toLowerCase();

/** A new library link for `email`; called when the mail carrying it is composed. */
export async function createLibraryLink(email: string, now: Date = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.libraryLink.create({
    data: {
      tokenHash: hashSecretToken(token),
      email: normalise(email),
      expiresAt: new Date(now.getTime() + LIBRARY_LINK_TTL_MS),
    },
  });
  return `${env.APP_URL}/library/${token}`;
}

/** The e-mail a library link proves, or null when it is unknown or has expired. */
export async function libraryLinkEmail(token: string, now: Date = new Date()): Promise<string | null> {
  if (!looksLikeSecretToken(token)) return null;
  const link = await db.libraryLink.findUnique({ where: { tokenHash: hashSecretToken(token) } });
  return link && link.expiresAt > now ? link.email : null;
}

/**
 * The columns a buyer's view of the store is made from (storeBrandOf): for the library, the thank-you page and
 * the sell pages. Defined here, not in sell-pages.ts: this file's purchaseSelect needs it as it loads, and it can
 * load while sell-pages.ts is still loading (sell-pages -> checkout -> e-mail -> receipts -> library).
 */
export const storeBrandSelect = {
  name: true,
  email: true,
  storeSettings: {
    select: { storeName: true, supportEmail: true, websiteUrl: true, logoFile: { select: { key: true } } },
  },
} satisfies Prisma.MerchantSelect;

type StoreBrandRow = Prisma.MerchantGetPayload<{ select: typeof storeBrandSelect }>;

/**
 * The store as a buyer sees it. `public` (a sales page anyone can open) shows only what the seller entered in
 * Store Settings: never the account e-mail or the sign-up name, and nothing before the settings exist (such a
 * store cannot take payments yet anyway). `buyer` (after a purchase: the thank-you page, the library) falls back
 * to them as receipts do, so a buyer always has someone to write to.
 */
export function storeBrandOf(merchant: StoreBrandRow, audience: "buyer"): StoreBrandInfo;
export function storeBrandOf(merchant: StoreBrandRow, audience: "public"): StoreBrandInfo | null;
export function storeBrandOf(merchant: StoreBrandRow, audience: "public" | "buyer"): StoreBrandInfo | null {
  const settings = merchant.storeSettings;
  if (!settings && audience === "public") return null;
  return {
    name: settings?.storeName ?? merchant.name,
    // Shown at most 8-12rem wide: the 400 px variant covers 2x screens.
    logoUrl: settings?.logoFile ? imageVariantUrl(settings.logoFile.key, 400) : null,
    supportEmail: settings?.supportEmail ?? (audience === "buyer" ? merchant.email : null),
    websiteUrl: safeWebsiteUrl(settings?.websiteUrl),
  };
}

/** Paid purchases whose product is a file: a partial refund leaves the file, a full one takes it back. */
const libraryPurchases = (email: string) =>
  ({
    payerEmail: equalsIgnoringCase(email),
    status: { in: ["completed", "partially_refunded"] },
    OR: [
      { sellPage: { downloadableFileId: { not: null } } },
      { button: { sellPage: { downloadableFileId: { not: null } } } },
      // An order bump or an upsell of a sell-page bundle: its own file.
      { lines: { some: { sellPage: { downloadableFileId: { not: null } } } } },
    ],
  }) satisfies Prisma.TransactionWhereInput;

const purchaseSelect = {
  id: true,
  paypalTransactionId: true,
  paypalOrderId: true,
  amountMinor: true,
  currency: true,
  createdAt: true,
  bundleTier: true,
  merchant: { select: storeBrandSelect },
  sellPage: { select: { name: true, downloadableFile: { select: { id: true, name: true, size: true } } } },
  button: {
    select: {
      name: true,
      sellPage: { select: { name: true, downloadableFile: { select: { id: true, name: true, size: true } } } },
    },
  },
  lines: {
    orderBy: { position: "asc" },
    select: {
      position: true,
      name: true,
      amountMinor: true,
      refundedMinor: true,
      sellPage: { select: { downloadableFile: { select: { id: true, name: true, size: true } } } },
    },
  },
} satisfies Prisma.TransactionSelect;

type PurchaseRow = Prisma.TransactionGetPayload<{ select: typeof purchaseSelect }>;

/**
 * The files a purchase delivers: its POP's, then each other line's (an order bump or upsell of a sell-page
 * bundle), each once. A line refunded in full delivers nothing (a payment refunded in full is not listed at all).
 */
function filesOf(row: PurchaseRow) {
  const refunded = new Set(
    row.lines.filter((line) => line.refundedMinor >= line.amountMinor).map((line) => line.position),
  );
  const files: { file: { id: string; name: string; size: number }; productName: string }[] = [];
  const main = row.sellPage?.downloadableFile ?? row.button?.sellPage?.downloadableFile ?? null;
  if (main && !refunded.has(0)) {
    files.push({
      file: main,
      productName: row.sellPage?.name ?? row.button?.sellPage?.name ?? row.button?.name ?? main.name,
    });
  }
  for (const line of row.lines) {
    const file = line.sellPage?.downloadableFile;
    if (line.position === 0 || !file || refunded.has(line.position)) continue;
    if (!files.some((known) => known.file.id === file.id)) files.push({ file, productName: line.name });
  }
  return files;
}

/** How many fresh windows the library may still open for a purchase, and when the next one frees up. */
/** How many fresh windows are left, given when the purchase's library windows in the period opened (oldest first). */
function windowsFrom(opened: Date[]) {
  const left = Math.max(0, LIBRARY_WINDOWS_PER_PERIOD - opened.length);
  const nextAt = left === 0 ? new Date(opened[0]!.getTime() + LIBRARY_WINDOW_PERIOD_MS) : null;
  return { left, nextAt };
}

async function windowsLeft(
  transactionId: string,
  fileId: string,
  now: Date,
  client: Pick<Prisma.TransactionClient, "downloadGrant"> = db,
) {
  const since = new Date(now.getTime() - LIBRARY_WINDOW_PERIOD_MS);
  const opened = await client.downloadGrant.findMany({
    where: { transactionId, fileId, fromLibrary: true, createdAt: { gt: since } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  return windowsFrom(opened.map((grant) => grant.createdAt));
}

/** The files `email` paid for, with what each may still download. */
export async function getLibrary(email: string, now: Date = new Date()) {
  const rows = await db.transaction.findMany({
    where: libraryPurchases(email),
    orderBy: { createdAt: "desc" },
    take: 200,
    select: purchaseSelect,
  });
  // Every purchase's live grant and recent library windows in one read, not two queries per purchase.
  const since = new Date(now.getTime() - LIBRARY_WINDOW_PERIOD_MS);
  const grants = await db.downloadGrant.findMany({
    where: {
      transactionId: { in: rows.map((row) => row.id) },
      OR: [
        { revokedAt: null, expiresAt: { gt: now } },
        { fromLibrary: true, createdAt: { gt: since } },
      ],
    },
    orderBy: { createdAt: "asc" },
    select: {
      transactionId: true,
      fileId: true,
      revokedAt: true,
      expiresAt: true,
      fromLibrary: true,
      createdAt: true,
      downloadCount: true,
      maxDownloads: true,
    },
  });
  const purchases = rows.flatMap((row) =>
    filesOf(row).map(({ file, productName }) => {
      const own = grants.filter((grant) => grant.transactionId === row.id && grant.fileId === file.id);
      const live = own.filter((grant) => grant.revokedAt === null && grant.expiresAt > now).at(-1);
      const liveDownloadsLeft = live ? Math.max(0, live.maxDownloads - live.downloadCount) : 0;
      const windows = windowsFrom(
        own.filter((grant) => grant.fromLibrary && grant.createdAt > since).map((grant) => grant.createdAt),
      );
      const store = storeBrandOf(row.merchant, "buyer");
      return {
        id: row.id,
        /** The file's id: a purchase of several files (an order bump) has one entry per file. */
        fileId: file.id,
        purchaseId: row.paypalTransactionId ?? row.paypalOrderId ?? row.id,
        productName,
        bundleTier: row.bundleTier,
        /** Who sold it and how to reach them: the store's name, logo, support e-mail (else the account's), website. */
        store,
        storeName: store.name,
        supportEmail: store.supportEmail ?? row.merchant.email,
        amountMinor: row.amountMinor,
        currency: row.currency,
        paidAt: row.createdAt,
        fileName: file.name,
        fileSize: file.size,
        /** Downloads left before the library has to open a new window (0 when none is open). */
        liveDownloadsLeft,
        windowsLeft: windows.left,
        canDownload: liveDownloadsLeft > 0 || windows.left > 0,
        nextWindowAt: liveDownloadsLeft > 0 ? null : windows.nextAt,
      };
    }),
  );
  return { email, purchases };
}

/**
 * What the thank-you page shows besides getThankYou (downloads.ts), for the purchase behind a download grant:
 * the store that sold it and how to reach it, and the order's quantity and discount. Null for a token that names
 * no grant; the page asks getThankYou first whether the grant is live.
 */
export async function getThankYouStore(grantToken: string) {
  if (!looksLikeSecretToken(grantToken)) return null;
  const grant = await db.downloadGrant.findUnique({
    where: { tokenHash: hashSecretToken(grantToken) },
    select: {
      transaction: {
        select: {
          quantity: true,
          discountCodeText: true,
          discountMinor: true,
          currency: true,
          merchant: { select: storeBrandSelect },
        },
      },
    },
  });
  if (!grant) return null;
  const { merchant, ...order } = grant.transaction;
  return { store: storeBrandOf(merchant, "buyer"), ...order };
}

/**
 * A fresh download link for one purchase in the library: the open window's (its count and expiry carried over)
 * when it has downloads left, else a new 24-hour window of MAX_DOWNLOADS, within the purchase's window limit.
 * Returns the grant token for /api/download/[token].
 */
export async function libraryDownload(
  email: string,
  transactionId: string,
  fileId: string | null = null,
  now: Date = new Date(),
) {
  const purchase = await db.transaction.findFirst({
    where: { id: transactionId, ...libraryPurchases(email) },
    select: purchaseSelect,
  });
  // Without a file id, the purchase's first file (a purchase of one file, or its POP's).
  const file = purchase && filesOf(purchase).find((entry) => fileId === null || entry.file.id === fileId)?.file;
  if (!purchase || !file) throw new AppError("NOT_FOUND", "This purchase is not in your library.");

  return db.$transaction(async (tx) => {
    // Serialises two clicks on one purchase, as issueDownloadGrant does.
    await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${transactionId} FOR UPDATE`;
    const live = await tx.downloadGrant.findFirst({
      where: { transactionId, fileId: file.id, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: "desc" },
      select: { id: true, downloadCount: true, maxDownloads: true, expiresAt: true },
    });
    const reuse = live && live.downloadCount < live.maxDownloads;
    if (!reuse) {
      const windows = await windowsLeft(transactionId, file.id, now, tx);
      if (windows.left === 0) {
        const when = windows.nextAt!.toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
        throw new AppError(
          "FORBIDDEN",
          `You have downloaded this purchase as often as its limit allows for now. You can download it again from ${when}.`,
        );
      }
    }
    // Every open grant of the purchase's file retires: the newest one is the only live link.
    await tx.downloadGrant.updateMany({
      where: { transactionId, fileId: file.id, revokedAt: null },
      data: { revokedAt: now },
    });
    const grantToken = newSecretToken();
    await tx.downloadGrant.create({
      data: {
        tokenHash: hashSecretToken(grantToken),
        transactionId,
        fileId: file.id,
        fromLibrary: !reuse,
        expiresAt: reuse ? live.expiresAt : new Date(now.getTime() + GRANT_TTL_MS),
        downloadCount: reuse ? live.downloadCount : 0,
        maxDownloads: MAX_DOWNLOADS,
      },
    });
    return { grantToken };
  });
}
