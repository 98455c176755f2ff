import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as downloadRoute } from "~/app/api/download/[token]/route";
import { POST as portalDownloadRoute } from "~/app/api/portal/payments/[id]/download/route";
import { db } from "~/server/platform/db";
import { getThankYouStore, LIBRARY_WINDOWS_PER_PERIOD } from "~/server/library/library";
import { refundPayment } from "~/server/payments/refunds";
import { portalOverview, portalPayment, portalSubscription } from "~/server/portal/portal";
import { startPortalSession } from "~/server/portal/sessions";
import { imageVariantUrl } from "~/server/vendors/storage/images";
import { createStoredFile } from "../../factories/stored-file";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { pngFile } from "../../support/files";
import { portalRequest } from "../../support/portal";
import { rejectionOf } from "../../support/rejection";
import { buyerEmail, buyFile, fileStore, type FileStore, PRODUCT } from "../../support/file-store";
import { buildSellPageInput } from "../../factories/sell-page";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { approveOrder } from "../../support/paypal-sandbox";

// The portal's purchases, read and downloaded as a signed-in buyer, against real PayPal sandbox captures.
const store = (storeName?: string) => fileStore({ storeName });
const buy = buyFile;

function download(session: string | null, purchase: string, fileId?: string) {
  const body = fileId ? new URLSearchParams({ fileId }) : undefined;
  return portalDownloadRoute(
    portalRequest(`/api/portal/payments/${purchase}/download`, session, { method: "POST", body }),
    { params: Promise.resolve({ id: purchase }) },
  );
}

async function fileBehind(response: Response) {
  expect(response.status).toBe(303);
  const grant = response.headers.get("location")!.split("/api/download/")[1]!;
  const file = await downloadRoute(new Request(`http://localhost/api/download/${grant}`), {
    params: Promise.resolve({ token: grant }),
  });
  expect(file.status).toBe(302);
  return (await fetch(file.headers.get("location")!)).text();
}

let shop: FileStore;
beforeAll(async () => {
  shop = await store();
});

describe("downloads in the portal", () => {
  it("delivers an order bump's own file beside the POP's, each with its own link, until the bump is refunded", async () => {
    const bumpShop = await store("Bump Studio");
    const workbook = await createStoredFile(db, bumpShop.merchant.id, "downloadable_file", { content: "WORKBOOK" });
    const { id: pageId } = await merchantCaller(bumpShop.merchant).pages.sellPages.create(
      buildSellPageInput({
        name: "Glaze Workbook",
        paypalClientId: bumpShop.clientId,
        downloadableFileId: workbook.id,
      }),
    );
    const bump = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
    await db.paymentButton.update({ where: { id: bumpShop.button.id }, data: { bumpButtonId: bump.id } });
    const email = buyerEmail();
    const { orderId } = await buyerApi().createOrder({ buttonId: bumpShop.button.id, bump: "true" });
    await approveOrder(orderId, "alex", email);
    await buyerApi().captureOrder({ buttonId: bumpShop.button.id, orderId });
    const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });

    const files = (await portalPayment(email, payment.id)).files;
    expect(files.map((file) => file.productName)).toEqual(["Glaze Recipes", "Glaze Workbook - Basic Bundle"]);
    const session = await startPortalSession(email);
    expect(await fileBehind(await download(session, payment.id, files[1]!.fileId))).toBe("WORKBOOK");
    expect(await fileBehind(await download(session, payment.id, files[0]!.fileId))).toBe(PRODUCT);

    const bumpLine = await db.paymentLine.findFirstOrThrow({ where: { transactionId: payment.id, origin: "bump" } });
    await refundPayment(bumpShop.merchant.id, {
      paymentId: payment.id,
      lineId: bumpLine.id,
      idempotencyKey: randomUUID(),
    });
    expect((await portalPayment(email, payment.id)).files.map((file) => file.productName)).toEqual(["Glaze Recipes"]);
    const refused = await download(session, payment.id, files[1]!.fileId);
    expect(refused.headers.get("location")).toBe(`/portal/payments/${payment.id}?download=refused`);
    expect(
      await db.downloadGrant.count({ where: { transactionId: payment.id, fileId: workbook.id, revokedAt: null } }),
    ).toBe(0);
  });

  it("hands out fresh download links within the purchase's limit", async () => {
    const email = buyerEmail();
    const payment = await buy(shop, email);
    const session = await startPortalSession(email);

    const { files } = await portalOverview(email);
    expect(files.get(payment.id)).toMatchObject({ productName: "Glaze Recipes", storeName: "Glaze Studio" });

    // The thank-you page's grant still has downloads: the portal carries it over, no new window.
    expect(await fileBehind(await download(session, payment.id))).toBe(PRODUCT);
    expect(await db.downloadGrant.count({ where: { transactionId: payment.id, fromLibrary: true } })).toBe(0);

    for (let window = 1; window <= LIBRARY_WINDOWS_PER_PERIOD; window++) {
      await db.downloadGrant.updateMany({
        where: { transactionId: payment.id, revokedAt: null },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect(await fileBehind(await download(session, payment.id))).toBe(PRODUCT);
    }
    await db.downloadGrant.updateMany({
      where: { transactionId: payment.id, revokedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const refused = await download(session, payment.id);
    expect(refused.headers.get("location")).toBe(`/portal/payments/${payment.id}?download=refused`);
    expect((await portalPayment(email, payment.id)).files).toMatchObject([
      {
        canDownload: false,
        nextWindowAt: expect.any(Date),
      },
    ]);
  });

  it("opens nobody else's purchase, sends a visitor without a session to sign in, and stops at a full refund", async () => {
    const email = buyerEmail();
    const mine = await buy(shop, email);
    const theirs = await buy(shop, buyerEmail());
    const session = await startPortalSession(email);

    expect((await download(session, theirs.id)).headers.get("location")).toBe(
      `/portal/payments/${theirs.id}?download=refused`,
    );
    expect((await download(null, mine.id)).headers.get("location")).toBe(
      `/portal/sign-in?next=${encodeURIComponent(`/portal/payments/${mine.id}`)}`,
    );
    expect((await download("not-a-session", mine.id)).headers.get("location")).toMatch(/^\/portal\/sign-in/);

    await refundPayment(shop.merchant.id, { paymentId: mine.id, idempotencyKey: randomUUID() });
    expect((await portalOverview(email)).files.size).toBe(0);
    expect((await portalPayment(email, mine.id)).payment.status).toBe("refunded");
  });

  it("names the store behind each purchase, in the portal and on the thank-you page, with its logo and website", async () => {
    const branded = await store();
    const logo = await createStoredFile(db, branded.merchant.id, "merchant_logo", { content: pngFile() });
    await db.storeSettings.update({
      where: { merchantId: branded.merchant.id },
      data: { logoFileId: logo.id, websiteUrl: "https://glaze.example" },
    });
    const email = buyerEmail();
    const { downloadToken } = await buy(branded, email);
    const brand = {
      name: "Glaze Studio",
      logoUrl: imageVariantUrl(logo.key, 400),
      supportEmail: branded.supportEmail,
      websiteUrl: "https://glaze.example/",
    };
    expect((await portalOverview(email)).stores[0]?.store.brand).toEqual(brand);
    expect(await getThankYouStore(downloadToken!)).toEqual({
      store: brand,
      quantity: 1,
      discountCodeText: null,
      discountMinor: 0,
      currency: "USD",
    });
    expect(await getThankYouStore("not-a-token")).toBeNull();
    await db.storeSettings.update({ where: { merchantId: branded.merchant.id }, data: { supportEmail: null } });
    expect((await getThankYouStore(downloadToken!))?.store.supportEmail).toBe(branded.merchant.email);
  });
});

describe("what a buyer sees", () => {
  it("groups every payment and subscription of their e-mail by store, newest activity first", async () => {
    const email = buyerEmail();
    const older = await store("Older Store");
    const newer = await store("Newer Store");
    await createTransaction(db, older.merchant.id, {
      payerEmail: email,
      paypalTransactionId: unique("CAP-"),
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await createTransaction(db, newer.merchant.id, {
      payerEmail: email.toUpperCase(),
      paypalTransactionId: unique("CAP-"),
    });
    await createTransaction(db, newer.merchant.id, {
      payerEmail: email,
      status: "failed",
      paypalTransactionId: unique("CAP-"),
    });
    await createSubscription(db, older.merchant.id, {
      payerEmail: email,
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    });
    await createTransaction(db, newer.merchant.id, { payerEmail: buyerEmail(), paypalTransactionId: unique("CAP-") });

    const { stores } = await portalOverview(email);
    expect(stores.map((group) => group.store.brand.name)).toEqual(["Newer Store", "Older Store"]);
    // A failed capture took no money: not a purchase. Someone else's payment is not here.
    expect(stores[0]!.payments).toHaveLength(1);
    expect(stores[1]!.payments).toHaveLength(1);
    expect(stores[1]!.subscriptions).toHaveLength(1);
  });

  it("finds another buyer's payment or subscription nowhere, by any id", async () => {
    const email = buyerEmail();
    const other = buyerEmail();
    const theirs = await createTransaction(db, shop.merchant.id, {
      payerEmail: other,
      paypalTransactionId: unique("CAP-"),
    });
    const theirSubscription = await createSubscription(db, shop.merchant.id, { payerEmail: other });
    expect(await rejectionOf(portalPayment(email, theirs.id))).toMatchObject({
      code: "NOT_FOUND",
      userMessage: "Payment not found.",
    });
    expect(await rejectionOf(portalSubscription(email, theirSubscription.id))).toMatchObject({
      code: "NOT_FOUND",
      userMessage: "Subscription not found.",
    });
    expect(await rejectionOf(portalPayment(email, "x'; --"))).toMatchObject({ code: "NOT_FOUND" });
    expect((await portalPayment(other, theirs.id)).payment.id).toBe(theirs.id);
  });

  it("reads `_` and `%` in an address as themselves, not as SQL wildcards", async () => {
    const tag = unique("w").toLowerCase();
    const lookalike = await createTransaction(db, shop.merchant.id, {
      payerEmail: `ax${tag}@buyer.example.test`,
      paypalTransactionId: unique("CAP-"),
    });
    for (const email of [`a_${tag}@buyer.example.test`, `%${tag}@buyer.example.test`]) {
      expect((await portalOverview(email)).stores).toEqual([]);
      expect(await rejectionOf(portalPayment(email, lookalike.id))).toMatchObject({ code: "NOT_FOUND" });
    }
  });
});
