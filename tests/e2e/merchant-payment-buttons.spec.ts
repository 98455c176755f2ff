import { expect, test, type Page } from "@playwright/test";
import { signUpMerchant } from "./helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const clientId = `e2e-client-${Date.now().toString(36)}`;

async function saveStoreClientId(page: Page) {
  await page.goto("/dashboard/settings");
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

test("a merchant creates, toggles, edits, embeds and deletes a payment button", async ({ page }) => {
  await signUpMerchant(page);
  await saveStoreClientId(page);

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

  await expect(page).toHaveURL(/\/dashboard\/pages$/);
  const card = page.getByRole("article", { name: "E2E Course" });
  await expect(card).toBeVisible();
  await expect(card.getByText("$25.50")).toBeVisible();
  await expect(card.getByText("One-time")).toBeVisible();
  await expect(card.getByText("Six video lessons")).toBeVisible();
  await expect(page.getByRole("tab", { name: /Payment Buttons\s*1/ })).toBeVisible();
  await expect(card.getByRole("link", { name: "Open Test Page" })).toHaveAttribute("target", "_blank");

  // Toggle off, survive a reload, toggle back on.
  const toggle = card.getByRole("switch", { name: "Active" });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(card.getByText("Inactive", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article", { name: "E2E Course" }).getByRole("switch")).toHaveAttribute(
    "aria-checked",
    "false",
  );
  await page.getByRole("article", { name: "E2E Course" }).getByRole("switch").click();
  await expect(page.getByRole("article", { name: "E2E Course" }).getByRole("switch")).toHaveAttribute(
    "aria-checked",
    "true",
  );

  // Edit.
  await page.getByRole("article", { name: "E2E Course" }).getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/edit\/[^/]+$/);
  const buttonId = decodeURIComponent(page.url().split("/").pop()!);
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
  await expect(page).toHaveURL(/\/dashboard\/pages$/);
  const edited = page.getByRole("article", { name: "E2E Masterclass" });
  await expect(edited).toBeVisible();

  // Integration code: copy, see 'Copied!' for two seconds, and the clipboard holds the snippet.
  await edited.getByRole("button", { name: "Integration code" }).click();
  const codeDialog = page.getByRole("dialog", { name: "Integration Code" });
  await expect(codeDialog).toBeVisible();
  const snippet = codeDialog.getByLabel("Quick integration code");
  await expect(snippet).toContainText(`<div id="popkit-button-${buttonId}"></div>`);
  await expect(snippet).toContainText(`/api/button/${buttonId}.js" async></script>`);
  await expect(codeDialog.getByText(buttonId, { exact: true })).toBeVisible();
  await codeDialog.getByRole("button", { name: "Copy Code" }).click();
  await expect(codeDialog.getByRole("button", { name: "Copied!" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`<div id="popkit-button-${buttonId}"></div>`);
  expect(copied).toContain(`/api/button/${buttonId}.js`);
  await expect(codeDialog.getByRole("button", { name: "Copy Code" })).toBeVisible({ timeout: 4000 });
  await codeDialog.getByRole("tab", { name: "Full HTML Example" }).click();
  await expect(codeDialog.getByLabel("Full HTML example code")).toContainText("<!DOCTYPE html>");
  await expect(codeDialog.getByRole("link", { name: "Open Test Page" })).toHaveAttribute("href", `/test/${buttonId}`);
  await codeDialog.getByRole("button", { name: "Close" }).click();
  await expect(codeDialog).toHaveCount(0);

  // Analytics opens for this button.
  await edited.getByRole("button", { name: "View analytics" }).click();
  const analytics = page.getByRole("dialog", { name: "Payment Button Analytics" });
  await expect(analytics).toBeVisible();
  await expect(analytics.getByText("E2E Masterclass")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(analytics).toHaveCount(0);

  // Delete with the spec's confirmation.
  await edited.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete payment button" });
  await expect(
    confirm.getByText("Are you sure you want to delete this payment button? This action cannot be undone."),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No Checkout POPs Yet")).toBeVisible();
  await expect(page.getByRole("tab", { name: /Payment Buttons\s*0/ })).toBeVisible();
});

test("an unknown button id shows 'Error Loading Button'", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/pages/edit/no-such-button");
  await expect(page.getByRole("heading", { name: "Error Loading Button" })).toBeVisible();
  await expect(page.getByText("Payment button not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Pages" }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages$/);
});
