import { expect } from "@playwright/test";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  expectNotFoundPage,
  payInPayPalWindow,
  paymentMessage,
  test,
} from "./buyer-helpers";

// Buyers on our own pages: /checkout/{id} (the public checkout page) and /test/{id} (the embed, as on a
// merchant's site). Every outcome is a message in the page; `test` fails on any native dialog.

let merchant: Awaited<ReturnType<typeof connectedMerchant>>;

test.beforeAll(async ({ browser }) => {
  merchant = await connectedMerchant(browser);
});
test.afterAll(closeE2eDb);

test("a buyer pays on the checkout page", async ({ page }) => {
  const button = await buttonFor(merchant, {
    name: "Sock Pattern",
    description: "Toe-up socks in three sizes.",
    amountMinor: 1250,
    currency: "EUR",
  });
  await page.goto(`/checkout/${button.id}`);
  await expect(page.getByRole("heading", { name: "Sock Pattern" })).toBeVisible();
  await expect(page.getByText("Toe-up socks in three sizes.")).toBeVisible();
  await expect(page.getByText("€12.50")).toBeVisible();

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  const success = "Payment successful! Thank you for your purchase.";
  await expect(paymentMessage(page, "status", success)).toHaveText(success);
  await expect
    .poll(() => e2eDb().transaction.findFirst({ where: { buttonId: button.id } }))
    .toMatchObject({ amountMinor: 1250, currency: "EUR", status: "completed" });
});

test("a pending capture is accepted and a declined capture shows the payment error", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Outcomes" });
  await page.goto(`/checkout/${button.id}`);

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve", "pending");
  const pending = paymentMessage(page, "status", "PayPal is reviewing your payment");
  await expect(pending).toBeVisible();

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve", "capture-declined");
  const error = "An error occurred during payment. Please try again.";
  await expect(paymentMessage(page, "alert", error)).toHaveText(error);
  // The new attempt replaced the pending notice.
  await expect(pending).toHaveCount(0);

  const statuses = await e2eDb().transaction.findMany({ where: { buttonId: button.id }, select: { status: true } });
  expect(statuses.map((row) => row.status).sort()).toEqual(["failed", "pending"]);
});

test("unknown and inactive products are not for sale, with status 404", async ({ page }) => {
  await expectNotFoundPage(page, "/checkout/doesnotexist", {
    heading: "Product Not Found",
    text: "This product does not exist or is no longer available.",
  });
  // The seller's test page of an unknown button too.
  expect((await page.goto("/test/doesnotexist"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
  const inactive = await buttonFor(merchant, { isActive: false });
  expect((await page.goto(`/checkout/${inactive.id}`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
});

test("a seller without PayPal credentials cannot take payments yet", async ({ page }) => {
  const seller = await createMerchant(e2eDb());
  const button = await createPaymentButton(e2eDb(), seller.id, { name: "Not ready" });
  await page.goto(`/checkout/${button.id}`);
  await expect(page.getByText("This seller cannot take payments yet.")).toBeVisible();
  await page.goto(`/test/${button.id}`);
  await expect(page.getByText("This seller cannot take payments yet.")).toBeVisible();
});

test("the test page embeds the button with the integration snippet", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Embedded Pack", amountMinor: 800 });
  await page.goto(`/test/${button.id}`);
  await expect(page).toHaveTitle(`Test page: Embedded Pack`);
  await expect(page.locator(`script[src$="/api/button/${button.id}.js"]`)).toHaveCount(1);

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  const success = "Payment successful! Thank you for your purchase.";
  await expect(paymentMessage(page.locator(`#popkit-button-${button.id}`), "status", success)).toHaveText(success);
  await expect.poll(() => e2eDb().transaction.count({ where: { buttonId: button.id, status: "completed" } })).toBe(1);
});

// Buyer pages work from whatever address served them (a second domain, 127.0.0.1 vs localhost): the e2e app's
// APP_URL names http://127.0.0.1:{port} and the same server answers at http://localhost:{port}, another origin for
// the browser. Opened there, the page's scripts and calls must still reach the server.

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
