import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createPrismaClient } from "../../src/server/platform/prisma-client";
import { createCheckoutSession } from "../factories/checkout-session";
import { createPaymentButton } from "../factories/payment-button";
import { createSubscription } from "../factories/subscription";
import { createTransaction } from "../factories/transaction";
import { signUpMerchant } from "./helpers";
import { menuAction } from "./pop-helpers";

const DAY = 24 * 60 * 60 * 1000;

// Past payments cannot be made through the UI, so this spec writes them straight into the app's database.
const db = createPrismaClient(process.env.E2E_DATABASE_URL!, { embedded: process.env.E2E_EMBEDDED_DB === "1" });
test.afterAll(() => db.$disconnect());

test("a merchant's dashboard shows real figures and follows the date range", async ({ page }) => {
  const account = await signUpMerchant(page, { name: "Dash Merchant" });
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(db, merchant.id, { name: "E2E Ebook" });
  // Seconds ago: inside every range (month to date included); 45 days ago: only in the last 90 days, and the
  // previous period of the last 30 days.
  const recent = new Date(Date.now() - 10_000);
  await createTransaction(db, merchant.id, { buttonId: button.id, amountMinor: 10_000, createdAt: recent });
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    amountMinor: 25_000,
    createdAt: new Date(Date.now() - 45 * DAY),
  });
  await createTransaction(db, merchant.id, { buttonId: button.id, status: "failed", createdAt: recent });
  for (let index = 0; index < 4; index += 1) {
    await createCheckoutSession(db, merchant.id, { buttonId: button.id, createdAt: recent });
  }
  await createSubscription(db, merchant.id, { amountMinor: 1500 });
  await createSubscription(db, merchant.id, { amountMinor: 1500 });
  await createSubscription(db, merchant.id, { amountMinor: 9900, status: "cancelled" });

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create POP" })).toHaveAttribute("href", "/dashboard/pages/create-pop");
  await expect(page.getByLabel("Date range")).toHaveValue("mtd");
  await expect(page.getByLabel("Granularity")).toHaveValue("day");

  const revenue = page.getByRole("region", { name: "Revenue", exact: true });
  await expect(revenue).toContainText("$100.00");
  await expect(page.getByRole("region", { name: "Monthly recurring revenue" })).toContainText("$30.00");
  await expect(page.getByRole("region", { name: "Active subscribers" })).toContainText("2");
  const conversion = page.getByRole("region", { name: "Conversion rate" });
  await expect(conversion).toContainText("25.0%");
  await expect(conversion).toContainText("1 paid of 4 checkouts started");

  const chart = page.getByRole("figure", { name: "Revenue chart in USD" });
  await expect(chart.locator("svg .recharts-area-area")).toHaveCount(1);
  const topPages = page.getByRole("listitem").filter({ hasText: "E2E Ebook" });
  await expect(topPages).toContainText("1 sale");
  await expect(topPages).toContainText("$100.00");

  await page.getByLabel("Date range").selectOption({ label: "Last 90 days" });
  await expect(revenue).toContainText("$350.00");
  await expect(revenue).toContainText("None in the previous period");
  await expect(topPages).toContainText("2 sales");
  await expect(page).toHaveURL(/range=90d/);

  await page.getByLabel("Date range").selectOption({ label: "Last 30 days" });
  await expect(revenue).toContainText("$100.00");
  await expect(revenue).toContainText("-60.0% vs previous period");

  await page.getByLabel("Granularity").selectOption({ label: "Weekly" });
  await expect(page).toHaveURL(/granularity=week/);
  await expect(page.getByRole("table", { name: /Revenue in USD by period/ })).toContainText("Week of");
  // The screen-reader table takes no room: the page ends with its last card, no blank scroll below it.
  const blank = await page.evaluate(() => {
    const cards = [...document.querySelectorAll("main .rounded-xl")];
    const lastBottom = Math.max(...cards.map((card) => card.getBoundingClientRect().bottom + window.scrollY));
    return document.documentElement.scrollHeight - lastBottom;
  });
  expect(blank).toBeLessThan(120);

  // The view survives a reload: it is kept in the URL.
  await page.reload();
  await expect(page.getByLabel("Date range")).toHaveValue("30d");
  await expect(page.getByLabel("Granularity")).toHaveValue("week");
  await expect(revenue).toContainText("-60.0% vs previous period");
});

test("a new merchant sees a next step instead of $0 tiles, and can dismiss the checklist for good", async ({
  page,
}) => {
  await signUpMerchant(page);
  // No tiles and no flat chart: the empty state points at the checklist's first step.
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toHaveCount(0);
  await expect(page.getByRole("figure", { name: /Revenue chart/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "No payments yet" })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Add your PayPal credentials", exact: true }),
  ).toHaveAttribute("href", "/dashboard/settings");
  await expect(page.getByText("No payment buttons created yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your first POP" })).toHaveAttribute(
    "href",
    "/dashboard/pages/create-pop",
  );

  const checklist = page.getByRole("region", { name: "Get started with Popkit" });
  await expect(checklist.getByRole("progressbar", { name: "Getting started" })).toHaveAttribute("aria-valuenow", "0");
  await checklist.getByRole("button", { name: /Dismiss/ }).click();
  await expect(checklist).toHaveCount(0);
  // Focus goes to the page's heading, not <body>.
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { name: "No payments yet" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Get started with Popkit" })).toHaveCount(0);
});

/** Serious and critical WCAG 2.2 AA findings of axe, as readable lines (none expected). */
async function axeFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
}

test("the dashboard passes axe and fits a 390 px phone, for a new store and one with sales", async ({ page }) => {
  // Four full axe runs: slow on a busy 2-core machine.
  test.setTimeout(120_000);
  const account = await signUpMerchant(page);
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const check = async (state: string) => {
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.reload();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      expect(await axeFindings(page), `${state} @${width}`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${state} @${width}`).toBeLessThanOrEqual(0);
    }
  };
  await check("new store");
  const button = await createPaymentButton(db, merchant.id, { name: "A rather long product name for a small phone" });
  await createTransaction(db, merchant.id, { buttonId: button.id, amountMinor: 123_456_789 });
  await page.goto("/dashboard?range=90d&granularity=week");
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toContainText("$1,234,567.89");
  await check("store with sales");
});

test("the payment-button analytics dialog shows a button's sales per period", async ({ page }) => {
  const account = await signUpMerchant(page);
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(db, merchant.id, { name: "Analytics Ebook" });
  await createPaymentButton(db, merchant.id, { name: "Unsold Poster" });
  const paid = await createTransaction(db, merchant.id, {
    buttonId: button.id,
    amountMinor: 1999,
    paypalOrderId: `E2E-ORDER-${merchant.id}`,
    createdAt: new Date(Date.now() - 2 * DAY),
  });
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    status: "failed",
    createdAt: new Date(Date.now() - 3 * DAY),
  });
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    amountMinor: 5000,
    createdAt: new Date(Date.now() - 60 * DAY),
  });

  await page.goto("/dashboard/pages");
  await (await menuAction(page, "Analytics Ebook", "Analytics")).click();
  const dialog = page.getByRole("dialog", { name: "Payment Button Analytics" });
  await expect(dialog).toContainText("Button: Analytics Ebook");
  await expect(dialog.getByRole("tab", { name: "30 Days" })).toHaveAttribute("aria-selected", "true");

  const stat = (label: string) => dialog.getByRole("listitem").filter({ hasText: label });
  await expect(stat("Total Transactions")).toContainText("2");
  await expect(stat("Total Revenue")).toContainText("$19.99");
  await expect(stat("Successful")).toContainText("1");
  await expect(stat("Failed")).toContainText("1");
  await expect(dialog.getByRole("progressbar", { name: "Success Rate" })).toHaveAttribute("aria-valuenow", "50");
  const row = dialog.getByRole("row").filter({ hasText: paid.paypalOrderId! });
  await expect(row).toContainText("$19.99");
  await expect(row).toContainText("Completed");

  await dialog.getByRole("tab", { name: "90 Days" }).click();
  await expect(stat("Total Revenue")).toContainText("$69.99");
  await expect(stat("Total Transactions")).toContainText("3");
  await expect(dialog.getByRole("progressbar", { name: "Success Rate" })).toHaveAttribute("aria-valuenow", "67");

  await dialog.getByRole("tab", { name: "7 Days" }).click();
  await expect(stat("Total Revenue")).toContainText("$19.99");

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await (await menuAction(page, "Unsold Poster", "Analytics")).click();
  const empty = page.getByRole("dialog", { name: "Payment Button Analytics" });
  await expect(empty).toContainText("No transactions yet");
  await expect(empty).toContainText("$0.00");
});
