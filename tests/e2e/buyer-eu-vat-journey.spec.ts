import { expect } from "@playwright/test";
import { unique } from "../factories/unique";
import { createPlan } from "../support/paypal-sandbox";
import { signInMerchant } from "./helpers";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  embedSnippet,
  expectAccessible,
  payInPayPalWindow,
  paymentMessage,
  startShop,
  test,
} from "./buyer-helpers";

test.afterAll(closeE2eDb);

// EU VAT on digital products end to end: the seller turns it on in Shipping and tax; a consumer on the checkout
// page names Germany, is told 19 % is added, and PayPal's window shows and charges it; a business on the seller's
// own website (the embed) names Austria with a VAT number and pays no VAT; a subscriber in France pays 20 % on each
// payment.

test("an EU consumer pays their country's VAT and an EU business with a VAT number pays none", async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const merchant = await connectedMerchant(browser);
  const font = await buttonFor(merchant, { name: "Display Font", currency: "EUR", amountMinor: 1000 });

  await signInMerchant(page, merchant.account);
  await page.goto("/dashboard/settings/shipping");
  const form = page.getByRole("form", { name: "Shipping zones and tax" });
  await form.getByLabel("Charge EU VAT on digital products").check();
  await form.getByRole("button", { name: "Save shipping and tax" }).click();
  await expect(form.getByText("Shipping and tax saved.")).toBeVisible();

  // A consumer in Germany, on the checkout page.
  const context = await browser.newContext();
  const buyer = await context.newPage();
  await buyer.goto(`/checkout/${font.id}`);
  await buyer.getByRole("button", { name: "PayPal" }).click();
  // No country yet: the order is refused with the reason, nothing is created.
  await expect(paymentMessage(buyer, "alert", "Choose your country: the VAT you pay depends on it.")).toBeVisible();
  await buyer.getByLabel("Your country").selectOption({ label: "Germany" });
  await expect(buyer.getByText("Germany VAT (19 %) is added to the price.")).toBeVisible();
  // PayPal's own button is outside our walls (the sandbox draws a stand-in): axe checks our fields.
  await expectAccessible(buyer, "fieldset");
  await buyer.getByRole("button", { name: "PayPal" }).click();
  const paypal = buyer.getByRole("dialog", { name: /with PayPal/ });
  await expect(paypal.getByText("€11.90 EUR")).toBeVisible();
  await expect(paypal.getByText(/Tax\s*€1\.90/)).toBeVisible();
  await payInPayPalWindow(buyer, "Approve");
  const success = "Payment successful! Thank you for your purchase.";
  await expect(paymentMessage(buyer, "status", success)).toHaveText(success);
  await context.close();
  const db = e2eDb();
  expect(await db.transaction.findFirstOrThrow({ where: { buttonId: font.id } })).toMatchObject({
    amountMinor: 1190,
    taxMinor: 190,
    taxCountry: "DE",
  });

  // A business in Austria, on the seller's own website.
  const shop = await startShop(
    () => `<!doctype html><title>Type foundry</title>${embedSnippet(process.env.E2E_BASE_URL!, font.id)}`,
  );
  try {
    const businessContext = await browser.newContext();
    const business = await businessContext.newPage();
    await business.goto(shop.url);
    await business.getByLabel("Your country").selectOption({ label: "Austria" });
    await expect(business.getByText("Austria VAT (20 %) is added to the price.")).toBeVisible();
    await business.getByLabel("EU VAT number (businesses, optional)").fill("ATU13585627");
    await expect(business.getByText("No VAT is charged: reverse charge")).toBeVisible();
    await business.getByRole("button", { name: "PayPal" }).click();
    const window = business.getByRole("dialog", { name: /with PayPal/ });
    await expect(window.getByText("€10.00 EUR")).toBeVisible();
    await expect(window.getByText(/^Tax/)).toHaveCount(0);
    await payInPayPalWindow(business, "Approve");
    await expect(paymentMessage(business, "status", success)).toHaveText(success);
    await businessContext.close();
  } finally {
    await shop.close();
  }
  const sales = await db.transaction.findMany({ where: { buttonId: font.id }, orderBy: { createdAt: "asc" } });
  expect(sales[1]).toMatchObject({ amountMinor: 1000, taxMinor: 0, taxCountry: "AT", buyerVatId: "ATU13585627" });

  // The seller sees the reverse charge on the payment.
  await page.goto(`/dashboard/payments/${sales[1]!.id}`);
  await expect(
    page.getByText("Reverse charge: VAT to be accounted for by the buyer (VAT number ATU13585627)."),
  ).toBeVisible();

  // A consumer in France subscribes on the checkout page: PayPal adds France's 20 % to every payment.
  const plan = await createPlan(merchant.clientId, { price: "10.00", currency: "EUR" });
  const club = await buttonFor(merchant, {
    name: "Type club",
    currency: "EUR",
    amountMinor: 1000,
    paymentType: "subscription",
    subscriptionPlanId: plan,
  });
  const subscriberContext = await browser.newContext();
  const subscriber = await subscriberContext.newPage();
  await subscriber.goto(`/checkout/${club.id}`);
  await subscriber.getByLabel("Your country").selectOption({ label: "France" });
  await expect(subscriber.getByText("France VAT (20 %) is added to the price.")).toBeVisible();
  await subscriber.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(subscriber, "Approve");
  await expect(paymentMessage(subscriber, "status", success)).toHaveText(success);
  await subscriberContext.close();
  expect(await db.subscription.findFirstOrThrow({ where: { buttonId: club.id } })).toMatchObject({
    taxRatePpm: 200_000,
    taxCountry: "FR",
  });
  expect(await db.transaction.findFirstOrThrow({ where: { buttonId: club.id } })).toMatchObject({
    amountMinor: 1200,
    taxMinor: 200,
    taxCountry: "FR",
  });
});

test("a store page's cart asks an EU buyer's country and PayPal's window adds that country's VAT", async ({
  browser,
  page,
}) => {
  const merchant = await connectedMerchant(browser);
  const db = e2eDb();
  await buttonFor(merchant, { name: "Brush Pack", currency: "EUR", amountMinor: 500, storePosition: 0 });
  await buttonFor(merchant, { name: "Grain Textures", currency: "EUR", amountMinor: 1000, storePosition: 1 });
  const handle = unique("vat-").toLowerCase().slice(0, 30);
  await db.storeSettings.update({
    where: { merchantId: merchant.merchantId },
    data: { storeHandle: handle, storePageEnabled: true, chargesEuVat: true },
  });

  await page.goto(`/s/${handle}`);
  await page.getByRole("button", { name: "Add Brush Pack to cart" }).click();
  await page.getByRole("button", { name: "Add Grain Textures to cart" }).click();
  const cart = page.getByRole("complementary", { name: /Your cart/ });
  await cart.getByLabel("Your country").selectOption({ label: "France" });
  await expect(cart.getByText("France VAT (20 %) is added to the price.")).toBeVisible();
  await expectAccessible(page, "aside fieldset");
  await cart.getByRole("button", { name: "PayPal" }).click();
  const paypal = page.getByRole("dialog", { name: /with PayPal/ });
  // €15.00 of items and 20 % French VAT.
  await expect(paypal.getByText("€18.00 EUR")).toBeVisible();
  await expect(paypal.getByText(/Tax\s*€3\.00/)).toBeVisible();
  await payInPayPalWindow(page, "Approve");
  await expect(cart.getByRole("status").filter({ hasText: "Payment successful!" })).toBeVisible();
  await expect(cart.getByText(/Total paid\s*€18\.00/)).toBeVisible();
  expect(await db.transaction.findFirstOrThrow({ where: { merchantId: merchant.merchantId } })).toMatchObject({
    amountMinor: 1800,
    taxMinor: 300,
    taxCountry: "FR",
  });
});
