import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { e2eStaff } from "../support/e2e-fixtures";
import { signInStaff, signUpMerchant } from "./helpers";

async function staffPage(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInStaff(page, { username, password });
  await page.goto("/saas-admin/users");
  await expect(page.getByRole("heading", { name: "SaaS Users" })).toBeVisible();
  return page;
}

/** A user's row in the SaaS Users table. */
function userRow(page: Page, username: string) {
  return page.getByRole("row").filter({ hasText: `@${username}` });
}

/** Opens a user's row menu and picks `action` ("Edit", "Reset password of", "Delete"). */
async function rowAction(page: Page, username: string, action: string) {
  await page.getByRole("button", { name: `Actions for '${username}'` }).click();
  await page.getByRole("menuitem", { name: `${action} '${username}'` }).click();
}

function roleOptions(page: Page) {
  return page.getByRole("dialog").getByLabel("Role").locator("option").allTextContents();
}

async function fillNewUser(page: Page, user: { username: string; email: string; password: string; name: string }) {
  const dialog = page.getByRole("dialog", { name: "Create New SaaS User" });
  await dialog.getByLabel("Username").fill(user.username);
  // Labels of required fields end with "*"; anchored patterns keep "Name" from matching "Username".
  await dialog.getByLabel(/^Name/).fill(user.name);
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByLabel(/^Password/).fill(user.password);
  return dialog;
}

function newUser(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}_${id}`,
    email: `${prefix}-${id}@staff.example.test`,
    password: `${prefix}-password-${id}`,
    name: `E2E ${prefix} ${id}`,
  };
}

test("role rules through the UI: super_admin adds an admin, the admin adds an operator, the operator only reads", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = newUser("admin");
  const operator = newUser("oper");

  // The super admin sees every role, the form's messages and defaults, and creates an admin.
  const boss = await staffPage(browser, e2eStaff.superAdmin.username, e2eStaff.superAdmin.password);
  await boss.getByRole("button", { name: "Add User" }).click();
  const createDialog = boss.getByRole("dialog", { name: "Create New SaaS User" });
  await expect(createDialog).toBeVisible();
  expect(await roleOptions(boss)).toEqual(["Operator", "Admin", "Super admin"]);
  await expect(createDialog.getByLabel("Role")).toHaveValue("operator");
  await expect(createDialog.getByLabel("Active")).toBeChecked();
  await createDialog.getByRole("button", { name: "Create User" }).click();
  for (const message of ["Username is required", "Name is required", "Email is required", "Password is required"]) {
    await expect(createDialog.getByText(message, { exact: true })).toBeVisible();
  }
  await fillNewUser(boss, { ...admin, username: "ab", password: "short" });
  await createDialog.getByLabel("Email").fill("not-an-email");
  await createDialog.getByRole("button", { name: "Create User" }).click();
  await expect(createDialog.getByText("Username must be at least 3 characters")).toBeVisible();
  await expect(createDialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(createDialog.getByText("Password must be at least 8 characters")).toBeVisible();

  // A taken username is a message under the field, not a failure.
  await fillNewUser(boss, { ...admin, username: e2eStaff.superAdmin.username });
  await createDialog.getByLabel("Role").selectOption("admin");
  await createDialog.getByRole("button", { name: "Create User" }).click();
  await expect(createDialog.getByText("Username is already taken").first()).toBeVisible();

  await createDialog.getByLabel("Username").fill(admin.username);
  await createDialog.getByRole("button", { name: "Create User" }).click();
  await expect(createDialog).toBeHidden();
  await expect(boss.getByText(`User @${admin.username} created.`)).toBeVisible();
  const adminRow = userRow(boss, admin.username);
  await expect(adminRow).toContainText("Admin");
  await expect(adminRow).toContainText(admin.email);

  // The admin sees only operator, creates one, and cannot touch the super admin.
  const adminPage = await staffPage(browser, admin.username, admin.password);
  await adminPage.getByRole("button", { name: "Add User" }).click();
  expect(await roleOptions(adminPage)).toEqual(["Operator"]);
  const adminDialog = await fillNewUser(adminPage, operator);
  await adminDialog.getByRole("button", { name: "Create User" }).click();
  await expect(adminDialog).toBeHidden();
  await expect(userRow(adminPage, operator.username)).toContainText("Operator");
  await expect(adminPage.getByRole("button", { name: `Actions for '${operator.username}'` })).toBeVisible();
  await expect(userRow(adminPage, e2eStaff.superAdmin.username)).toBeVisible();
  await expect(adminPage.getByRole("button", { name: `Actions for '${e2eStaff.superAdmin.username}'` })).toHaveCount(0);

  // The admin edits its operator: the role list offers operator only.
  await rowAction(adminPage, operator.username, "Edit");
  const editDialog = adminPage.getByRole("dialog", { name: "Edit SaaS User" });
  expect(await editDialog.getByLabel("Role").locator("option").allTextContents()).toEqual(["Operator"]);
  await editDialog.getByLabel("Description").fill("Handles support tickets");
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(editDialog).toBeHidden();
  await expect(adminPage.getByText(`User @${operator.username} saved.`)).toBeVisible();
  // Focus goes back to the row's menu button, not to the page.
  await expect(adminPage.getByRole("button", { name: `Actions for '${operator.username}'` })).toBeFocused();

  // The operator reads only: no Add User, no row actions.
  const operatorPage = await staffPage(browser, operator.username, operator.password);
  await expect(userRow(operatorPage, operator.username)).toBeVisible();
  await expect(operatorPage.getByRole("button", { name: "Add User" })).toHaveCount(0);
  await expect(operatorPage.getByRole("button", { name: /^Actions for / })).toHaveCount(0);

  // The super admin disables the operator, who then gets 'Account is disabled'.
  await boss.reload();
  await rowAction(boss, operator.username, "Edit");
  const bossEdit = boss.getByRole("dialog", { name: "Edit SaaS User" });
  await bossEdit.getByLabel("Active").uncheck();
  await bossEdit.getByRole("button", { name: "Save Changes" }).click();
  await expect(bossEdit).toBeHidden();
  await expect(userRow(boss, operator.username)).toContainText("Inactive");

  // Disabling ends the member's sessions on the server: the open tab is signed out at once, no redirect loop.
  await operatorPage.reload();
  await expect(operatorPage).toHaveURL(/\/saas-admin\/auth$/);
  await expect(operatorPage.getByRole("button", { name: "Sign In" })).toBeVisible();
  await operatorPage.context().close();

  const signInPage = await (await browser.newContext()).newPage();
  await signInPage.goto("/saas-admin/auth");
  await signInPage.getByLabel("Username").fill(operator.username);
  await signInPage.getByLabel("Password", { exact: true }).fill(operator.password);
  await signInPage.getByRole("button", { name: "Sign In" }).click();
  await expect(signInPage.getByRole("alert").filter({ hasText: "Account is disabled" })).toBeVisible();
  await expect(signInPage).toHaveURL(/\/saas-admin\/auth$/);

  // Nobody can disable themself; the audit log records all of the above.
  await rowAction(boss, e2eStaff.superAdmin.username, "Edit");
  const selfEdit = boss.getByRole("dialog", { name: "Edit SaaS User" });
  await selfEdit.getByLabel("Active").uncheck();
  await selfEdit.getByRole("button", { name: "Save Changes" }).click();
  await expect(selfEdit.getByRole("alert").filter({ hasText: "You cannot disable your own account" })).toHaveCount(2);
  await selfEdit.getByRole("button", { name: "Cancel" }).click();

  await boss.getByRole("link", { name: "Audit Log" }).click();
  await expect(boss.getByRole("heading", { name: "Audit Log" })).toBeVisible();
  await expect(
    boss
      .getByRole("row")
      .filter({ hasText: `@${operator.username}` })
      .first(),
  ).toContainText("Disabled user");
  await expect(adminPage.getByRole("link", { name: "Audit Log" })).toHaveCount(0);
  await adminPage.context().close();

  // Delete with a confirmation that names the user; the search finds the user first.
  await boss.goto("/saas-admin/users");
  await boss.getByRole("searchbox", { name: "Search users" }).fill(operator.username);
  await boss.getByRole("searchbox", { name: "Search users" }).press("Enter");
  await expect(boss).toHaveURL(new RegExp(`search=${operator.username}`));
  await expect(boss.getByRole("row")).toHaveCount(2);
  await rowAction(boss, operator.username, "Delete");
  const confirm = boss.getByRole("alertdialog", { name: `Delete '${operator.username}'?` });
  await expect(confirm).toContainText("This action cannot be undone.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete User" }).click();
  await expect(confirm).toBeHidden();
  await expect(boss.getByText(`User @${operator.username} deleted.`)).toBeVisible();
  await expect(userRow(boss, operator.username)).toHaveCount(0);
  await expect(boss.getByText("No users match your search")).toBeVisible();
  await boss.context().close();
});

test("merchants and transactions pages render, and the CSV export downloads", async ({ browser }) => {
  test.setTimeout(90_000);
  const merchantContext = await browser.newContext();
  const merchant = await signUpMerchant(await merchantContext.newPage(), { name: "E2E Staff View Shop" });
  await merchantContext.close();

  const page = await staffPage(browser, e2eStaff.superAdmin.username, e2eStaff.superAdmin.password);
  await page.getByRole("link", { name: "Merchants" }).click();
  await expect(page.getByRole("heading", { name: "Merchants" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search merchants" }).fill(merchant.email);
  await page.getByRole("button", { name: "Search merchants: search" }).click();
  const row = page.getByRole("row").filter({ hasText: merchant.email });
  await expect(row).toContainText("E2E Staff View Shop");
  await expect(row).toContainText("N/A");
  await expect(row).toContainText("Active");
  await row.getByRole("link", { name: "E2E Staff View Shop" }).click();
  await expect(page.getByRole("heading", { name: "E2E Staff View Shop" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Payment Buttons (0)" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "WPS Buttons (0)" }).click();
  await expect(page).toHaveURL(/tab=wps_buttons/);
  await expect(page.getByText("No wps buttons yet")).toBeVisible();

  await page.getByRole("link", { name: "View transactions" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Transactions" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Merchant" })).not.toHaveValue("");
  await expect(page.getByText("No transactions match these filters")).toBeVisible();

  // A date range that ends before it starts is explained, not sent.
  await page.goto("/saas-admin/transactions?from=2030-01-02&to=2030-01-01");
  await expect(page.getByText("The end date must be on or after the start date")).toBeVisible();

  await page.goto("/saas-admin/transactions?status=completed");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^popkit-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    '"Date (UTC)","Transaction ID","PayPal reference","Source","Merchant","Merchant email","POP","POP type",' +
      '"Payer name","Payer email","Amount","Currency","Status"',
  );

  // The export checks the staff session on the server: a signed-out request gets nothing.
  const anonymous = await browser.newContext();
  const response = await anonymous.request.get("/api/admin/transactions/export");
  expect(response.status()).toBe(401);
  await anonymous.close();

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue(e2eStaff.superAdmin.name);
  await page.context().close();
});
