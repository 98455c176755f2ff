// Lists a seller can work in: Payments and Customers with search, date range, sort and paging in the
// URL, rows that open their detail, and a way back to the same filtered list. The phone journey: at
// 390 px, find a payment by the buyer's e-mail in a date range and open it. Refunds on
// the list and the detail, the Refund dialog, the CSV export and the subscribers.
import { expect, test, type Page } from "@playwright/test";
import { calendarDate } from "../../src/lib/dates";
import { createPaymentButton } from "../factories/payment-button";
import { createPayPalEvent } from "../factories/paypal-event";
import { createRefund } from "../factories/refund";
import { createSellPage } from "../factories/sell-page";
import { createSubscription } from "../factories/subscription";
import { createTransaction } from "../factories/transaction";
import { unique } from "../factories/unique";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { signUpMerchant } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
const ZONE = "America/New_York";

// Journeys of a dozen steps each, on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });
test.afterAll(() => closeE2eDb());

/** A signed-up merchant (store zone New York) with a few past payments written straight into the database. */
async function seedShop(page: Page) {
  const account = await signUpMerchant(page, { name: "List Merchant" });
  const db = e2eDb();
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  await db.storeSettings.upsert({
    where: { merchantId: merchant.id },
    create: { merchantId: merchant.id, storeName: "List Store", timeZone: ZONE },
    update: { timeZone: ZONE },
  });
  const button = await createPaymentButton(db, merchant.id, { name: "Pottery Class" });
  const sellPage = await createSellPage(db, merchant.id, { name: "Glaze Recipes" });
  const ada = `ada.${unique("")}@buyer.test`;
  const now = Date.now();
  const target = await createTransaction(db, merchant.id, {
    buttonId: button.id,
    payerEmail: ada,
    payerName: "Ada Lovelace",
    paypalTransactionId: unique("CAPTURE-"),
    paypalPayerId: "ADAPAYER01",
    amountMinor: 4200,
    createdAt: new Date(now - 2 * DAY),
  });
  // Ada again, but long before the range; someone else inside it; a sell-page purchase.
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    payerEmail: ada,
    payerName: "Ada Lovelace",
    amountMinor: 1000,
    createdAt: new Date(now - 40 * DAY),
  });
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    payerEmail: `grace.${unique("")}@buyer.test`,
    payerName: "Grace Hopper",
    amountMinor: 9900,
    createdAt: new Date(now - DAY),
  });
  await createTransaction(db, merchant.id, {
    buttonId: sellPage.basicButton.id,
    sellPageId: sellPage.id,
    bundleTier: "basic",
    payerEmail: `alan.${unique("")}@buyer.test`,
    payerName: "Alan Turing",
    amountMinor: 2999,
    status: "pending",
    createdAt: new Date(now - 3 * DAY),
  });
  return { ada, target, now };
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, `sideways scroll on ${page.url()}`).toBeLessThanOrEqual(clientWidth);
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a merchant finds a payment by the buyer's e-mail in a date range, opens it and comes back", async ({
    page,
  }) => {
    const { ada, target, now } = await seedShop(page);

    await page.goto("/dashboard/payments");
    await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "4 payments" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The buyer's e-mail, typed in another case.
    await page.getByRole("searchbox", { name: "Search payments" }).fill(ada.toUpperCase());
    await page.getByRole("searchbox", { name: "Search payments" }).press("Enter");
    await expect(page).toHaveURL(/[?&]q=ADA\./);
    await expect(page.getByRole("searchbox", { name: "Search payments" })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "2 payments match these filters" })).toBeVisible();

    // The last seven days of the store's calendar.
    await page.getByLabel("Date range").selectOption("custom");
    await page.getByLabel("From").fill(calendarDate(new Date(now - 6 * DAY), ZONE));
    await page.getByLabel("To").fill(calendarDate(new Date(now), ZONE));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole("status").filter({ hasText: "1 payment matches these filters" })).toBeVisible();
    const table = page.getByRole("region", { name: "Payments" });
    await expect(table.getByRole("row")).toHaveCount(2); // the (visually hidden) header row and Ada's payment
    await expect(table).toContainText("$42.00");
    // The one id buyers and sellers see is PayPal's transaction (capture) id.
    await expect(table).toContainText(target.paypalTransactionId!);
    await expectNoSidewaysScroll(page);
    const filteredList = page.url();

    // Open it from the row.
    await table.getByRole("row").nth(1).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${target.id}\\?back=`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("$42.00");
    await expect(page.getByText(target.paypalTransactionId!)).toBeVisible();
    await expect(page.getByText(target.paypalOrderId!)).toBeVisible();
    await expect(page.getByText("ADAPAYER01")).toBeVisible();
    await expect(page.getByRole("link", { name: "Pottery Class" })).toHaveAttribute(
      "href",
      /\/dashboard\/pages\/edit\//,
    );
    await expectNoSidewaysScroll(page);

    // The browser's Back, and the page's own back link, both return to the same filtered list.
    await page.goBack();
    await expect(page).toHaveURL(filteredList);
    await expect(page.getByRole("searchbox", { name: "Search payments" })).toHaveValue(ada.toUpperCase());
    await expect(page.getByRole("status").filter({ hasText: "1 payment matches these filters" })).toBeVisible();
    await page.goForward();
    await page.getByRole("link", { name: "Back to payments" }).click();
    await expect(page).toHaveURL(filteredList);
    await expect(page.getByLabel("Date range")).toHaveValue("custom");
    await expect(page.getByRole("status").filter({ hasText: "1 payment matches these filters" })).toBeVisible();
  });

  test("a merchant opens a customer, their payments and one of them, and goes back step by step", async ({ page }) => {
    const { ada, target } = await seedShop(page);

    await page.goto("/dashboard/customers");
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    // Completed payments only: Alan's is pending.
    await expect(page.getByRole("status").filter({ hasText: "2 customers" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("searchbox", { name: "Search customers" }).fill("lovelace");
    await page.getByRole("searchbox", { name: "Search customers" }).press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "1 customer matches these filters" })).toBeVisible();
    const customersList = page.url();

    await page.getByRole("link", { name: "Ada Lovelace" }).click();
    await expect(page.getByRole("heading", { name: "Ada Lovelace", level: 1 })).toBeVisible();
    await expect(page.getByText(ada).first()).toBeVisible();
    await expect(page.getByText("$52.00")).toBeVisible();
    const payments = page.getByRole("region", { name: "Payments by Ada Lovelace" });
    await expect(payments.getByRole("row")).toHaveCount(3);
    await expectNoSidewaysScroll(page);
    const customerPage = page.url();

    await payments.getByRole("row").nth(1).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${target.id}\\?back=`));
    await expectNoSidewaysScroll(page);
    await page.getByRole("link", { name: "Back to customer" }).click();
    await expect(page).toHaveURL(customerPage);
    await page.getByRole("link", { name: "Back to customers" }).click();
    await expect(page).toHaveURL(customersList);
    await expect(page.getByRole("searchbox", { name: "Search customers" })).toHaveValue("lovelace");
  });
});

test("Payments sort by amount and page through the server, all in the URL", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await signUpMerchant(page, { name: "Busy Merchant" });
  const db = e2eDb();
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(db, merchant.id, { name: "Mugs" });
  await db.transaction.createMany({
    data: Array.from({ length: 25 }, (_, index) => ({
      merchantId: merchant.id,
      buttonId: button.id,
      paypalOrderId: unique(`ORDER-${index}-`),
      payerEmail: `buyer${index}@buyer.test`,
      amountMinor: 100 * (index + 1),
      currency: "USD" as const,
      status: "completed" as const,
      createdAt: new Date(Date.now() - index * 60_000),
    })),
  });

  await page.goto("/dashboard/payments");
  const table = page.getByRole("region", { name: "Payments" });
  await expect(page.getByRole("status").filter({ hasText: "25 payments" })).toBeVisible();
  await expect(page.getByText("1–20 of 25")).toBeVisible();

  await table.getByRole("link", { name: "Amount" }).click();
  await expect(page).toHaveURL(/sort=amount&dir=desc/);
  await expect(table.getByRole("row").nth(1)).toContainText("$25.00");
  await table.getByRole("link", { name: "Amount" }).click();
  await expect(page).toHaveURL(/sort=amount&dir=asc/);
  await expect(table.getByRole("row").nth(1)).toContainText("$1.00");
  await expect(table.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "ascending");

  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/sort=amount&dir=asc&page=2/);
  await expect(page.getByText("21–25 of 25")).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toContainText("$21.00");

  // Back undoes one step at a time.
  await page.goBack();
  await expect(page).toHaveURL(/sort=amount&dir=asc$/);
  await expect(table.getByRole("row").nth(1)).toContainText("$1.00");

  // A status filter starts again at page 1 and keeps the sort.
  await page.getByLabel("Status").selectOption("completed");
  await expect(page).toHaveURL(/sort=amount&dir=asc&status=completed$/);
});

test("a merchant reads a partly refunded payment, opens the Refund dialog and exports the filtered list", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await signUpMerchant(page, { name: "Refund Merchant" });
  const db = e2eDb();
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(db, merchant.id, { name: "Wool Scarf" });
  const refunded = await createTransaction(db, merchant.id, {
    buttonId: button.id,
    paypalTransactionId: unique("CAPTURE-"),
    payerName: "Rita Refund",
    payerEmail: `rita.${unique("")}@buyer.test`,
    amountMinor: 5000,
    refundedMinor: 1000,
    status: "partially_refunded",
    createdAt: new Date(Date.now() - DAY),
  });
  const refund = await createRefund(db, merchant.id, {
    transactionId: refunded.id,
    buttonKey: button.id,
    amountMinor: 1000,
    source: "dashboard",
    reason: "Wrong size",
  });
  await createPayPalEvent(db, merchant.id, { transactionId: refunded.id, type: "PAYMENT.CAPTURE.REFUNDED" });
  const pending = await createTransaction(db, merchant.id, {
    buttonId: button.id,
    amountMinor: 700,
    status: "pending",
    createdAt: new Date(Date.now() - 2 * DAY),
  });

  await page.goto("/dashboard/payments");
  const table = page.getByRole("region", { name: "Payments" });
  const row = table.getByRole("row").filter({ hasText: "Rita Refund" });
  await expect(row).toContainText("$50.00");
  await expect(row).toContainText("−$10.00 refunded");
  await expect(row).toContainText("Partially refunded");

  // The export link carries the list's filters, and the file holds only what the list shows.
  await page.getByLabel("Status").selectOption("partially_refunded");
  await expect(page.getByRole("status").filter({ hasText: "1 payment matches these filters" })).toBeVisible();
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", "/api/exports/payments?status=partially_refunded");
  const csv = await (await page.request.get((await exportLink.getAttribute("href"))!)).text();
  expect(csv).toContain(`"${refunded.paypalTransactionId}"`);
  expect(csv).toContain('"50.00","10.00","40.00"');
  expect(csv).not.toContain(pending.id);

  await table.getByRole("row").nth(1).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payments/${refunded.id}`));
  await expect(page.getByText("Wrong size")).toBeVisible();
  await expect(page.getByText(refund.paypalRefundId)).toBeVisible();
  await expect(page.getByText("$40.00")).toBeVisible();
  await expect(page.getByText("PAYMENT.CAPTURE.REFUNDED")).toBeVisible();

  // A partial refund over what is left is refused in the dialog, before anything reaches PayPal.
  const refundButton = page.getByRole("button", { name: "Refund" });
  await refundButton.click();
  const dialog = page.getByRole("dialog", { name: "Refund payment" });
  await expect(dialog.getByLabel("Full refund ($40.00)")).toBeChecked();
  await dialog.getByLabel("Partial refund").check();
  await dialog.getByLabel("Amount (USD)").fill("45");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog.getByText("The refund cannot be more than what is left to refund.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(refundButton).toBeFocused();

  // Nothing to refund on a pending payment.
  await page.goto(`/dashboard/payments/${pending.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("$7.00");
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
});

test("a merchant lists one button's subscribers and opens one", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const account = await signUpMerchant(page, { name: "Subscription Merchant" });
  const db = e2eDb();
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(db, merchant.id, { name: "Monthly Box", paymentType: "subscription" });
  const other = await createPaymentButton(db, merchant.id, { name: "Yearly Club", paymentType: "subscription" });
  const subscription = await createSubscription(db, merchant.id, {
    buttonId: button.id,
    payerName: "Sam Subscriber",
    payerEmail: `sam.${unique("")}@buyer.test`,
    amountMinor: 1000,
    nextBillingAt: new Date(Date.now() + 10 * DAY),
  });
  await createSubscription(db, merchant.id, {
    buttonId: other.id,
    payerName: "Quinn Quarterly",
    amountMinor: 2500,
    intervalCount: 3,
  });

  await page.goto("/dashboard/customers/subscribers");
  await expect(page.getByRole("link", { name: "Subscribers" })).toHaveAttribute("aria-current", "page");
  const table = page.getByRole("region", { name: "Subscribers" });
  await expect(table).toContainText("$25.00 every 3 months");
  await expect(table.getByRole("row")).toHaveCount(3);

  await page.goto(`/dashboard/customers/subscribers?button=${button.id}`);
  await expect(page.getByText("Subscribers of Monthly Box")).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("$10.00 / month");
  await expect(table).not.toContainText("Quinn Quarterly");

  await table.getByRole("link", { name: "Sam Subscriber" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/subscribers/${subscription.id}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sam Subscriber");
  await expect(page.getByText(subscription.paypalSubscriptionId)).toBeVisible();
  await page.getByRole("button", { name: "Cancel subscription of Sam Subscriber" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel the subscription of Sam Subscriber?" });
  await expect(dialog.getByLabel("Reason (optional)")).toBeVisible();
  await dialog.getByRole("button", { name: "Keep subscription" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("link", { name: "Back to subscribers" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/customers/subscribers\\?button=${button.id}$`));
});
