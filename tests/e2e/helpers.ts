import { expect, type Page } from "@playwright/test";

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Signs up a new merchant through the real form and waits for the dashboard. */
export async function signUpMerchant(page: Page, options: { name?: string; email?: string; password?: string } = {}) {
  const account = {
    name: options.name ?? "E2E Merchant",
    email: options.email ?? uniqueEmail(),
    password: options.password ?? "e2e-password",
  };
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Signs an existing merchant in on /auth and waits for the dashboard. */
export async function signInMerchant(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs a staff member in on the admin sign-in page and waits for the portal's overview. */
export async function signInStaff(page: Page, account: { username: string; password: string }) {
  await page.goto("/saas-admin/auth");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/saas-admin$/);
}
