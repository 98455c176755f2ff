import { expect } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import { createPaymentButton } from "../factories/payment-button";
import { closeE2eDb, connectedMerchant, e2eDb, payInPayPalWindow, paymentMessage, test } from "./buyer-helpers";

test.afterAll(closeE2eDb);

// A buyer ticks the seller's order bump on a sell page: PayPal's window lists both items and their sum, and the
// payment is recorded as two lines.

test("a buyer ticks the order bump on a sell page and pays for both items in one PayPal order", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const merchant = await connectedMerchant(browser);
  const db = e2eDb();
  const workbook = await createPaymentButton(db, merchant.merchantId, {
    name: "Brush Workbook",
    amountMinor: 1500,
    paypalClientId: merchant.clientId,
  });
  const sellPage = await createSellPage(db, merchant.merchantId, {
    name: "Watercolour Brushes",
    paypalClientId: merchant.clientId,
  });
  // What the sell page's form saves: the page's bump, copied to its bundle's button.
  const bump = { bumpButtonId: workbook.id, bumpPriceMinor: 500, bumpPitch: "Twelve exercises for every brush" };
  await db.digitalSellPage.update({ where: { id: sellPage.id }, data: bump });
  await db.paymentButton.update({ where: { id: sellPage.basicButton.id }, data: bump });

  await page.goto(`/digital-sell/${sellPage.id}`);
  const payment = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await expect(page.getByRole("button", { name: "PayPal" })).toBeVisible();
  const offer = payment.getByRole("checkbox", { name: "Yes, add Brush Workbook for $5.00 (usually $15.00)" });
  await expect(payment.getByText("Twelve exercises for every brush")).toBeVisible();
  await offer.check();

  await page.getByRole("button", { name: "PayPal" }).click();
  const paypalWindow = page.getByRole("dialog", { name: /with PayPal/ });
  await expect(paypalWindow.getByText("$34.99 USD")).toBeVisible();
  await expect(paypalWindow.getByText("Watercolour Brushes - Basic Bundle × 1, $29.99 each")).toBeVisible();
  await expect(paypalWindow.getByText("Brush Workbook × 1, $5.00 each")).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(payment, "status", "Payment successful!")).toBeVisible();

  const sale = await db.transaction.findFirstOrThrow({
    where: { sellPageId: sellPage.id },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  expect(sale.amountMinor).toBe(3499);
  expect(sale.lines.map((line) => [line.origin, line.name, line.amountMinor])).toEqual([
    ["item", "Watercolour Brushes - Basic Bundle", 2999],
    ["bump", "Brush Workbook", 500],
  ]);
});
