import { expect, test } from "@playwright/test";
import { createPlan } from "../factories/plan";
import { createTransaction } from "../factories/transaction";
import { pngFile } from "../support/files";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { signUpMerchant } from "./helpers";

test.afterAll(closeE2eDb);

test("a merchant uploads, replaces and removes the store logo", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/settings");
  const logoInput = page.getByLabel("Store Logo");

  await logoInput.setInputFiles({
    name: "too-big.png",
    mimeType: "image/png",
    buffer: pngFile({ totalBytes: 2_097_153 }),
  });
  await expect(page.getByRole("alert").filter({ hasText: "File size must be under 2MB" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveCount(0);

  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: pngFile({ totalBytes: 2_097_152 }),
  });
  const logo = page.getByRole("img", { name: "Store logo" });
  await expect(logo).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(8);
  const firstSrc = await logo.getAttribute("src");

  await page.reload();
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveAttribute("src", firstSrc!);

  await page
    .getByLabel("Store Logo")
    .setInputFiles({ name: "new.png", mimeType: "image/png", buffer: pngFile({ width: 16, height: 16 }) });
  await expect.poll(() => page.getByRole("img", { name: "Store logo" }).getAttribute("src")).not.toBe(firstSrc);
  // The replaced file is gone from storage, not just unlinked.
  expect((await page.request.get(firstSrc!)).status()).toBe(404);

  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Upload" })).toBeVisible();
});

test("an HTML page renamed .png is refused as an image", async ({ page }) => {
  await signUpMerchant(page);
  await page.goto("/dashboard/settings");
  await page.getByLabel("Store Logo").setInputFiles({
    name: "evil.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expect(page.getByRole("alert").filter({ hasText: "Images only (PNG, JPG, GIF or WebP)" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole("img", { name: "Store logo" })).toHaveCount(0);
});

test("Store Settings shows the plan and this month's usage, and 'Use test credentials' fills in the local sandbox's", async ({
  page,
}) => {
  const account = await signUpMerchant(page);
  await page.goto("/dashboard/settings");
  // A new store is on the default plan, the migration's 'Free' unless staff changed it.
  const plan = page.getByRole("region", { name: "Your plan" });
  await expect(plan).toContainText("Free · $0 a month");
  await expect(plan).toContainText("0 payments this month · unlimited");
  await expect(plan).toContainText("None (0%)");
  await expect(plan.getByRole("button", { name: "Contact us to change plan" })).toBeVisible();

  // The e2e app's PayPal sandbox is the local one, so the button is offered.
  await page.getByRole("button", { name: "Use test credentials" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Test credentials from the local PayPal sandbox were saved." }),
  ).toContainText("They work only with the local sandbox.");
  const clientId = page.getByLabel("PayPal Client ID");
  await expect(clientId).toHaveValue(/^popkit-test-[0-9a-f]+$/);
  await expect(page.getByText("PayPal secret saved")).toBeVisible();
  await expect(page.getByLabel("Environment")).toHaveValue("sandbox");
  const saved = await clientId.inputValue();
  await page.reload();
  await expect(page.getByLabel("PayPal Client ID")).toHaveValue(saved);

  // Staff put the store on a plan of one payment a month with a 2.5% fee, and a buyer paid $20.00 this month.
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const limited = await createPlan(e2eDb(), { monthlyTransactionLimit: 1, feeBasisPoints: 250, priceMinor: 900 });
  await e2eDb().merchant.update({ where: { id: merchant.id }, data: { planId: limited.id } });
  await createTransaction(e2eDb(), merchant.id, { amountMinor: 2000 });
  await page.reload();
  await expect(plan).toContainText(`${limited.name} · $9 a month`);
  await expect(plan).toContainText("1 of 1 payment this month");
  await expect(plan).toContainText("2.5% of each payment");
  await expect(plan).toContainText("$0.50");
  await expect(plan.getByRole("status")).toContainText(
    "Your store has reached its plan's limit of 1 payment this month. Buyers can't start new checkouts until",
  );
  await expect(plan.getByRole("status")).toContainText("Payments buyers already approved are still captured.");
  await e2eDb().plan.delete({ where: { id: limited.id } });
});
