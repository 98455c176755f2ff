import { expect, type APIResponse, type BrowserContext, type Page } from "@playwright/test";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { createSellPage } from "../factories/sell-page";
import { createStoredFile } from "../factories/stored-file";
import { createWpsButton } from "../factories/wps-button";
import { e2eStaff } from "../support/e2e-fixtures";
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

// Issue 14 part 2: the security headers of every route family, over real HTTP against the production build
// (src/server/platform/security-headers.ts, src/proxy.ts, next.config.js), and pages that still run under the policy.

test.afterAll(closeE2eDb);

/** The policy as directive name -> its sources. */
function directives(policy: string | undefined): Record<string, string[]> {
  expect(policy, "Content-Security-Policy").toBeTruthy();
  return Object.fromEntries(
    policy!.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** The headers every answer carries; this run is plain HTTP on loopback, so no HSTS. */
function expectFixedHeaders(response: APIResponse) {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(self /);
  expect(headers).not.toHaveProperty("strict-transport-security");
}

/**
 * A page's headers: a nonce policy with no inline or eval escape hatch, framing refused (or allowed to our own
 * origin only), and every script of the HTML carrying this response's nonce. Returns the nonce.
 */
async function expectPageHeaders(response: APIResponse, framing: "none" | "self" = "none") {
  expectFixedHeaders(response);
  const headers = response.headers();
  const csp = directives(headers["content-security-policy"]);
  const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(
    csp["script-src"]?.find((source) => source.startsWith("'nonce-")) ?? "",
  )?.[1];
  expect(nonce, "script-src nonce").toBeTruthy();
  expect(csp["script-src"]).toContain("'strict-dynamic'");
  expect(csp["script-src"]).not.toContain("'unsafe-inline'");
  expect(csp["script-src"]).not.toContain("'unsafe-eval'");
  expect(csp["object-src"]).toEqual(["'none'"]);
  expect(csp["base-uri"]).toEqual(["'self'"]);
  expect(csp["frame-ancestors"]).toEqual([`'${framing}'`]);
  expect(headers["x-frame-options"]).toBe(framing === "none" ? "DENY" : "SAMEORIGIN");

  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => !/type="application\/(?:ld\+)?json"/.test(attributes));
  for (const attributes of scripts) expect(attributes, "a script without the nonce").toContain(`nonce="${nonce}"`);
  return { nonce: nonce!, scriptCount: scripts.length };
}

/** API answers: data only, no nonce, never framed. */
function expectApiHeaders(response: APIResponse) {
  expectFixedHeaders(response);
  const csp = directives(response.headers()["content-security-policy"]);
  expect(csp["default-src"]).toEqual(["'none'"]);
  expect(csp["frame-ancestors"]).toEqual(["'none'"]);
  expect(response.headers()["x-frame-options"]).toBe("DENY");
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

test("every route family answers with its security headers", async ({ page, request, browser }) => {
  test.setTimeout(120_000);

  // Public pages, sign-in pages and the buyer's pages: the same nonce policy, never framed, a new nonce each time.
  const landing = await expectPageHeaders(await request.get("/"));
  expect(landing.scriptCount).toBeGreaterThan(0);
  expect((await expectPageHeaders(await request.get("/"))).nonce).not.toBe(landing.nonce);
  for (const path of ["/auth", "/auth?mode=signup", "/auth/forgot", "/auth/reset/not-a-token", "/saas-admin/auth"]) {
    await test.step(path, async () => void (await expectPageHeaders(await request.get(path))));
  }
  for (const path of ["/thank-you", "/library", "/library/not-a-token", "/privacy", "/no-such-page"]) {
    await test.step(path, async () => void (await expectPageHeaders(await request.get(path))));
  }

  // Signed out, the portals redirect: the redirect carries the headers too.
  for (const [path, target] of [
    ["/dashboard", "/auth"],
    ["/dashboard/settings", "/auth"],
    ["/saas-admin", "/saas-admin/auth"],
  ] as const) {
    const redirect = await request.get(path, { maxRedirects: 0 });
    expect(redirect.status(), path).toBe(307);
    expect(new URL(redirect.headers().location!, "http://app.test").pathname).toBe(target);
    await expectPageHeaders(redirect);
  }

  // The merchant dashboard, signed in.
  await signUpMerchant(page);
  for (const path of ["/dashboard", "/dashboard/pages", "/dashboard/settings"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    await expectPageHeaders(response);
  }

  // The staff portal, signed in.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await signInStaff(staffPage, e2eStaff.superAdmin);
  for (const path of ["/saas-admin", "/saas-admin/merchants"]) {
    const response = await staffPage.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    await expectPageHeaders(response);
  }
  await staff.close();

  // The buy flow: checkout, sell page (Pages Router, our own inline script), the button's test page.
  const merchant = await connectedMerchant(browser);
  const button = await buttonFor(merchant);
  const sellPage = await createSellPage(e2eDb(), merchant.merchantId, { paypalClientId: merchant.clientId });
  await expectPageHeaders(await request.get(`/checkout/${button.id}`));
  const sell = await expectPageHeaders(await request.get(`/digital-sell/${sellPage.id}`));
  expect(sell.scriptCount, "the sell page's own script").toBe(1);
  await expectPageHeaders(await request.get("/digital-sell/does-not-exist"));
  // Only our own pages may frame the test page: the payment button form previews it in an iframe.
  const preview = await expectPageHeaders(await request.get(`/test/${button.id}`), "self");
  expect(preview.scriptCount).toBeGreaterThan(0);

  // API routes: JSON, tRPC, a refused download's small HTML page.
  expectApiHeaders(await request.get("/api/health"));
  expectApiHeaders(await request.get("/api/trpc/pages.counts"));
  expectApiHeaders(await request.get("/api/download/not-a-token"));

  // The embed scripts, loaded by any merchant's site: script type, no sniffing, readable from any origin.
  const wpsButton = await createWpsButton(e2eDb(), merchant.merchantId);
  for (const path of [`/api/button/${button.id}.js`, `/api/wps-button/${wpsButton.id}.js`]) {
    const script = await request.get(path, { headers: { referer: "https://shop.example.com/product" } });
    expect(script.status(), path).toBe(200);
    const headers = script.headers();
    expect(headers["content-type"], path).toBe("application/javascript; charset=utf-8");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"], path).toBe("cross-origin");
    expect(headers["access-control-allow-origin"], path).toBe("*");
  }

  // Static assets: the fixed headers, no per-request policy.
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expectFixedHeaders(favicon);
});

test("HSTS is not sent over plain HTTP, whatever X-Forwarded-Proto claims from an untrusted client", async ({
  request,
}) => {
  const response = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(response.headers()).not.toHaveProperty("strict-transport-security");
  expect(directives(response.headers()["content-security-policy"])).not.toHaveProperty("upgrade-insecure-requests");
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
