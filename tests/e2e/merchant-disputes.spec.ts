import { expect } from "@playwright/test";
import { createTransaction } from "../factories/transaction";
import { signInMerchant, tabTo } from "./helpers";
import { buttonFor, closeE2eDb, connectedMerchant, e2eDb, expectAccessible, test } from "./buyer-helpers";

test.afterAll(closeE2eDb);

// The Disputes screen: PayPal's cases against the store's payments (recorded from PayPal's webhooks, which the
// integration layer drives), open ones first by the deadline PayPal gives the seller, each linked to its payment,
// whose page shows the case too.

test("a seller sees open disputes by deadline and finds the case on the payment's page", async ({ browser, page }) => {
  // A journey of several pages: a loaded two-core machine took over 45 s (the default) to walk it.
  test.setTimeout(90_000);
  const merchant = await connectedMerchant(browser);
  const db = e2eDb();
  const button = await buttonFor(merchant, { name: "Pattern Pack", amountMinor: 1800 });
  const payment = await createTransaction(db, merchant.merchantId, {
    buttonId: button.id,
    amountMinor: 1800,
    payerName: "Robin Buyer",
    payerEmail: "robin@buyer.example.com",
  });
  const day = 24 * 60 * 60 * 1000;
  const dispute = (id: string, fields: Record<string, unknown>) =>
    db.dispute.create({
      data: {
        merchantId: merchant.merchantId,
        paypalDisputeId: id,
        transactionId: payment.id,
        paypalTransactionId: payment.paypalTransactionId,
        reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
        stage: "INQUIRY",
        status: "WAITING_FOR_SELLER_RESPONSE",
        amountMinor: 1800,
        currency: "USD",
        openedAt: new Date(Date.now() - 3 * day),
        paypalUpdatedAt: new Date(),
        ...fields,
      },
    });
  await dispute(`PP-D-SOON-${Date.now()}`, { sellerResponseDueAt: new Date(Date.now() + 2 * day - 60_000) });
  await dispute(`PP-D-LATER-${Date.now()}`, {
    reason: "UNAUTHORISED",
    stage: "CHARGEBACK",
    status: "UNDER_REVIEW",
    sellerResponseDueAt: new Date(Date.now() + 9 * day),
  });
  await dispute(`PP-D-DONE-${Date.now()}`, { status: "RESOLVED", outcome: "RESOLVED_SELLER_FAVOUR" });

  await signInMerchant(page, merchant.account);
  await page.goto("/dashboard");
  // One case waits for the seller's answer (the other waits for PayPal): every dashboard page says so.
  await expect(page.getByText("1 PayPal dispute waits for your answer.")).toBeVisible();
  await page.getByRole("link", { name: "See disputes" }).click();
  await expect(page.getByRole("heading", { name: "Disputes", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "Open disputes" });
  const rows = table.getByRole("row");
  // The header, then the two open cases, the nearest deadline first.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText("2 days left");
  await expect(rows.nth(1)).toContainText("Not received");
  await expect(rows.nth(1)).toContainText("Your answer needed");
  await expect(rows.nth(2)).toContainText("9 days left");
  await expect(rows.nth(2)).toContainText("Unauthorised");
  await expect(rows.nth(2)).toContainText("Claim");
  await expectAccessible(page, "main");

  await page.getByLabel("Show").selectOption("all");
  await expect(page.getByRole("table", { name: "All disputes" }).getByRole("row")).toHaveCount(4);
  await expect(page.getByText("You won")).toBeVisible();

  // By keyboard, from the filter to the first case's payment.
  await page.getByLabel("Show").focus();
  await tabTo(
    page,
    page.getByRole("table", { name: "All disputes" }).getByRole("link", { name: "Robin Buyer" }).first(),
  );
  await page.keyboard.press("Enter");
  const disputes = page.locator("section", { has: page.getByRole("heading", { name: "Disputes", level: 2 }) });
  await expect(disputes.getByRole("listitem")).toHaveCount(3);
  await expect(disputes).toContainText("Not received · Inquiry");
});
