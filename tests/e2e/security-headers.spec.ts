import { expect, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import { createSellPage } from "../factories/sell-page";
import { createStoredFile } from "../factories/stored-file";
import { e2eStaff } from "../support/e2e-fixtures";
import { signedOutPages } from "../support/page-families";
import {
  buttonFor,
  closeE2eDb,
  connectedMerchant,
  e2eDb,
  payInPayPalWindow,
  paymentMessage,
  test,
} from "./buyer-helpers";
import { signInStaff, signUpMerchant } from "./helpers";

// The policy as the production build renders and browsers enforce it. Every header of every route family (the
// nonce policy, framing, redirects, HSTS, next.config.js's fixed headers, the embed scripts') is checked without a
// server in tests/integration/platform/security-headers.test.ts. Here: the nonce Next and our pages stamp on each
// script while rendering, which only the production build shows (a page prerendered at build time would carry
// none), and pages that run their scripts, PayPal's SDK and the embed snippet under the policy in a browser.

test.afterAll(closeE2eDb);

/**
 * Every script of a page's HTML (not its JSON data) carries the nonce of this response's policy, so the browser runs
 * it. Returns the nonce and how many scripts there are.
 */
async function expectNonceOnScripts(response: APIResponse) {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce, `${response.url()}: the policy's nonce`).toBeTruthy();
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => !/type="application\/(?:ld\+)?json"/.test(attributes));
  for (const attributes of scripts) {
    expect(attributes, `${response.url()}: a script without the nonce`).toContain(`nonce="${nonce}"`);
  }
  return { nonce: nonce!, scriptCount: scripts.length };
}

/**
 * Every CSP violation and script error a page meets: the browser's own report (securitypolicyviolation, listened
 * to before any page script runs), the console's errors and uncaught exceptions. Returns the check.
 */
async function recordProblems(context: BrowserContext, page: Page) {
  const problems: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber} ${event.sample}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return () => expect(problems, "CSP violations and script errors").toEqual([]);
}

test("every page family's HTML carries its own response's nonce on each script", async ({ page, request, browser }) => {
  test.setTimeout(120_000);

  // Public pages, sign-in pages and the buyer's pages, rendered anew for each request.
  const landing = await expectNonceOnScripts(await request.get("/"));
  expect(landing.scriptCount).toBeGreaterThan(0);
  expect((await expectNonceOnScripts(await request.get("/"))).nonce).not.toBe(landing.nonce);
  for (const path of signedOutPages) {
    await test.step(path, async () => void (await expectNonceOnScripts(await request.get(path))));
  }

  // The merchant dashboard, signed in.
  await signUpMerchant(page);
  for (const path of ["/dashboard", "/dashboard/pages", "/dashboard/settings"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    await expectNonceOnScripts(response);
  }

  // The staff portal, signed in.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInStaff(staffPage, e2eStaff.superAdmin);
  for (const path of ["/saas-admin", "/saas-admin/merchants"]) {
    const response = await staffPage.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    await expectNonceOnScripts(response);
  }
  await staff.close();

  // The buy flow: checkout, the sell page (Pages Router, with our own inline script), the button's test page.
  const merchant = await createMerchant(e2eDb());
  const button = await createPaymentButton(e2eDb(), merchant.id);
  const sellPage = await createSellPage(e2eDb(), merchant.id);
  /** A page of the buy flow, found (status 200, not a not-found page), with the nonce on each of its scripts. */
  const buyFlowPage = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return expectNonceOnScripts(response);
  };
  await buyFlowPage(`/checkout/${button.id}`);
  const sell = await buyFlowPage(`/digital-sell/${sellPage.id}`);
  expect(sell.scriptCount, "the sell page's own script").toBe(1);
  // The button form previews the test page in an iframe; its embed snippet is one of these scripts.
  const preview = await buyFlowPage(`/test/${button.id}`);
  expect(preview.scriptCount).toBeGreaterThan(0);
  await expectNonceOnScripts(await request.get("/digital-sell/does-not-exist"));
});

test("a buyer pays on a sell page and on a checkout page with no CSP violation", async ({ browser, context, page }) => {
  test.setTimeout(180_000);
  const check = await recordProblems(context, page);
  const merchant = await connectedMerchant(browser);
  const file = await createStoredFile(e2eDb(), merchant.merchantId, "downloadable_file", {
    content: "%PDF-1.7\nUnder policy",
    name: "under-policy.pdf",
  });
  const sellPage = await createSellPage(e2eDb(), merchant.merchantId, {
    paypalClientId: merchant.clientId,
    downloadableFileId: file.id,
  });

  // The sell page: its inline script (the nonce), PayPal's SDK (strict-dynamic), the sandbox's API (connect-src).
  await page.goto(`/digital-sell/${sellPage.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  await expect(page).toHaveURL(/\/thank-you\?token=/);
  await expect(page.getByRole("heading", { name: "Thank You for Your Purchase!" })).toBeVisible();

  // The checkout page: Next's scripts load PayPal's SDK.
  const button = await buttonFor(merchant);
  await page.goto(`/checkout/${button.id}`);
  await page.getByRole("button", { name: "PayPal" }).click();
  await payInPayPalWindow(page, "Approve");
  const success = "Payment successful! Thank you for your purchase.";
  await expect(paymentMessage(page, "status", success)).toHaveText(success);
  check();
});

test("the dashboard frames the button's test page, whose embed snippet runs under the policy", async ({
  context,
  page,
}) => {
  test.setTimeout(120_000);
  const check = await recordProblems(context, page);
  const account = await signUpMerchant(page);
  const clientId = `e2e-csp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto("/dashboard/settings");
  await page.getByLabel("PayPal Client ID").fill(clientId);
  await page.getByLabel("PayPal Secret", { exact: true }).fill(sandboxSecretFor(clientId));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  const button = await buttonFor({ merchantId: merchant.id, clientId });

  await page.goto(`/dashboard/pages/edit/${button.id}`);
  await page.getByRole("button", { name: "Preview Button" }).click();
  const preview = page
    .getByRole("dialog", { name: "Button Preview" })
    .frameLocator("iframe[title='Payment button preview']");
  await expect(preview.getByRole("button", { name: "PayPal" })).toBeVisible();
  check();
});
