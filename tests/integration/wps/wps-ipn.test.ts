import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxPdtTokenFor } from "../../../sandbox/paypal";
import type { WpsButton } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { MAX_IPN_BYTES, processWpsIpnMessage, storeWpsIpnMessage } from "~/server/wps/ipn";
import { confirmWpsReturn, redeemPdt } from "~/server/wps/pdt";
import { POST as ipnRoute } from "~/app/api/wps/ipn/route";
import { createMerchant } from "../../factories/merchant";
import { createWpsButton } from "../../factories/wps-button";
import { merchantCaller, staffCaller } from "../../support/callers";
import { createSaasUser } from "../../factories/saas-user";
import {
  type IpnDelivery,
  type IpnListener,
  payWithSandbox,
  sandboxWpsControl,
  startIpnListener,
} from "../../support/wps-sandbox";

// PayPal's side is the local sandbox (tests/support/wps-sandbox.ts): it shows the pay page, sends IPN to the
// form's notify_url (a small server standing in for /api/wps/ipn) and answers VERIFIED only for bodies it sent.

let listener: IpnListener;
beforeAll(async () => {
  listener = await startIpnListener();
});
afterAll(async () => {
  await listener.close();
});

/** A buyer pays through the button's generated form in the sandbox; its IPN comes to the listener. */
const pay = (button: WpsButton, options?: Parameters<typeof payWithSandbox>[2]) =>
  payWithSandbox(listener, button, options);

/** What /api/wps/ipn and the "wps.ipn" job do with one delivery (a message stored before is not stored again). */
async function deliver(ipn: IpnDelivery) {
  const { id } = await storeWpsIpnMessage(ipn.body, ipn.contentType);
  await processWpsIpnMessage(id);
  return db.wpsIpnMessage.findUniqueOrThrow({ where: { id } });
}

const rowsOf = (buttonId: string) => db.wpsTransaction.findMany({ where: { buttonId } });

/** Three sizes, 10% tax, 2.00 shipping, any quantity: what the e2e journey sells. */
async function posterButton(overrides: Parameters<typeof createWpsButton>[2] = {}) {
  const merchant = await createMerchant(db);
  const button = await createWpsButton(db, merchant.id, {
    priceOptions: [
      { label: "Small", amountMinor: 1000 },
      { label: "Medium", amountMinor: 1500 },
      { label: "Large", amountMinor: 2000 },
    ],
    taxRate: "10",
    shippingCostMinor: 200,
    undefinedQuantity: true,
    ...overrides,
  });
  return { merchant, button };
}

describe("IPN", () => {
  it("records a verified payment once, with what PayPal reported", async () => {
    const { merchant, button } = await posterButton();
    const { ipn, tx } = await pay(button, { os0: "Large", quantity: "2" });
    const message = await deliver(ipn);

    expect(message).toMatchObject({ state: "recorded", txnId: tx, attempts: 1 });
    const [row, ...more] = await rowsOf(button.id);
    expect(more).toHaveLength(0);
    // 2 x 20.00 + 10% tax + 2.00 shipping.
    expect(row).toMatchObject({
      merchantId: merchant.id,
      txnId: tx,
      status: "completed",
      paymentStatus: "Completed",
      amountMinor: 4600,
      currency: "USD",
      quantity: 2,
      optionSelected: "Large",
      payerEmail: "alex.buyer@buyer.example.com",
      payerName: "Alex Buyer",
      txnType: "web_accept",
      source: "ipn",
      rawIpn: ipn.body.toString("latin1"),
    });
    expect(row!.feeMinor).toBeGreaterThan(0);
    expect(message.wpsTransactionId).toBe(row!.id);
  });

  it("posts back the original bytes of a windows-1252 message and decodes it in that charset", async () => {
    // "€" is 0x80 in windows-1252, the byte a plain ISO-8859-1 decoder gets wrong.
    const { button } = await posterButton({ itemName: "Café poster €" });
    await sandboxWpsControl("account", { business: button.paypalMerchantIdentifier, charset: "windows-1252" });
    const { ipn } = await pay(button, { os0: "Small" });
    // "é" is one byte (%E9) in windows-1252: re-encoding it as UTF-8 would make PayPal answer INVALID.
    expect(ipn.body.toString("latin1")).toContain("%E9");
    expect(ipn.body.toString("latin1")).toContain("%80");
    const message = await deliver(ipn);
    expect(message.state).toBe("recorded");
    const [row] = await rowsOf(button.id);
    expect(row?.itemName).toBe("Café poster €");
  });

  it("rejects a message PayPal did not send (INVALID) and records nothing", async () => {
    const { button } = await posterButton();
    const { ipn } = await pay(button, { os0: "Small" });
    const forged = Buffer.from(ipn.body.toString("latin1").replace(/txn_id=[^&]+/, "txn_id=FORGED123"), "latin1");
    const message = await deliver({ ...ipn, body: forged });
    expect(message).toMatchObject({ state: "rejected", reason: "PayPal answered INVALID" });
    expect(await rowsOf(button.id)).toHaveLength(0);
  });

  // A genuine (VERIFIED) message that still cannot be this button's sale: the form's fields were changed.
  const forgedPayments: { payment: string; os0: string; form: Record<string, string>; reason: RegExp }[] = [
    {
      payment: "to another PayPal account (forged receiver)",
      os0: "Small",
      form: { business: "someone-else@business.example.com" },
      reason: /is not the button's merchant account/,
    },
    {
      payment: "of an amount the button cannot produce",
      os0: "Large",
      form: { option_amount2: "0.50" },
      reason: /is not a price of this button/,
    },
    {
      payment: "in another currency",
      os0: "Small",
      form: { currency_code: "EUR" },
      reason: /^Currency EUR is not the button's USD$/,
    },
  ];
  for (const { payment, os0, form, reason } of forgedPayments) {
    it(`rejects a verified payment ${payment}`, async () => {
      const { button } = await posterButton();
      const { ipn } = await pay(button, { os0, form });
      const message = await deliver(ipn);
      expect(message.state).toBe("rejected");
      expect(message.reason).toMatch(reason);
      expect(await rowsOf(button.id)).toHaveLength(0);
    });
  }

  it("rejects a message for an unknown button without posting it back", async () => {
    const { button } = await posterButton();
    const { ipn } = await pay(button, { os0: "Small", form: { custom: "no-such-button" } });
    const message = await deliver(ipn);
    expect(message).toMatchObject({ state: "rejected", reason: 'Unknown button (custom="no-such-button")' });
    expect(await db.wpsTransaction.count({ where: { txnId: message.txnId! } })).toBe(0);
  });

  it("treats the same txn_id again as a no-op, and processing a message twice changes nothing", async () => {
    const { button } = await posterButton();
    const { ipn, tx } = await pay(button, { os0: "Medium" });
    const first = await deliver(ipn);
    await processWpsIpnMessage(first.id);
    // PayPal resending the same message (same ipn_track_id): the stored one, not a second copy.
    const again = await deliver(ipn);
    expect(again).toMatchObject({ id: first.id, state: "recorded" });
    expect(await db.wpsIpnMessage.count({ where: { txnId: tx } })).toBe(1);
    expect(await rowsOf(button.id)).toHaveLength(1);
    expect((await db.wpsIpnMessage.findUniqueOrThrow({ where: { id: first.id } })).attempts).toBe(1);
  });

  it("moves a pending payment to completed on its next IPN, and never back", async () => {
    const { button } = await posterButton();
    const { ipn: pending, tx } = await pay(button, { os0: "Small", buyer: "pending" });
    await deliver(pending);
    expect((await rowsOf(button.id))[0]).toMatchObject({ status: "pending", paymentStatus: "Pending" });

    const before = listener.delivered.length;
    await sandboxWpsControl("complete", { txn_id: tx });
    expect(await deliver(listener.lastIpn(before))).toMatchObject({ state: "recorded" });
    const rows = await rowsOf(button.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "completed", paymentStatus: "Completed" });

    // The old Pending message arriving late again is a no-op.
    expect(await deliver(pending)).toMatchObject({ state: "recorded" });
    expect((await rowsOf(button.id))[0]?.status).toBe("completed");
  });

  it("marks the original payment refunded on a refund IPN and keeps both messages", async () => {
    const { button } = await posterButton();
    const { ipn, tx } = await pay(button, { os0: "Small" });
    await deliver(ipn);
    const before = listener.delivered.length;
    await sandboxWpsControl("refund", { txn_id: tx });
    const refund = await deliver(listener.lastIpn(before));
    expect(refund.state).toBe("recorded");
    const rows = await rowsOf(button.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ txnId: tx, status: "refunded", paymentStatus: "Refunded", statusReason: "refund" });
    expect(await db.wpsIpnMessage.count({ where: { wpsTransactionId: rows[0]!.id, state: "recorded" } })).toBe(2);
  });

  it("keeps a partial refund as a refund row: partially refunded, then refunded, each refund IPN once", async () => {
    const { button } = await posterButton();
    const { ipn, tx } = await pay(button, { os0: "Small" });
    await deliver(ipn);
    const [payment] = await rowsOf(button.id);

    let before = listener.delivered.length;
    await sandboxWpsControl("refund", { txn_id: tx, amount: "5.00" });
    const partial = listener.lastIpn(before);
    expect(await deliver(partial)).toMatchObject({ state: "recorded" });
    expect(await db.wpsTransaction.findUniqueOrThrow({ where: { id: payment!.id } })).toMatchObject({
      amountMinor: payment!.amountMinor,
      refundedMinor: 500,
      status: "partially_refunded",
    });
    // The same refund IPN again changes nothing.
    expect(await deliver(partial)).toMatchObject({ state: "recorded" });

    before = listener.delivered.length;
    await sandboxWpsControl("refund", { txn_id: tx });
    await deliver(listener.lastIpn(before));
    expect(await db.wpsTransaction.findUniqueOrThrow({ where: { id: payment!.id } })).toMatchObject({
      refundedMinor: payment!.amountMinor,
      status: "refunded",
    });
    const refunds = await db.refund.findMany({
      where: { wpsTransactionId: payment!.id },
      orderBy: { createdAt: "asc" },
    });
    expect(refunds.map((refund) => refund.amountMinor)).toEqual([500, payment!.amountMinor - 500]);
  });

  it("forwards a copy of a verified message to the merchant's own notify URL, byte for byte", async () => {
    const { button } = await posterButton({ notifyUrl: "" });
    await db.wpsButton.update({ where: { id: button.id }, data: { notifyUrl: `${listener.url}/merchant-ipn` } });
    const { ipn } = await pay(button, { os0: "Small" });
    listener.forwarded.length = 0;
    await deliver(ipn);
    expect(listener.forwarded).toHaveLength(1);
    expect(listener.forwarded[0]!.body.equals(ipn.body)).toBe(true);
  });
});

describe("POST /api/wps/ipn", () => {
  const post = (body: string | Buffer) =>
    ipnRoute(
      new Request("http://localhost:3000/api/wps/ipn", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: typeof body === "string" ? body : Uint8Array.from(body),
      }),
    );

  it("refuses a body over the limit with 413 and stores nothing", async () => {
    const count = await db.wpsIpnMessage.count();
    const response = await post(`custom=x&junk=${"a".repeat(MAX_IPN_BYTES)}`);
    expect(response.status).toBe(413);
    expect(await db.wpsIpnMessage.count()).toBe(count);
  });

  it("stores the exact bytes before answering", async () => {
    const { button } = await posterButton();
    const { ipn } = await pay(button, { os0: "Small" });
    const response = await post(ipn.body);
    // An empty 200 once stored and queued (anything else makes PayPal resend).
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
    const stored = await db.wpsIpnMessage.findFirstOrThrow({ orderBy: { receivedAt: "desc" } });
    expect(Buffer.from(stored.body).equals(ipn.body)).toBe(true);
  });
});

describe("PDT and /pdt-confirmation", () => {
  async function pdtButton() {
    const merchant = await createMerchant(db);
    const business = `pdt-${Date.now()}-${Math.random().toString(36).slice(2)}@business.example.com`;
    const button = await createWpsButton(db, merchant.id, {
      paypalMerchantIdentifier: business,
      pdtToken: sandboxPdtTokenFor(business),
    });
    return { merchant, button };
  }

  it("redeems tx with the button's token and records the payment (then IPN is a no-op)", async () => {
    const { button } = await pdtButton();
    const { tx, cm, ipn } = await pay(button);
    expect(cm).toBe(button.id);

    const shown = await confirmWpsReturn({ tx, cm });
    expect(shown).toMatchObject({
      kind: "verified",
      transactionId: tx,
      amountMinor: 1000,
      currency: "USD",
      itemName: button.itemName,
      status: "Completed",
    });
    expect((await rowsOf(button.id))[0]).toMatchObject({ source: "pdt", status: "completed" });

    expect(await deliver(ipn)).toMatchObject({ state: "recorded", reason: "Already recorded" });
    expect(await rowsOf(button.id)).toHaveLength(1);
  });

  it("shows an IPN-recorded payment without redeeming again", async () => {
    const { button } = await pdtButton();
    const { tx, cm, ipn } = await pay(button);
    await deliver(ipn);
    expect(await confirmWpsReturn({ tx, cm })).toMatchObject({ kind: "verified", transactionId: tx });
    expect(await rowsOf(button.id)).toHaveLength(1);
  });

  it("records one row when IPN and PDT arrive together", async () => {
    const { button } = await pdtButton();
    const { tx, cm, ipn } = await pay(button);
    const { id } = await storeWpsIpnMessage(ipn.body, ipn.contentType);
    const [shown] = await Promise.all([confirmWpsReturn({ tx, cm }), processWpsIpnMessage(id)]);
    expect(shown).toMatchObject({ kind: "verified", transactionId: tx });
    expect(await rowsOf(button.id)).toHaveLength(1);
    expect(await db.wpsIpnMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ state: "recorded" });
  });

  it("shows Payment Verification Failed when PayPal answers FAIL, and records nothing", async () => {
    const { button } = await pdtButton();
    await db.wpsButton.update({
      where: { id: button.id },
      data: {
        pdtTokenEncrypted: (await createWpsButton(db, button.merchantId, { pdtToken: "wrong" })).pdtTokenEncrypted,
      },
    });
    const { tx, cm } = await pay(button);
    expect(await redeemPdt({ tx, cm })).toEqual({ kind: "fail", reason: "Error: 4002" });
    expect(await confirmWpsReturn({ tx, cm })).toEqual({ kind: "error", code: "verification_failed" });
    expect(await rowsOf(button.id)).toHaveLength(0);
  });

  it("never shows a forged return as a success", async () => {
    const { button } = await pdtButton();
    expect(await confirmWpsReturn({ tx: "FAKE0000000000001", cm: button.id })).toEqual({
      kind: "error",
      code: "verification_failed",
    });
    expect(await confirmWpsReturn({})).toEqual({ kind: "unverified" });
    expect(await confirmWpsReturn({ tx: "<script>" })).toEqual({ kind: "error", code: "invalid_transaction" });
  });

  it("without a PDT token, verifies only from an IPN already recorded", async () => {
    const { button } = await posterButton();
    const { tx, cm, ipn } = await pay(button, { os0: "Small" });
    expect(await confirmWpsReturn({ tx, cm })).toEqual({ kind: "unverified" });
    await deliver(ipn);
    expect(await confirmWpsReturn({ tx, cm })).toMatchObject({ kind: "verified", amountMinor: 1300 });
  });
});

describe("reporting", () => {
  it("shows a WPS payment once in Payments, Customers, the dashboard, WPS analytics and the staff portal", async () => {
    const { merchant, button } = await posterButton();
    const { ipn, tx } = await pay(button, { os0: "Small" });
    await deliver(ipn);
    const api = merchantCaller(merchant);

    const payments = await api.merchant.payments.list({});
    expect(payments.total).toBe(1);
    // A WPS payment's one id is its txn_id.
    expect(payments.payments[0]).toMatchObject({ paypalId: tx, amountMinor: 1300, popName: button.itemName });
    const detail = await api.merchant.payments.get({ id: payments.payments[0]!.id });
    expect(detail).toMatchObject({ paypalId: tx, wps: { quantity: 1, optionSelected: "Small" } });
    expect((await api.merchant.payments.list({ q: tx })).total).toBe(1);

    const customers = await api.merchant.customers.list({});
    expect(customers.customers).toEqual([
      expect.objectContaining({ email: "alex.buyer@buyer.example.com", payments: 1, spentMinor: 1300 }),
    ]);
    expect(await api.merchant.customers.get({ email: "alex.buyer@buyer.example.com" })).toMatchObject({
      name: "Alex Buyer",
      orderCount: 1,
    });

    const dashboard = await api.analytics.dashboard({ range: "30d" });
    expect(dashboard.revenue).toEqual([expect.objectContaining({ currency: "USD", amountMinor: 1300 })]);

    const analytics = await api.analytics.forWpsButton({ id: button.id, period: "30d" });
    expect(analytics).toMatchObject({
      totalTransactions: 1,
      successfulTransactions: 1,
      failedTransactions: 0,
      successRate: 100,
      revenue: [{ currency: "USD", amountMinor: 1300 }],
      recentTransactions: [expect.objectContaining({ paypalId: tx, status: "completed" })],
    });
    const other = merchantCaller(await createMerchant(db));
    await expect(other.analytics.forWpsButton({ id: button.id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const staff = await createSaasUser(db, { role: "super_admin" });
    const staffApi = staffCaller(staff);
    expect(await staffApi.admin.merchants.get({ id: merchant.id })).toMatchObject({
      transactionCount: 1,
      revenueByCurrency: [{ currency: "USD", amountMinor: 1300 }],
    });
    const listed = await staffApi.admin.transactions.list({ filters: { merchant: merchant.email, pop: "" }, page: 1 });
    expect(listed.total).toBe(1);
  });
});
