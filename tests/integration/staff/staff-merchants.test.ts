import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { embedScriptAnswer } from "~/server/payment-buttons/embed-script";
import { servePublicSellPage } from "~/server/sell-pages/public-page";
import { createPaymentButton } from "../../factories/payment-button";
import { createSaasUser } from "../../factories/saas-user";
import { buildSellPageInput } from "../../factories/sell-page";
import { createTransaction } from "../../factories/transaction";
import { anonymousCaller, merchantCaller, staffCaller } from "../../support/callers";
import { buyerApi } from "../../support/buyer-api";
import { approveOrder } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";
import { createSeller } from "../../factories/seller";

const SUSPENDED = "This seller is not accepting payments right now.";
const buyer = () => buyerApi();

async function failure(promise: Promise<unknown>) {
  const { code, message } = await rejectionOf(promise);
  return { code, message };
}

async function staffOf(role: "operator" | "admin" | "super_admin") {
  const staff = await createSaasUser(db, { role });
  return { staff, admin: staffCaller(staff).admin };
}

const auditOf = (merchantId: string) =>
  db.auditLog.findMany({ where: { targetType: "merchant", targetId: merchantId }, orderBy: { createdAt: "asc" } });

describe("admin.merchants.suspend / admin.merchants.resume", () => {
  it("lets a super_admin and an admin suspend and resume, each change audited and nothing deleted", async () => {
    const { merchant, button } = await createSeller(db);
    await createTransaction(db, merchant.id, { buttonId: button.id });
    const boss = await staffOf("super_admin");
    const admin = await staffOf("admin");

    const suspended = await boss.admin.merchants.suspend({ id: merchant.id });
    expect(suspended).toMatchObject({
      id: merchant.id,
      isSuspended: true,
      suspendedBy: { id: boss.staff.id, username: boss.staff.username },
    });
    expect(suspended.suspendedAt).toBeInstanceOf(Date);

    const resumed = await admin.admin.merchants.resume({ id: merchant.id });
    expect(resumed).toMatchObject({ id: merchant.id, isSuspended: false, suspendedAt: null, suspendedBy: null });
    await admin.admin.merchants.suspend({ id: merchant.id });
    await boss.admin.merchants.resume({ id: merchant.id });

    const audit = await auditOf(merchant.id);
    expect(audit.map((row) => [row.action, row.actorUsername])).toEqual([
      ["merchant.suspend", boss.staff.username],
      ["merchant.resume", admin.staff.username],
      ["merchant.suspend", admin.staff.username],
      ["merchant.resume", boss.staff.username],
    ]);
    expect(audit[0]).toMatchObject({ actorId: boss.staff.id, details: { name: merchant.name, email: merchant.email } });
    expect(audit[1]?.details).toMatchObject({ suspendedAt: suspended.suspendedAt!.toISOString() });

    expect(await db.paymentButton.findUnique({ where: { id: button.id } })).toMatchObject({ isActive: true });
    expect(await db.transaction.count({ where: { merchantId: merchant.id } })).toBe(1);
    expect(await db.storeSettings.count({ where: { merchantId: merchant.id } })).toBe(1);
  });

  it("does not write a second time when the merchant is already in that state", async () => {
    const { merchant } = await createSeller(db);
    const { admin } = await staffOf("admin");
    const first = await admin.merchants.suspend({ id: merchant.id });
    const again = await admin.merchants.suspend({ id: merchant.id });
    expect(again.suspendedAt).toEqual(first.suspendedAt);
    await admin.merchants.resume({ id: merchant.id });
    await expect(admin.merchants.resume({ id: merchant.id })).resolves.toMatchObject({ isSuspended: false });
    expect((await auditOf(merchant.id)).map((row) => row.action)).toEqual(["merchant.suspend", "merchant.resume"]);
  });

  it("refuses an operator with FORBIDDEN and changes nothing", async () => {
    const { merchant } = await createSeller(db);
    const { admin: operator } = await staffOf("operator");
    for (const call of [operator.merchants.suspend, operator.merchants.resume]) {
      expect(await failure(call({ id: merchant.id }))).toEqual({
        code: "FORBIDDEN",
        message: "You do not have permission to do this.",
      });
    }
    expect(await db.merchant.findUnique({ where: { id: merchant.id } })).toMatchObject({ suspendedAt: null });
    expect(await auditOf(merchant.id)).toHaveLength(0);
  });

  it("answers NOT_FOUND for an unknown merchant, and refuses merchants and signed-out callers", async () => {
    const { admin } = await staffOf("super_admin");
    for (const call of [admin.merchants.suspend, admin.merchants.resume]) {
      expect(await failure(call({ id: "no-such-merchant" }))).toEqual({
        code: "NOT_FOUND",
        message: "Merchant not found",
      });
    }
    const { merchant } = await createSeller(db);
    expect((await failure(merchantCaller(merchant).admin.merchants.suspend({ id: merchant.id }))).code).toBe(
      "UNAUTHORIZED",
    );
    expect((await failure(anonymousCaller().admin.merchants.suspend({ id: merchant.id }))).code).toBe("UNAUTHORIZED");
    expect(await db.merchant.findUnique({ where: { id: merchant.id } })).toMatchObject({ suspendedAt: null });
  });
});

describe("a suspended merchant's POPs", () => {
  it("refuse new orders with the buyer-facing message, and take them again once resumed", async () => {
    const { merchant, button } = await createSeller(db);
    const { admin } = await staffOf("admin");
    await admin.merchants.suspend({ id: merchant.id });

    await expect(buyer().getButton({ buttonId: button.id })).resolves.toMatchObject({
      canTakePayments: false,
      isSellerSuspended: true,
    });
    expect(await failure(buyer().createOrder({ buttonId: button.id }))).toEqual({
      code: "FORBIDDEN",
      message: SUSPENDED,
    });
    expect(await db.checkoutSession.count({ where: { buttonId: button.id } })).toBe(0);

    await admin.merchants.resume({ id: merchant.id });
    await expect(buyer().getButton({ buttonId: button.id })).resolves.toMatchObject({
      canTakePayments: true,
      isSellerSuspended: false,
    });
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    await expect(buyer().captureOrder({ buttonId: button.id, orderId })).resolves.toMatchObject({
      status: "completed",
    });
  });

  it("refuse to capture an order approved before the suspension; a recorded capture still answers", async () => {
    const { merchant, button } = await createSeller(db);
    const { admin } = await staffOf("super_admin");
    const { orderId } = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    const recorded = await buyer().createOrder({ buttonId: button.id });
    await approveOrder(recorded.orderId);
    await buyer().captureOrder({ buttonId: button.id, orderId: recorded.orderId });

    await admin.merchants.suspend({ id: merchant.id });
    expect(await failure(buyer().captureOrder({ buttonId: button.id, orderId }))).toEqual({
      code: "FORBIDDEN",
      message: SUSPENDED,
    });
    expect(await db.transaction.count({ where: { paypalOrderId: orderId } })).toBe(0);
    // Repeating a capture that was already recorded moves no money: it still gets its answer.
    await expect(buyer().captureOrder({ buttonId: button.id, orderId: recorded.orderId })).resolves.toMatchObject({
      status: "completed",
    });

    await admin.merchants.resume({ id: merchant.id });
    await expect(buyer().captureOrder({ buttonId: button.id, orderId })).resolves.toMatchObject({
      status: "completed",
    });
  });

  it("show the message in the embed script and on the sell page at once, with no PayPal button", async () => {
    const { merchant, button, clientId } = await createSeller(db);
    const { admin } = await staffOf("admin");
    const page = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ paypalClientId: clientId }),
    );
    const script = async () =>
      (await embedScriptAnswer(`${button.id}.js`, { ifNoneMatch: null, acceptEncoding: null })).body!.toString();

    // Both are cached before the suspension: the suspension must reach buyers without waiting for the TTL.
    expect(await script()).toContain(`"ready":true`);
    expect((await servePublicSellPage(page.id))?.bundles[0]?.button).toMatchObject({ canTakePayments: true });

    await admin.merchants.suspend({ id: merchant.id });
    const suspendedScript = await script();
    expect(suspendedScript).toContain(`"ready":false`);
    expect(suspendedScript).toContain(`"sellerNotReady":"${SUSPENDED}"`);
    expect((await servePublicSellPage(page.id))?.bundles[0]?.button).toMatchObject({
      canTakePayments: false,
      isSellerSuspended: true,
    });

    await admin.merchants.resume({ id: merchant.id });
    expect(await script()).toContain(`"ready":true`);
    expect(await script()).not.toContain(SUSPENDED);
    expect((await servePublicSellPage(page.id))?.bundles[0]?.button).toMatchObject({
      canTakePayments: true,
      isSellerSuspended: false,
    });
  });

  it("do not affect other merchants", async () => {
    const suspended = await createSeller(db);
    const other = await createSeller(db);
    const { admin } = await staffOf("admin");
    await admin.merchants.suspend({ id: suspended.merchant.id });
    await expect(buyer().createOrder({ buttonId: other.button.id })).resolves.toMatchObject({
      orderId: expect.any(String),
    });
  });
});

describe("admin.merchants.detail", () => {
  it("lists the merchant's POPs with their status and pages its payments, newest first", async () => {
    const { merchant, button, clientId } = await createSeller(db, { name: "Pattern pack" });
    const off = await createPaymentButton(db, merchant.id, { name: "Old pack", isActive: false });
    const page = await merchantCaller(merchant).pages.sellPages.create(
      buildSellPageInput({ paypalClientId: clientId }),
    );
    const future = Date.now() + 365 * 24 * 3600_000;
    for (let i = 0; i < 27; i++) {
      await createTransaction(db, merchant.id, { buttonId: button.id, createdAt: new Date(future - i * 1000) });
    }
    const elsewhere = await createSeller(db);
    await createTransaction(db, elsewhere.merchant.id, { buttonId: elsewhere.button.id });

    const { admin: operator } = await staffOf("operator");
    const detail = await operator.merchants.detail({ id: merchant.id, page: 1 });
    expect(detail.merchant).toMatchObject({
      id: merchant.id,
      name: merchant.name,
      email: merchant.email,
      isSuspended: false,
      suspendedAt: null,
    });
    expect(detail.canSuspend).toBe(false);
    // Manual buttons only: the sell page's bundle button is part of the page.
    expect(detail.pops.paymentButtons.total).toBe(2);
    expect(detail.pops.paymentButtons.pops.map((pop) => [pop.id, pop.status])).toEqual(
      expect.arrayContaining([
        [button.id, "active"],
        [off.id, "inactive"],
      ]),
    );
    expect(detail.pops.sellPages.pops.map((pop) => [pop.id, pop.status])).toEqual([[page.id, "active"]]);
    expect(detail.payments.total).toBe(27);
    expect(detail.payments.pageCount).toBe(2);
    expect(detail.payments.transactions).toHaveLength(25);
    expect(detail.payments.transactions[0]).toMatchObject({
      merchant: { id: merchant.id },
      pop: { id: button.id, kind: "payment_button", name: "Pattern pack" },
    });
    expect(detail.payments.transactions[0]?.createdAt).toEqual(new Date(future));
    const second = await operator.merchants.detail({ id: merchant.id, page: 2 });
    expect(second.payments.transactions).toHaveLength(2);
    expect(second.payments.transactions.every((row) => row.merchant.id === merchant.id)).toBe(true);

    const { admin } = await staffOf("admin");
    await admin.merchants.suspend({ id: merchant.id });
    const after = await admin.merchants.detail({ id: merchant.id, page: 1 });
    expect(after.canSuspend).toBe(true);
    expect(after.merchant).toMatchObject({ isSuspended: true, suspendedBy: { username: expect.any(String) } });
    expect([...after.pops.paymentButtons.pops, ...after.pops.sellPages.pops].map((pop) => pop.status)).toEqual([
      "suspended",
      "suspended",
      "suspended",
    ]);
  });

  it("answers NOT_FOUND for an unknown merchant and UNAUTHORIZED for a merchant", async () => {
    const { admin } = await staffOf("operator");
    expect(await failure(admin.merchants.detail({ id: "no-such-merchant", page: 1 }))).toEqual({
      code: "NOT_FOUND",
      message: "Merchant not found",
    });
    const { merchant } = await createSeller(db);
    expect((await failure(merchantCaller(merchant).admin.merchants.detail({ id: merchant.id, page: 1 }))).code).toBe(
      "UNAUTHORIZED",
    );
  });
});
