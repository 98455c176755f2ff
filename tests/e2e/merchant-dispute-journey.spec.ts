// A seller's PayPal case from start to end, as PayPal and the buyer drive it: a buyer buys a sell page and downloads
// the file; the buyer opens a "not received" claim (PayPal takes the money at once); PayPal's webhooks reach the
// app, which e-mails the seller; the seller sends the evidence Popkit put together (the download, the receipt) with
// a note and a file; PayPal decides for the seller and gives the money back. A second purchase's inquiry the seller
// accepts, and PayPal refunds it once.
import { expect, type Page } from "@playwright/test";
import { formatDateTime } from "../../src/lib/dates";
import { createSellPage } from "../factories/sell-page";
import { createStoredFile } from "../factories/stored-file";
import {
  disputeAtPayPal,
  openDispute,
  registerWebhook,
  resolveDispute,
  waitForDelivery,
} from "../support/paypal-sandbox";
import { closeE2eDb, e2eDb, expectAccessible, refuseDialogs, test } from "./buyer-helpers";
import { connectPayPal, mailTo, revenueShown, signUpMerchant, tabTo, uniqueEmail } from "./helpers";

test.afterAll(closeE2eDb);

/** The buyer pays for the sell page in the PayPal window, signed in to PayPal as `email`: lands on /thank-you. */
async function buySellPage(buyer: Page, sellPageId: string, email: string) {
  await buyer.goto(`/digital-sell/${sellPageId}`);
  await buyer.getByRole("button", { name: "PayPal" }).click();
  const paypal = buyer.getByRole("dialog", { name: /with PayPal/ });
  await paypal.getByLabel("Test buyer").selectOption("alex");
  await paypal.getByLabel("PayPal account e-mail").fill(email);
  await paypal.getByRole("button", { name: "Approve" }).click();
  await expect(buyer).toHaveURL(/\/thank-you\?token=/);
  await expect(buyer.getByRole("heading", { name: "Thank You for Your Purchase!" })).toBeVisible();
}

const refundsCard = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Refunds", level: 2 }) });

test("a seller answers a PayPal claim with the recorded download and wins; a second case is accepted and refunded once", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const db = e2eDb();

  // The seller: signed up, with their PayPal app's credentials and the app's webhook registered at PayPal.
  const account = await signUpMerchant(page);
  const clientId = `e2e-disputes-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const webhookId = await registerWebhook(clientId, `${process.env.E2E_BASE_URL}/api/paypal/webhook`);
  await connectPayPal(page, { clientId, webhookId });
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const file = await createStoredFile(db, merchant.id, "downloadable_file", {
    content: Buffer.from(`%PDF-1.7\nLoom patterns for ${merchant.id}`),
    name: "loom-patterns.pdf",
  });
  const sellPage = await createSellPage(db, merchant.id, {
    name: `Loom Patterns ${merchant.id.slice(-6)}`,
    paypalClientId: clientId,
    downloadableFileId: file.id,
  });

  // The buyer pays twice through the real checkout and downloads the first purchase's file from /thank-you.
  const buyerEmail = uniqueEmail("buyer");
  const buyerContext = await browser.newContext();
  const noDialogs = refuseDialogs(buyerContext);
  const buyer = await buyerContext.newPage();
  await buySellPage(buyer, sellPage.id, buyerEmail);
  const downloading = buyer.waitForEvent("download");
  await buyer.getByRole("button", { name: "Download Now" }).click();
  expect((await downloading).suggestedFilename()).toBe("loom-patterns.pdf");
  const userAgent = await buyer.evaluate(() => navigator.userAgent);
  await buySellPage(buyer, sellPage.id, buyerEmail);
  noDialogs();
  await buyerContext.close();

  const sales = () => db.transaction.findMany({ where: { sellPageId: sellPage.id }, orderBy: { createdAt: "asc" } });
  await expect.poll(async () => (await sales()).length).toBe(2);
  const [first, second] = await sales();
  const download = await db.downloadEvent.findFirstOrThrow({ where: { transactionId: first!.id } });
  expect(download.ip).toBeTruthy();
  expect(download.userAgent).toBe(userAgent);
  // A new store: its revenue is these two sales.
  await expect.poll(() => revenueShown(page), { message: "the two sales' revenue", timeout: 20_000 }).toBe(2 * 2999);

  // The buyer claims the file never came; PayPal makes it a claim and takes the $29.99 back at once.
  const claim = await openDispute(first!.paypalTransactionId!, { stage: "CHARGEBACK" });
  await expect
    .poll(async () => (await db.transaction.findUniqueOrThrow({ where: { id: first!.id } })).status, {
      message: "PAYMENT.CAPTURE.REVERSED reached the app",
      timeout: 20_000,
    })
    .toBe("refunded");
  await expect
    .poll(() => revenueShown(page), { message: "the revenue without the reversed sale", timeout: 20_000 })
    .toBe(2999);

  // The seller's e-mail, then the case, from the Disputes list.
  const mail = await mailTo(account.email, "PayPal case opened: not received ($29.99)");
  expect(mail.text).toContain(claim.dispute_id);
  await page.goto("/dashboard/disputes");
  const row = page.getByRole("table", { name: "Open disputes" }).getByRole("row").filter({ hasText: claim.dispute_id });
  await expect(row).toContainText("Claim");
  await expect(row).toContainText("Your answer needed");
  await row.getByRole("link", { name: "Not received" }).click();
  await expect(page).toHaveURL(/\/dashboard\/disputes\/[^/?]+$/);
  const caseUrl = page.url();
  expect(mail.text).toContain(new URL(caseUrl).pathname);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toContainText("Not received: $29.99");
  await expect(heading).toContainText("Your answer needed");

  // The proposed evidence: who downloaded the file, when and from where, and the receipt sent to the buyer.
  const settings = await db.storeSettings.findUniqueOrThrow({ where: { merchantId: merchant.id } });
  const downloads = page.getByRole("region", { name: "Downloads of the purchased files" });
  await expect(downloads.getByRole("term")).toHaveText([
    formatDateTime(download.createdAt, settings.timeZone ?? "UTC"),
  ]);
  await expect(downloads.getByRole("definition")).toHaveText([`loom-patterns.pdf from ${download.ip} (${userAgent})`]);
  const receipt = page.getByRole("region", { name: "Receipt e-mail" });
  await expect(receipt).toContainText("Sent to");
  await expect(receipt).toContainText(buyerEmail);
  await expectAccessible(page, "main");

  // The seller's note and a PDF of their own go with Popkit's facts.
  await page
    .getByLabel("Your note to PayPal (optional)")
    .fill("The buyer downloaded the patterns an hour after paying.");
  await page.getByLabel("Your own files (optional)").setInputFiles({
    name: "buyer-chat.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n% The buyer's messages\n%%EOF\n"),
  });
  await page.getByRole("button", { name: "Send evidence to PayPal" }).click();
  await expect(page.getByText("Evidence sent to PayPal.")).toBeVisible();
  await expect(heading).toContainText("PayPal is reviewing");
  await expect(page.getByText("You sent evidence")).toBeVisible();

  const atPayPal = await disputeAtPayPal(claim.dispute_id);
  expect(atPayPal.status).toBe("UNDER_REVIEW");
  expect(atPayPal.sandbox.evidence_files.map((sent) => sent.name)).toEqual([
    `popkit-evidence-${claim.dispute_id}.pdf`,
    "buyer-chat.pdf",
  ]);

  // PayPal decides for the seller and gives the money back: the payment shows both moves and is completed again.
  await resolveDispute(claim.dispute_id, "SELLER");
  await page.goto(`/dashboard/payments/${first!.id}`);
  const refunds = refundsCard(page);
  await expect(async () => {
    await page.reload();
    await expect(refunds.getByRole("listitem")).toHaveCount(2, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(refunds.getByRole("listitem").nth(0)).toContainText("PayPal (reversal)");
  await expect(refunds.getByRole("listitem").nth(1)).toContainText("PayPal (returned to you)");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Completed");
  const disputes = page.locator("section", { has: page.getByRole("heading", { name: "Disputes", level: 2 }) });
  await expect(disputes).toContainText("Resolved");
  await expect(disputes).toContainText("You won");
  await expect.poll(() => revenueShown(page), { message: "the revenue is back", timeout: 20_000 }).toBe(2 * 2999);

  // The second purchase: an inquiry the seller accepts from its page, by keyboard.
  const inquiry = await openDispute(second!.paypalTransactionId!, {});
  await page.goto(`/dashboard/payments/${second!.id}`);
  const secondDisputes = page.locator("section", { has: page.getByRole("heading", { name: "Disputes", level: 2 }) });
  await expect(async () => {
    await page.reload();
    await expect(secondDisputes.getByRole("link", { name: "Not received · Inquiry" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await secondDisputes.getByRole("link", { name: "Not received · Inquiry" }).click();
  await expect(page.getByText(inquiry.dispute_id)).toBeVisible();
  const accept = page.getByRole("button", { name: "Accept claim" });
  await page.getByLabel("Message to the buyer").focus();
  await tabTo(page, accept);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Accept the buyer's claim" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Note for PayPal").fill("Sorry the download did not work for you; refunding in full.");
  await dialog.getByRole("button", { name: "Accept and refund $29.99" }).click();
  await expect(page.getByText("Claim accepted: PayPal refunds the buyer.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Resolved");
  expect((await disputeAtPayPal(inquiry.dispute_id)).sandbox.accept_claim_note).toBe(
    "Sorry the download did not work for you; refunding in full.",
  );

  // PayPal's refund reaches the payment once, though PayPal sends its refund and the case's end as two events: both
  // delivered (in order, the case's end last) and applied before the refunds are counted.
  await waitForDelivery(
    (delivery) => delivery.event_type === "CUSTOMER.DISPUTE.RESOLVED" && delivery.resource_id === inquiry.dispute_id,
  );
  await expect
    .poll(() => db.payPalEvent.count({ where: { merchantId: merchant.id, state: "received" } }), {
      message: "every PayPal event applied",
      timeout: 20_000,
    })
    .toBe(0);
  expect(await db.payPalEvent.count({ where: { merchantId: merchant.id, state: "failed" } })).toBe(0);
  await page.goto(`/dashboard/payments/${second!.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Refunded");
  await expect(refunds.getByRole("listitem")).toHaveCount(1);
  await expect(refunds.getByRole("listitem")).toContainText("$29.99");
});
