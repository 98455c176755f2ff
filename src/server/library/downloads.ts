import type { Prisma } from "~/generated/prisma/client";
import type { TransactionStatus } from "~/generated/prisma/enums";
import { db } from "~/server/platform/db";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "~/server/platform/secret-tokens";
import { AppError } from "~/server/platform/errors";
import { keysOfPayment } from "~/server/licenses/delivery";
import { signedFileUrl } from "~/server/vendors/storage/files";

/**
 * Download grants: after a verified, completed capture the buyer gets a random token that opens the
 * purchased file at most MAX_DOWNLOADS times within GRANT_TTL_MS. Only the token's SHA-256 is stored, so a
 * database leak hands out no working links, and a token can be handed out once only: when it is made.
 */
export const GRANT_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A capture PayPal reports as pending (an eCheck, a review) gets its token at once so the buyer can keep the
 * thank-you link, but it opens nothing until PayPal completes the payment; the 24 hours start then
 * (startGrantWindow). eChecks clear within days, so a pending purchase's token lasts this long meanwhile.
 */
export const PENDING_GRANT_TTL_MS = 30 * GRANT_TTL_MS;
export const MAX_DOWNLOADS = 5;
/** The signed storage address lives only long enough for the browser to follow the redirect. */
export const SIGNED_URL_SECONDS = 120;

export const PENDING_DOWNLOAD_MESSAGE =
  "PayPal is still processing this payment. Your download opens on this page as soon as it completes.";

/**
 * What a repeated capture shows instead of a second link (issueDownloadGrant): the first link stays the buyer's,
 * and the receipt's library link reaches the file too.
 */
export const DOWNLOAD_ALREADY_ISSUED_MESSAGE =
  "Your payment is complete. Your download link was given when you paid: use that link, or the one in your receipt e-mail.";

/** A partial refund leaves the buyer the file; a full refund revokes its grants (ledger.ts). */
const paidFor = (status: TransactionStatus | undefined) => status === "completed" || status === "partially_refunded";

/**
 * Gives the buyer of `transactionId` its download token, once: `{ token: null }` when the purchase already has
 * a grant (from an earlier capture call, or the library), which stays untouched. Handing out a second token would
 * let anyone who replays the capture call (the order id and the public button id suffice) take the file and,
 * were the first retired, void the buyer's link. Null when there is nothing to deliver: the payment is neither
 * completed nor pending, or its page has no downloadable file.
 */
export async function issueDownloadGrant(
  transactionId: string,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date } | { token: null } | null> {
  return db.$transaction(async (tx) => {
    // Serialises concurrent issues for one purchase (a double-clicked capture): the second sees the first's grant.
    await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${transactionId} FOR UPDATE`;
    const transaction = await tx.transaction.findUnique({
      where: { id: transactionId },
      select: {
        status: true,
        sellPage: { select: { downloadableFileId: true } },
        button: { select: { sellPage: { select: { downloadableFileId: true } } } },
      },
    });
    const fileId =
      transaction?.sellPage?.downloadableFileId ?? transaction?.button?.sellPage?.downloadableFileId ?? null;
    const status = transaction?.status;
    if ((!paidFor(status) && status !== "pending") || fileId === null) return null;

    // Any grant of this file, even a revoked or expired one: the purchase has had its link.
    if ((await tx.downloadGrant.count({ where: { transactionId, fileId } })) > 0) return { token: null };

    const token = newSecretToken();
    const grant = await tx.downloadGrant.create({
      data: {
        tokenHash: hashSecretToken(token),
        transactionId,
        fileId,
        expiresAt: new Date(now.getTime() + (status === "completed" ? GRANT_TTL_MS : PENDING_GRANT_TTL_MS)),
        maxDownloads: MAX_DOWNLOADS,
      },
      select: { expiresAt: true },
    });
    return { token, expiresAt: grant.expiresAt };
  });
}

/**
 * A pending payment PayPal has now completed: its buyer's download window (24 hours) starts now. Pass the
 * caller's transaction client to move it atomically with the status change.
 */
export async function startGrantWindow(
  transactionId: string,
  client: Pick<Prisma.TransactionClient, "downloadGrant"> = db,
  now: Date = new Date(),
) {
  await client.downloadGrant.updateMany({
    where: { transactionId, revokedAt: null },
    data: { expiresAt: new Date(now.getTime() + GRANT_TTL_MS) },
  });
}

/**
 * Refunds, reversals and denials take the file back: every grant of the transaction stops working. Pass the
 * caller's transaction client to revoke atomically with the status change.
 */
export async function revokeGrantsForTransaction(
  transactionId: string,
  client: Pick<Prisma.TransactionClient, "downloadGrant"> = db,
  now: Date = new Date(),
) {
  const { count } = await client.downloadGrant.updateMany({
    where: { transactionId, revokedAt: null },
    data: { revokedAt: now },
  });
  return count;
}

export const DOWNLOAD_PAUSED_MESSAGE =
  "This download is paused while a PayPal case about this purchase is open. The seller will be in touch.";

/** Who downloaded: the proof of delivery a dispute's evidence lists. */
export interface Downloader {
  ip: string | null;
  userAgent: string | null;
}

/**
 * A grant that is still good: not revoked, not expired, its purchase completed or still pending (the file opens
 * only once it is completed, see startDownload).
 */
async function findLiveGrant(token: string, now: Date) {
  if (!looksLikeSecretToken(token)) return null;
  const grant = await db.downloadGrant.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    select: {
      id: true,
      expiresAt: true,
      revokedAt: true,
      downloadCount: true,
      maxDownloads: true,
      file: { select: { id: true, key: true, name: true, size: true } },
      transaction: {
        select: {
          id: true,
          merchantId: true,
          paypalSubscriptionId: true,
          status: true,
          paypalOrderId: true,
          paypalTransactionId: true,
          amountMinor: true,
          currency: true,
          createdAt: true,
          sellPage: { select: { name: true } },
          button: { select: { sellPage: { select: { name: true } } } },
          disputes: { where: { status: { not: "RESOLVED" } }, select: { accessPaused: true } },
        },
      },
    },
  });
  const status = grant?.transaction.status;
  // Money PayPal took back for a case still open is held, not refunded: the case's end decides (disputes.ts).
  const isHeldForCase = status === "refunded" && (grant?.transaction.disputes.length ?? 0) > 0;
  if (
    !grant ||
    grant.revokedAt !== null ||
    grant.expiresAt <= now ||
    (!paidFor(status) && status !== "pending" && !isHeldForCase)
  ) {
    return null;
  }
  return { ...grant, isHeldForCase, isPaused: grant.transaction.disputes.some((open) => open.accessPaused) };
}

/**
 * What /thank-you shows for a token, or null when it grants nothing (the page then says
 * 'Invalid Access'). A grant whose downloads are used up still shows the purchase, with none left. The purchase's
 * license keys are shown on the same proof as its file: the live grant's token, which only the buyer's page got.
 */
export async function getThankYou(token: string, now: Date = new Date()) {
  const grant = await findLiveGrant(token, now);
  if (!grant) return null;
  const { transaction } = grant;
  return {
    /** Pending: PayPal has not completed the payment yet, so the page says so and offers no download. */
    pending: transaction.status === "pending",
    productName: transaction.sellPage?.name ?? transaction.button?.sellPage?.name ?? grant.file.name,
    // The id PayPal shows the buyer on its receipt is the capture's; the order id stands in before one exists.
    transactionId: transaction.paypalTransactionId ?? transaction.paypalOrderId,
    amountMinor: transaction.amountMinor,
    currency: transaction.currency,
    paidAt: transaction.createdAt,
    fileName: grant.file.name,
    fileSize: grant.file.size,
    downloadCount: grant.downloadCount,
    downloadsLeft: Math.max(0, grant.maxDownloads - grant.downloadCount),
    expiresAt: grant.expiresAt,
    licenseKeys: await keysOfPayment(transaction),
  };
}

/**
 * Counts one download and returns a short-lived signed address of the private file. The count is taken by a
 * conditional UPDATE, so parallel requests can never exceed the limit.
 */
export async function startDownload(token: string, downloader: Downloader, now: Date = new Date()) {
  const gone = () => new AppError("NOT_FOUND", "This download link is invalid or has expired.");
  const grant = await findLiveGrant(token, now);
  if (!grant) throw gone();
  if (!paidFor(grant.transaction.status) && !grant.isHeldForCase) {
    throw new AppError("FORBIDDEN", PENDING_DOWNLOAD_MESSAGE);
  }
  if (grant.isPaused) throw new AppError("FORBIDDEN", DOWNLOAD_PAUSED_MESSAGE);
  // Signed first (locally, no request), so a download is only counted once its address exists.
  const url = await signedFileUrl(grant.file.key, { expiresInSeconds: SIGNED_URL_SECONDS });
  const { count } = await db.downloadGrant.updateMany({
    where: {
      id: grant.id,
      revokedAt: null,
      expiresAt: { gt: now },
      downloadCount: { lt: db.downloadGrant.fields.maxDownloads },
    },
    data: { downloadCount: { increment: 1 } },
  });
  if (count === 0) {
    throw new AppError("FORBIDDEN", `This link has been used ${grant.maxDownloads} times, its download limit.`);
  }
  await db.downloadEvent.create({
    data: {
      grantId: grant.id,
      transactionId: grant.transaction.id,
      fileId: grant.file.id,
      ip: downloader.ip?.slice(0, 64) ?? null,
      userAgent: downloader.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { url };
}
