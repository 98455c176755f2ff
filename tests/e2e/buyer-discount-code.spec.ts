import { expect } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import { closeE2eDb, connectedMerchant, e2eDb, payInPayPalWindow, paymentMessage, test } from "./buyer-helpers";

test.afterAll(closeE2eDb);

// Issue 16: a buyer applies the seller's discount code on a sell page, PayPal is asked for the discounted amount,
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
  await expect(page.getByRole("dialog", { name: /with PayPal/ }).getByText("$26.99")).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  await expect(page).toHaveURL(/\/thank-you\?token=/);

  const sale = await e2eDb().transaction.findFirstOrThrow({ where: { sellPageId: sellPage.id } });
  expect(sale).toMatchObject({
    status: "completed",
    amountMinor: 2699,
    discountCodeText: "SPRING10",
    discountMinor: 300,
  });
  const code = await e2eDb().discountCode.findFirstOrThrow({ where: { merchantId: merchant.merchantId } });
  expect(code.usesCount).toBe(1);
});
