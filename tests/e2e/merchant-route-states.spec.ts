import { expect, test } from "@playwright/test";
import { signUpMerchant } from "./helpers";

// Addresses nothing answers get the product's own not-found page with status 404, not Next's default one.

test("an unknown address answers 404 with the product's not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Page not found · Popkit");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Popkit home" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute("href", "/dashboard");
});

test("an unknown dashboard address answers 404 for a signed-in merchant", async ({ page }) => {
  await signUpMerchant(page);
  const response = await page.goto("/dashboard/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// A detail address whose id is unknown (or another store's: the same read) answers 404, not a 200
// not-found screen. No loading.tsx above these routes starts the response before the page knows.
test("an unknown id on a dashboard detail page answers 404", async ({ page }) => {
  await signUpMerchant(page);
  const expected = [
    ["/dashboard/payments/no-such-payment", "Page not found"],
    ["/dashboard/customers/nobody%40example.com", "Page not found"],
    ["/dashboard/customers/subscribers/no-such-subscriber", "Page not found"],
    ["/dashboard/pages/edit/no-such-button", "Error Loading Button"],
    ["/dashboard/pages/edit-digital-sell-page/no-such-page", "Error Loading Page"],
    ["/dashboard/pages/edit-wps-button/no-such-button", "Error Loading Button"],
  ] as const;
  for (const [path, heading] of expected) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
});
