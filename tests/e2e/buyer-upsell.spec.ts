import { expect } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import { createPaymentButton } from "../factories/payment-button";
import { setVaulting } from "../support/paypal-sandbox";
import { closeE2eDb, connectedMerchant, e2eDb, payInPayPalWindow, paymentMessage, test } from "./buyer-helpers";

test.afterAll(closeE2eDb);

// The one-click upsell after a payment: with the seller's PayPal app saving wallets, "Yes" pays with no PayPal
// window; without, PayPal's window opens once for the offer.

const upsellOf = (workbookId: string) => ({
  upsellButtonId: workbookId,
  upsellPriceMinor: 900,
  upsellHeadline: "Wait! Add the brush workbook?",
  upsellDeclineText: "No thanks",
});

test("a buyer takes the upsell on a sell page with one click, and PayPal's window never opens again", async ({
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
  await db.digitalSellPage.update({ where: { id: sellPage.id }, data: upsellOf(workbook.id) });
  await db.paymentButton.update({ where: { id: sellPage.basicButton.id }, data: upsellOf(workbook.id) });

  await page.goto(`/digital-sell/${sellPage.id}`);
  const payment = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");

  const offer = page.getByRole("region", { name: "Wait! Add the brush workbook?" });
  await expect(offer.getByText("Brush Workbook for $9.00")).toBeVisible();
  await expect(offer.getByText(/kept only for this offer/)).toBeVisible();
  await offer.getByRole("button", { name: "Yes, add it" }).click();
  await expect(paymentMessage(payment, "status", "Brush Workbook was added to your purchase.")).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: /with PayPal/ })).toHaveCount(0);

  const payments = await db.transaction.findMany({
    where: { merchantId: merchant.merchantId },
    include: { lines: true },
    orderBy: { createdAt: "asc" },
  });
  expect(payments.map((row) => [row.amountMinor, row.lines[0]!.origin])).toEqual([
    [2999, "item"],
    [900, "upsell"],
  ]);
});

test("without saved wallets the upsell opens PayPal's window once, on the checkout page", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const merchant = await connectedMerchant(browser);
  await setVaulting(merchant.clientId, false);
  const db = e2eDb();
  const workbook = await createPaymentButton(db, merchant.merchantId, {
    name: "Brush Workbook",
    amountMinor: 1500,
    paypalClientId: merchant.clientId,
  });
  const course = await createPaymentButton(db, merchant.merchantId, {
    name: "Brush Course",
    amountMinor: 2000,
    paypalClientId: merchant.clientId,
    ...upsellOf(workbook.id),
  });

  await page.goto(`/checkout/${course.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  const offer = page.getByRole("region", { name: "Wait! Add the brush workbook?" });
  await expect(offer.getByText(/kept only for this offer/)).toHaveCount(0);
  await offer.getByRole("button", { name: "Yes, add it" }).click();
  await offer.getByRole("button", { name: "PayPal" }).click();
  await expect(page.getByRole("dialog", { name: /with PayPal/ }).getByText("$9.00 USD")).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(page, "status", "Brush Workbook was added to your purchase.")).toBeVisible();

  const upsell = await db.transaction.findFirstOrThrow({ where: { buttonId: workbook.id }, include: { lines: true } });
  expect(upsell.amountMinor).toBe(900);
  expect(upsell.lines[0]!.origin).toBe("upsell");
});
