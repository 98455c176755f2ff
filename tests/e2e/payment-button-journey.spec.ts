import { expect, test } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { closeE2eDb, nextAlert, payInPayPalWindow, startShop } from "./buyer-helpers";
import { signUpMerchant } from "./helpers";

// Issue 4's whole journey in one go: the merchant builds a button in the dashboard, copies its integration code
// into their own website (another origin), a buyer pays there in the PayPal sandbox, and the merchant's analytics
// and dashboard show that payment.

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.afterAll(closeE2eDb);

test("from the merchant's form to a payment on another website, seen in analytics and on the dashboard", async ({
  page,
  browser,
}) => {
  await signUpMerchant(page);
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
  await expect(page).toHaveURL(/\/dashboard\/pages$/);

  const card = page.getByRole("article", { name: "Journey Pattern Pack" });
  await card.getByRole("button", { name: "Integration code" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Integration Code" });
  await codeDialog.getByRole("button", { name: "Copy Code" }).click();
  await expect(codeDialog.getByRole("button", { name: "Copied!" })).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  await codeDialog.getByRole("button", { name: "Close" }).click();

  const shop = await startShop(
    () =>
      `<!doctype html><html><head><title>Knitting shop</title></head><body><h1>Knitting shop</h1>${snippet}</body></html>`,
  );
  try {
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await buyer.goto(`${shop.url}/patterns`);
    await buyer.getByRole("button", { name: "PayPal" }).click();
    const alert = nextAlert(buyer);
    await payInPayPalWindow(buyer, "Approve");
    expect(await alert).toBe("Payment successful! Thank you for your purchase.");
    await buyerContext.close();
  } finally {
    await shop.close();
  }

  await page.reload();
  await page
    .getByRole("article", { name: "Journey Pattern Pack" })
    .getByRole("button", { name: "View analytics" })
    .click();
  const analytics = page.getByRole("dialog", { name: "Payment Button Analytics" });
  const stat = (label: string) => analytics.getByRole("term").filter({ hasText: label }).locator("..");
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
});
