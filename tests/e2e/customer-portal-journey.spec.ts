// The customer portal as a subscriber lives it: they subscribe on the seller's site, open the portal from the
// receipt in the local inbox (a sign-in link by e-mail), download the invoice, add a VAT id and get version 2,
// pause, resume, switch plan (approving at PayPal) and cancel. After each step the seller's Subscribers view,
// PayPal's own state and the seller's webhook log say the same.
import { readFile } from "node:fs/promises";
import { type Download, expect, type Page } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { createPlan, subscriptionAtPayPal } from "../support/paypal-sandbox";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  embedSnippet,
  paymentMessage,
  startShop,
  test,
} from "./buyer-helpers";
import { signInMerchant, uniqueEmail } from "./helpers";

test.afterAll(closeE2eDb);

const inbox = (to: string) => `${process.env.E2E_MAIL_INBOX_URL}/?to=${encodeURIComponent(to)}`;

/** Opens the newest mail to `to` whose subject matches, in the local inbox. */
async function openMail(page: Page, to: string, subject: RegExp) {
  await expect(async () => {
    await page.goto(inbox(to));
    await expect(page.getByRole("link", { name: subject }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("link", { name: subject }).first().click();
}

test("a subscriber manages their subscription in the customer portal; the seller, PayPal and the webhook log agree", async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const merchant = await connectedMerchant(browser);
  const db = e2eDb();
  // Two plans of one PayPal product (PayPal moves a subscription only within its product), and their buttons.
  const basicPlan = await createPlan(merchant.clientId, { price: "10.00" });
  const proPlan = await createPlan(merchant.clientId, { price: "25.00", sameProductAs: basicPlan });
  const tag = merchant.merchantId.slice(-6);
  const basic = await buttonFor(merchant, {
    name: `Club Basic ${tag}`,
    paymentType: "subscription",
    subscriptionPlanId: basicPlan,
    planIntervalUnit: "MONTH",
    planIntervalCount: 1,
    amountMinor: 1000,
    styleLabel: "subscribe",
  });
  const pro = await buttonFor(merchant, {
    name: `Club Pro ${tag}`,
    paymentType: "subscription",
    subscriptionPlanId: proPlan,
    planIntervalUnit: "MONTH",
    planIntervalCount: 1,
    amountMinor: 2500,
  });
  // The seller's webhook receives subscription.* events (its log is what we compare); the URL need not answer.
  await db.storeSettings.update({
    where: { merchantId: merchant.merchantId },
    data: { storeName: `Knit Club ${tag}`, webhookUrl: "https://hooks.example.com/popkit" },
  });

  // The seller sets up the customer portal in Store Settings.
  const seller = await browser.newPage();
  await signInMerchant(seller, merchant.account);
  await seller.goto("/dashboard/settings");
  const card = seller.getByRole("form", { name: "Customer portal" });
  await card.getByLabel("Let subscribers pause and resume").check();
  await card.getByRole("checkbox", { name: basic.name }).check();
  await card.getByRole("checkbox", { name: pro.name }).check();
  await card.getByLabel("Legal name").fill(`Knit Club ${tag} LLC`);
  await card.getByRole("button", { name: "Save customer portal" }).click();
  await expect(card.getByText("Customer portal settings saved.")).toBeVisible();
  // Events are signed: the store's webhook sends nothing until it has a secret.
  await seller.getByRole("button", { name: "Generate secret" }).click();
  await expect(seller.getByLabel("Your new signing secret")).toBeVisible();

  // The buyer subscribes through the embed on the seller's own site.
  const buyerEmail = uniqueEmail("subscriber");
  const shop = await startShop(
    () => `<!doctype html><title>Shop</title>${embedSnippet(process.env.E2E_BASE_URL!, basic.id)}`,
  );
  try {
    await page.goto(shop.url);
    await page.getByRole("button", { name: "PayPal Subscribe" }).click();
    const paypal = page.getByRole("dialog", { name: /with PayPal/ });
    await paypal.getByLabel("Test buyer").selectOption("alex");
    await paypal.getByLabel("PayPal account e-mail").fill(buyerEmail);
    await paypal.getByRole("button", { name: "Approve" }).click();
    await expect(paymentMessage(page, "status", "Payment successful!")).toBeVisible();
  } finally {
    await shop.close();
  }
  const subscription = await db.subscription.findFirstOrThrow({ where: { buttonId: basic.id } });
  const atPayPal = () => subscriptionAtPayPal(merchant.clientId, subscription.paypalSubscriptionId);
  const deliveries = async () =>
    (
      await db.webhookDelivery.findMany({
        where: { merchantId: merchant.merchantId, eventType: { startsWith: "subscription." } },
        orderBy: { createdAt: "asc" },
        select: { eventType: true },
      })
    ).map((delivery) => delivery.eventType);
  const sellerSees = async (text: RegExp | string) => {
    await seller.goto("/dashboard/customers/subscribers");
    await expect(seller.getByRole("row", { name: new RegExp(buyerEmail) })).toContainText(text);
  };

  // The receipt, in the local inbox, leads to the portal; the portal mails a single-use sign-in link.
  await openMail(page, buyerEmail, /Your receipt from/);
  // Mail links open in a new tab, as in a webmail client: follow it here.
  const portalUrl = await page.getByRole("link", { name: "Manage your subscription" }).getAttribute("href");
  await page.goto(portalUrl!);
  await expect(page).toHaveURL(/\/portal\/sign-in\?next=/);
  await page.getByLabel("Enter the e-mail you paid with").fill(buyerEmail);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByText(/a sign-in link is on its way/)).toBeVisible();
  await openMail(page, buyerEmail, /Your sign-in link/);
  await page.goto((await page.getByRole("link", { name: "Sign in" }).getAttribute("href"))!);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: basic.name })).toBeVisible();
  await expect(page.getByText(`Signed in as ${buyerEmail}`)).toBeVisible();
  // The buyer's session is the portal's own: it opens no merchant page.
  const dashboard = await page.context().newPage();
  await dashboard.goto("/dashboard");
  await expect(dashboard).toHaveURL(/\/auth/);
  await dashboard.close();
  // ... and the seller's session opens no portal.
  await seller.goto("/portal");
  await expect(seller).toHaveURL(/\/portal\/sign-in/);

  // The invoice of the first payment: a PDF with the store, its number and the amount.
  await page.getByRole("link", { name: /\$10\.00 on/ }).click();
  await expect(page.getByRole("heading", { name: "Receipt" })).toBeVisible();
  const invoices = page.getByRole("region", { name: "Invoices" });
  const firstPdf = page.waitForEvent("download");
  await invoices.getByRole("link", { name: /Invoice INV-000001, version 1/ }).click();
  const text = await pdfText(await firstPdf);
  expect(text).toContain(`Knit Club ${tag}`);
  expect(text).toContain("INV-000001");
  expect(text).toContain("$10.00");

  // A VAT id: version 2, which names the one it replaces; version 1 stays downloadable.
  await invoices.getByLabel("VAT id").fill("DE123456789");
  await invoices.getByRole("button", { name: "Issue corrected invoice" }).click();
  await expect(invoices.getByText("Invoice INV-000001 version 2 is issued.")).toBeVisible();
  const secondPdf = page.waitForEvent("download");
  await invoices.getByRole("link", { name: /Invoice INV-000001, version 2/ }).click();
  const corrected = await pdfText(await secondPdf);
  expect(corrected).toContain("DE123456789");
  expect(corrected).toMatch(/replaces version 1/i);
  await expect(invoices.getByRole("link", { name: /Invoice INV-000001, version 1/ })).toBeVisible();

  // Pause, then resume.
  await page.getByRole("link", { name: "Manage the subscription" }).click();
  await page.getByRole("button", { name: "Pause subscription" }).click();
  await expect(page.getByText("Your subscription is paused.", { exact: false })).toBeVisible();
  expect((await atPayPal()).status).toBe("SUSPENDED");
  await sellerSees("Paused from the portal");
  await expect.poll(deliveries).toContain("subscription.suspended");

  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByText("Your subscription is active again.")).toBeVisible();
  expect((await atPayPal()).status).toBe("ACTIVE");
  await sellerSees("Resumed from the portal");
  await expect.poll(deliveries).toContain("subscription.activated");

  // Switch plan: the portal says when the new price applies, the buyer approves at PayPal and comes back.
  const changePlan = page.getByRole("form", { name: "Change plan" });
  await expect(changePlan).toContainText("The new price applies from your next billing cycle");
  await changePlan.getByRole("radio", { name: new RegExp(pro.name) }).check();
  await changePlan.getByRole("button", { name: "Continue to PayPal" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Your plan is changed.", { exact: false })).toBeVisible();
  await expect(page.getByText(`${pro.name}: $25.00 / month`)).toBeVisible();
  expect((await atPayPal()).plan_id).toBe(proPlan);
  await sellerSees(/Switched plan from the portal/);
  await expect.poll(deliveries).toContain("subscription.updated");

  // Cancel, with a reason for the seller.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: /Cancel/ });
  await dialog.getByLabel("Why are you cancelling? (optional)").fill("Too many patterns");
  await dialog.getByRole("button", { name: "Cancel subscription" }).click();
  // The page reloads as a cancelled subscription: no actions left, and it says so.
  await expect(page.getByText("This subscription is cancelled.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  expect((await atPayPal()).status).toBe("CANCELLED");
  await sellerSees("Cancelled from the portal");
  await sellerSees("Reason: Too many patterns");
  await expect.poll(deliveries).toContain("subscription.cancelled");
  // Each change reached the seller's webhook once, in order, though PayPal's own webhooks followed each one.
  const changes = (await deliveries()).filter((type) => type !== "subscription.activated");
  expect(changes).toEqual(["subscription.suspended", "subscription.updated", "subscription.cancelled"]);
});

async function pdfText(download: Download): Promise<string> {
  const bytes = await readFile((await download.path())!);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}
