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
