import { expect, test } from "@playwright/test";
import { e2eStaff } from "../support/e2e-fixtures";

test("signed-out visitors are sent to the right sign-in page", async ({ page }) => {
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto("/saas-admin/users");
  await expect(page).toHaveURL(/\/saas-admin\/auth$/);
});

test("staff sign in with username and password, see the portal, and cannot open /dashboard", async ({ page }) => {
  const { username, password, name } = e2eStaff.superAdmin;
  await page.goto("/saas-admin/auth");
  await expect(page.getByRole("link", { name: "Merchant Login" })).toHaveAttribute("href", "/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/saas-admin$/);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("shell-user-name")).toHaveText(name);
  await expect(page.getByText("Total Merchants")).toBeVisible();

  await page.goto("/saas-admin/auth");
  await expect(page).toHaveURL(/\/saas-admin$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto("/saas-admin");
  const cookies = await page.context().cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/saas-admin\/auth$/);

  // Sign-out ends the session on the server: the old cookie, presented again, opens nothing.
  const replay = await page.context().browser()!.newContext();
  await replay.addCookies(cookies);
  const replayed = await replay.newPage();
  await replayed.goto("/saas-admin");
  await expect(replayed).toHaveURL(/\/saas-admin\/auth$/);
  await replay.close();
});

test("wrong password and disabled accounts get the spec's messages", async ({ page }) => {
  await page.goto("/saas-admin/auth");
  await page.getByLabel("Username").fill(e2eStaff.superAdmin.username);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid username or password" })).toBeVisible();

  await page.getByLabel("Username").fill(e2eStaff.disabled.username);
  await page.getByLabel("Password", { exact: true }).fill(e2eStaff.disabled.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Account is disabled" })).toBeVisible();
  await expect(page).toHaveURL(/\/saas-admin\/auth$/);
});

test("no credentials are ever shown on the admin sign-in screen", async ({ page }) => {
  await page.goto("/saas-admin/auth");
  const text = await page.locator("body").innerText();
  expect(text).not.toContain(e2eStaff.superAdmin.password);
  expect(text.toLowerCase()).not.toMatch(/default (admin|credentials|password)/);
});
