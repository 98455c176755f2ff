import { expect, test, type Page } from "@playwright/test";
import { pngFile } from "../support/files";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { connectPayPal, signUpMerchant } from "./helpers";
import { closeReadyDialog, deleteFromMenu, menuAction, popCard } from "./pop-helpers";

test.afterAll(closeE2eDb);

const clientId = `e2e-sell-${Date.now().toString(36)}`;

async function upload(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByLabel(label, { exact: true }).setInputFiles(file);
}

test("a merchant validates, previews, creates, edits, toggles and deletes a digital sell page", async ({ page }) => {
  // Longer than most: it also fills and previews the social proof and pricing options.
  test.setTimeout(150_000);
  const account = await signUpMerchant(page);
  await connectPayPal(page, { clientId, withSecret: false });

  await page.goto("/dashboard/pages/create-pop");
  await page
    .getByRole("link", { name: /Digital Sell Page/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/new-digital-sell-page$/);
  await expect(page.getByRole("heading", { name: "New Digital Sell Page" })).toBeVisible();
  for (const section of [
    "Basic Information",
    "Media & Files",
    "Bundle Configuration",
    "Provider Configuration",
    "URLs",
  ]) {
    await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
  }

  // The documented defaults, and the client ID from Store Settings.
  await expect(page.getByLabel("Basic Bundle Name")).toHaveValue("Basic");
  await expect(page.getByLabel("Basic Price")).toHaveValue("29.99");
  await expect(page.getByLabel("Basic Original Price")).toHaveValue("39.99");
  await expect(page.getByLabel("PayPal Client ID")).toHaveValue(clientId);
  await expect(page.getByLabel("Premium Bundle Name")).toHaveCount(0);

  // Every validation message, and Preview Page stays shut while anything is invalid.
  await page.getByLabel("Basic Bundle Name").fill("");
  await page.getByLabel("Basic Price").fill("0");
  await page.getByLabel("Basic Original Price").fill("");
  await page.getByLabel("PayPal Client ID").fill("");
  await page.getByLabel("Enable Premium Bundle").check();
  await page.getByLabel("Premium Bundle Name").fill("");
  await page.getByLabel("Premium Price").fill("-1");
  await page.getByLabel("Premium Original Price").fill("");
  await page.getByRole("button", { name: "Preview Page" }).click();
  for (const message of [
    "Product name is required",
    "Product description is required",
    "PayPal client ID is required",
    "Basic bundle name is required",
    "Basic bundle price must be a positive number",
    "Basic bundle original price must be a positive number",
    "Premium bundle name is required",
    "Premium bundle price must be a positive number",
    "Premium bundle original price must be a positive number",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("dialog", { name: "Live Preview" })).toHaveCount(0);

  // Editing a field clears its error.
  await page.getByLabel("Product Name").fill("Sourdough Handbook");
  await expect(page.getByText("Product name is required")).toHaveCount(0);
  await page.getByLabel("Product Description").fill("Everything about sourdough, from starter to crumb.");
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByLabel("Basic Bundle Name").fill("Starter");
  await page.getByLabel("Basic Price").fill("19.00");
  await page.getByLabel("Basic Original Price").fill("25.00");
  await page.getByLabel("Premium Bundle Name").fill("Baker");
  await page.getByLabel("Premium Price").fill("39.00");
  await page.getByLabel("Premium Original Price").fill("39.00");

  // Feature lines: remove only shows with more than one; empty lines are dropped on save.
  await expect(page.getByRole("button", { name: "Remove Basic feature 1" })).toHaveCount(0);
  await page.getByRole("textbox", { name: "Basic feature 1", exact: true }).fill("80-page PDF");
  await page.getByRole("button", { name: "Add Basic Feature" }).click();
  await page.getByRole("button", { name: "Add Basic Feature" }).click();
  await page.getByRole("textbox", { name: "Basic feature 3", exact: true }).fill("Printable schedule");
  await expect(page.getByRole("button", { name: "Remove Basic feature 1" })).toBeVisible();
  // Three lines, then removing the second (still empty) leaves two; the empty-line rule is checked on save.
  await page.getByRole("button", { name: "Add Basic Feature" }).click();
  await page.getByRole("button", { name: "Remove Basic feature 2" }).click();
  await expect(page.getByRole("textbox", { name: /Basic feature/ })).toHaveCount(3);
  await expect(page.getByRole("textbox", { name: "Basic feature 2", exact: true })).toHaveValue("Printable schedule");
  await page.getByRole("textbox", { name: "Premium feature 1", exact: true }).fill("Video course");

  // An image over 2 MB is refused with the spec's message; the rest of the form stays as it is.
  await upload(page, "Product Image", {
    name: "big.png",
    mimeType: "image/png",
    buffer: pngFile({ totalBytes: 2_097_153 }),
  });
  await expect(page.getByRole("alert").filter({ hasText: "File size must be under 2MB" })).toBeVisible();
  await expect(page.getByLabel("Product Name")).toHaveValue("Sourdough Handbook");
  await upload(page, "Product Image", {
    name: "bread.png",
    mimeType: "image/png",
    buffer: pngFile({ rgb: [200, 150, 90] }),
  });
  await expect(page.getByRole("img", { name: "Product Image preview" })).toBeVisible({ timeout: 20_000 });
  await upload(page, "Merchant Logo", { name: "logo.png", mimeType: "image/png", buffer: pngFile() });
  await expect(page.getByRole("img", { name: "Merchant Logo preview" })).toBeVisible({ timeout: 20_000 });

  // Pay what you want: the minimum cannot exceed the suggested price; stock is a whole number.
  await page.getByLabel("Premium: Pay what you want").check();
  await page.getByLabel("Premium Minimum Price").fill("40");
  await page.getByLabel("Basic Stock Limit").fill("0");
  await page.getByRole("button", { name: "Preview Page" }).click();
  await expect(page.getByText("Premium bundle minimum price cannot be more than its suggested price")).toBeVisible();
  await expect(
    page.getByText("Basic bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited"),
  ).toBeVisible();
  await page.getByLabel("Premium Minimum Price").fill("5");
  await page.getByLabel("Basic Stock Limit").fill("3");

  // Without social proof the preview claims none: no rating, no testimonial, no guarantee.
  await page.getByRole("button", { name: "Preview Page" }).click();
  const preview = page.getByRole("dialog", { name: "Live Preview" });
  await expect(preview.getByRole("heading", { name: "Sourdough Handbook" })).toBeVisible();
  await expect(preview.getByRole("img", { name: "Sourdough Handbook logo" })).toBeVisible();
  await expect(preview.getByText("Secure Payment", { exact: true })).toBeVisible();
  for (const text of ["Lifetime Access", "Instant Download", "/5 from", "Money-Back", "verified buyer"]) {
    await expect(preview.getByText(text)).toHaveCount(0);
  }
  await preview.getByRole("button", { name: "Close" }).click();

  await page.getByLabel("Testimonial", { exact: true }).fill("My first loaf that rose properly.");
  await page.getByLabel("Testimonial Author").fill("Sam R.");
  await page.getByLabel("Average Rating (1-5)").fill("4.5");
  await page.getByRole("button", { name: "Preview Page" }).click();
  await expect(page.getByText("Enter how many ratings the average is from")).toBeVisible();
  await page.getByLabel("Number of Ratings").fill("12");
  await page.getByLabel("Guarantee", { exact: true }).fill("Not happy? Write within 30 days for a full refund.");

  await page.getByRole("button", { name: "Preview Page" }).click();
  await expect(preview.getByText("4.5/5 from 12 ratings")).toBeVisible();
  await expect(preview.getByText("“My first loaf that rose properly.”")).toBeVisible();
  await expect(preview.getByText("— Sam R.")).toBeVisible();
  await expect(preview.getByText("Not happy? Write within 30 days for a full refund.")).toBeVisible();
  await expect(preview.getByText("Choose Your Package")).toBeVisible();
  await expect(preview.getByRole("radio", { name: /Baker Package/ }).getByText("Pay what you want")).toBeVisible();
  await expect(preview.getByText("from $5.00 · suggested $39.00 USD")).toBeVisible();
  await expect(preview.getByRole("radio", { name: /Starter Package/ }).getByText("Only 3 left")).toBeVisible();
  await expect(preview.getByText("MOST POPULAR")).toBeVisible();
  // 19.00 from 25.00 is 24% off; premium at its original price has no badge.
  await expect(preview.getByText("24% OFF")).toBeVisible();
  await expect(preview.getByText(/% OFF/)).toHaveCount(1);
  await expect(preview.getByRole("radio", { name: /Baker Package/ })).toHaveAttribute("aria-checked", "true");
  await expect(preview.getByText("Printable schedule")).toBeVisible();
  await expect(preview.getByRole("button", { name: "Get Baker Package" })).toBeVisible();
  await preview.getByRole("radio", { name: /Starter Package/ }).click();
  await expect(preview.getByRole("button", { name: "Get Starter Package" })).toBeVisible();
  await expect(preview.getByText("Powered by PayPal")).toBeVisible();
  await preview.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Create Digital Sell Page" }).click();
  await expect(page.getByText("Digital sell page created")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/pages\?tab=digital-sell-pages&created=[^&]+$/);
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const saved = await e2eDb().digitalSellPage.findFirstOrThrow({
    where: { merchantId: merchant.id },
    include: { bundleButtons: true, productImage: true },
  });
  expect(saved).toMatchObject({
    name: "Sourdough Handbook",
    basicFeatures: ["80-page PDF", "Printable schedule"],
    premiumFeatures: ["Video course"],
    basicPriceMinor: 1900,
    premiumPriceMinor: 3900,
  });
  expect(saved.bundleButtons.map((button) => button.name).sort()).toEqual([
    "Sourdough Handbook - Baker",
    "Sourdough Handbook - Starter",
  ]);
  expect(saved).toMatchObject({ ratingTenths: 45, ratingCount: 12, testimonialAuthor: "Sam R." });
  const buttonOf = (tier: string) => saved.bundleButtons.find((button) => button.bundleTier === tier);
  expect(buttonOf("premium")).toMatchObject({ payWhatYouWant: true, minimumAmountMinor: 500, stockLimit: null });
  expect(buttonOf("basic")).toMatchObject({ payWhatYouWant: false, stockLimit: 3 });

  // "Your POP is ready": the page's public link and its QR code (a sell page has no embed code).
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  const origin = new URL(page.url()).origin;
  await expect(ready.getByLabel("Public link to 'Sourdough Handbook'")).toHaveValue(
    `${origin}/digital-sell/${saved.id}`,
  );
  await expect(ready.getByRole("img", { name: "QR code of the link to 'Sourdough Handbook'" })).toBeVisible();
  await expect(ready.getByText("Embed code")).toHaveCount(0);
  await closeReadyDialog(page);
  await expect(page).toHaveURL(/\/dashboard\/pages\?tab=digital-sell-pages$/);

  // The list card.
  const card = popCard(page, "Sourdough Handbook");
  await expect(card).toBeVisible();
  await expect(card.getByText("$19.00")).toBeVisible();
  await expect(card.getByText("$39.00")).toBeVisible();
  await expect(card.getByText("Conversion")).toBeVisible();
  // No PayPal secret is saved: the page reads "Setup needed" with the fix, not "Active".
  await expect(card.getByText("Setup needed", { exact: true })).toBeVisible();
  await expect(card.getByText("Add your PayPal secret in Store Settings.")).toBeVisible();
  await expect(await menuAction(page, "Sourdough Handbook", "Open")).toHaveAttribute(
    "href",
    `/digital-sell/${saved.id}`,
  );
  await page.keyboard.press("Escape");
  await (await menuAction(page, "Sourdough Handbook", "Share")).click();
  await expect(page.getByRole("dialog", { name: "Share 'Sourdough Handbook'" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Actions for 'Sourdough Handbook'" })).toBeFocused();

  // Edit: change a price, replace the image, remove the logo.
  await (await menuAction(page, "Sourdough Handbook", "Edit")).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/pages/edit-digital-sell-page/${saved.id}$`));
  await expect(page.getByRole("heading", { name: "Edit Digital Sell Page" })).toBeVisible();
  await expect(page.getByText(saved.id)).toBeVisible();
  await expect(page.getByLabel("Premium Bundle Name")).toHaveValue("Baker");
  await page.getByLabel("Basic Price").fill("17.50");
  const oldImageUrl = await page.getByRole("img", { name: "Product Image preview" }).getAttribute("src");
  await upload(page, "Product Image", { name: "loaf.png", mimeType: "image/png", buffer: pngFile({ width: 16 }) });
  await expect
    .poll(() => page.getByRole("img", { name: "Product Image preview" }).getAttribute("src"), { timeout: 20_000 })
    .not.toBe(oldImageUrl);
  await page.getByRole("button", { name: "Remove" }).nth(1).click();
  await expect(page.getByRole("img", { name: "Merchant Logo preview" })).toHaveCount(0);
  await page.getByRole("button", { name: "Update Digital Sell Page" }).click();
  await expect(page.getByText("Digital sell page saved")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/pages\\?tab=digital-sell-pages&saved=${saved.id}$`));
  await closeReadyDialog(page);
  await expect(card.getByText("$17.50")).toBeVisible();
  const updated = await e2eDb().digitalSellPage.findUniqueOrThrow({ where: { id: saved.id } });
  expect(updated).toMatchObject({ basicPriceMinor: 1750, merchantLogoId: null });
  expect(updated.productImageId).not.toBe(saved.productImageId);
  // The replaced image is gone from storage, not just unlinked.
  expect((await page.request.get(oldImageUrl!)).status()).toBe(404);

  // Toggle: an inactive page is not found by buyers.
  await card.getByRole("switch", { name: "Active: 'Sourdough Handbook'" }).click();
  await expect(card.getByRole("switch", { name: "Active: 'Sourdough Handbook'" })).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await expect(card.getByRole("switch")).toBeFocused();
  await expect(page.getByText("'Sourdough Handbook' is now inactive")).toBeVisible();
  await expect
    .poll(async () => (await e2eDb().digitalSellPage.findUniqueOrThrow({ where: { id: saved.id } })).isActive)
    .toBe(false);
  const buyer = await page.context().newPage();
  await buyer.goto(`/digital-sell/${saved.id}`);
  await expect(buyer.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  await expect(buyer.getByText("The digital sell page you're looking for doesn't exist.")).toBeVisible();
  await buyer.close();

  // Delete, after the confirmation.
  await deleteFromMenu(page, "Sourdough Handbook", "digital sell page");
  await expect(page.getByText("Digital sell page 'Sourdough Handbook' deleted")).toBeVisible();
  await expect(page.getByText("No Digital Sell Pages Yet")).toBeVisible();
  await expect(page.getByText("Create your first digital sell page to start selling digital products.")).toBeVisible();
  expect(await e2eDb().digitalSellPage.count({ where: { merchantId: merchant.id } })).toBe(0);
  expect(await e2eDb().paymentButton.count({ where: { merchantId: merchant.id } })).toBe(0);
});

test("another merchant's or an unknown page cannot be edited", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/pages/edit-digital-sell-page/does-not-exist");
  await expect(page.getByRole("heading", { name: "Error Loading Page" })).toBeVisible();
  await expect(page.getByText("Digital sell page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Pages" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages/);
});
