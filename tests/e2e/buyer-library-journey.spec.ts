import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { createSellPage } from "../factories/sell-page";
import { createStoredFile } from "../factories/stored-file";
import { closeE2eDb, connectedMerchant, e2eDb, test } from "./buyer-helpers";
import { uniqueEmail } from "./helpers";

test.afterAll(closeE2eDb);

const inbox = (to: string) => `${process.env.E2E_MAIL_INBOX_URL}/?to=${encodeURIComponent(to)}`;

test("a buyer closes the thank-you page, finds the receipt in the inbox and downloads from the customer portal; the seller gets a sale alert", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const merchant = await connectedMerchant(browser);
  const product = Buffer.from(`%PDF-1.7\nGlaze recipes for ${merchant.merchantId}`);
  const file = await createStoredFile(e2eDb(), merchant.merchantId, "downloadable_file", {
    content: product,
    name: "glaze-recipes.pdf",
  });
  const name = `Glaze Recipes ${merchant.merchantId.slice(-6)}`;
  const sellPage = await createSellPage(e2eDb(), merchant.merchantId, {
    name,
    paypalClientId: merchant.clientId,
    downloadableFileId: file.id,
  });
  const buyerEmail = uniqueEmail("buyer");

  // The buyer pays, signed in to PayPal with their own address, and closes the thank-you page at once.
  await page.goto(`/digital-sell/${sellPage.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  const paypal = page.getByRole("dialog", { name: /with PayPal/ });
  await paypal.getByLabel("Test buyer").selectOption("alex");
  await paypal.getByLabel("PayPal account e-mail").fill(buyerEmail);
  await paypal.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/thank-you\?token=/);
  await page.goto("about:blank");

  // The receipt, in the local inbox: store, item, amount, then the library.
  await expect(async () => {
    await page.goto(inbox(buyerEmail));
    await expect(page.getByRole("link", { name: new RegExp(`Your receipt from .*: ${name}`) })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("link", { name: new RegExp(`Your receipt from .*: ${name}`) }).click();
  await expect(page.getByText("$29.99", { exact: true })).toBeVisible();
  const sale = await e2eDb().transaction.findFirstOrThrow({ where: { sellPageId: sellPage.id } });
  await expect(page.getByText(sale.paypalTransactionId!)).toBeVisible();
  // Mail links open in a new tab, as in a webmail client.
  const opening = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Open your purchases" }).click();
  const portal = await opening;

  // The receipt's library link signs the buyer in to the customer portal.
  await expect(portal.getByRole("heading", { name: "Your purchases" })).toBeVisible();
  await expect(portal.getByText(`Signed in as ${buyerEmail}`)).toBeVisible();
  await portal.getByRole("link", { name: new RegExp(name) }).click();
  await expect(portal.getByRole("heading", { name: "Receipt" })).toBeVisible();
  const downloading = portal.waitForEvent("download");
  await portal.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("glaze-recipes.pdf");
  expect((await readFile((await download.path())!)).equals(product)).toBe(true);

  // The seller's sale alert, at the account's address.
  await expect(async () => {
    await page.goto(inbox(merchant.account.email));
    await expect(page.getByRole("link", { name: /New sale/ })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("link", { name: /New sale/ }).click();
  await expect(page.getByText("$29.99", { exact: true })).toBeVisible();
});
