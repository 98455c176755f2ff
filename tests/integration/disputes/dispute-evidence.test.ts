import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { connectPayPal } from "../../factories/store-settings";
import { createTransaction } from "../../factories/transaction";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { approveOrder } from "../../support/paypal-sandbox";

// The evidence a case's page proposes, by the case's reason, from Popkit's records of that payment and of its
// buyer only: what the buyer was shown when they paid (not the page as it is today), their other purchases, their
// PayPal payer id; never another buyer's.

async function store() {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: "%PDF-1.7\nthe product" });
  const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
    buildSellPageInput({
      name: "Pattern Pack",
      description: "Twelve knitting patterns, printable.",
      basicFeatures: ["12 PDF patterns"],
      paypalClientId: clientId,
      downloadableFileId: file.id,
    }),
  );
  const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
  return { merchant, pageId, button };
}

/** Alex pays for the page's basic bundle through PayPal's window. */
async function alexBuys(buttonId: string) {
  const { orderId } = await buyerApi().createOrder({ buttonId });
  await approveOrder(orderId);
  await buyerApi().captureOrder({ buttonId, orderId });
  return db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
}

function caseAgainst(payment: { merchantId: string; id: string; paypalTransactionId: string | null }, reason: string) {
  return db.dispute.create({
    data: {
      merchantId: payment.merchantId,
      paypalDisputeId: `PP-D-${reason.slice(0, 6)}-${payment.id}`,
      transactionId: payment.id,
      paypalTransactionId: payment.paypalTransactionId,
      reason,
      stage: "INQUIRY",
      status: "WAITING_FOR_SELLER_RESPONSE",
      amountMinor: 1000,
      currency: "USD",
      openedAt: new Date(),
      paypalUpdatedAt: new Date(),
    },
  });
}

describe("proposed evidence", () => {
  it("answers 'not as described' with the page as the buyer saw it and their own history only", async () => {
    const { merchant, pageId, button } = await store();
    const earlier = await alexBuys(button.id);
    const disputed = await alexBuys(button.id);
    // Another buyer of the same store: nothing of theirs may appear in Alex's case.
    await createTransaction(db, merchant.id, {
      buttonId: button.id,
      payerEmail: "someone.else@buyer.example.com",
      payerName: "Someone Else",
      paypalPayerId: "OTHERPAYER01",
    });
    // The seller rewrites the page after the sale: the evidence keeps what Alex was shown.
    await db.digitalSellPage.update({ where: { id: pageId }, data: { description: "Now with a video course!" } });
    const dispute = await caseAgainst(disputed, "MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED");

    const evidence = await merchantCaller(merchant).merchant.disputes.evidence({ id: dispute.id });
    expect(evidence.type).toBe("OTHER");
    const section = (title: string) => evidence.sections.find((candidate) => candidate.title === title);
    expect(section("What the buyer was shown when they paid")?.rows).toEqual(
      expect.arrayContaining([
        ["Sell page", "Pattern Pack"],
        ["Description", "Twelve knitting patterns, printable."],
        ["Price", "$29.99"],
        ["Features", "12 PDF patterns"],
      ]),
    );
    const history = section("The buyer's other purchases from this store")!;
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]![1]).toContain("Pattern Pack");
    expect(earlier.id).not.toBe(disputed.id);
    expect(JSON.stringify(evidence)).not.toContain("Someone Else");
    expect(JSON.stringify(evidence)).not.toContain("someone.else@");
    expect(JSON.stringify(evidence)).not.toContain("video course");
  });

  it("answers 'unauthorised' with the buyer's PayPal payer id and history, and 'not received' with delivery", async () => {
    const { merchant, button } = await store();
    const payment = await alexBuys(button.id);
    const api = merchantCaller(merchant).merchant.disputes;

    const unauthorised = await api.evidence({ id: (await caseAgainst(payment, "UNAUTHORISED")).id });
    expect(unauthorised.sections.map((section) => section.title)).toEqual([
      "The payment",
      "The buyer's other purchases from this store",
      "Downloads of the purchased files",
    ]);
    expect(unauthorised.sections[0]!.rows).toContainEqual(["PayPal payer ID", payment.paypalPayerId]);

    const notReceived = await api.evidence({
      id: (await caseAgainst(payment, "MERCHANDISE_OR_SERVICE_NOT_RECEIVED")).id,
    });
    expect(notReceived.type).toBe("PROOF_OF_FULFILLMENT");
    expect(notReceived.sections.map((section) => section.title)).toEqual([
      "The payment",
      "Receipt e-mail",
      "Downloads of the purchased files",
      "License key activations",
    ]);
    expect(notReceived.sections[2]).toMatchObject({ rows: [], empty: "No downloads were recorded." });
  });
});
