import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { POST as captureRoute } from "~/app/api/checkout/capture/route";
import { GET as downloadRoute } from "~/app/api/download/[token]/route";
import { db } from "~/server/platform/db";
import { hashSecretToken } from "~/server/platform/secret-tokens";
import { settleCheckout } from "~/server/checkout/capture";
import {
  DOWNLOAD_ALREADY_ISSUED_MESSAGE,
  getThankYou,
  issueDownloadGrant,
  MAX_DOWNLOADS,
  PENDING_DOWNLOAD_MESSAGE,
  PENDING_GRANT_TTL_MS,
  revokeGrantsForTransaction,
  startDownload,
  startGrantWindow,
} from "~/server/library/downloads";
import { publicFileUrl } from "~/server/vendors/storage/files";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { connectPayPal } from "../../factories/store-settings";
import { unique } from "../../factories/unique";
import { merchantCaller } from "../../support/callers";
import { buyerApi } from "../../support/buyer-api";
import { approveOrder, type SandboxBuyer } from "../../support/paypal-sandbox";
import { createSeller } from "../../factories/seller";
import { createTransaction } from "../../factories/transaction";

const HOUR = 60 * 60 * 1000;
/** A download whose address and browser are not the test's point. */
const nobody = { ip: null, userAgent: null };
const PRODUCT = "%PDF-1.7\nthe purchased product, byte for byte";

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as TRPCError,
  );

/** A merchant's page with a private file (really in the storage sandbox) and a completed sale of its basic bundle. */
async function purchase(status: "completed" | "pending" = "completed") {
  const merchant = await createMerchant(db);
  const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: PRODUCT });
  const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
    buildSellPageInput({ name: "Pattern Pack", downloadableFileId: file.id }),
  );
  const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
  const transaction = await db.transaction.create({
    data: {
      merchantId: merchant.id,
      buttonId: button.id,
      sellPageId: pageId,
      bundleTier: "basic",
      paypalOrderId: unique("ORDER-"),
      paypalTransactionId: unique("CAPTURE-"),
      amountMinor: 2999,
      currency: "USD",
      status,
    },
  });
  return { merchant, file, pageId, transaction };
}

async function grantFor(transactionId: string, now?: Date) {
  const grant = await issueDownloadGrant(transactionId, now);
  if (!grant?.token) throw new Error("no grant issued");
  return grant.token;
}

function callRoute(token: string) {
  return downloadRoute(new Request(`http://localhost/api/download/${token}`), { params: Promise.resolve({ token }) });
}

describe("download grants", () => {
  it("issues a random token stored only as its hash, valid 24 hours for 5 downloads", async () => {
    const { transaction, file } = await purchase();
    const now = new Date();
    const grant = await issueDownloadGrant(transaction.id, now);

    const token = grant?.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await db.downloadGrant.findFirstOrThrow({ where: { transactionId: transaction.id } });
    expect(row).toMatchObject({
      tokenHash: hashSecretToken(token!),
      fileId: file.id,
      maxDownloads: MAX_DOWNLOADS,
      downloadCount: 0,
      revokedAt: null,
    });
    expect(row.tokenHash).not.toContain(token);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(24 * HOUR);
  });

  it("shows the purchase on the thank-you page", async () => {
    const { transaction } = await purchase();
    const token = await grantFor(transaction.id);
    expect(await getThankYou(token)).toMatchObject({
      productName: "Pattern Pack",
      transactionId: transaction.paypalTransactionId,
      amountMinor: 2999,
      currency: "USD",
      fileName: "guide.pdf",
      downloadCount: 0,
      downloadsLeft: 5,
    });
  });

  it("delivers the exact file through a short-lived signed address, and counts it", async () => {
    const { transaction } = await purchase();
    const token = await grantFor(transaction.id);

    const response = await callRoute(token);

    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const location = response.headers.get("location")!;
    expect(location).toContain("signature=");
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(await file.text()).toBe(PRODUCT);
    expect((await getThankYou(token))?.downloadsLeft).toBe(4);
  });

  it("refuses the file without a grant: storage wants a signature, the route a live token", async () => {
    const { file } = await purchase();
    expect((await fetch(publicFileUrl(file.key))).status).toBe(403);
    expect((await callRoute("not-a-token")).status).toBe(404);
    expect((await callRoute("a".repeat(43))).status).toBe(404);
    expect(await getThankYou("a".repeat(43))).toBeNull();
  });

  it("expires after 24 hours", async () => {
    const { transaction } = await purchase();
    const issuedAt = new Date(Date.now() - 25 * HOUR);
    const token = await grantFor(transaction.id, issuedAt);

    expect(await getThankYou(token)).toBeNull();
    expect((await errorOf(startDownload(token, nobody)))?.message).toBe(
      "This download link is invalid or has expired.",
    );
    // Asking again opens no new window: the purchase has had its token (the library link is the way back).
    expect(await issueDownloadGrant(transaction.id)).toEqual({ token: null });
  });

  it("allows 5 downloads, even when requested all at once", async () => {
    const { transaction } = await purchase();
    const token = await grantFor(transaction.id);

    const results = await Promise.allSettled(Array.from({ length: 8 }, () => startDownload(token, nobody)));

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(5);
    const refused = results.find((result) => result.status === "rejected");
    expect((refused as PromiseRejectedResult).reason.userMessage).toBe(
      "This link has been used 5 times, its download limit.",
    );
    expect((await callRoute(token)).status).toBe(403);
    // The purchase still shows, with no downloads left.
    expect(await getThankYou(token)).toMatchObject({ downloadCount: 5, downloadsLeft: 0 });
  });

  it("is revoked when the payment is refunded", async () => {
    const { transaction } = await purchase();
    const token = await grantFor(transaction.id);
    expect(await revokeGrantsForTransaction(transaction.id)).toBe(1);

    expect(await getThankYou(token)).toBeNull();
    expect((await callRoute(token)).status).toBe(404);
    // Nor can a new token be issued for it.
    expect(await issueDownloadGrant(transaction.id)).toEqual({ token: null });
  });

  it("stops working once the transaction is no longer completed, even before its grants are revoked", async () => {
    const { transaction } = await purchase();
    const token = await grantFor(transaction.id);
    await db.transaction.update({ where: { id: transaction.id }, data: { status: "refunded" } });

    expect(await getThankYou(token)).toBeNull();
    expect((await callRoute(token)).status).toBe(404);
    expect(await issueDownloadGrant(transaction.id)).toBeNull();
  });

  it("hands out one token per purchase: asking again gives none and leaves the first one working", async () => {
    const { transaction } = await purchase();
    const first = await grantFor(transaction.id);
    await startDownload(first, nobody);
    await startDownload(first, nobody);
    const before = await db.downloadGrant.findFirstOrThrow({ where: { transactionId: transaction.id } });

    expect(await issueDownloadGrant(transaction.id)).toEqual({ token: null });
    expect(await Promise.all([issueDownloadGrant(transaction.id), issueDownloadGrant(transaction.id)])).toEqual([
      { token: null },
      { token: null },
    ]);

    expect(await getThankYou(first)).toMatchObject({ downloadCount: 2, downloadsLeft: 3 });
    expect(await db.downloadGrant.findMany({ where: { transactionId: transaction.id } })).toEqual([before]);
  });

  it("gives the token to exactly one of two simultaneous first issues", async () => {
    const { transaction } = await purchase();
    const results = await Promise.all([issueDownloadGrant(transaction.id), issueDownloadGrant(transaction.id)]);
    const tokens = results.map((result) => result?.token).filter(Boolean);
    expect(tokens).toHaveLength(1);
    expect(await getThankYou(tokens[0]!)).toMatchObject({ downloadsLeft: MAX_DOWNLOADS });
    expect(await db.downloadGrant.count({ where: { transactionId: transaction.id } })).toBe(1);
  });

  it("gives a pending payment a token that opens the file only once PayPal completes it, for 24 hours from then", async () => {
    const { transaction } = await purchase("pending");
    const paidAt = new Date();
    const token = await grantFor(transaction.id, paidAt);
    const row = await db.downloadGrant.findFirstOrThrow({ where: { transactionId: transaction.id } });
    expect(row.expiresAt.getTime()).toBe(paidAt.getTime() + PENDING_GRANT_TTL_MS);

    expect(await getThankYou(token)).toMatchObject({ pending: true, productName: "Pattern Pack", downloadCount: 0 });
    const refused = await errorOf(startDownload(token, nobody));
    expect(refused).toMatchObject({ code: "FORBIDDEN", userMessage: PENDING_DOWNLOAD_MESSAGE });
    expect(await callRoute(token).then((response) => response.status)).toBe(403);

    // Two days later PayPal completes it (the webhook does exactly this, in one transaction).
    const completedAt = new Date(paidAt.getTime() + 48 * HOUR);
    await db.transaction.update({ where: { id: transaction.id }, data: { status: "completed" } });
    await startGrantWindow(transaction.id, db, completedAt);

    expect(await getThankYou(token, completedAt)).toMatchObject({ pending: false, downloadsLeft: MAX_DOWNLOADS });
    const { url } = await startDownload(token, nobody, completedAt);
    expect(await (await fetch(url)).text()).toBe(PRODUCT);
    expect(await getThankYou(token, new Date(completedAt.getTime() + 24 * HOUR))).toBeNull();
  });

  it("issues nothing for a failed payment or a page without a file", async () => {
    const failed = await purchase("pending");
    await db.transaction.update({ where: { id: failed.transaction.id }, data: { status: "failed" } });
    expect(await issueDownloadGrant(failed.transaction.id)).toBeNull();

    const merchant = await createMerchant(db);
    const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(buildSellPageInput());
    const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId } });
    const sale = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      sellPageId: pageId,
      amountMinor: 2999,
    });
    expect(await issueDownloadGrant(sale.id)).toBeNull();
  });
});

describe("buying a bundle through PayPal", () => {
  /** A connected merchant's page with premium enabled and a file, its order approved in the PayPal sandbox. */
  async function approved(tier: "basic" | "premium", buyer: SandboxBuyer = "alex") {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: PRODUCT });
    const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({
        name: "Pattern Pack",
        paypalClientId: clientId,
        premiumEnabled: true,
        downloadableFileId: file.id,
      }),
    );
    const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: tier } });
    const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
    await approveOrder(orderId, buyer);
    return { merchant, pageId, button, orderId };
  }

  /** The same, captured by the buyer's page. */
  async function buy(tier: "basic" | "premium", buyer: SandboxBuyer = "alex") {
    const order = await approved(tier, buyer);
    const result = await buyerApi().captureOrder({ buttonId: order.button.id, orderId: order.orderId });
    return { ...order, result };
  }

  it("captures the premium bundle, records it against the page and hands back a working grant", async () => {
    const { pageId, button, orderId, result } = await buy("premium");

    expect(result).toMatchObject({ orderId, status: "completed", downloadToken: expect.any(String) });
    const transaction = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(transaction).toMatchObject({
      buttonId: button.id,
      sellPageId: pageId,
      bundleTier: "premium",
      amountMinor: 4999,
    });
    const session = await db.checkoutSession.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(session).toMatchObject({ sellPageId: pageId, amountMinor: 4999 });

    const response = await callRoute(result.downloadToken!);
    expect(await (await fetch(response.headers.get("location")!)).text()).toBe(PRODUCT);
  });

  it("names the PayPal order '{page name} - {bundle name} Bundle'", async () => {
    const { orderId, merchant } = await buy("basic");
    const settings = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
    const { sandboxSecretFor } = await import("../../../sandbox/paypal");
    const basic = Buffer.from(`${settings.paypalClientId}:${sandboxSecretFor(settings.paypalClientId!)}`).toString(
      "base64",
    );
    const base = process.env.PAYPAL_API_BASE_SANDBOX!.replace(/\/+$/, "");
    const token = (await (
      await fetch(`${base}/v1/oauth2/token`, {
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
        body: "grant_type=client_credentials",
      })
    ).json()) as { access_token: string };
    const order = (await (
      await fetch(`${base}/v2/checkout/orders/${orderId}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      })
    ).json()) as { purchase_units: { description?: string }[] };
    expect(order.purchase_units[0]?.description).toBe("Pattern Pack - Basic Bundle");
  });

  it("hands a pending capture a token that waits for PayPal", async () => {
    const { orderId, result } = await buy("basic", "pending");
    expect(result).toMatchObject({ orderId, status: "pending", downloadToken: expect.any(String) });
    expect(await getThankYou(result.downloadToken!)).toMatchObject({ pending: true });
    expect(await callRoute(result.downloadToken!).then((response) => response.status)).toBe(403);
  });

  it("captures through the JSON endpoint the buyer's page calls, with the same grant", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: PRODUCT });
    const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ paypalClientId: clientId, downloadableFileId: file.id }),
    );
    const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
    const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    const post = (body: unknown) =>
      captureRoute(
        new Request("http://localhost/api/checkout/capture", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );

    const response = await post({ buttonId: button.id, orderId });
    expect(response.status).toBe(200);
    const result = (await response.json()) as { status: string; downloadToken: string };
    expect(result).toMatchObject({ orderId, status: "completed" });
    const download = await callRoute(result.downloadToken);
    expect(await (await fetch(download.headers.get("location")!)).text()).toBe(PRODUCT);

    const junk = await post({ buttonId: button.id, orderId: "no such order!" });
    expect(junk.status).toBe(400);
    expect(await junk.json()).toEqual({ error: { code: "INVALID", message: "Order ID is not valid" } });
  });

  it("answers a repeated capture with the payment but no new token, and the buyer's link keeps working", async () => {
    const { button, orderId, result } = await buy("basic");
    const token = result.downloadToken!;
    await startDownload(token, nobody);
    const repeat = {
      orderId,
      paymentId: result.paymentId,
      status: "completed",
      downloadToken: null,
      licenseKeys: [],
      upsell: null,
    };

    // Anyone holding the order id and the public button id, through the tRPC procedure and the embed's endpoint.
    expect(await buyerApi().captureOrder({ buttonId: button.id, orderId })).toEqual({
      ...repeat,
      downloadNotice: DOWNLOAD_ALREADY_ISSUED_MESSAGE,
    });
    const response = await captureRoute(
      new Request("http://localhost/api/checkout/capture", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ buttonId: button.id, orderId }),
      }),
    );
    expect(await response.json()).toEqual({ ...repeat, downloadNotice: DOWNLOAD_ALREADY_ISSUED_MESSAGE });

    expect(await getThankYou(token)).toMatchObject({ downloadCount: 1, downloadsLeft: 4 });
    expect(await fetch((await callRoute(token)).headers.get("location")!).then((file) => file.text())).toBe(PRODUCT);
    const transaction = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(await db.downloadGrant.count({ where: { transactionId: transaction.id } })).toBe(1);
  });

  it("gives the token to one of two simultaneous captures and the notice to the other", async () => {
    const { button, orderId } = await approved("basic");

    const results = await Promise.all([
      buyerApi().captureOrder({ buttonId: button.id, orderId }),
      buyerApi().captureOrder({ buttonId: button.id, orderId }),
    ]);
    expect(results.filter((result) => result.downloadToken !== null)).toHaveLength(1);
    expect(results.map((result) => result.downloadNotice).filter(Boolean)).toEqual([DOWNLOAD_ALREADY_ISSUED_MESSAGE]);
  });

  it("leaves the token of a capture the webhook or reconciliation recorded to the buyer's own retry", async () => {
    const { button, orderId } = await approved("basic");

    // Our first answer to the buyer was lost before any grant existed; PayPal's event recorded the payment meanwhile.
    expect(await settleCheckout(orderId)).toMatchObject({ status: "completed", downloadToken: null });
    const transaction = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(await db.downloadGrant.count({ where: { transactionId: transaction.id } })).toBe(0);

    const retried = await buyerApi().captureOrder({ buttonId: button.id, orderId });
    expect(retried).toMatchObject({ status: "completed", downloadToken: expect.any(String), downloadNotice: null });
    expect(await getThankYou(retried.downloadToken!)).toMatchObject({ downloadsLeft: MAX_DOWNLOADS });
  });

  it("gives no grant when PayPal declines the capture", async () => {
    const { orderId, result } = await buy("basic", "capture-declined");
    expect(result).toMatchObject({ status: "failed", downloadToken: null, downloadNotice: null });
    const transaction = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(await db.downloadGrant.count({ where: { transactionId: transaction.id } })).toBe(0);
  });

  it("gives a payment button's capture no download token", async () => {
    const { button } = await createSeller(db);
    const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    const result = await buyerApi().captureOrder({ buttonId: button.id, orderId });
    expect(result).toMatchObject({ orderId, status: "completed", downloadToken: null, downloadNotice: null });
    // A repeat has no link to point at either.
    expect(await buyerApi().captureOrder({ buttonId: button.id, orderId })).toEqual(result);
    expect(await db.downloadGrant.count({ where: { transaction: { paypalOrderId: orderId } } })).toBe(0);
  });
});
