import { expect, test } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { closeE2eDb, payInPayPalWindow, paymentMessage, refuseDialogs, startShop } from "./buyer-helpers";
import { copyToClipboard, signUpMerchantThroughForm } from "./helpers";
import { menuAction, popCard } from "./pop-helpers";

// The payment button's whole journey in one go: the merchant builds a button in the dashboard, copies its integration code
// into their own website (another origin), a buyer pays there in the PayPal sandbox, and the merchant's analytics
// and dashboard show that payment.

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.afterAll(closeE2eDb);

// @smoke: CI runs this journey on the embedded default too (the whole browser layer runs on PostgreSQL).
test("from the merchant's form to a payment on another website, seen in analytics and on the dashboard @smoke", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signUpMerchantThroughForm(page);
  const clientId = `e2e-journey-${Date.now().toString(36)}`;
  await page.goto("/dashboard/settings");
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByLabel("PayPal Secret", { exact: true }).fill(sandboxSecretFor(clientId));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  await page.goto("/dashboard/pages/new-payment-button");
  await page.getByLabel("Button Name").fill("Journey Pattern Pack");
  await page.getByLabel("Amount").fill("12.00");
  await page.getByRole("button", { name: "Save Button" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\?created=/);

  // The embed code, straight from "Your POP is ready"; the store is connected, so no setup is needed.
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  await expect(ready.getByText("Buyers cannot pay yet.")).toHaveCount(0);
  const snippet = await copyToClipboard(page, () =>
    ready.getByRole("button", { name: "Copy code for 'Journey Pattern Pack'" }).click(),
  );
  expect(snippet).toContain("/api/button/");
  await ready.getByRole("button", { name: "Done" }).click();
  await expect(popCard(page, "Journey Pattern Pack").getByText("Active", { exact: true })).toBeVisible();

  const shop = await startShop(
    () =>
      `<!doctype html><html><head><title>Knitting shop</title></head><body><h1>Knitting shop</h1>${snippet}</body></html>`,
  );
  try {
    const buyerContext = await browser.newContext();
    const noDialogs = refuseDialogs(buyerContext);
    const buyer = await buyerContext.newPage();
    await buyer.goto(`${shop.url}/patterns`);
    await buyer.getByRole("button", { name: "PayPal" }).click();
    await payInPayPalWindow(buyer, "Approve");
    const success = "Payment successful! Thank you for your purchase.";
    await expect(paymentMessage(buyer, "status", success)).toHaveText(success);
    noDialogs();
    await buyerContext.close();
  } finally {
    await shop.close();
  }

  await page.reload();
  await (await menuAction(page, "Journey Pattern Pack", "Analytics")).click();
  const analytics = page.getByRole("dialog", { name: "Payment Button Analytics" });
  const stat = (label: string) => analytics.getByRole("listitem").filter({ hasText: label });
  await expect(stat("Total Transactions")).toContainText("1");
  await expect(stat("Total Revenue")).toContainText("$12.00");
  await expect(analytics.getByRole("progressbar", { name: "Success Rate" })).toHaveAttribute("aria-valuenow", "100");
  await expect(analytics.getByRole("row").filter({ hasText: "Completed" })).toContainText("$12.00");
  await page.keyboard.press("Escape");

  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toContainText("$12.00");
  const conversion = page.getByRole("region", { name: "Conversion rate" });
  await expect(conversion).toContainText("100.0%");
  await expect(conversion).toContainText("1 paid of 1 checkouts started");
  const top = page.getByRole("listitem").filter({ hasText: "Journey Pattern Pack" });
  await expect(top).toContainText("1 sale");
  await expect(top).toContainText("$12.00");

  await page.goto("/dashboard/payments");
  await expect(page.getByRole("row").filter({ hasText: "Journey Pattern Pack" })).toContainText("$12.00");
});
