// Issue 29's journey: a buyer buys 2 units of a software button and gets 2 keys after paying (with Copy) and in the
// receipt; an app talks to the public License API (activate, refused at the limit, validate, deactivate, activate
// again); the seller sees the activation on the key's page, refunds the payment in full, and the API then answers
// that the key is disabled.
import { expect } from "@playwright/test";
import { copyToClipboard, signInMerchant } from "./helpers";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  payInPayPalWindow,
  paymentMessage,
  test,
} from "./buyer-helpers";

test.afterAll(closeE2eDb);
test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const inbox = (to: string) => `${process.env.E2E_MAIL_INBOX_URL}/?to=${encodeURIComponent(to)}`;

/** What an app does: a form-encoded POST to the License API, as Lemon Squeezy's clients send it. */
async function licenseApi(action: string, fields: Record<string, string>) {
  const response = await fetch(`${process.env.E2E_BASE_URL}/api/v1/licenses/${action}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("a buyer's 2 keys after paying and in the receipt; an app activates one; the seller refunds and it is disabled", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const merchant = await connectedMerchant(browser);
  const name = `Pixel Editor ${merchant.merchantId.slice(-6)}`;
  const button = await buttonFor(merchant, { name, amountMinor: 2500, maxQuantity: 5 });
  await e2eDb().licensePolicy.create({
    data: { buttonId: button.id, merchantId: merchant.merchantId, activationLimit: 1 },
  });

  // The buyer pays for 2 and sees a key per unit, each with Copy.
  await page.goto(`/checkout/${button.id}`);
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  await expect(paymentMessage(page, "status", "Payment successful!")).toBeVisible();
  const keys = page.getByRole("region", { name: "License keys" });
  await expect(keys.getByRole("heading", { name: "Your license keys (also in your receipt e-mail):" })).toBeVisible();
  await expect(keys.locator("code")).toHaveCount(2);
  const [first, second] = (await keys.locator("code").allTextContents()) as [string, string];
  expect(first).toMatch(/^([0-9A-Z]{4}-){6}[0-9A-Z]{4}$/);
  expect(second).not.toBe(first);
  expect(await copyToClipboard(page, () => keys.getByRole("button", { name: "Copy license key 2" }).click())).toBe(
    second,
  );

  // Both keys are in the receipt, in the local inbox.
  const payment = await e2eDb().transaction.findFirstOrThrow({ where: { buttonId: button.id } });
  const receipt = page.getByRole("link", { name: new RegExp(`Your receipt from .*: ${name}`) });
  await expect(async () => {
    await page.goto(inbox(payment.payerEmail!));
    await expect(receipt).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await receipt.click();
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  await expect(page.getByText(second, { exact: true })).toBeVisible();

  // An app on two machines: the second activation is over the limit of 1.
  const laptop = await licenseApi("activate", { license_key: first, instance_name: "Laptop" });
  expect(laptop).toMatchObject({ status: 200, body: { activated: true, license_key: { status: "active" } } });
  const instanceId = (laptop.body.instance as { id: string }).id;
  expect(await licenseApi("activate", { license_key: first, instance_name: "Desktop" })).toMatchObject({
    status: 400,
    body: { activated: false, error: "This license key has reached the activation limit." },
  });
  expect(await licenseApi("validate", { license_key: first, instance_id: instanceId })).toMatchObject({
    status: 200,
    body: { valid: true, instance: { name: "Laptop" } },
  });
  expect(await licenseApi("deactivate", { license_key: first, instance_id: instanceId })).toMatchObject({
    status: 200,
    body: { deactivated: true },
  });
  expect(await licenseApi("activate", { license_key: first, instance_name: "Desktop" })).toMatchObject({
    status: 200,
    body: { activated: true, instance: { name: "Desktop" } },
  });

  // The seller finds the key, sees its activations, and refunds the payment in full.
  await signInMerchant(page, merchant.account);
  await page.goto(`/dashboard/license-keys?q=${encodeURIComponent(first)}`);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("1 of 1");
  await row.getByRole("link").first().click();
  await expect(page.getByText(first, { exact: true })).toBeVisible();
  const activations = page.locator("section").filter({ has: page.getByRole("heading", { name: "Activations" }) });
  await expect(activations.getByRole("listitem").filter({ hasText: "Desktop" })).toContainText("Active");
  await expect(activations.getByRole("listitem").filter({ hasText: "Laptop" })).toContainText("Deactivated");
  await page.getByRole("link", { name: payment.paypalTransactionId! }).click();
  await page.getByRole("button", { name: "Refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Refund payment" });
  await dialog.getByRole("button", { name: "Refund $50.00" }).click();
  await expect(page.getByText("Refunded $50.00.")).toBeVisible();

  // The app's next check: the key is disabled, and so is the other one of the payment.
  for (const key of [first, second]) {
    expect(await licenseApi("validate", { license_key: key })).toMatchObject({
      status: 200,
      body: { valid: false, error: "This license key is disabled.", license_key: { status: "disabled" } },
    });
  }
});
