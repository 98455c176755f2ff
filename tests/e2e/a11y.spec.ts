// axe-core (WCAG 2.2 AA rules) over one screen of every page family and every distinct dialog at a laptop width, and
// at a phone width only where the layout itself changes there. A family is a set of screens built from the same
// layout and components: one audit finds what they share, and every further one costs a page load in a CI run that
// has to stay short. Serious and critical findings fail the run; moderate ones are printed so they stay visible. At
// the phone width no page may scroll sideways.
import { createHash, randomBytes } from "node:crypto";
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
import { createWpsTransaction } from "../factories/wps-transaction";
import { e2eStaff } from "../support/e2e-fixtures";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { signInMerchant, signInStaff } from "./helpers";

/**
 * Screens no longer audited, each with the audited screen of its family, which renders the same layout and
 * components and so finds the same faults.
 */
const SAME_FAMILY_AS: Record<string, string> = {
  // One legal-page layout with different text.
  "/terms": "/privacy",
  // The same centred "find your purchases" form; the thank-you 404 adds a link home, so it is the one kept.
  "/library (find your purchases)": "/thank-you (no purchase)",
  "/library?expired=1 (expired library link)": "/thank-you (no purchase)",
  "/portal/sign-in (customer portal sign-in)": "/thank-you (no purchase)",
  // One form: sign-up adds a name field of the same kind.
  "/auth?mode=signup": "/auth",
  // One confirmation card; the verified payment shows more of it (details, status badge) than the bare return.
  "/pdt-confirmation?success=true": "/pdt-confirmation",
  // Create and edit share each POP kind's form; the edit screen also shows the POP's facts.
  "/dashboard/pages/new-payment-button": "/dashboard/pages/edit/{id}",
  "/dashboard/pages/new-digital-sell-page": "/dashboard/pages/edit-digital-sell-page/{id}",
  "/dashboard/pages/new-wps-button": "/dashboard/pages/edit-wps-button/{id}",
  // The merchant's list tables: page header, list filters, result count and the kit's data table.
  "/dashboard/customers": "/dashboard/payments",
  "/dashboard/customers/subscribers": "/dashboard/payments",
  "/dashboard/license-keys": "/dashboard/payments",
  // Detail pages: back link, header actions, the detail cards and their record lists.
  "/dashboard/license-keys/{id}": "/dashboard/payments/{id}",
  // The staff list tables: the kit's data table (and list filters); the users list also has row menus.
  "/saas-admin/merchants": "/saas-admin/users",
  "/saas-admin/transactions": "/saas-admin/users",
  "/saas-admin/jobs": "/saas-admin/users",
  "/saas-admin/audit": "/saas-admin/users",
  // One period-analytics dialog with the same figures, fed by another query.
  "WPS analytics dialog": "analytics dialog",
  // The app shell's drawer, with the staff portal's links instead of the merchant's.
  "staff menu drawer @390": "dashboard menu drawer @390",
};

/**
 * Where the phone width changes the layout itself: the landing page's header folds into a drawer, the sign-in
 * frame narrows, both app shells trade the sidebar for a drawer, and the two buyer pages, which buyers open on
 * their phones, reflow their own columns. Every other screen is a column of content inside one of those shells or
 * a single centred column, and is audited at 1366 px only.
 */
const PHONE_LAYOUTS = ["/", "/auth", "/dashboard", "/saas-admin", "/checkout/{id}", "/digital-sell/{id}"] as const;

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
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

/** One of PHONE_LAYOUTS at the phone width: its type keeps the list and the phone tests in step. */
function checkPhone(page: Page, layout: (typeof PHONE_LAYOUTS)[number], path: string = layout) {
  return check(page, path, true, layout);
}

type Db = ReturnType<typeof e2eDb>;

/** Saves sandbox credentials in Store Settings (the page is on it) so the seller's POPs can sell. */
async function connectStore(page: Page, width: number) {
  const clientId = `a11y-client-${width}-${Date.now()}`;
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByLabel("PayPal Secret", { exact: true }).fill(sandboxSecretFor(clientId));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText(/Settings saved/).first()).toBeVisible({ timeout: 30_000 });
  return clientId;
}

/** A payment button with payments in three states and a sell page with one sale: the dashboard has figures. */
async function seedSales(db: Db, merchantId: string, clientId: string, width: number) {
  const button = await createPaymentButton(db, merchantId, { name: "Pattern Pack", paypalClientId: clientId });
  const sellPage = await createSellPage(db, merchantId, { name: "Sourdough Course", paypalClientId: clientId });
  const buyers = [
    { payerName: "Alex Buyer", payerEmail: "alex@buyer.example.com", status: "completed" as const },
    { payerName: "Sam Rivera", payerEmail: "sam@buyer.example.com", status: "pending" as const },
    { payerName: "Kim Lee", payerEmail: "kim@buyer.example.com", status: "failed" as const },
  ];
  const payments = [];
  for (const [index, buyer] of buyers.entries()) {
    payments.push(
      await createTransaction(db, merchantId, {
        ...buyer,
        buttonId: button.id,
        paypalTransactionId: `A11Y${width}${index}${Date.now()}`,
        amountMinor: 1900 + index * 100,
        createdAt: new Date(Date.now() - index * 3_600_000),
      }),
    );
  }
  await createTransaction(db, merchantId, {
    sellPageId: sellPage.id,
    bundleTier: "basic",
    amountMinor: 2999,
    payerName: "Alex Buyer",
    payerEmail: "alex@buyer.example.com",
  });
  return { button, sellPage, payments };
}

/** Another seller with a paid button, so the staff portal's tables have a row. */
async function seedShop(db: Db, width: number) {
  const merchant = await createMerchant(db, { name: `A11y Shop ${width}` });
  const button = await createPaymentButton(db, merchant.id, { name: "Staff-view Button" });
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    payerName: "Robin Buyer",
    payerEmail: "robin@buyer.example.com",
  });
  return merchant;
}

test.describe(
  "at 1366 px",
  {
    // The report lists, next to these tests, the audited screen that stands for each dropped one.
    annotation: Object.entries(SAME_FAMILY_AS).map(([dropped, kept]) => ({
      type: "same family as",
      description: `${dropped} -> ${kept}`,
    })),
  },
  () => {
    const isPhone = false;
    test.use({ viewport: LAPTOP });

    test("public and sign-in pages", async ({ page }) => {
      test.setTimeout(600_000);
      await check(page, "/", isPhone);
      await page.getByRole("button", { name: "Contact Sales" }).click();
      await checkDialog(page, "contact sales dialog @1366");
      await check(page, "/privacy", isPhone);
      await check(page, "/thank-you", isPhone, "/thank-you (no purchase)");
      const pdt =
        "/pdt-confirmation?transaction_id=8AB12345CD678901E&amount=19.00&currency=USD&status=Completed&item_name=Pattern%20Pack";
      await check(page, pdt, isPhone, "/pdt-confirmation");
      await check(page, "/no-such-page", isPhone, "not found page");
      await check(page, "/auth", isPhone);
      await check(page, "/saas-admin/auth", isPhone);
    });

    test("merchant portal, its dialogs, and the buyer pages of its POPs", async ({ page, browser }) => {
      test.setTimeout(600_000);
      const db = e2eDb();
      const merchant = await createMerchant(db, { name: "A11y Merchant 1366" });
      await signInMerchant(page, merchant);

      // Settings first, empty as a new seller sees it, then saved with sandbox credentials so the POPs can sell.
      await check(page, "/dashboard/settings", isPhone, "/dashboard/settings");
      const clientId = await connectStore(page, LAPTOP.width);
      const { button, sellPage, payments } = await seedSales(db, merchant.id, clientId, LAPTOP.width);

      await check(page, "/dashboard", isPhone);
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
      await checkDialog(page, "WPS preview dialog @1366");
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
      await checkDialog(page, "integration code dialog @1366");
      await cardAction(page, card, /analytics/i);
      await checkDialog(page, "analytics dialog @1366");
      await cardAction(page, card, /delete/i);
      await checkDialog(page, "delete confirmation @1366");

      await check(page, "/dashboard/pages/create-pop", isPhone);
      await check(page, `/dashboard/pages/edit/${button.id}`, isPhone, "/dashboard/pages/edit/{id}");
      await check(
        page,
        `/dashboard/pages/edit-digital-sell-page/${sellPage.id}`,
        isPhone,
        "/dashboard/pages/edit-digital-sell-page/{id}",
      );
      // A partly refunded payment: its status in the list, its refunds and the Refund dialog on its page.
      await db.transaction.update({
        where: { id: payments[0]!.id },
        data: { refundedMinor: 500, status: "partially_refunded" },
      });
      await createRefund(db, merchant.id, { transactionId: payments[0]!.id, buttonKey: button.id, reason: "Late" });
      await check(page, "/dashboard/payments", isPhone);
      await check(page, `/dashboard/payments/${payments[0]!.id}`, isPhone, "/dashboard/payments/{id}");
      await page.getByRole("button", { name: "Refund" }).click();
      await checkDialog(page, "refund dialog @1366");
      await page.keyboard.press("Escape");
      await check(page, "/dashboard/settings/webhooks", isPhone);

      // What a buyer sees of this seller's POPs: signed out, in a browser of their own.
      const buyer = await newPage(browser, LAPTOP);
      await check(buyer.page, `/checkout/${button.id}`, isPhone, "/checkout/{id}");
      await check(buyer.page, `/digital-sell/${sellPage.id}`, isPhone, "/digital-sell/{id}");
      await buyer.context.close();
    });

    test("staff portal", async ({ page }) => {
      test.setTimeout(600_000);
      const merchant = await seedShop(e2eDb(), LAPTOP.width);
      await signInStaff(page, e2eStaff.superAdmin);

      await check(page, "/saas-admin", isPhone);
      await check(page, "/saas-admin/users", isPhone);
      await check(page, `/saas-admin/merchants/${merchant.id}`, isPhone, "/saas-admin/merchants/{id}");
      await check(page, "/saas-admin/settings", isPhone);
    });
  },
);

test.describe(
  "at 390 px",
  { annotation: PHONE_LAYOUTS.map((layout) => ({ type: "phone layout", description: layout })) },
  () => {
    test.use({ viewport: PHONE });

    test("landing page and merchant sign-in", async ({ page }) => {
      test.setTimeout(600_000);
      await checkPhone(page, "/");
      // The header's links fold into this drawer only at a phone width.
      await page.getByRole("button", { name: "Open menu" }).click();
      await checkDialog(page, "landing menu drawer @390");
      await checkPhone(page, "/auth");
    });

    test("merchant dashboard shell and the buyer pages", async ({ page, browser }) => {
      test.setTimeout(600_000);
      const db = e2eDb();
      const merchant = await createMerchant(db, { name: "A11y Merchant 390" });
      await signInMerchant(page, merchant);
      await page.goto("/dashboard/settings");
      const clientId = await connectStore(page, PHONE.width);
      const { button, sellPage } = await seedSales(db, merchant.id, clientId, PHONE.width);

      await checkPhone(page, "/dashboard");
      // The sidebar becomes this drawer only at a phone width.
      await page.getByRole("button", { name: "Open menu" }).click();
      await checkDialog(page, "dashboard menu drawer @390");

      const buyer = await newPage(browser, PHONE);
      await checkPhone(buyer.page, "/checkout/{id}", `/checkout/${button.id}`);
      await checkPhone(buyer.page, "/digital-sell/{id}", `/digital-sell/${sellPage.id}`);
      await buyer.context.close();
    });

    test("staff portal shell", async ({ page }) => {
      test.setTimeout(600_000);
      await seedShop(e2eDb(), PHONE.width);
      await signInStaff(page, e2eStaff.superAdmin);
      await checkPhone(page, "/saas-admin");
    });
  },
);

test("customer portal, where buyers go on their phones: at 1366 and 390 px", async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const db = e2eDb();
  const merchant = await createMerchant(db, { name: "A11y Portal Store" });
  // A long address with no hyphen to break at (~75 characters, wider than a 390 px line): the header must wrap
  // it on a phone rather than scroll sideways.
  const email = `portalbuyerwithaverylongaddress${merchant.id}@buyer.example.com`;
  const button = await createPaymentButton(db, merchant.id, { name: "Portal Club", paymentType: "subscription" });
  const subscription = await createSubscription(db, merchant.id, { buttonId: button.id, payerEmail: email });
  const payment = await createTransaction(db, merchant.id, {
    buttonId: button.id,
    payerEmail: email,
    paypalTransactionId: `A11YSALE${merchant.id.slice(-8)}`,
    paypalSubscriptionId: subscription.paypalSubscriptionId,
  });
  const wpsPayment = await createWpsTransaction(db, merchant.id, { payerEmail: email, itemName: "Portal Poster" });
  // A portal session as the sign-in link would open it: the cookie holds the token, the table its hash.
  const token = randomBytes(32).toString("base64url");
  await db.buyerSession.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      email,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  await page.context().addCookies([{ name: "popkit-buyer", value: token, url: baseURL! }]);
  for (const [viewport, isPhone] of [
    [LAPTOP, false],
    [PHONE, true],
  ] as const) {
    await page.setViewportSize(viewport);
    await check(page, "/portal", isPhone);
    await check(page, `/portal/payments/${payment.id}`, isPhone, "/portal/payments/{id}");
    await check(page, `/portal/subscriptions/${subscription.id}`, isPhone, "/portal/subscriptions/{id}");
    await check(page, `/portal/payments/wps/${wpsPayment.id}`, isPhone, "/portal/payments/wps/{id}");
  }
});
