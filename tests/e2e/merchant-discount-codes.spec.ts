import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createPaymentButton } from "../factories/payment-button";
import { createTransaction } from "../factories/transaction";
import { closeE2eDb, e2eDb } from "./buyer-helpers";
import { signUpMerchant } from "./helpers";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });
test.afterAll(closeE2eDb);

test("a merchant creates a discount code, sees it used on a payment, edits, switches off and deletes it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await signUpMerchant(page);
  const db = e2eDb();
  const merchant = await db.merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await createPaymentButton(db, merchant.id, { name: "Pattern Pack", amountMinor: 1000 });

  await page.getByRole("link", { name: "Discounts" }).click();
  await expect(page.getByRole("heading", { name: "Discounts", level: 1 })).toBeVisible();
  await expect(page.getByText("No discount codes yet")).toBeVisible();
  await page.getByRole("button", { name: "Create your first discount code" }).click();

  const dialog = page.getByRole("dialog", { name: "Create discount code" });
  await dialog.getByLabel("Code").fill("ab");
  await dialog.getByLabel("Percent off").fill("0");
  await dialog.getByLabel("Only the ones I choose").check();
  await dialog.getByRole("button", { name: "Create code" }).click();
  for (const message of [
    "Code must be at least 3 characters",
    "Percent off must be a whole number from 1 to 100",
    "Choose at least one payment button or sell page",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel("Code").fill("e2esave");
  await expect(dialog.getByText("Code must be at least 3 characters")).toHaveCount(0);
  await dialog.getByLabel("Percent off").fill("20");
  await dialog.getByLabel("Maximum uses").fill("10");
  await dialog.getByRole("group", { name: "Payment buttons (one-time)" }).getByLabel("Pattern Pack").check();
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Discount code E2ESAVE created")).toBeVisible();

  const table = page.getByRole("region", { name: "Discount codes" });
  const row = table.getByRole("row", { name: /E2ESAVE/ });
  for (const text of ["20% off", "Pattern Pack", "0 / 10", "Any time", "Active", "No orders yet"]) {
    await expect(row.getByText(text, { exact: true })).toBeVisible();
  }
  await row.getByRole("button", { name: "Copy code E2ESAVE" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("E2ESAVE");
  // The screen itself: the toasts fading in at this moment are not (their contrast is checked in a11y.spec.ts).
  const axe = await new AxeBuilder({ page })
    .include("main")
    .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);

  // Checkout records a use like this (the lead's capture flow): the list and Payments show it.
  const code = await db.discountCode.findFirstOrThrow({ where: { merchantId: merchant.id, code: "E2ESAVE" } });
  await db.discountCode.update({ where: { id: code.id }, data: { usesCount: 1 } });
  await createTransaction(db, merchant.id, {
    buttonId: button.id,
    amountMinor: 1600,
    quantity: 2,
    discountCodeId: code.id,
    discountCodeText: code.code,
    discountMinor: 400,
  });
  await page.goto("/dashboard/payments");
  const payment = page.getByRole("region", { name: "Payments" }).getByRole("row", { name: /Pattern Pack/ });
  await expect(payment.getByText("E2ESAVE · −$4.00")).toBeVisible();
  await expect(payment.getByText("Quantity 2")).toBeVisible();

  await page.goto("/dashboard/discounts");
  await expect(row.getByText("1 / 10")).toBeVisible();
  await expect(row.getByText("$16.00")).toBeVisible();
  await expect(row.getByText("1 order · $4.00 off")).toBeVisible();

  // A used code keeps its text; its offer can change for orders from now on.
  await row.getByRole("button", { name: "Actions for E2ESAVE" }).click();
  await page.getByRole("menuitem", { name: "Edit E2ESAVE" }).click();
  const edit = page.getByRole("dialog", { name: "Edit E2ESAVE" });
  await expect(edit.getByLabel("Code")).toHaveAttribute("readonly", "");
  await edit.getByLabel("Maximum uses").fill("");
  await edit.getByLabel("Percent off").fill("25");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row.getByText("25% off")).toBeVisible();
  await expect(row.getByText("1", { exact: true })).toBeVisible();

  await row.getByRole("switch", { name: "Active: E2ESAVE" }).click();
  await expect(row.getByText("Off", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: "Actions for E2ESAVE" }).click();
  await page.getByRole("menuitem", { name: "Delete E2ESAVE" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete E2ESAVE?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No discount codes yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create your first discount code" })).toBeFocused();

  // The payment keeps the code it used.
  await page.goto("/dashboard/payments");
  await expect(payment.getByText("E2ESAVE · −$4.00")).toBeVisible();
});
