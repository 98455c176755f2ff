import { expect } from "@playwright/test";
import { createTransaction } from "../factories/transaction";
import { signInMerchant, tabTo } from "./helpers";
import { buttonFor, closeE2eDb, connectedMerchant, e2eDb, expectAccessible, test } from "./buyer-helpers";

test.afterAll(closeE2eDb);

// Store Settings > API keys: a key is made with a name and a scope and shown once, works against the REST API at
// once, lists its prefix and last use, and stops working the moment it is revoked.

test("a seller makes an API key, reads a payment with it, and revokes it", async ({ browser, page, request }) => {
  // A journey of several pages: a loaded two-core machine took over 45 s (the default) to walk it.
  test.setTimeout(90_000);
  const merchant = await connectedMerchant(browser);
  const button = await buttonFor(merchant, { name: "Pattern Pack", amountMinor: 1800 });
  const payment = await createTransaction(e2eDb(), merchant.merchantId, { buttonId: button.id, amountMinor: 1800 });

  await signInMerchant(page, merchant.account);
  await page.goto("/dashboard/settings");
  // The card: the heading's section of the page (its parent's parent, as FormSection draws it).
  const card = page.getByRole("heading", { name: "API keys", level: 2 }).locator("xpath=../..");
  await card.getByLabel("Name").fill("Warehouse sync");
  await card.getByLabel("Access").selectOption("read");
  // By keyboard, from the name to "Create key".
  await card.getByLabel("Name").focus();
  await tabTo(page, card.getByRole("button", { name: "Create key" }));
  await page.keyboard.press("Enter");
  const shown = card.getByLabel('Your new key "Warehouse sync"');
  await expect(shown).toHaveValue(/^pk_test_[A-Za-z0-9_-]{32}$/);
  const key = await shown.inputValue();
  const keys = card.getByRole("list", { name: "API keys" });
  await expect(keys.getByRole("listitem")).toHaveCount(1);
  await expect(keys).toContainText("Warehouse sync");
  await expect(keys).toContainText(`${key.slice(0, 12)}…`);
  await expect(keys).toContainText("never used");
  await expectAccessible(page, "main");

  const read = await request.get(`/api/v1/payments/${payment.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(read.status()).toBe(200);
  expect(await read.json()).toMatchObject({ id: payment.id, object: "payment", amount: 1800, currency: "USD" });

  // The key is never shown again: a fresh page lists it without it, and says it was used.
  await page.reload();
  await expect(keys).toContainText("last used");
  await expect(page.getByText(key)).toHaveCount(0);

  await keys.getByRole("button", { name: "Revoke Warehouse sync" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(keys).toContainText("Revoked");
  const refused = await request.get(`/api/v1/payments/${payment.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["content-type"]).toBe("application/problem+json");
});
