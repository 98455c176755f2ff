import { expect, type Browser } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import { createPaymentButton } from "../factories/payment-button";
import { setVaulting } from "../support/paypal-sandbox";
import { signInMerchant } from "./helpers";
import {
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  payInPayPalWindow,
  paymentMessage,
  test,
  expectAccessible,
} from "./buyer-helpers";

test.afterAll(closeE2eDb);

// Selling more per buyer: the order bump ticked above PayPal's button (one order, two items) and the one-click
// upsell after the payment (with the seller's PayPal app saving wallets, "Yes" pays with no PayPal window; without,
// PayPal's window opens once for the offer).

/** A connected seller of a $29.99 brush sell page and a $15 brush workbook to offer with it. */
async function brushShop(browser: Browser, options: { vaulting?: boolean } = {}) {
  const merchant = await connectedMerchant(browser);
  if (options.vaulting === false) await setVaulting(merchant.clientId, false);
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
  /** What the sell page's form saves: the page's offers, copied to its bundle's button. */
  const sells = async (data: Record<string, unknown>) => {
    await db.digitalSellPage.update({ where: { id: sellPage.id }, data });
    await db.paymentButton.update({ where: { id: sellPage.basicButton.id }, data });
  };
  return { merchant, db, workbook, sellPage, sells };
}

const upsellOf = (workbookId: string) => ({
  upsellButtonId: workbookId,
  upsellPriceMinor: 900,
  upsellHeadline: "Wait! Add the brush workbook?",
  upsellDeclineText: "No thanks",
});

test("a buyer ticks the order bump on a sell page and pays for both items in one PayPal order", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const { merchant, db, workbook, sellPage, sells } = await brushShop(browser);
  await sells({ bumpButtonId: workbook.id, bumpPriceMinor: 500, bumpPitch: "Twelve exercises for every brush" });
  await page.goto(`/digital-sell/${sellPage.id}`);
  const payment = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await expect(page.getByRole("button", { name: "PayPal" })).toBeVisible();
  const offer = payment.getByRole("checkbox", { name: "Yes, add Brush Workbook for $5.00 (usually $15.00)" });
  await expect(payment.getByText("Twelve exercises for every brush")).toBeVisible();
  // By keyboard, as any control of the buyer's page.
  await offer.focus();
  await page.keyboard.press("Space");
  await expect(offer).toBeChecked();
  await expectAccessible(page, `#popkit-button-${sellPage.basicButton.id}`);

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

  // The seller sees both lines on the payment, and takes back the bump alone.
  const seller = await browser.newContext();
  const dashboard = await seller.newPage();
  await signInMerchant(dashboard, merchant.account);
  await dashboard.goto(`/dashboard/payments/${sale.id}`);
  const items = dashboard.locator("section", { has: dashboard.getByRole("heading", { name: "Items" }) });
  await expect(items.getByRole("listitem")).toHaveCount(2);
  await expect(items.getByRole("listitem").nth(1)).toContainText("Brush WorkbookOrder bump");
  await expectAccessible(dashboard, "main");
  await dashboard.getByRole("button", { name: "Refund" }).click();
  const dialog = dashboard.getByRole("dialog", { name: "Refund payment" });
  await dialog.getByLabel("What to refund").selectOption({ label: "Brush Workbook" });
  await dialog.getByRole("button", { name: "Refund $5.00" }).click();
  await expect(dashboard.getByText("Refunded $5.00.")).toBeVisible();
  await expect(items.getByRole("listitem").nth(1)).toContainText("$5.00 refunded");
  await seller.close();
});

test("a buyer takes the upsell on a sell page with one click, and PayPal's window never opens again", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const { merchant, db, workbook, sellPage, sells } = await brushShop(browser);
  await sells(upsellOf(workbook.id));

  await page.goto(`/digital-sell/${sellPage.id}`);
  const payment = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");

  const offer = page.getByRole("region", { name: "Wait! Add the brush workbook?" });
  await expect(offer.getByText("Brush Workbook for $9.00")).toBeVisible();
  await expect(offer.getByText(/kept only for this offer/)).toBeVisible();
  await expectAccessible(page, "[role=region]");
  await offer.getByRole("button", { name: "Yes, add it" }).focus();
  await page.keyboard.press("Enter");
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
  const { merchant, db, workbook } = await brushShop(browser, { vaulting: false });
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
  await expectAccessible(page, "main");
  await offer.getByRole("button", { name: "Yes, add it" }).click();
  await offer.getByRole("button", { name: "PayPal" }).click();
  await expect(page.getByRole("dialog", { name: /with PayPal/ }).getByText("$9.00 USD")).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(page, "status", "Brush Workbook was added to your purchase.")).toBeVisible();

  const upsell = await db.transaction.findFirstOrThrow({ where: { buttonId: workbook.id }, include: { lines: true } });
  expect(upsell.amountMinor).toBe(900);
  expect(upsell.lines[0]!.origin).toBe("upsell");
});
