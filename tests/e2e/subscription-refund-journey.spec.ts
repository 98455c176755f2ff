// The subscription and refund journey, as a seller reconciling PayPal with the dashboard lives it: a buyer subscribes, PayPal bills
// the renewal (its webhook reaches the app), the seller refunds $5 of the renewal from the payment's detail view,
// and the Payments row says Partially refunded while the dashboard's revenue drops by exactly $5.
import { expect } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { billSubscription, createPlan, registerWebhook } from "../support/paypal-sandbox";
import { closeE2eDb, e2eDb, payInPayPalWindow, paymentMessage, test } from "./buyer-helpers";
import { revenueShown, signUpMerchant } from "./helpers";

test.afterAll(closeE2eDb);

test("a subscriber's renewal is refunded in part from the dashboard", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The seller: signs up, saves their PayPal app's credentials, and registers the app's webhook URL with PayPal.
  const account = await signUpMerchant(page);
  const clientId = `e2e-journey-${Date.now()}`;
  await page.goto("/dashboard/settings");
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByLabel("PayPal Secret", { exact: true }).fill(sandboxSecretFor(clientId));
  const webhookId = await registerWebhook(clientId, `${process.env.E2E_BASE_URL}/api/paypal/webhook`);
  await page.getByLabel("PayPal Webhook ID").fill(webhookId);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();

  // A $10.00-a-month plan in PayPal, and the subscription button for it.
  const planId = await createPlan(clientId, { price: "10.00", intervalUnit: "MONTH" });
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const { createPaymentButton } = await import("../factories/payment-button");
  const button = await createPaymentButton(e2eDb(), merchant.id, {
    name: "Pattern Club",
    paypalClientId: clientId,
    paymentType: "subscription",
    subscriptionPlanId: planId,
    amountMinor: 1000,
    styleLabel: "subscribe",
  });

  // The buyer subscribes on the checkout page.
  const buyer = await browser.newPage();
  await buyer.goto(`/checkout/${button.id}`);
  await buyer.getByRole("button", { name: "PayPal Subscribe" }).click();
  await payInPayPalWindow(buyer, "Approve");
  await expect(paymentMessage(buyer, "status", "Payment successful!")).toBeVisible();
  await buyer.close();
  const subscription = await e2eDb().subscription.findFirstOrThrow({ where: { buttonId: button.id } });
  const payments = () =>
    e2eDb().transaction.findMany({ where: { paypalSubscriptionId: subscription.paypalSubscriptionId } });
  await expect.poll(async () => (await payments()).length, { timeout: 30_000 }).toBe(1);
  const before = await revenueShown(page);

  // PayPal bills the second month: its PAYMENT.SALE.COMPLETED reaches the app, which records one more payment.
  const billed = await billSubscription(subscription.paypalSubscriptionId);
  const renewalId = (billed.sale as { id: string }).id;
  await expect.poll(async () => (await payments()).length, { timeout: 30_000 }).toBe(2);
  expect(await revenueShown(page)).toBe(before + 1000);

  // The seller refunds $5.00 of the renewal from its detail view.
  await page.goto(`/dashboard/payments?q=${renewalId}`);
  const table = page.getByRole("region", { name: "Payments" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await table.getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByText(renewalId).first()).toBeVisible();
  await page.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund payment" });
  await dialog.getByLabel("Partial refund").check();
  await dialog.getByLabel("Amount (USD)").fill("5.00");
  await dialog.getByLabel("Reason (optional)").fill("One pattern was missing");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(page.getByText("Refunded $5.00.")).toBeVisible();

  await page.goto(`/dashboard/payments?q=${renewalId}`);
  await expect(table.getByRole("row").nth(1)).toContainText("Partially refunded");
  expect(await revenueShown(page)).toBe(before + 1000 - 500);
});
