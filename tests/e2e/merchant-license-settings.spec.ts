import { expect, test } from "@playwright/test";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { connectPayPal, signUpMerchant } from "./helpers";
import { createPaymentButton } from "../factories/payment-button";

test.afterAll(closeE2eDb);

test("a seller turns on license keys for a payment button and fills its pool by pasting keys", async ({ page }) => {
  test.setTimeout(90_000);
  const account = await signUpMerchant(page);
  const clientId = await connectPayPal(page);
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(e2eDb(), merchant.id, { name: "Pixel Editor", paypalClientId: clientId });

  await page.goto(`/dashboard/pages/edit/${button.id}`);
  const card = page.getByRole("region", { name: "License keys" });
  const issuing = card.getByRole("switch", { name: "Issue license keys" });
  await expect(issuing).toHaveAttribute("aria-checked", "false");
  await expect(card.getByLabel("Activation limit")).toHaveCount(0);

  await issuing.click();
  await expect(card.getByLabel("Activation limit")).toHaveValue("1");
  await card.getByLabel("Activation limit").fill("3");
  await card.getByLabel("Key prefix (optional)").fill("PIX-");
  // The pool opens once keys are on for real, i.e. saved.
  await expect(card.getByLabel("Keys to import")).toHaveCount(0);
  await card.getByRole("button", { name: "Save license settings" }).click();
  await expect(card.getByText("License settings saved.")).toBeVisible();
  await expect(card.getByText("0 keys left in the pool · 0 issued")).toBeVisible();

  const run = Date.now().toString(36);
  await card.getByLabel("Keys to import").fill(`PIX-${run}-0001\nPIX-${run}-0002\n\nPIX-${run}-0003\n`);
  await card.getByRole("button", { name: "Import keys" }).click();
  await expect(card.getByText("Imported 3 keys. Skipped 1 blank line.")).toBeVisible();
  await expect(card.getByText("3 keys left in the pool · 0 issued")).toBeVisible();
  await expect(card.getByLabel("Keys to import")).toHaveValue("");

  // Read again on the server: the first paint shows the saved settings and the pool.
  await page.reload();
  await expect(issuing).toHaveAttribute("aria-checked", "true");
  await expect(card.getByLabel("Activation limit")).toHaveValue("3");
  await expect(card.getByLabel("Key prefix (optional)")).toHaveValue("PIX-");
  await expect(card.getByText("3 keys left in the pool · 0 issued")).toBeVisible();
});
