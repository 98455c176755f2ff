import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { portalOverview, portalWpsPayment } from "~/server/portal/portal";
import { createMerchant } from "../../factories/merchant";
import { createRefund } from "../../factories/refund";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { createWpsButton } from "../../factories/wps-button";
import { createWpsTransaction } from "../../factories/wps-transaction";
import { rejectionOf } from "../../support/rejection";

// Payments through WPS buttons, seen by their buyer in the portal next to every other payment of their e-mail.
const buyerEmail = () => `${unique("wps-buyer")}@example.test`;

let merchantId: string;
let buttonId: string;
beforeAll(async () => {
  const merchant = await createMerchant(db);
  merchantId = merchant.id;
  await db.storeSettings.create({ data: { merchantId, storeName: "Poster Shop", timeZone: "Europe/Berlin" } });
  buttonId = (await createWpsButton(db, merchantId, { itemName: "City Poster" })).id;
});

describe("WPS payments in the portal", () => {
  it("lists them under their store with the other payments, newest first, by the e-mail in any case", async () => {
    const email = buyerEmail();
    const older = await createTransaction(db, merchantId, {
      payerEmail: email,
      createdAt: new Date(Date.now() - 60_000),
    });
    const wps = await createWpsTransaction(db, merchantId, {
      buttonId,
      payerEmail: email.toUpperCase(),
      amountMinor: 2500,
      refundedMinor: 500,
      status: "partially_refunded",
      quantity: 2,
      optionSelected: "Large",
    });
    await createWpsTransaction(db, merchantId, { buttonId, payerEmail: email, status: "failed" });
    await createWpsTransaction(db, merchantId, { buttonId, payerEmail: buyerEmail() });

    const { stores } = await portalOverview(email);
    expect(stores).toHaveLength(1);
    expect(stores[0]!.store).toMatchObject({ id: merchantId, brand: { name: "Poster Shop" } });
    expect(stores[0]!.payments.map((payment) => payment.id)).toEqual([wps.id, older.id]);
    expect(stores[0]!.payments[0]).toMatchObject({
      href: `/portal/payments/wps/${wps.id}`,
      item: "City Poster (Large)",
      amountMinor: 2500,
      refundedMinor: 500,
      currency: "USD",
      status: "partially_refunded",
      quantity: 2,
      paypalId: wps.txnId,
    });
    expect(stores[0]!.payments[1]!.href).toBe(`/portal/payments/${older.id}`);
  });

  it("opens the receipt with its store and completed refunds", async () => {
    const email = buyerEmail();
    const wps = await createWpsTransaction(db, merchantId, {
      buttonId,
      payerEmail: email,
      amountMinor: 3000,
      refundedMinor: 3000,
      status: "refunded",
    });
    const refund = await createRefund(db, merchantId, {
      wpsTransactionId: wps.id,
      buttonKey: buttonId,
      amountMinor: 3000,
    });
    await createRefund(db, merchantId, { wpsTransactionId: wps.id, buttonKey: buttonId, paypalStatus: "PENDING" });

    const detail = await portalWpsPayment(email.toUpperCase(), wps.id);
    expect(detail.store).toMatchObject({ id: merchantId, timeZone: "Europe/Berlin" });
    expect(detail.payment).toMatchObject({
      id: wps.id,
      item: "City Poster",
      amountMinor: 3000,
      status: "refunded",
      paypalId: wps.txnId,
      paidAt: wps.createdAt,
    });
    expect(detail.refunds).toEqual([
      { id: refund.id, amountMinor: 3000, currency: "USD", createdAt: refund.createdAt },
    ]);
  });

  it("names the item PayPal reported when the button is gone", async () => {
    const email = buyerEmail();
    const wps = await createWpsTransaction(db, merchantId, { payerEmail: email, itemName: "Old Poster" });
    expect((await portalWpsPayment(email, wps.id)).payment.item).toBe("Old Poster");
  });

  it("finds nobody else's WPS payment, nor a failed one, nor a malformed id", async () => {
    const email = buyerEmail();
    const theirs = await createWpsTransaction(db, merchantId, { buttonId, payerEmail: buyerEmail() });
    const failed = await createWpsTransaction(db, merchantId, { buttonId, payerEmail: email, status: "failed" });
    for (const id of [theirs.id, failed.id, "x'; --"]) {
      expect(await rejectionOf(portalWpsPayment(email, id))).toMatchObject({
        code: "NOT_FOUND",
        userMessage: "Payment not found.",
      });
    }
    expect((await portalOverview(email)).stores).toEqual([]);
  });
});
