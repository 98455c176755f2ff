// Staff can act: a merchant's detail page with its POPs and payments, Suspend / Resume for
// super_admin and admin, read-only for operators, and what buyers see while a merchant is suspended.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createMerchant } from "../factories/merchant";
import { createSaasUser } from "../factories/saas-user";
import { createTransaction } from "../factories/transaction";
import { e2eStaff } from "../support/e2e-fixtures";
import { buttonFor, closeE2eDb, connectedMerchant, e2eDb } from "./buyer-helpers";
import { signInStaff } from "./helpers";

const SUSPENDED_MESSAGE = "This seller is not accepting payments right now.";

test.afterAll(closeE2eDb);

async function staffPage(browser: Browser, account: { username: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInStaff(page, account);
  return page;
}

/**
 * A seller with a payment button and one payment. Only the suspend journey needs buyers to reach PayPal, so only it
 * connects the seller through Store Settings; the others write the rows directly.
 */
async function sellerWithButton(browser: Browser, name: string, options: { isConnected: boolean }) {
  const seller = options.isConnected
    ? await connectedMerchant(browser)
    : { merchantId: (await createMerchant(e2eDb(), { name })).id, clientId: "not-connected" };
  await e2eDb().merchant.update({ where: { id: seller.merchantId }, data: { name } });
  const button = await buttonFor(seller, { name: `${name} Button`, amountMinor: 1500 });
  await createTransaction(e2eDb(), seller.merchantId, {
    buttonId: button.id,
    amountMinor: 1500,
    payerName: "Robin Buyer",
    payerEmail: "robin@buyer.example.test",
  });
  return { ...seller, button };
}

function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text);
}

test("a super admin suspends a merchant, buyers are turned away, and resuming brings the button back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const name = `Mossy Yarn Co ${Date.now().toString(36)}`;
  const seller = await sellerWithButton(browser, name, { isConnected: true });
  const buyer = await (await browser.newContext()).newPage();
  await buyer.goto(`/checkout/${seller.button.id}`);
  await expect(buyer.getByRole("button", { name: "PayPal" })).toBeVisible();

  const staff = await staffPage(browser, e2eStaff.superAdmin);
  // From the list: search, then the row opens the merchant.
  await staff.goto("/saas-admin/merchants");
  await staff.getByRole("searchbox", { name: "Search merchants" }).fill(name);
  await staff.getByRole("searchbox", { name: "Search merchants" }).press("Enter");
  await staff.getByRole("row").filter({ hasText: name }).getByRole("cell").nth(1).click();
  await expect(staff).toHaveURL(new RegExp(`/saas-admin/merchants/${seller.merchantId}$`));
  await expect(staff.getByRole("heading", { level: 1, name })).toBeVisible();

  // Its POPs with their status, and its payments.
  const pops = staff.getByRole("region", { name: "Payment Buttons" });
  await expect(pops.getByRole("row").filter({ hasText: `${name} Button` })).toContainText("Active");
  const payments = staff.getByRole("region", { name: `Payments of ${name}` });
  await expect(payments.getByRole("row").filter({ hasText: "Robin Buyer" })).toContainText("$15.00");

  // Suspend asks first, naming the merchant and saying what it does and does not do.
  const suspend = staff.getByRole("button", { name: "Suspend", exact: true });
  await suspend.click();
  const confirm = staff.getByRole("alertdialog", { name: `Suspend '${name}'?` });
  await expect(confirm).toContainText("Buyers will not be able to pay");
  await expect(confirm).toContainText("Nothing is deleted");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(suspend).toBeFocused();

  await suspend.click();
  await confirm.getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(toast(staff, `'${name}' is suspended. Buyers cannot pay until you resume it.`)).toBeVisible();
  await expect(staff.getByText("Suspended", { exact: true }).first()).toBeVisible();
  await expect(staff.getByText(`by @${e2eStaff.superAdmin.username}`)).toBeVisible();
  await expect(pops.getByRole("row").filter({ hasText: `${name} Button` })).toContainText("Suspended");
  // Focus stays on the same control, which now offers the way back.
  const resume = staff.getByRole("button", { name: "Resume", exact: true });
  await expect(resume).toBeFocused();

  // The buyer reads why, instead of a PayPal button; nothing was deleted.
  await buyer.reload();
  await expect(buyer.getByText(SUSPENDED_MESSAGE)).toBeVisible();
  await expect(buyer.getByRole("button", { name: "PayPal" })).toHaveCount(0);
  await expect(buyer.getByRole("heading", { name: `${name} Button` })).toBeVisible();

  // The merchants list shows the state too.
  await staff.goto(`/saas-admin/merchants?search=${encodeURIComponent(name)}`);
  await expect(staff.getByRole("row").filter({ hasText: name })).toContainText("Suspended");
  await staff.getByRole("link", { name }).click();

  await staff.getByRole("button", { name: "Resume", exact: true }).click();
  await expect(toast(staff, `'${name}' is resumed. Buyers can pay again.`)).toBeVisible();
  await expect(staff.getByRole("button", { name: "Suspend", exact: true })).toBeVisible();
  await expect(pops.getByRole("row").filter({ hasText: `${name} Button` })).toContainText("Active");

  await buyer.reload();
  await expect(buyer.getByRole("button", { name: "PayPal" })).toBeVisible();
  await expect(buyer.getByText(SUSPENDED_MESSAGE)).toHaveCount(0);

  // Both are in the audit log, and an entry opens the merchant.
  await staff.goto("/saas-admin/audit");
  const entries = staff.getByRole("row").filter({ hasText: name });
  await expect(entries.filter({ hasText: "Suspended merchant" })).toHaveCount(1);
  await expect(entries.filter({ hasText: "Resumed merchant" })).toHaveCount(1);
  await entries.filter({ hasText: "Resumed merchant" }).getByRole("link").click();
  await expect(staff).toHaveURL(new RegExp(`/saas-admin/merchants/${seller.merchantId}$`));

  await buyer.context().close();
  await staff.context().close();
});

test("an operator sees a merchant's state but cannot suspend or resume it", async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `Operator View ${Date.now().toString(36)}`;
  const seller = await sellerWithButton(browser, name, { isConnected: false });
  const operator = await createSaasUser(e2eDb(), { role: "operator" });

  const page = await staffPage(browser, operator);
  await page.goto(`/saas-admin/merchants/${seller.merchantId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Buyers can pay")).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment Buttons" })).toContainText(`${name} Button`);
  await expect(page.getByRole("button", { name: "Suspend", exact: true })).toHaveCount(0);

  // Suspended by someone else: the operator reads the state and still has no control.
  await e2eDb().merchant.update({ where: { id: seller.merchantId }, data: { suspendedAt: new Date() } });
  await page.reload();
  await expect(page.getByText("Suspended", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Only an admin or super admin can resume it.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resume", exact: true })).toHaveCount(0);
  await e2eDb().merchant.update({ where: { id: seller.merchantId }, data: { suspendedAt: null } });
  await page.context().close();
});

test("staff pages fit a 390 px phone without sideways scrolling", async ({ browser }) => {
  test.setTimeout(90_000);
  const name = `Phone Shop ${Date.now().toString(36)}`;
  const seller = await sellerWithButton(browser, name, { isConnected: false });
  // Large sums in several currencies: the overview's revenue tile must wrap them, not widen the page.
  for (const currency of ["EUR", "GBP"] as const) {
    await createTransaction(e2eDb(), seller.merchantId, {
      buttonId: seller.button.id,
      amountMinor: 987_654_321,
      currency,
    });
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInStaff(page, e2eStaff.superAdmin);
  for (const path of [
    "/saas-admin",
    "/saas-admin/users",
    "/saas-admin/merchants",
    `/saas-admin/merchants/${seller.merchantId}`,
    `/saas-admin/merchants/${seller.merchantId}?tab=wps_buttons`,
    "/saas-admin/transactions",
    "/saas-admin/transactions?range=custom&from=2026-01-01&to=2026-12-31",
    "/saas-admin/audit",
    "/saas-admin/settings",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect.soft(widths.scroll, `sideways scroll on ${path}`).toBeLessThanOrEqual(widths.client);
  }
  // The suspend confirmation fits too.
  await page.goto(`/saas-admin/merchants/${seller.merchantId}`);
  await page.getByRole("button", { name: "Suspend", exact: true }).click();
  const confirm = page.getByRole("alertdialog", { name: `Suspend '${name}'?` });
  await expect(confirm).toBeVisible();
  const box = await confirm.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await context.close();
});
