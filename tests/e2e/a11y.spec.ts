// Issue 18, part 7: axe-core (WCAG 2.2 AA rules) over every page family and every dialog, at a laptop and a
// phone width. Serious and critical findings fail the run; moderate ones are printed so they stay visible. At
// the phone width no page may scroll sideways.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import { createRefund } from "../factories/refund";
import { createSellPage } from "../factories/sell-page";
import { createSubscription } from "../factories/subscription";
import { createTransaction } from "../factories/transaction";
import { createWpsButton } from "../factories/wps-button";
import { e2eStaff } from "../support/e2e-fixtures";
import { closeE2eDb, e2eDb } from "./buyer-helpers";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const viewports = [
  { name: "1366", width: 1366, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const;
const DIALOG = '[role="dialog"], [role="alertdialog"]';

test.describe.configure({ mode: "parallel" });
test.afterAll(() => closeE2eDb());

/**
 * Runs axe on the page (or only on `include`). Serious and critical findings of the WCAG rules fail the test at
 * its end; everything else, and axe's best-practice rules (heading order, landmarks), is printed.
 */
async function audit(page: Page, where: string, include?: string) {
  const builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS, "best-practice"]);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const describe = (violation: (typeof violations)[number]) =>
    `${violation.id} (${violation.impact}) ${violation.help}: ` +
    violation.nodes
      .slice(0, 6)
      .map((node) => node.target.join(" "))
      .join(" | ") +
    (violation.nodes.length > 6 ? ` (+${violation.nodes.length - 6} more)` : "");
  const isBlocking = (violation: (typeof violations)[number]) =>
    (violation.impact === "serious" || violation.impact === "critical") &&
    violation.tags.some((tag) => WCAG_TAGS.includes(tag));
  for (const violation of violations) {
    const kind = isBlocking(violation)
      ? "BLOCKING"
      : violation.tags.includes("best-practice")
        ? "best-practice"
        : "wcag";
    console.log(`[axe ${kind}] ${where}: ${describe(violation)}`);
  }
  const blocking = violations.filter(isBlocking).map(describe);
  expect.soft(blocking, `serious or critical axe findings on ${where}`).toEqual([]);
}

/** Nothing wider than the viewport: the page never scrolls sideways (WCAG 1.4.10 at 390 px). */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  if (scrollWidth > clientWidth) console.log(`[scroll] ${where}: ${scrollWidth}px wide in ${clientWidth}px`);
  expect.soft(scrollWidth, `sideways scroll on ${where}`).toBeLessThanOrEqual(clientWidth);
}

/** Opens a page, lets its client queries settle, and checks it. */
async function check(page: Page, path: string, isPhone: boolean, where = path) {
  const response = await page.goto(path);
  // Client queries settle; the checkout page's PayPal SDK may keep talking, so do not wait on it for ever.
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => {});
  const label = `${where} @${isPhone ? 390 : 1366}`;
  if (response && response.status() >= 400) console.log(`[note] ${label} answered HTTP ${response.status()}`);
  await audit(page, label);
  if (isPhone) await expectNoSidewaysScroll(page, label);
  return response;
}

/** Audits an open dialog, closes it with Escape and checks that focus went back into the page, not to <body>. */
async function checkDialog(page: Page, where: string) {
  const dialog = page.locator(DIALOG).first();
  await expect(dialog).toBeVisible();
  // A dialog that loads its data (analytics) shows the kit's spinner until then.
  await expect(dialog.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0, { timeout: 30_000 });
  await audit(page, where, DIALOG);
  await page.keyboard.press("Escape");
  await expect(page.locator(DIALOG)).toHaveCount(0);
  // Some screens move focus a frame later (to the card whose menu opened the dialog): give them a moment.
  const hasFocus = await page
    .waitForFunction(() => document.activeElement && document.activeElement !== document.body, null, { timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  expect.soft(hasFocus, `focus returns from the dialog on ${where} (not to <body>)`).toBe(true);
}

/**
 * A POP card's action, wherever the card keeps it: a button on the card, or an item of the card's menu (the pages
 * list is moving its actions into a menu).
 */
async function cardAction(page: Page, card: Locator, name: RegExp) {
  const direct = card.getByRole("button", { name });
  if ((await direct.count()) > 0) return direct.first().click();
  await card.locator('[aria-haspopup="menu"]').first().click();
  await page.getByRole("menuitem", { name }).first().click();
}

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  return { context, page: await context.newPage() };
}

for (const viewport of viewports) {
  const isPhone = viewport.width < 640;

  test.describe(`at ${viewport.name} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("public and sign-in pages", async ({ page }) => {
      test.setTimeout(600_000);
      await check(page, "/", isPhone);
      await page.getByRole("button", { name: "Contact Sales" }).click();
      await checkDialog(page, `contact sales dialog @${viewport.name}`);
      if (isPhone) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await checkDialog(page, "landing menu drawer @390");
      }
      await check(page, "/privacy", isPhone);
      await check(page, "/terms", isPhone);
      await check(page, "/thank-you", isPhone, "/thank-you (no purchase)");
      await check(page, "/library", isPhone, "/library (find your purchases)");
      await check(page, `/library/${"x".repeat(43)}`, isPhone, "/library/[token] (expired link)");
      const pdt =
        "/pdt-confirmation?transaction_id=8AB12345CD678901E&amount=19.00&currency=USD&status=Completed&item_name=Pattern%20Pack";
      await check(page, pdt, isPhone, "/pdt-confirmation");
      await check(page, "/no-such-page", isPhone, "not found page");
      await check(page, "/auth", isPhone);
      await check(page, "/auth?mode=signup", isPhone);
      await check(page, "/saas-admin/auth", isPhone);
    });

    test("merchant portal, its dialogs, and the buyer pages of its POPs", async ({ page, browser }) => {
      test.setTimeout(600_000);
      const db = e2eDb();
      const merchant = await createMerchant(db, { name: `A11y Merchant ${viewport.name}` });
      await page.goto("/auth");
      await page.getByLabel("Email").fill(merchant.email);
      await page.getByLabel("Password", { exact: true }).fill(merchant.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(/\/dashboard$/);

      // Settings first, empty as a new seller sees it, then saved with sandbox credentials so the POPs can sell.
      await check(page, "/dashboard/settings", isPhone, "/dashboard/settings");
      const clientId = `a11y-client-${viewport.name}-${Date.now()}`;
      await page.getByLabel("PayPal Client ID").fill(clientId);
      await page.getByLabel("PayPal Secret", { exact: true }).fill(sandboxSecretFor(clientId));
      await page.getByRole("button", { name: "Save Settings" }).click();
      await expect(page.getByText(/Settings saved/).first()).toBeVisible({ timeout: 30_000 });

      const button = await createPaymentButton(db, merchant.id, { name: "Pattern Pack", paypalClientId: clientId });
      const sellPage = await createSellPage(db, merchant.id, { name: "Sourdough Course", paypalClientId: clientId });
      const buyers = [
        { payerName: "Alex Buyer", payerEmail: "alex@buyer.example.com", status: "completed" as const },
        { payerName: "Sam Rivera", payerEmail: "sam@buyer.example.com", status: "pending" as const },
        { payerName: "Kim Lee", payerEmail: "kim@buyer.example.com", status: "failed" as const },
      ];
      const payments = [];
      for (const [index, buyer] of buyers.entries()) {
        payments.push(
          await createTransaction(db, merchant.id, {
            ...buyer,
            buttonId: button.id,
            paypalTransactionId: `A11Y${viewport.name}${index}${Date.now()}`,
            amountMinor: 1900 + index * 100,
            createdAt: new Date(Date.now() - index * 3_600_000),
          }),
        );
      }
      await createTransaction(db, merchant.id, {
        sellPageId: sellPage.id,
        bundleTier: "basic",
        amountMinor: 2999,
        payerName: "Alex Buyer",
        payerEmail: "alex@buyer.example.com",
      });

      await check(page, "/dashboard", isPhone);
      if (isPhone) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await checkDialog(page, "dashboard menu drawer @390");
      }
      await check(page, "/dashboard/pages?tab=digital-sell-pages", isPhone);
      const wpsButton = await createWpsButton(db, merchant.id, {
        itemName: "Art Print",
        priceOptions: [
          { label: "Small", amountMinor: 1500 },
          { label: "Medium", amountMinor: 2500 },
          { label: "Large", amountMinor: 3500 },
        ],
        taxRate: "8.25",
        shippingCostMinor: 500,
      });
      await check(page, "/dashboard/pages?tab=wps-buttons", isPhone);
      const wpsCard = page.getByRole("article", { name: "Art Print" });
      await expect(wpsCard).toBeVisible();
      await cardAction(page, wpsCard, /integration code/i);
      await checkDialog(page, `WPS preview dialog @${viewport.name}`);
      await cardAction(page, wpsCard, /analytics/i);
      await checkDialog(page, `WPS analytics dialog @${viewport.name}`);
      await check(
        page,
        `/dashboard/pages/edit-wps-button/${wpsButton.id}`,
        isPhone,
        "/dashboard/pages/edit-wps-button/{id}",
      );
      await check(page, "/dashboard/pages", isPhone);
      const card = page.getByRole("article", { name: "Pattern Pack" });
      await expect(card).toBeVisible();
      await cardAction(page, card, /integration code|embed code|get code/i);
      await checkDialog(page, `integration code dialog @${viewport.name}`);
      await cardAction(page, card, /analytics/i);
      await checkDialog(page, `analytics dialog @${viewport.name}`);
      await cardAction(page, card, /delete/i);
      await checkDialog(page, `delete confirmation @${viewport.name}`);

      await check(page, "/dashboard/pages/create-pop", isPhone);
      await check(page, "/dashboard/pages/new-payment-button", isPhone);
      await check(page, "/dashboard/pages/new-digital-sell-page", isPhone);
      await check(page, "/dashboard/pages/new-wps-button", isPhone);
      await check(page, `/dashboard/pages/edit/${button.id}`, isPhone, "/dashboard/pages/edit/{id}");
      await check(
        page,
        `/dashboard/pages/edit-digital-sell-page/${sellPage.id}`,
        isPhone,
        "/dashboard/pages/edit-digital-sell-page/{id}",
      );
      // Issue 12's screens: a partly refunded payment with its Refund dialog, subscribers, the webhook log.
      await db.transaction.update({
        where: { id: payments[0]!.id },
        data: { refundedMinor: 500, status: "partially_refunded" },
      });
      await createRefund(db, merchant.id, { transactionId: payments[0]!.id, buttonKey: button.id, reason: "Late" });
      const club = await createPaymentButton(db, merchant.id, {
        name: "Pattern Club",
        paypalClientId: clientId,
        paymentType: "subscription",
      });
      await createSubscription(db, merchant.id, {
        buttonId: club.id,
        payerName: "Sam Rivera",
        payerEmail: "sam@buyer.example.com",
        nextBillingAt: new Date(Date.now() + 86_400_000),
      });
      await check(page, "/dashboard/payments", isPhone);
      await check(page, `/dashboard/payments/${payments[0]!.id}`, isPhone, "/dashboard/payments/{id}");
      await page.getByRole("button", { name: "Refund" }).click();
      await checkDialog(page, `refund dialog @${viewport.name}`);
      await page.keyboard.press("Escape");
      await check(page, "/dashboard/customers", isPhone);
      await check(page, "/dashboard/customers/subscribers", isPhone);
      await check(page, "/dashboard/settings/webhooks", isPhone);

      // What a buyer sees of this seller's POPs: signed out, in a browser of their own.
      const buyer = await newPage(browser, viewport);
      await check(buyer.page, `/checkout/${button.id}`, isPhone, "/checkout/{id}");
      await check(buyer.page, `/digital-sell/${sellPage.id}`, isPhone, "/digital-sell/{id}");
      await check(buyer.page, "/pdt-confirmation?success=true", isPhone, "/pdt-confirmation");
      await buyer.context.close();
    });

    test("staff portal", async ({ page }) => {
      test.setTimeout(600_000);
      const db = e2eDb();
      const merchant = await createMerchant(db, { name: `A11y Shop ${viewport.name}` });
      const button = await createPaymentButton(db, merchant.id, { name: "Staff-view Button" });
      await createTransaction(db, merchant.id, {
        buttonId: button.id,
        payerName: "Robin Buyer",
        payerEmail: "robin@buyer.example.com",
      });

      await page.goto("/saas-admin/auth");
      await page.getByLabel("Username").fill(e2eStaff.superAdmin.username);
      await page.getByLabel("Password", { exact: true }).fill(e2eStaff.superAdmin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL(/\/saas-admin$/);

      await check(page, "/saas-admin", isPhone);
      if (isPhone) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await checkDialog(page, "staff menu drawer @390");
      }
      await check(page, "/saas-admin/users", isPhone);
      await check(page, "/saas-admin/merchants", isPhone);
      await check(page, `/saas-admin/merchants/${merchant.id}`, isPhone, "/saas-admin/merchants/{id}");
      await check(page, "/saas-admin/transactions", isPhone);
      await check(page, "/saas-admin/jobs", isPhone);
      await check(page, "/saas-admin/audit", isPhone);
      await check(page, "/saas-admin/settings", isPhone);
    });
  });
}
