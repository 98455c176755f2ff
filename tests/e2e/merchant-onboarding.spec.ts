import { expect, type Page } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { closeE2eDb, e2eDb, embedSnippet, payInPayPalWindow, paymentMessage, startShop, test } from "./buyer-helpers";
import { signUpMerchant } from "./helpers";

// The guided first hour: a new seller's getting-started checklist ticks itself from real state, through the
// real UI, the PayPal sandbox and a page on another origin, until it reads all done. `test` fails on any native dialog.

test.afterAll(closeE2eDb);

const checklist = (page: Page) => page.getByRole("region", { name: "Get started with Popkit" });
const progress = (page: Page) => page.getByRole("progressbar", { name: "Getting started" });
const step = (page: Page, title: string, state: "done" | "to do") =>
  page.getByRole("link", { name: new RegExp(`^${title}: ${state}`) });

async function expectProgress(page: Page, done: number) {
  await expect(progress(page)).toHaveAttribute("aria-valuenow", String(done));
  await expect(progress(page)).toHaveAttribute("aria-valuetext", `${done} of 4 done`);
}

test("a new seller's checklist ticks itself through to a sandbox test payment and an embed on their site", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const account = await signUpMerchant(page, { name: "Onboarding Seller" });

  // 0 of 4: the checklist, and instead of $0 tiles the next step.
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page)).toContainText("0 of 4 done");
  await expectProgress(page, 0);
  for (const title of ["Add your PayPal credentials", "Create a POP", "Take a test payment", "Put it on your site"]) {
    await expect(step(page, title, "to do")).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "No payments yet" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toHaveCount(0);
  await expect(page.getByText("No payment buttons created yet")).toBeVisible();

  // 1. PayPal credentials, saved in Store Settings (the sandbox accepts the secret it derives for the client id).
  await step(page, "Add your PayPal credentials", "to do").click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  const clientId = `e2e-onboarding-${Date.now().toString(36)}`;
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByLabel("PayPal Secret", { exact: true }).fill(sandboxSecretFor(clientId));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expectProgress(page, 1);
  await expect(step(page, "Add your PayPal credentials", "done")).toBeVisible();
  // The empty state follows the checklist to its next step.
  await expect(page.getByRole("main").getByRole("link", { name: "Create a POP", exact: true })).toBeVisible();

  // 2. A payment button, made through the create screens.
  await step(page, "Create a POP", "to do").click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/create-pop$/);
  await page.getByRole("link", { name: "Create Payment Button" }).click();
  await page.getByLabel("Button Name").fill("Onboarding Pattern Pack");
  await page.getByLabel("Amount").fill("9.00");
  await page.getByRole("button", { name: "Save Button" }).click();
  await expect(page.getByRole("dialog", { name: "Your POP is ready" })).toBeVisible();
  await page.keyboard.press("Escape");
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await e2eDb().paymentButton.findFirstOrThrow({ where: { merchantId: merchant.id } });
  await page.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expectProgress(page, 2);
  await expect(step(page, "Create a POP", "done")).toBeVisible();
  // The new button is listed under Top Performing Pages, ready to take payments.
  const top = page.getByRole("listitem").filter({ hasText: "Onboarding Pattern Pack" });
  await expect(top).toContainText("Payment button · 0 sales");
  await expect(top).not.toContainText("Setup needed");

  // 3. A sandbox payment on the button's test page, which opens in a new tab; back on the dashboard the step
  // ticks without a reload (the checklist re-reads the steps when the tab is shown again).
  const [testPage] = await Promise.all([
    context.waitForEvent("page"),
    step(page, "Take a test payment", "to do").click(),
  ]);
  await expect(testPage).toHaveURL(new RegExp(`/test/${button.id}$`));
  await testPage.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(testPage, "Approve");
  const success = "Payment successful! Thank you for your purchase.";
  await expect(paymentMessage(testPage, "status", success)).toHaveText(success);
  await testPage.close();
  await page.bringToFront();
  await expect(async () => {
    // What the browser fires when the seller switches back to this tab (headless tabs never hide).
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await expectProgress(page, 3);
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await expect(step(page, "Take a test payment", "done")).toBeVisible();
  // With a payment the figures replace the empty state, also without a reload.
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toContainText("$9.00");
  await expect(page.getByRole("heading", { name: "No payments yet" })).toHaveCount(0);
  // Our own test page is not "your site".
  expect((await e2eDb().paymentButton.findUniqueOrThrow({ where: { id: button.id } })).embedSeenAt).toBeNull();

  // 4. The step leads to the button's embed code; the seller pastes it into their shop (another origin).
  await step(page, "Put it on your site", "to do").click();
  const ready = page.getByRole("dialog", { name: "Your POP is ready" });
  await expect(ready).toBeVisible();
  await expect(ready).toContainText(`/api/button/${button.id}.js`);
  await page.keyboard.press("Escape");
  const shop = await startShop(
    () =>
      `<!doctype html><html><head><title>Knitting shop</title></head><body><h1>Knitting shop</h1>${embedSnippet(
        process.env.E2E_BASE_URL!,
        button.id,
      )}</body></html>`,
  );
  try {
    const visitor = await context.newPage();
    await visitor.goto(`${shop.url}/patterns`);
    await expect(visitor.getByRole("button", { name: "PayPal" })).toBeVisible();
    await visitor.close();
  } finally {
    await shop.close();
  }

  // The script's answer records the embed without waiting for the write (a buyer's page never waits on it): the
  // dashboard is opened once it is stored.
  await expect
    .poll(async () => (await e2eDb().paymentButton.findUniqueOrThrow({ where: { id: button.id } })).embedSeenAt)
    .not.toBeNull();

  // All four done: "You're all set", once.
  await page.goto("/dashboard");
  const allSet = page.getByRole("region", { name: "You're all set" });
  await expect(allSet).toBeVisible();
  await expect(allSet).toContainText("4 of 4 done");
  await expectProgress(page, 4);
  for (const title of ["Add your PayPal credentials", "Create a POP", "Take a test payment", "Put it on your site"]) {
    await expect(step(page, title, "done")).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Revenue", exact: true })).toContainText("$9.00");
  await expect(progress(page)).toHaveCount(0);
});
