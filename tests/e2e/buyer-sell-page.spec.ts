import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { createMerchant } from "../factories/merchant";
import { createSellPage } from "../factories/sell-page";
import { pngFile } from "../support/files";
import {
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  expectNotFoundPage,
  payInPayPalWindow,
  paymentMessage,
  refuseDialogs,
  test,
} from "./buyer-helpers";
import { connectPayPal, signUpMerchant } from "./helpers";
import { closeReadyDialog, menuAction } from "./pop-helpers";

test.afterAll(closeE2eDb);

// Small files: the journey needs real uploads, not large ones. The limits at exact bytes are checked through the
// same upload path in tests/integration/vendors/upload-limits.test.ts, and the form's own check in
// src/lib/file-types.test.ts.
/** A real PDF header and random bytes, so the download can be compared byte for byte. */
const product = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(4096)]);

test("a merchant publishes a sell page, a buyer pays for a package and downloads the file", async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);

  // The merchant, connected to the PayPal sandbox.
  const account = await signUpMerchant(page);
  await connectPayPal(page);

  // Creates the page with an image, a logo and a file; each preview waits for the storage's callback to the app.
  await page.goto("/dashboard/pages/new-digital-sell-page");
  await page.getByLabel("Product Name").fill("Ultimate Knitting Guide");
  await page.getByLabel("Product Description").fill("Patterns, techniques and fixes for every knitter.");
  await page.getByLabel("Product Image", { exact: true }).setInputFiles({
    name: "cover.png",
    mimeType: "image/png",
    buffer: pngFile({ rgb: [180, 60, 90] }),
  });
  await expect(page.getByRole("img", { name: "Product Image preview" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Merchant Logo", { exact: true }).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: pngFile(),
  });
  await expect(page.getByRole("img", { name: "Merchant Logo preview" })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel("Downloadable File", { exact: true }).setInputFiles({
    name: "knitting-guide.pdf",
    mimeType: "application/pdf",
    buffer: product,
  });
  await expect(page.getByText("knitting-guide.pdf")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("textbox", { name: "Basic feature 1", exact: true }).fill("120 patterns");
  await page.getByLabel("Enable Premium Bundle").check();
  await page.getByRole("textbox", { name: "Premium feature 1", exact: true }).fill("Video lessons");

  await page.getByRole("button", { name: "Preview Page" }).click();
  const preview = page.getByRole("dialog", { name: "Live Preview" });
  await expect(preview.getByRole("heading", { name: "Ultimate Knitting Guide" })).toBeVisible();
  await expect(preview.getByRole("button", { name: "Get Premium Package" })).toBeVisible();
  await preview.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Create Digital Sell Page" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\?tab=digital-sell-pages&created=[^&]+$/);
  await closeReadyDialog(page);
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const sellPage = await e2eDb().digitalSellPage.findFirstOrThrow({ where: { merchantId: merchant.id } });
  // The store as buyers will see it (Store Settings' own journey is merchant-settings-*).
  const supportEmail = `help-${merchant.id}@knitco.example`;
  await e2eDb().storeSettings.update({
    where: { merchantId: merchant.id },
    data: { storeName: "Knit Co", supportEmail, websiteUrl: "https://knitco.example/shop" },
  });

  // The buyer: premium preselected and marked, discounts, struck-through originals, then switches to Basic.
  const buyerContext = await browser.newContext();
  const noDialogs = refuseDialogs(buyerContext);
  const buyer = await buyerContext.newPage();
  await buyer.goto(`/digital-sell/${sellPage.id}`);
  await expect(buyer.getByRole("heading", { level: 1, name: "Ultimate Knitting Guide" })).toBeVisible();
  await expect(buyer.getByRole("img", { name: "Ultimate Knitting Guide logo" })).toBeVisible();
  await expect(buyer.getByRole("img", { name: "Ultimate Knitting Guide", exact: true })).toBeVisible();
  // Both images arrive resized as WebP from /api/images, and decode.
  for (const name of ["Ultimate Knitting Guide logo", "Ultimate Knitting Guide"]) {
    const image = buyer.getByRole("img", { name, exact: true });
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
    expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toContain("/api/images/");
  }
  const premium = buyer.getByRole("radio", { name: /Premium Package/ });
  const basic = buyer.getByRole("radio", { name: /Basic Package/ });
  await expect(premium).toHaveAttribute("aria-checked", "true");
  await expect(premium.getByText("MOST POPULAR")).toBeVisible();
  await expect(premium.getByText("29% OFF")).toBeVisible();
  await expect(premium.locator("s")).toHaveText(/\$69\.99/);
  await expect(basic.getByText("25% OFF")).toBeVisible();
  await expect(basic.getByText("120 patterns")).toBeVisible();
  // Only true claims, and no social proof the seller did not give.
  const claims = buyer.getByRole("list", { name: "What you get" });
  await expect(claims.getByRole("listitem")).toHaveText([
    "Instant Download",
    "Secure Payment",
    "Re-download from your library",
  ]);
  for (const invented of ["Lifetime Access", "SSL Secured", "Money-Back", "from happy customers", "verified buyer"]) {
    await expect(buyer.getByText(invented)).toHaveCount(0);
  }
  await expect(buyer.getByText(/\/5 from/)).toHaveCount(0);
  await expect(buyer.getByRole("blockquote")).toHaveCount(0);
  // The store: its name under the logo and in the "Sold by" footer, with its support e-mail and a safe link.
  await expect(buyer.getByText("Sold by Knit Co")).toBeVisible();
  await expect(buyer.getByRole("link", { name: supportEmail })).toHaveAttribute("href", `mailto:${supportEmail}`);
  const website = buyer.getByRole("link", { name: "knitco.example/shop (opens in a new tab)" });
  await expect(website).toHaveAttribute("href", "https://knitco.example/shop");
  await expect(website).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(website).toHaveAttribute("target", "_blank");
  await expect(buyer.getByText("Get Premium Package: $49.99")).toBeVisible();
  await expect(buyer.getByRole("button", { name: "PayPal" })).toBeVisible();

  await basic.click();
  await expect(basic).toHaveAttribute("aria-checked", "true");
  await expect(buyer.getByText("Get Basic Package: $29.99")).toBeVisible();
  await buyer.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(buyer, "Approve");

  // /thank-you: the purchase, the countdown, then the file downloads by itself, byte for byte.
  await expect(buyer).toHaveURL(/\/thank-you\?token=/);
  await expect(buyer.getByRole("heading", { name: "Thank You for Your Purchase!" })).toBeVisible();
  await expect(buyer.getByText("Ultimate Knitting Guide")).toBeVisible();
  await expect(buyer.getByText("$29.99")).toBeVisible();
  await expect(buyer.getByText(/Your download will start automatically in \d+ seconds?/)).toBeVisible();
  await expect(buyer.getByRole("button", { name: "Download Now" })).toBeVisible();
  const download = await buyer.waitForEvent("download", { timeout: 20_000 });
  expect(download.suggestedFilename()).toBe("knitting-guide.pdf");
  expect((await readFile((await download.path())!)).equals(product)).toBe(true);
  await expect(buyer.getByRole("button", { name: "Download Again" })).toBeVisible();
  await expect(buyer.getByText("Sold by Knit Co")).toBeVisible();
  await expect(buyer.getByRole("link", { name: supportEmail })).toHaveAttribute("href", `mailto:${supportEmail}`);

  const sale = await e2eDb().transaction.findFirstOrThrow({ where: { sellPageId: sellPage.id } });
  expect(sale).toMatchObject({ status: "completed", amountMinor: 2999, bundleTier: "basic" });

  // Another browser, without the grant, is turned away.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto("/thank-you");
  await expect(stranger.getByRole("heading", { name: "Invalid Access" })).toBeVisible();
  await expect(stranger.getByText("This page can only be accessed after a successful purchase.")).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await strangerContext.close();
  noDialogs();
  await buyerContext.close();

  // The merchant sees the sale on the card and in the analytics dialog.
  await page.reload();
  const card = page.getByRole("article", { name: "Ultimate Knitting Guide" });
  // The list loads after the reload; on a busy machine that can take a while.
  await expect(card.getByText("$29.99", { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText("Sales")).toBeVisible();
  // The buyer's browser counted one page view, and bought once.
  await expect(card.getByText("100.0%")).toBeVisible();
  await (await menuAction(page, "Ultimate Knitting Guide", "Analytics")).click();
  const analytics = page.getByRole("dialog", { name: "Digital Sell Page Analytics" });
  await expect(analytics.getByText("Page: Ultimate Knitting Guide")).toBeVisible();
  await expect(analytics.getByRole("tab", { name: "30 Days" })).toHaveAttribute("aria-selected", "true");
  const basicCard = analytics.getByRole("region", { name: "Basic Bundle" });
  await expect(basicCard.getByText("$29.99").first()).toBeVisible();
  await expect(analytics.getByRole("region", { name: "Premium Bundle" })).toBeVisible();
  await expect(analytics.getByText("100%")).toBeVisible();
  await expect(analytics.getByText("1 page view · Conversion 100.0%")).toBeVisible();
  const row = analytics.getByRole("row").filter({ hasText: sale.paypalTransactionId! });
  await expect(row.getByText("Basic")).toBeVisible();
  await expect(row.getByText("Completed")).toBeVisible();
});

test("a sell page shows the seller's own proof, pay what you want and stock, and sold-out bundles", async ({
  page,
}) => {
  const db = e2eDb();
  const merchant = await createMerchant(db);
  await db.storeSettings.create({ data: { merchantId: merchant.id, storeName: "Yarn Barn" } });
  const sellPage = await createSellPage(db, merchant.id, {
    name: "Colourwork Course",
    premiumEnabled: true,
    premiumName: "Premium",
    premiumPriceMinor: 4999,
    premiumOriginalPriceMinor: 6999,
    testimonialQuote: "The charts finally made sense to me.",
    testimonialAuthor: "Jo P.",
    ratingTenths: 45,
    ratingCount: 12,
    guarantee: "Not for you? Write within 14 days for a full refund.",
  });
  // The bundles' buttons carry the pricing options, as the sell-page service copies them: basic is pay what you
  // want with 2 of 10 left, premium has sold all 4.
  await db.paymentButton.update({
    where: { id: sellPage.basicButton.id },
    data: { payWhatYouWant: true, minimumAmountMinor: 500, stockLimit: 10, soldCount: 8 },
  });
  await db.paymentButton.update({ where: { id: sellPage.premiumButton!.id }, data: { stockLimit: 4, soldCount: 4 } });

  await page.goto(`/digital-sell/${sellPage.id}`);
  await expect(page.getByText("4.5/5 from 12 ratings")).toBeVisible();
  await expect(page.getByText("“The charts finally made sense to me.”")).toBeVisible();
  await expect(page.getByText("— Jo P.")).toBeVisible();
  await expect(page.getByText("Not for you? Write within 14 days for a full refund.")).toBeVisible();
  // No file to deliver: no download claims. No support e-mail entered: none shown, not the account's.
  await expect(page.getByText("Instant Download")).toHaveCount(0);
  await expect(page.getByText("Re-download from your library")).toHaveCount(0);
  await expect(page.getByText("Sold by Yarn Barn")).toBeVisible();
  await expect(page.getByRole("link", { name: /@/ })).toHaveCount(0);

  // Premium is sold out, so basic is preselected; premium's area says so and has no payment button.
  const basic = page.getByRole("radio", { name: /Basic Package/ });
  const premium = page.getByRole("radio", { name: /Premium Package/ });
  await expect(basic).toHaveAttribute("aria-checked", "true");
  await expect(basic).toHaveAccessibleName(
    "Basic Package, pay what you want, from $5.00 (suggested $29.99), Only 2 left",
  );
  await expect(basic.getByText("Pay what you want")).toBeVisible();
  await expect(basic.getByText("from $5.00 · suggested $29.99 USD")).toBeVisible();
  await expect(basic.getByText("Only 2 left")).toBeVisible();
  await expect(basic.getByText(/% OFF/)).toHaveCount(0);
  await expect(page.getByText("Get Basic Package: pay what you want, from $5.00")).toBeVisible();
  await expect(premium.getByText("Sold out")).toBeVisible();
  await premium.click();
  await expect(page.getByText("Premium Package: Sold out")).toBeVisible();
  await expect(page.locator(`#popkit-button-${sellPage.premiumButton!.id}`)).toHaveCount(0);
});

test("a failed payment on a sell page is shown beside its button, never in a dialog", async ({ browser, page }) => {
  // Signs a merchant up through the real forms first.
  test.setTimeout(120_000);
  const merchant = await connectedMerchant(browser);
  const sellPage = await createSellPage(e2eDb(), merchant.merchantId, { paypalClientId: merchant.clientId });
  await page.goto(`/digital-sell/${sellPage.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve", "capture-declined");
  const error = "An error occurred during payment. Please try again.";
  const container = page.locator(`#popkit-button-${sellPage.basicButton.id}`);
  await expect(paymentMessage(container, "alert", error)).toHaveText(error);
  await expect(page).toHaveURL(new RegExp(`/digital-sell/${sellPage.id}$`));
});

test("an unknown sell page is not found, with status 404", async ({ page }) => {
  await expectNotFoundPage(page, "/digital-sell/does-not-exist", {
    heading: "Page Not Found",
    text: "The digital sell page you're looking for doesn't exist.",
  });
});
