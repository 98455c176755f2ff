import { expect, test } from "@playwright/test";
import { createPrismaClient } from "../../src/server/prisma-client";
import { createCheckoutSession } from "../factories/checkout-session";
import { createPaymentButton } from "../factories/payment-button";
import { createSubscription } from "../factories/subscription";
import { createTransaction } from "../factories/transaction";
import { signUpMerchant } from "./helpers";

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
  await expect(revenue).toContainText("—");
  await expect(topPages).toContainText("2 sales");
  await expect(page).toHaveURL(/range=90d/);

  await page.getByLabel("Date range").selectOption({ label: "Last 30 days" });
  await expect(revenue).toContainText("$100.00");
  await expect(revenue).toContainText("-60.0% vs previous period");

  await page.getByLabel("Granularity").selectOption({ label: "Weekly" });
  await expect(page).toHaveURL(/granularity=week/);
  await expect(page.getByRole("table", { name: /Revenue in USD by period/ })).toContainText("Week of");

  // The view survives a reload: it is kept in the URL.
  await page.reload();
  await expect(page.getByLabel("Date range")).toHaveValue("30d");
  await expect(page.getByLabel("Granularity")).toHaveValue("week");
  await expect(revenue).toContainText("-60.0% vs previous period");
});

test("a new merchant sees empty tiles and the way to create a first POP", async ({ page }) => {
  await signUpMerchant(page);
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toContainText("$0.00");
  await expect(page.getByRole("region", { name: "Conversion rate" })).toContainText("—");
  await expect(page.getByText("No payment buttons created yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your first POP" })).toHaveAttribute(
    "href",
    "/dashboard/pages/create-pop",
  );
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
  await page.getByRole("article", { name: "Analytics Ebook" }).getByRole("button", { name: "View analytics" }).click();
  const dialog = page.getByRole("dialog", { name: "Payment Button Analytics" });
  await expect(dialog).toContainText("Button: Analytics Ebook");
  await expect(dialog.getByRole("tab", { name: "30 Days" })).toHaveAttribute("aria-selected", "true");

  const stat = (label: string) => dialog.getByRole("term").filter({ hasText: label }).locator("..");
  await expect(stat("Total Transactions")).toContainText("2");
  await expect(stat("Total Revenue")).toContainText("$19.99");
  await expect(stat("Successful")).toContainText("1");
  await expect(stat("Failed")).toContainText("1");
  await expect(dialog.getByRole("progressbar", { name: "Success Rate" })).toHaveAttribute("aria-valuenow", "50");
  const row = dialog.getByRole("row").filter({ hasText: paid.paypalOrderId });
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

  await page.getByRole("article", { name: "Unsold Poster" }).getByRole("button", { name: "View analytics" }).click();
  const empty = page.getByRole("dialog", { name: "Payment Button Analytics" });
  await expect(empty).toContainText("No transactions yet");
  await expect(empty).toContainText("$0.00");
});
