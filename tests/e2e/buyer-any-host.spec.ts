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

// Buyer pages work from whatever address served them (a second domain, 127.0.0.1 vs localhost): the e2e app's APP_URL names
// http://127.0.0.1:{port} (tests/support/e2e-global-setup.ts), and the same server answers at
// http://localhost:{port}, a different origin for the browser. Opened there, each page must still take a payment:
// its scripts and calls reach the server although the page's origin is not APP_URL's.

let merchant: Awaited<ReturnType<typeof connectedMerchant>>;

test.beforeAll(async ({ browser }) => {
  merchant = await connectedMerchant(browser);
});
test.afterAll(closeE2eDb);

/** `path` on the app at its other name: localhost for 127.0.0.1 (the e2e default), and the other way round. */
function atOtherHost(path: string): string {
  const url = new URL(path, process.env.E2E_BASE_URL);
  url.hostname = url.hostname === "localhost" ? "127.0.0.1" : "localhost";
  return url.href;
}

const SUCCESS = "Payment successful! Thank you for your purchase.";

test("a buyer pays on the test page opened at another address than APP_URL", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Any Host Embed", amountMinor: 700 });
  await page.goto(atOtherHost(`/test/${button.id}`));
  await expect(page).toHaveTitle("Test page: Any Host Embed");

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(page.locator(`#popkit-button-${button.id}`), "status", SUCCESS)).toHaveText(SUCCESS);
  await expect
    .poll(() => e2eDb().transaction.findFirst({ where: { buttonId: button.id } }))
    .toMatchObject({ amountMinor: 700, status: "completed" });
});

test("a buyer pays on the checkout page opened at another address than APP_URL", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Any Host Checkout", amountMinor: 900 });
  await page.goto(atOtherHost(`/checkout/${button.id}`));
  await expect(page.getByRole("heading", { name: "Any Host Checkout" })).toBeVisible();

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(page, "status", SUCCESS)).toHaveText(SUCCESS);
  await expect
    .poll(() => e2eDb().transaction.findFirst({ where: { buttonId: button.id } }))
    .toMatchObject({ amountMinor: 900, status: "completed" });
});

test("a buyer pays on a digital sell page opened at another address than APP_URL", async ({ page }) => {
  // No file to deliver: the bundle's button says the payment succeeded instead of going on to /thank-you.
  const sellPage = await createSellPage(e2eDb(), merchant.merchantId, { paypalClientId: merchant.clientId });
  await page.goto(atOtherHost(`/digital-sell/${sellPage.id}`));

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  const container = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await expect(paymentMessage(container, "status", SUCCESS)).toHaveText(SUCCESS);
  await expect
    .poll(() => e2eDb().transaction.findFirst({ where: { sellPageId: sellPage.id } }))
    .toMatchObject({ amountMinor: 2999, status: "completed", bundleTier: "basic" });
});
