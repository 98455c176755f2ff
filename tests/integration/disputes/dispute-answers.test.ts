import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { DEADLINE_PASSED, sendEvidence } from "~/server/disputes/answers";
import { pullDisputes } from "~/server/disputes/sync";
import { DOWNLOAD_PAUSED_MESSAGE, startDownload } from "~/server/library/downloads";
import { evidenceFileMessages } from "~/schemas/disputes";
import { createMerchant } from "../../factories/merchant";
import { buildSellPageInput } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { connectPayPal } from "../../factories/store-settings";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller, staffCaller } from "../../support/callers";
import { createPaymentButton } from "../../factories/payment-button";
import { createSaasUser } from "../../factories/saas-user";
import { startWebhookReceiver } from "../../support/paypal-webhook-receiver";
import {
  approveOrder,
  captureAtPayPal,
  disputeAtPayPal,
  openDispute,
  registerWebhook,
  resolveDispute,
  waitForDelivery,
} from "../../support/paypal-sandbox";

// Answering a case through PayPal's Disputes API (the sandbox's): the evidence Popkit proposes from its own records
// by reason, sent as PayPal requires; accepting a claim; pausing the buyer's file meanwhile; and the hourly pull,
// which finds what the webhooks missed, a case for a payment Popkit never recorded included.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

const PDF = new TextEncoder().encode("%PDF-1.4\n% the seller's chat log\n");
const ALEX = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 (Alex's laptop)" };

/** A sell page bought by Alex, whose file Alex downloaded once; PayPal's webhooks reach the app. */
async function boughtAndDownloaded() {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const webhookId = await registerWebhook(clientId, receiver.url);
  await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { paypalWebhookId: webhookId } });
  const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: "%PDF-1.7\nthe product" });
  const { id: pageId } = await merchantCaller(merchant).pages.sellPages.create(
    buildSellPageInput({ name: "Pattern Pack", paypalClientId: clientId, downloadableFileId: file.id }),
  );
  const button = await db.paymentButton.findFirstOrThrow({ where: { sellPageId: pageId, bundleTier: "basic" } });
  const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
  await approveOrder(orderId);
  const result = await buyerApi().captureOrder({ buttonId: button.id, orderId });
  await startDownload(result.downloadToken!, ALEX);
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { merchant, clientId, pageId, payment, token: result.downloadToken!, captureId: payment.paypalTransactionId! };
}

/** Waits until the app applied PayPal's webhook about the case (its CREATED, UPDATED or RESOLVED). */
async function applied(disputeId: string, eventType: string) {
  await waitForDelivery((delivery) => delivery.resource_id === disputeId && delivery.event_type === eventType);
  return db.dispute.findUniqueOrThrow({ where: { paypalDisputeId: disputeId } });
}

describe("answering a PayPal case", () => {
  it("proposes the receipt and the downloads for 'not received', sends them, and gives the money back on a win", async () => {
    const { merchant, payment, token, captureId } = await boughtAndDownloaded();
    const opened = await openDispute(captureId, { stage: "CHARGEBACK" });
    const row = await applied(opened.dispute_id, "CUSTOMER.DISPUTE.CREATED");
    await expect
      .poll(async () => (await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).refundedMinor)
      .toBe(payment.amountMinor);
    const api = merchantCaller(merchant).merchant.disputes;

    const evidence = await api.evidence({ id: row.id });
    expect(evidence.type).toBe("PROOF_OF_FULFILLMENT");
    const section = (title: string) => evidence.sections.find((candidate) => candidate.title === title)!;
    expect(section("Receipt e-mail").rows[0]).toEqual(["Sent to", payment.payerEmail]);
    expect(section("Downloads of the purchased files").rows).toEqual([
      [expect.any(String), "guide.pdf from 203.0.113.7 (Mozilla/5.0 (Alex's laptop))"],
    ]);

    // PayPal holds the money while the case is open; the seller pauses the file meanwhile.
    await api.pauseAccess({ id: row.id, paused: true });
    await expect(startDownload(token, ALEX)).rejects.toMatchObject({ userMessage: DOWNLOAD_PAUSED_MESSAGE });

    // Refused before anything reaches PayPal: a file that is not a PDF or image by its bytes.
    const exe = { name: "invoice.pdf", contentType: "application/pdf", bytes: new TextEncoder().encode("MZ\x90\x00") };
    await expect(sendEvidence(merchant.id, row.id, { note: "", files: [exe] })).rejects.toMatchObject({
      userMessage: evidenceFileMessages.wrongType("invoice.pdf"),
    });
    const chat = { name: "chat log", contentType: "application/octet-stream", bytes: PDF };
    await sendEvidence(merchant.id, row.id, { note: "Alex downloaded the file twice.", files: [chat] });
    const atPayPal = await disputeAtPayPal(opened.dispute_id);
    expect(atPayPal.status).toBe("UNDER_REVIEW");
    expect(atPayPal.evidences?.[0]).toMatchObject({ evidence_type: "PROOF_OF_FULFILLMENT" });
    expect(atPayPal.evidences?.[0]?.notes).toContain("Alex downloaded the file twice.");
    expect(atPayPal.sandbox.evidence_files.map((file) => [file.name, file.content_type])).toEqual([
      [`popkit-evidence-${opened.dispute_id}.pdf`, "application/pdf"],
      ["chat_log.pdf", "application/pdf"],
    ]);
    expect(await db.dispute.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "UNDER_REVIEW",
      answer: "evidence",
    });

    await resolveDispute(opened.dispute_id, "SELLER");
    await applied(opened.dispute_id, "CUSTOMER.DISPUTE.RESOLVED");
    await expect
      .poll(async () => (await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).status)
      .toBe("completed");
    const money = await db.refund.findMany({ where: { transactionId: payment.id }, orderBy: { createdAt: "asc" } });
    expect(money.map((refund) => refund.amountMinor)).toEqual([payment.amountMinor, -payment.amountMinor]);
    // Won: the buyer's file works again.
    await expect(startDownload(token, ALEX)).resolves.toMatchObject({ url: expect.any(String) });
  });

  it("accepts a claim as one refund, refuses an answer after the deadline, and keeps another store out", async () => {
    const { merchant, payment, captureId } = await boughtAndDownloaded();
    const late = await openDispute(captureId, { amount: "1.00", dueInDays: -1 });
    const lateRow = await applied(late.dispute_id, "CUSTOMER.DISPUTE.CREATED");
    await expect(sendEvidence(merchant.id, lateRow.id, { note: "Too late?", files: [] })).rejects.toMatchObject({
      userMessage: DEADLINE_PASSED,
    });

    const stranger = merchantCaller(await createMerchant(db)).merchant.disputes;
    await expect(stranger.get({ id: lateRow.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.evidence({ id: lateRow.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(stranger.acceptClaim({ id: lateRow.id, note: "Mine now" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const api = merchantCaller(merchant).merchant.disputes;
    await api.acceptClaim({ id: lateRow.id, note: "Sorry for the trouble." });
    await applied(late.dispute_id, "CUSTOMER.DISPUTE.RESOLVED");
    await expect
      .poll(async () => db.refund.findMany({ where: { transactionId: payment.id }, select: { amountMinor: true } }))
      .toEqual([{ amountMinor: 100 }]);
    expect(await db.dispute.findUniqueOrThrow({ where: { id: lateRow.id } })).toMatchObject({
      status: "RESOLVED",
      outcome: "RESOLVED_BUYER_FAVOUR",
      answer: "accepted",
    });
    await expect(api.acceptClaim({ id: lateRow.id, note: "Again" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("finds by pulling what PayPal did not send, once however the pull and a webhook race", async () => {
    const { merchant, payment, captureId } = await boughtAndDownloaded();
    const quiet = await openDispute(captureId, { amount: "2.00", silent: true });
    expect(await db.dispute.count({ where: { paypalDisputeId: quiet.dispute_id } })).toBe(0);

    const loud = await openDispute(captureId, { amount: "3.00" });
    // The pull runs while PayPal's webhook about the second case is on its way.
    await Promise.all([pullDisputes(merchant.id), applied(loud.dispute_id, "CUSTOMER.DISPUTE.CREATED")]);
    const rows = await db.dispute.findMany({
      where: { transactionId: payment.id },
      select: { paypalDisputeId: true, amountMinor: true },
      orderBy: { amountMinor: "asc" },
    });
    expect(rows).toEqual([
      { paypalDisputeId: quiet.dispute_id, amountMinor: 200 },
      { paypalDisputeId: loud.dispute_id, amountMinor: 300 },
    ]);
    const opened = await db.emailMessage.count({ where: { merchantId: merchant.id, template: "dispute-opened" } });
    expect(opened).toBe(2);
    // Nothing new: a second pull reads nothing.
    expect(await pullDisputes(merchant.id)).toBe(0);
  });

  it("keeps a case for a payment Popkit never recorded, for staff to see", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });
    const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    // Captured at PayPal with no page to report it and no webhook registered: Popkit has no payment for it.
    const captured = (await captureAtPayPal(clientId, orderId)) as {
      purchase_units: { payments: { captures: { id: string }[] } }[];
    };
    const captureId = captured.purchase_units[0]!.payments.captures[0]!.id;
    const opened = await openDispute(captureId, { silent: true });

    expect(await pullDisputes(merchant.id)).toBe(1);
    expect(await db.dispute.findUniqueOrThrow({ where: { paypalDisputeId: opened.dispute_id } })).toMatchObject({
      merchantId: merchant.id,
      transactionId: null,
      paypalTransactionId: captureId,
    });
    const staff = staffCaller(await createSaasUser(db, { role: "operator" }));
    const detail = await staff.admin.merchants.get({ id: merchant.id });
    expect(detail.unmatchedDisputes.map((row) => [row.paypalDisputeId, row.paypalTransactionId])).toEqual([
      [opened.dispute_id, captureId],
    ]);
  });
});
