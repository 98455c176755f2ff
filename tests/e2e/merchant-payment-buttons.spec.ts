import { expect, test } from "@playwright/test";
import { createPaymentButton } from "../factories/payment-button";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { connectPayPal, copyToClipboard, signUpMerchant } from "./helpers";
import { closeReadyDialog, deleteFromMenu, menuAction, popCard } from "./pop-helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.afterAll(closeE2eDb);

const clientId = `e2e-client-${Date.now().toString(36)}`;

test("a merchant creates, toggles, edits, embeds and deletes a payment button", async ({ page }) => {
  test.setTimeout(120_000);
  await signUpMerchant(page);
  await connectPayPal(page, { clientId, withSecret: false });

  await page.goto("/dashboard/pages");
  await expect(page.getByRole("heading", { name: "Checkout Pages" })).toBeVisible();
  await expect(page.getByText("No Checkout POPs Yet")).toBeVisible();
  await expect(page.getByText("Create your first POP to get started.")).toBeVisible();
  await page.getByRole("tab", { name: /WPS Buttons/ }).click();
  await expect(page.getByText("No WPS Buttons Yet")).toBeVisible();
  await page.getByRole("tab", { name: /Digital Sell Pages/ }).click();
  await expect(page.getByText("No Digital Sell Pages Yet")).toBeVisible();

  await page.getByRole("link", { name: "Create POP" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/create-pop$/);
  for (const tag of ["PayPal Redirect", "Embedded Solution", "Standalone Page"]) {
    await expect(page.getByText(tag, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Need help choosing?" })).toBeVisible();
  await page.getByRole("link", { name: "Create Payment Button" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/new-payment-button$/);

  // Store Settings' client ID is pre-filled; without a saved secret the form says buyers cannot pay yet.
  await expect(page.getByLabel("PayPal Client ID")).toHaveValue(clientId);
  await expect(page.getByLabel("Amount")).toHaveValue("10.00");
  await expect(page.getByText("No PayPal secret is saved in Store Settings yet.")).toBeVisible();
  await expect(page.getByLabel("Subscription Plan ID")).toHaveCount(0);

  await page.getByLabel("PayPal Client ID").fill("");
  await page.getByLabel("Amount").fill("0");
  await page.getByLabel("Payment Type").selectOption("subscription");
  // A subscription's plan is made in PayPal from the price unless the seller has one: then its id is required.
  const plan = page.getByRole("group", { name: "PayPal plan" });
  await expect(plan.getByLabel("Create it in PayPal from this price")).toBeChecked();
  await expect(plan.getByLabel("Billing interval")).toHaveValue("MONTH");
  await expect(plan.getByText("connect PayPal in Store Settings first")).toBeVisible();
  await plan.getByLabel("Use an existing Plan ID").check();
  await expect(plan.getByLabel("Billing interval")).toHaveCount(0);
  await page.getByRole("button", { name: "Save Button" }).click();
  for (const message of [
    "Button name is required",
    "PayPal client ID is required",
    "Amount must be a positive number",
    "Subscription Plan ID is required for subscription payments",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel("Button Name").fill("E2E Course");
  await expect(page.getByText("Button name is required")).toHaveCount(0);

  await page.getByLabel("Currency").selectOption("JPY");
  await page.getByLabel("Amount").fill("12.5");
  await page.getByLabel("Payment Type").selectOption("one-time");
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByRole("button", { name: "Save Button" }).click();
  await expect(page.getByText("JPY amounts must be whole numbers")).toBeVisible();

  await page.getByRole("button", { name: "Preview Button" }).click();
  await expect(page.getByText("Preview will be available after the button is created.")).toBeVisible();

  await page.getByLabel("Currency").selectOption("USD");
  await page.getByLabel("Amount").fill("25.50");
  await page.getByLabel("Description").fill("Six video lessons");
  await page.getByLabel("Color").selectOption("blue");
  await page.getByLabel("Label").selectOption("buynow");
  await expect(page.getByRole("img", { name: /Button preview: PayPal Buy Now, blue/ })).toBeVisible();
  await page.getByRole("button", { name: "Save Button" }).click();

  // Saved: a toast, then the pages list with "Your POP is ready": its link, a QR code and the embed code.
  await expect(page.getByText("Payment button created")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/pages\?created=[^&]+$/);
  const buttonId = decodeURIComponent(new URL(page.url()).searchParams.get("created")!);
  const origin = new URL(page.url()).origin;
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  await expect(ready.getByLabel("Public link to 'E2E Course'")).toHaveValue(`${origin}/checkout/${buttonId}`);
  await expect(ready.getByRole("img", { name: "QR code of the link to 'E2E Course'" })).toBeVisible();
  await expect(ready.getByLabel("Embed code for 'E2E Course'")).toContainText(
    `<div id="popkit-button-${buttonId}"></div>`,
  );
  // No secret is saved yet: the dialog says buyers cannot pay and where to fix it.
  await expect(ready.getByText("Add your PayPal secret in Store Settings.")).toBeVisible();
  const link = await copyToClipboard(page, () =>
    ready.getByRole("button", { name: "Copy link to 'E2E Course'" }).click(),
  );
  expect(link).toBe(`${origin}/checkout/${buttonId}`);
  await closeReadyDialog(page);
  // Focus went back to the new button's card, not to the page's body.
  await expect(page.getByRole("button", { name: "Actions for 'E2E Course'" })).toBeFocused();

  const card = popCard(page, "E2E Course");
  await expect(card).toBeVisible();
  await expect(card.getByText("$25.50")).toBeVisible();
  await expect(card.getByText("One-time")).toBeVisible();
  await expect(card.getByText("Six video lessons")).toBeVisible();
  await expect(page.getByRole("tab", { name: /Payment Buttons\s*1/ })).toBeVisible();
  // Switched on, but buyers cannot pay without the secret: the badge says so, with the fix.
  await expect(card.getByText("Setup needed", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: "Open Store Settings" })).toHaveAttribute("href", "/dashboard/settings");
  await expect(await menuAction(page, "E2E Course", "Test")).toHaveAttribute("href", `/test/${buttonId}`);
  await expect(page.getByRole("menuitem", { name: "Open 'E2E Course' page" })).toHaveAttribute("target", "_blank");
  await page.keyboard.press("Escape");

  // Copy link on the card.
  const cardLink = await copyToClipboard(page, () =>
    card.getByRole("button", { name: "Copy link to 'E2E Course'" }).click(),
  );
  expect(cardLink).toBe(`${origin}/checkout/${buttonId}`);

  // Toggle off (at once, with a toast), survive a reload, toggle back on.
  const toggle = card.getByRole("switch", { name: "Active: 'E2E Course'" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("'E2E Course' is now inactive")).toBeVisible();
  await expect(toggle).toBeFocused();
  await expect
    .poll(async () => (await e2eDb().paymentButton.findUniqueOrThrow({ where: { id: buttonId } })).isActive)
    .toBe(false);
  await page.reload();
  await expect(popCard(page, "E2E Course").getByRole("switch")).toHaveAttribute("aria-checked", "false");
  await popCard(page, "E2E Course").getByRole("switch").click();
  await expect(popCard(page, "E2E Course").getByRole("switch")).toHaveAttribute("aria-checked", "true");

  // Edit.
  await (await menuAction(page, "E2E Course", "Edit")).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/pages/edit/${buttonId}$`));
  await expect(page.getByText("Button ID")).toBeVisible();
  await expect(page.getByText(buttonId, { exact: true })).toBeVisible();
  await expect(page.getByText("Last updated")).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("25.50");
  await expect(page.getByLabel("Color")).toHaveValue("blue");
  // On edit, the preview embeds the saved button's test page.
  await page.getByRole("button", { name: "Preview Button" }).click();
  const preview = page.getByRole("dialog", { name: "Button Preview" });
  await expect(preview.locator("iframe[title='Payment button preview']")).toHaveAttribute("src", `/test/${buttonId}`);
  await preview.getByRole("button", { name: "Close" }).click();
  await expect(preview).toBeHidden();
  await page.getByLabel("Button Name").fill("E2E Masterclass");
  await page.getByRole("button", { name: "Save Button" }).click();
  await expect(page.getByText("Payment button saved")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/pages\\?saved=${buttonId}$`));
  await expect(page.getByRole("dialog", { name: "Your POP is ready" })).toContainText(
    "Your changes to 'E2E Masterclass' are saved",
  );
  await closeReadyDialog(page);
  const edited = popCard(page, "E2E Masterclass");
  await expect(edited).toBeVisible();

  // Integration code: copy, see 'Copied!' for two seconds, and the clipboard holds the snippet.
  await (await menuAction(page, "E2E Masterclass", "Code")).click();
  const codeDialog = page.getByRole("dialog", { name: "Integration Code" });
  await expect(codeDialog).toBeVisible();
  const snippet = codeDialog.getByLabel("Quick integration code");
  await expect(snippet).toContainText(`<div id="popkit-button-${buttonId}"></div>`);
  await expect(snippet).toContainText(`/api/button/${buttonId}.js" async></script>`);
  await expect(codeDialog.getByText(buttonId, { exact: true })).toBeVisible();
  const copied = await copyToClipboard(page, () => codeDialog.getByRole("button", { name: "Copy Code" }).click());
  expect(copied).toContain(`<div id="popkit-button-${buttonId}"></div>`);
  expect(copied).toContain(`/api/button/${buttonId}.js`);
  await expect(codeDialog.getByRole("button", { name: "Copy Code" })).toBeVisible({ timeout: 4000 });
  await codeDialog.getByRole("tab", { name: "Full HTML Example" }).click();
  await expect(codeDialog.getByLabel("Full HTML example code")).toContainText("<!DOCTYPE html>");
  await expect(codeDialog.getByRole("link", { name: "Open Test Page" })).toHaveAttribute("href", `/test/${buttonId}`);
  await codeDialog.getByRole("button", { name: "Close" }).click();
  await expect(codeDialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Actions for 'E2E Masterclass'" })).toBeFocused();

  // Analytics opens for this button.
  await (await menuAction(page, "E2E Masterclass", "Analytics")).click();
  const analytics = page.getByRole("dialog", { name: "Payment Button Analytics" });
  await expect(analytics).toBeVisible();
  await expect(analytics.getByText("E2E Masterclass")).toBeVisible();
  await expect(analytics.getByText("No transactions yet")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(analytics).toHaveCount(0);

  // Delete with the spec's confirmation, naming the button.
  await deleteFromMenu(page, "E2E Masterclass", "payment button");
  await expect(page.getByText("Payment button 'E2E Masterclass' deleted")).toBeVisible();
  await expect(page.getByText("No Checkout POPs Yet")).toBeVisible();
  await expect(page.getByRole("tab", { name: /Payment Buttons\s*0/ })).toBeVisible();
  // The card is gone, so focus goes to the empty list's next step.
  await expect(page.getByRole("link", { name: "Create POP" }).last()).toBeFocused();
});

test("a subscription's PayPal plan is made from the button's price, and a new price makes a new plan", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpMerchant(page);
  await connectPayPal(page, { clientId: `${clientId}-plans` });

  await page.goto("/dashboard/pages/new-payment-button");
  await page.getByLabel("Button Name").fill("Yoga club");
  await page.getByLabel("Amount").fill("9.99");
  await page.getByLabel("Payment Type").selectOption("subscription");
  await page.getByLabel("Billing interval").selectOption("YEAR");
  await expect(
    page.getByText("Saving creates a product and a plan at this price in your PayPal account."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save Button" }).click();
  await expect(page.getByText("Payment button created")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/pages\?created=[^&]+$/);
  const buttonId = decodeURIComponent(new URL(page.url()).searchParams.get("created")!);
  const created = await e2eDb().paymentButton.findUniqueOrThrow({ where: { id: buttonId } });
  expect(created).toMatchObject({ planIntervalUnit: "YEAR", planIntervalCount: 1 });
  expect(created.subscriptionPlanId).toMatch(/^P-/);

  // On edit the plan is kept while the price stays; a new price says what happens to current subscribers.
  await page.goto(`/dashboard/pages/edit/${buttonId}`);
  await expect(page.getByLabel("Create it in PayPal from this price")).toBeChecked();
  await expect(page.getByLabel("Billing interval")).toHaveValue("YEAR");
  await expect(page.getByText(`Keeps its PayPal plan (${created.subscriptionPlanId}).`)).toBeVisible();
  await page.getByLabel("Amount").fill("12");
  await expect(page.getByText("Current subscribers keep their plan and price")).toBeVisible();
  await page.getByRole("button", { name: "Save Button" }).click();
  await expect(page.getByText("Payment button saved")).toBeVisible();
  const edited = await e2eDb().paymentButton.findUniqueOrThrow({ where: { id: buttonId } });
  expect(edited).toMatchObject({ amountMinor: 1200, planIntervalUnit: "YEAR" });
  expect(edited.subscriptionPlanId).toMatch(/^P-/);
  expect(edited.subscriptionPlanId).not.toBe(created.subscriptionPlanId);
});

test("the pages list searches, filters and keeps its tab in the URL, and fits a phone", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await signUpMerchant(page);
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const filterClientId = await connectPayPal(page, { clientId: `${clientId}-filters` });
  const button = (overrides: Parameters<typeof createPaymentButton>[2]) =>
    createPaymentButton(e2eDb(), merchant.id, { paypalClientId: filterClientId, ...overrides });
  await button({ name: "Knitting course", description: "Ten lessons" });
  await button({ name: "Pattern pack", description: "A course companion", isActive: false });
  await button({ name: "Yarn guide", description: "PDF", paypalClientId: "an-old-client-id" });

  await page.goto("/dashboard/pages");
  await expect(page.getByRole("heading", { name: "3 payment buttons" })).toBeVisible();
  await expect(popCard(page, "Knitting course").getByText("Active", { exact: true })).toBeVisible();
  await expect(popCard(page, "Pattern pack").getByText("Inactive", { exact: true })).toBeVisible();
  const yarn = popCard(page, "Yarn guide");
  await expect(yarn.getByText("Setup needed", { exact: true })).toBeVisible();
  await expect(yarn.getByText("Its PayPal client ID is not the one in Store Settings.")).toBeVisible();
  await expect(yarn.getByRole("link", { name: "Edit this POP" })).toHaveAttribute("href", /\/dashboard\/pages\/edit\//);

  // Search matches names and descriptions, in the URL.
  await page.getByRole("searchbox", { name: "Search" }).fill("course");
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(page).toHaveURL(/[?&]q=course/);
  await expect(page.getByRole("heading", { name: "2 of 3 payment buttons match" })).toBeVisible();
  await expect(popCard(page, "Yarn guide")).toHaveCount(0);

  await page.getByLabel("Status").selectOption("inactive");
  await expect(page).toHaveURL(/status=inactive/);
  await expect(page.getByRole("heading", { name: "1 of 3 payment buttons match" })).toBeVisible();
  await expect(popCard(page, "Pattern pack")).toBeVisible();
  await page.reload();
  await expect(popCard(page, "Pattern pack")).toBeVisible();
  await expect(popCard(page, "Knitting course")).toHaveCount(0);

  await page.goto("/dashboard/pages?status=setup");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(popCard(page, "Yarn guide")).toBeVisible();
  await page.getByLabel("Status").selectOption("active");
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(popCard(page, "Knitting course")).toBeVisible();
  await page.goto("/dashboard/pages?q=nothing-like-this");
  await expect(page.getByRole("heading", { name: "No matches" })).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByRole("article")).toHaveCount(3);

  // The open tab lives in the URL.
  await page.getByRole("tab", { name: /Digital Sell Pages/ }).click();
  await expect(page).toHaveURL(/tab=digital-sell-pages/);
  await page.reload();
  await expect(page.getByRole("tab", { name: /Digital Sell Pages/ })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: /Payment Buttons/ }).click();
  await expect(page).not.toHaveURL(/tab=/);

  // At 390 px the tabs wrap and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/pages");
  await expect(page.getByRole("tab", { name: /WPS Buttons/ })).toBeInViewport();
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
});

test("an unknown button id shows 'Error Loading Button'", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/pages/edit/no-such-button");
  await expect(page.getByRole("heading", { name: "Error Loading Button" })).toBeVisible();
  await expect(page.getByText("Payment button not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Pages" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages$/);
});
