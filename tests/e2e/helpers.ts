import { expect, type Locator, type Page } from "@playwright/test";
import type { SandboxMail } from "../../sandbox/mail";
import { sandboxSecretFor } from "../../sandbox/paypal";

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

type MerchantAccount = { name: string; email: string; password: string };

function accountWith(options: Partial<MerchantAccount>): MerchantAccount {
  return {
    name: options.name ?? "E2E Merchant",
    email: options.email ?? uniqueEmail(),
    password: options.password ?? "e2e-password",
  };
}

/**
 * Signs in over HTTP exactly as the sign-in form does (next-auth's CSRF token, then the provider's callback), so
 * the session cookie lands in the page's browser context. Only the specs about the forms themselves type into them.
 */
async function signInOverHttp(page: Page, provider: "merchant" | "staff", credentials: Record<string, string>) {
  const { csrfToken } = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const response = await page.request.post(`/api/auth/callback/${provider}`, {
    form: { ...credentials, csrfToken },
    maxRedirects: 0,
  });
  // next-auth answers a refused sign-in with a redirect carrying `error=`; an accepted one sets the session cookie.
  expect(response.headers().location ?? "", `sign-in as ${provider}`).not.toContain("error=");
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name.endsWith("authjs.session-token"))).toBe(true);
}

/** A new merchant, signed up through the same procedure the form calls, then signed in; the page is on /dashboard. */
export async function signUpMerchant(page: Page, options: Partial<MerchantAccount> = {}) {
  const account = accountWith(options);
  const response = await page.request.post("/api/trpc/merchant.account.signUp", { data: { json: account } });
  expect(response.ok(), await response.text()).toBe(true);
  await signInOverHttp(page, "merchant", { email: account.email, password: account.password });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Signs up a new merchant through the real form and waits for the dashboard: for the specs about that form. */
export async function signUpMerchantThroughForm(page: Page, options: Partial<MerchantAccount> = {}) {
  const account = accountWith(options);
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** Signs an existing merchant in over HTTP and opens the dashboard. */
export async function signInMerchant(page: Page, account: { email: string; password: string }) {
  await signInOverHttp(page, "merchant", { email: account.email, password: account.password });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs a staff member in over HTTP and opens the portal's overview. */
export async function signInStaff(page: Page, account: { username: string; password: string }) {
  await signInOverHttp(page, "staff", { username: account.username, password: account.password });
  await page.goto("/saas-admin");
  await expect(page).toHaveURL(/\/saas-admin$/);
}

/** A procedure call over HTTP with the page's session, as the dashboard's tRPC client makes it. */
async function callProcedure<T>(page: Page, path: string, input?: unknown): Promise<T> {
  const response =
    input === undefined
      ? await page.request.get(`/api/trpc/${path}`)
      : await page.request.post(`/api/trpc/${path}`, { data: { json: input } });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

type StoreSettings = {
  storeName: string;
  description: string;
  websiteUrl: string;
  paypalEnvironment: "sandbox" | "live";
  paypalWebhookId: string;
};

/**
 * Set-up, not a journey: saves a PayPal sandbox client id (and, unless `withSecret` is false, the secret the sandbox
 * accepts for it) through the procedure Store Settings calls. The form itself has its own specs. Returns the id.
 */
export async function connectPayPal(
  page: Page,
  options: { clientId?: string; withSecret?: boolean; webhookId?: string } = {},
): Promise<string> {
  const clientId = options.clientId ?? `e2e-client-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const saved = await callProcedure<StoreSettings>(page, "merchant.store.get");
  await callProcedure(page, "merchant.store.update", {
    storeName: saved.storeName,
    description: saved.description,
    websiteUrl: saved.websiteUrl,
    paypalEnvironment: saved.paypalEnvironment,
    paypalClientId: clientId,
    paypalSecret: options.withSecret === false ? "" : sandboxSecretFor(clientId),
    paypalWebhookId: options.webhookId ?? saved.paypalWebhookId,
  });
  return clientId;
}

/**
 * Runs `copy` (a click or a key press on a copy button) and returns what landed on the clipboard, once the button has
 * said "Copied!". The label lasts two seconds, which a loaded machine can miss between two polls, so the page records
 * that it appeared and the test reads the record.
 */
export async function copyToClipboard(page: Page, copy: () => Promise<void>): Promise<string> {
  await page.evaluate(() => {
    const seen = window as unknown as { popkitCopiedShown?: boolean };
    seen.popkitCopiedShown = false;
    const observer = new MutationObserver(() => {
      if (document.body.innerText.includes("Copied!")) {
        seen.popkitCopiedShown = true;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await copy();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { popkitCopiedShown?: boolean }).popkitCopiedShown), {
      message: 'the copy button said "Copied!"',
    })
    .toBe(true);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 60 } = {}) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

/** The mail to `to` whose subject is `subject`, from the local inbox the app sends through. */
export async function mailTo(to: string, subject: string): Promise<SandboxMail> {
  let found: SandboxMail | undefined;
  await expect(async () => {
    const response = await fetch(`${process.env.E2E_MAIL_INBOX_URL}/messages?to=${encodeURIComponent(to)}`);
    found = ((await response.json()) as SandboxMail[]).find((mail) => mail.subject === subject);
    expect(found, `a mail "${subject}" to ${to}`).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return found!;
}

/** The dashboard's Revenue tile, in cents (one currency). */
export async function revenueShown(page: Page) {
  await page.goto("/dashboard");
  const text = (await page.getByRole("region", { name: "Revenue", exact: true }).textContent()) ?? "";
  const amount = /\$([\d,]+\.\d\d)/.exec(text)?.[1];
  if (!amount) throw new Error(`No dollar amount in the Revenue tile: ${text}`);
  return Math.round(Number(amount.replaceAll(",", "")) * 100);
}
