import { expect, type Page } from "@playwright/test";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  embedSnippet,
  payInPayPalWindow,
  paymentMessage,
  startShop,
  test,
} from "./buyer-helpers";
import { createPlan } from "../support/paypal-sandbox";

// A merchant's own website (another origin) embeds a payment button with the integration snippet; the buyer pays
// in the PayPal sandbox and our server records what PayPal reports. Outcomes appear inside the button's own
// container, styled inline; `test` fails on any native dialog.

let merchant: Awaited<ReturnType<typeof connectedMerchant>>;
let shop: Awaited<ReturnType<typeof startShop>>;
/** Button id per shop path, so every test embeds its own button on the same shop. */
const pages = new Map<string, string>();

test.beforeAll(async ({ browser }) => {
  merchant = await connectedMerchant(browser);
  const appUrl = process.env.E2E_BASE_URL!;
  shop = await startShop((path) => {
    const buttonId = pages.get(path);
    if (!buttonId) return `<!doctype html><title>Shop</title><h1>Shop page ${path}</h1>`;
    // The host page has its own window.paypal: the embed must leave it alone.
    return `<!doctype html><html><head><title>Knitting shop</title><script>window.paypal = "host page";</script></head>
<body><h1>Knitting shop</h1><p>Our best pattern pack.</p>
${embedSnippet(appUrl, buttonId)}
</body></html>`;
  });
});

test.afterAll(async () => {
  await shop?.close();
  await closeE2eDb();
});

async function shopPageFor(buttonId: string) {
  const path = `/product-${buttonId}`;
  pages.set(path, buttonId);
  return `${shop.url}${path}`;
}

/** The loader's message inside the embedded button's container, never elsewhere on the merchant's page. */
function messageIn(page: Page, buttonId: string, role: "status" | "alert", text: string) {
  return paymentMessage(page.locator(`#popkit-button-${buttonId}`), role, text);
}

const SUCCESS = "Payment successful! Thank you for your purchase.";
const PAYMENT_ERROR = "An error occurred during payment. Please try again.";

test("a buyer pays through a button embedded on another website", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Pattern Pack", amountMinor: 1500 });
  await page.goto(await shopPageFor(button.id));

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve", "alex");
  const message = messageIn(page, button.id, "status", SUCCESS);
  await expect(message).toHaveText(SUCCESS);
  // Styled inline on our own element: no stylesheet reaches the host page.
  expect(await message.getAttribute("style")).toContain("border-radius");
  expect(await page.evaluate(() => document.styleSheets.length)).toBe(0);

  expect(await page.evaluate(() => (window as unknown as { paypal: unknown }).paypal)).toBe("host page");
  const transactions = await e2eDb().transaction.findMany({ where: { buttonId: button.id } });
  expect(transactions).toMatchObject([
    { amountMinor: 1500, currency: "USD", status: "completed", payerEmail: "alex.buyer@buyer.example.com" },
  ]);
});

test("a declined card lets the buyer try again, and a declined payment shows the error", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Decline test" });
  await page.goto(await shopPageFor(button.id));

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve", "declined-card");
  // PayPal's window opens again for the same order: the buyer picks another instrument.
  await payInPayPalWindow(page, "Approve", "alex");
  await expect(messageIn(page, button.id, "status", SUCCESS)).toHaveText(SUCCESS);

  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Decline");
  await expect(messageIn(page, button.id, "alert", PAYMENT_ERROR)).toHaveText(PAYMENT_ERROR);
  // The new attempt cleared the last one's success message.
  await expect(messageIn(page, button.id, "status", SUCCESS)).toHaveCount(0);
  expect(await e2eDb().transaction.count({ where: { buttonId: button.id } })).toBe(1);
});

test("cancel goes to the button's cancel URL and success to its success URL", async ({ page }) => {
  const button = await buttonFor(merchant, {
    name: "Redirects",
    successUrl: `${shop.url}/thank-you`,
    cancelUrl: `${shop.url}/cart`,
  });
  const product = await shopPageFor(button.id);
  await page.goto(product);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Cancel");
  await expect(page).toHaveURL(`${shop.url}/cart`);
  expect(await e2eDb().transaction.count({ where: { buttonId: button.id } })).toBe(0);

  await page.goto(product);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  await expect(page).toHaveURL(`${shop.url}/thank-you`);
  expect(await e2eDb().transaction.count({ where: { buttonId: button.id, status: "completed" } })).toBe(1);
});

test("a buyer subscribes through an embedded subscription button", async ({ page }) => {
  const plan = await createPlan(merchant.clientId, { price: "9.00" });
  const button = await buttonFor(merchant, {
    name: "Pattern Club",
    paymentType: "subscription",
    subscriptionPlanId: plan,
    amountMinor: 900,
    styleLabel: "subscribe",
  });
  await page.goto(await shopPageFor(button.id));
  await page.getByRole("button", { name: "PayPal Subscribe" }).click();
  await payInPayPalWindow(page, "Approve");
  await expect(messageIn(page, button.id, "status", SUCCESS)).toHaveText(SUCCESS);

  await expect
    .poll(() => e2eDb().subscription.findFirst({ where: { buttonId: button.id } }))
    .toMatchObject({ planId: plan, status: "active", amountMinor: 900, intervalUnit: "MONTH" });
});

test("an inactive button tells the buyer it is not available", async ({ page }) => {
  const button = await buttonFor(merchant, { name: "Switched off", isActive: false });
  await page.goto(await shopPageFor(button.id));
  const unavailable = "This button is not currently available";
  await expect(messageIn(page, button.id, "status", unavailable)).toHaveText(unavailable);
  await expect(page.getByRole("button", { name: "PayPal" })).toHaveCount(0);
});
