import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { issueDownloadGrant } from "~/server/library/downloads";
import { jobHandlers } from "~/server/job-handlers";
import { jobKinds } from "~/server/jobs/kinds";
import { deleteAbandonedUploads } from "~/server/vendors/storage/cleanup";
import { publicFileUrl, signedFileUrl } from "~/server/vendors/storage/files";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { merchantCaller } from "../../support/callers";
import { pngFile } from "../../support/files";
import { createTransaction } from "../../factories/transaction";

const DAY = 24 * 60 * 60 * 1000;

const age = (id: string, days: number) =>
  db.storedFile.update({ where: { id }, data: { createdAt: new Date(Date.now() - days * DAY) } });

const inStorage = async (file: { key: string; isPrivate: boolean }) => {
  const url = file.isPrivate ? await signedFileUrl(file.key, { expiresInSeconds: 60 }) : publicFileUrl(file.key);
  return (await fetch(url)).status === 200;
};

describe("abandoned uploads", () => {
  it("deletes uploads unused for a day, from the database and storage, and keeps everything still needed", async () => {
    const merchant = await createMerchant(db);
    const upload = (kind: "product_image" | "downloadable_file") =>
      createStoredFile(db, merchant.id, kind, { content: kind === "product_image" ? pngFile() : "%PDF-1.7 x" });
    const [abandoned, fresh, onPage, soldThenReplaced] = await Promise.all([
      upload("product_image"),
      upload("product_image"),
      upload("product_image"),
      upload("downloadable_file"),
    ]);

    // A page using one image, whose file a buyer bought before the seller replaced it.
    const caller = merchantCaller(merchant);
    const { id: pageId } = await caller.pages.sellPages.create(
      buildSellPageInput({ productImageId: onPage.id, downloadableFileId: soldThenReplaced.id }),
    );
    const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
    const sale = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      sellPageId: pageId,
      amountMinor: 2999,
    });
    await issueDownloadGrant(sale.id);
    const { values } = await caller.pages.sellPages.get({ id: pageId });
    await caller.pages.sellPages.update({ id: pageId, values: { ...values, downloadableFileId: null } });
    expect(await inStorage(soldThenReplaced)).toBe(true); // the buyer's 24 hours are not over

    await Promise.all([abandoned, onPage, soldThenReplaced].map((file) => age(file.id, 2)));
    await deleteAbandonedUploads();

    const left = await db.storedFile.findMany({ where: { merchantId: merchant.id }, select: { id: true } });
    expect(left.map((file) => file.id).sort()).toEqual([fresh.id, onPage.id, soldThenReplaced.id].sort());
    expect(await inStorage(abandoned)).toBe(false);
    expect(await inStorage(fresh)).toBe(true);

    // Once the buyer's grant has expired, the replaced file goes too.
    await db.downloadGrant.updateMany({ where: { transactionId: sale.id }, data: { expiresAt: new Date() } });
    await deleteAbandonedUploads();
    expect(await db.storedFile.count({ where: { id: soldThenReplaced.id } })).toBe(0);
    expect(await inStorage(soldThenReplaced)).toBe(false);
    expect(await inStorage(onPage)).toBe(true);
  });

  it("runs hourly as the job uploads.sweep, once across instances", async () => {
    const kind = jobKinds["uploads.sweep"];
    expect(kind.schedule).toBe("23 * * * *");
    const merchant = await createMerchant(db);
    const abandoned = await createStoredFile(db, merchant.id, "product_image", { content: pngFile() });
    await age(abandoned.id, 2);
    await jobHandlers["uploads.sweep"]({});
    expect(await db.storedFile.count({ where: { id: abandoned.id } })).toBe(0);
  });
});
