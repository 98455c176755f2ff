import { expect } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  payInPayPalWindow,
  paymentMessage,
  test,
} from "./buyer-helpers";
import { signInMerchant } from "./helpers";

test.afterAll(closeE2eDb);

// A buyer applies the seller's discount code on a sell page, PayPal is asked for the discounted amount,
// and the seller sees the code's use.

test("a buyer applies a discount code on a sell page and pays the discounted amount", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const merchant = await connectedMerchant(browser);
  const sellPage = await createSellPage(e2eDb(), merchant.merchantId, {
    name: "Watercolour Brushes",
    paypalClientId: merchant.clientId,
  });
  await e2eDb().discountCode.create({
    data: { merchantId: merchant.merchantId, code: "SPRING10", kind: "percent", percentOff: 10 },
  });

  await page.goto(`/digital-sell/${sellPage.id}`);
  const payment = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await expect(page.getByRole("button", { name: "PayPal" })).toBeVisible();

  // A wrong code is refused beside the button; the right one shows the new total before the buyer pays.
  await payment.getByLabel("Discount code").fill("SPRING99");
  await payment.getByRole("button", { name: "Apply" }).click();
  await expect(paymentMessage(payment, "alert", "This discount code is not valid.")).toBeVisible();
  await payment.getByLabel("Discount code").fill("spring10");
  await payment.getByRole("button", { name: "Apply" }).click();
  await expect(paymentMessage(payment, "status", "SPRING10: −$3.00. Total: $26.99")).toBeVisible();

  await page.getByRole("button", { name: "PayPal" }).click();
  // The PayPal window shows what PayPal was asked to charge.
  const paypalWindow = page.getByRole("dialog", { name: /with PayPal/ });
  await expect(paypalWindow.getByText("$26.99")).toBeVisible();
  // The order carries its item and the discount, so PayPal's window and receipt list them.
  await expect(paypalWindow.getByText("Discount −$3.00")).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  // The factory's page has no file to deliver, so the buyer stays on the page with the confirmation.
  await expect(paymentMessage(payment, "status", "Payment successful!")).toBeVisible();

  const sale = await e2eDb().transaction.findFirstOrThrow({ where: { sellPageId: sellPage.id } });
  expect(sale).toMatchObject({
    status: "completed",
    amountMinor: 2699,
    discountCodeText: "SPRING10",
    discountMinor: 300,
  });
  const code = await e2eDb().discountCode.findFirstOrThrow({ where: { merchantId: merchant.merchantId } });
  expect(code.usesCount).toBe(1);

  // The seller sees the use: on the code, and on the payment.
  const seller = await browser.newContext();
  const dashboard = await seller.newPage();
  await signInMerchant(dashboard, merchant.account);
  await dashboard.goto("/dashboard/discounts");
  const row = dashboard.getByRole("region", { name: "Discount codes" }).getByRole("row", { name: /SPRING10/ });
  await expect(row.getByText("1 order · $3.00 off")).toBeVisible();
  await expect(row.getByText("$26.99")).toBeVisible();
  await dashboard.goto("/dashboard/payments");
  const listed = dashboard.getByRole("region", { name: "Payments" }).getByRole("row", { name: /Watercolour Brushes/ });
  await expect(listed.getByText("SPRING10 · −$3.00")).toBeVisible();
  await seller.close();
});

test("a buyer names their price and a quantity on the checkout page; a sold-out product says so", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const merchant = await connectedMerchant(browser);
  const button = await buttonFor(merchant, {
    name: "Zine bundle",
    amountMinor: 1000,
    payWhatYouWant: true,
    minimumAmountMinor: 500,
    maxQuantity: 3,
  });
  const soldOut = await buttonFor(merchant, { name: "Last print", stockLimit: 1, soldCount: 1 });

  await page.goto(`/checkout/${button.id}`);
  await expect(page.getByText("Suggested price")).toBeVisible();
  const amount = page.getByLabel("Name your price ($5.00 or more)");
  await expect(amount).toHaveValue("10.00");
  await amount.fill("2");
  await page.getByRole("button", { name: "PayPal" }).click();
  // Our server refuses the order before PayPal's window can take the payment.
  await expect(paymentMessage(page, "alert", "The minimum price is $5.00.")).toBeVisible();

  await amount.fill("8");
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "PayPal" }).click();
  const paypalWindow = page.getByRole("dialog", { name: /with PayPal/ });
  await expect(paypalWindow.getByText("$16.00")).toBeVisible();
  await expect(paypalWindow.getByText(/ × 2, \$8\.00 each$/)).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(page, "status", "Payment successful!")).toBeVisible();
  const sale = await e2eDb().transaction.findFirstOrThrow({ where: { buttonId: button.id } });
  expect(sale).toMatchObject({ amountMinor: 1600, quantity: 2, status: "completed" });

  await page.goto(`/checkout/${soldOut.id}`);
  await expect(page.getByText("Sold out")).toBeVisible();
  await expect(page.getByRole("button", { name: "PayPal" })).toHaveCount(0);
});
