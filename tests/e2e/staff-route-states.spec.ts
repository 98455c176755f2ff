import { expect, test } from "@playwright/test";
import { e2eStaff } from "../support/e2e-fixtures";

test("a portal page that is not found says so inside the staff shell", async ({ page }) => {
  const { username, password, name } = e2eStaff.superAdmin;
  await page.goto("/saas-admin/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/saas-admin$/);

  // A real 404: no loading.tsx above the page starts the response before it calls notFound().
  expect((await page.goto("/saas-admin/merchants/doesnotexist"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByTestId("shell-user-name")).toHaveText(name);
  await page.getByRole("link", { name: "Go to Overview" }).click();
  await expect(page).toHaveURL(/\/saas-admin$/);

  expect((await page.goto("/saas-admin/no-such-page"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
