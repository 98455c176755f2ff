// Shared by the buyer-* and embed-* journeys: a merchant connected to the PayPal sandbox (through the procedure
// Store Settings calls), buttons written straight into the app's database, and the fake PayPal window's steps.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { createPrismaClient } from "../../src/server/platform/prisma-client";
import { createPaymentButton } from "../factories/payment-button";
import { connectPayPal, signUpMerchant } from "./helpers";

let client: PrismaClient | undefined;

/** The e2e app's own database (tests/support/e2e-global-setup.ts exposes it). */
export function e2eDb(): PrismaClient {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run through playwright.config.ts");
  client ??= createPrismaClient(url, { embedded: process.env.E2E_EMBEDDED_DB === "1" });
  return client;
}

export async function closeE2eDb() {
  await client?.$disconnect();
  client = undefined;
}

/**
 * Signs a merchant up and saves a sandbox client id and its secret, as a merchant copies them from their PayPal
 * app into Store Settings. Returns the merchant's id and client id.
 */
export async function connectedMerchant(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpMerchant(page);
  const clientId = await connectPayPal(page);
  await context.close();
  const merchant = await e2eDb().merchant.findFirstOrThrow({ where: { email: account.email } });
  return { merchantId: merchant.id, clientId, account };
}

export function buttonFor(
  merchant: { merchantId: string; clientId: string },
  overrides: Partial<Prisma.PaymentButtonUncheckedCreateInput> = {},
) {
  return createPaymentButton(e2eDb(), merchant.merchantId, { paypalClientId: merchant.clientId, ...overrides });
}

/** The merchant's website: another origin than the app, serving any path with `html(path)`. */
export async function startShop(html: (path: string) => string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html(req.url ?? "/"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The app listens on 127.0.0.1 too; "localhost" plus another port makes the shop a different origin.
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The integration snippet exactly as the integration dialog shows it. */
export function embedSnippet(appUrl: string, buttonId: string) {
  return `<div id="popkit-button-${buttonId}"></div>\n<script src="${appUrl}/api/button/${buttonId}.js" async></script>`;
}

/**
 * Buyers never get a native dialog (it blocks the page and cannot be styled or translated): records any alert, confirm or prompt the pages of `target` open,
 * dismisses it so the page goes on, and returns the check that fails the test if there was one. Without a
 * listener Playwright dismisses dialogs silently, so a page that went back to alert() would still pass.
 */
export function refuseDialogs(target: Page | BrowserContext): () => void {
  const dialogs: string[] = [];
  target.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return () => expect(dialogs, "native dialogs opened").toEqual([]);
}

/** The buyer journeys' `test`: every test fails if its browser context opened a native dialog. */
export const test = base.extend<{ noDialogs: void }>({
  noDialogs: [
    async ({ context }, use) => {
      const check = refuseDialogs(context);
      await use();
      check();
    },
    { auto: true },
  ],
});

/**
 * The payment message shown in the page near the button: role "status" for a success or notice, "alert" for an
 * error. `scope` narrows it, e.g. to an embedded button's own container.
 */
export function paymentMessage(scope: Page | Locator, role: "status" | "alert", text: string): Locator {
  return scope.getByRole(role).filter({ hasText: text });
}

/** In the sandbox's PayPal window: pick a test buyer and press Approve, Decline or Cancel. */
export async function payInPayPalWindow(
  page: Page,
  action: "Approve" | "Decline" | "Cancel",
  buyer: "alex" | "declined-card" | "capture-declined" | "pending" = "alex",
) {
  const window = page.getByRole("dialog", { name: /with PayPal/ });
  await expect(window.getByLabel("Test buyer")).toBeVisible();
  await window.getByLabel("Test buyer").selectOption(buyer);
  await window.getByRole("button", { name: action }).click();
}

/** Opens `path` and checks the buyer gets a "not found" page, status 404, that says so and links home. */
export async function expectNotFoundPage(page: Page, path: string, page404: { heading: string; text: string }) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: page404.heading })).toBeVisible();
  await expect(page.getByText(page404.text)).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
}

/** The page (or its part matching `selector`) passes axe's WCAG 2.2 AA rules with no serious or critical finding. */
export async function expectAccessible(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]);
  const axe = await (selector ? builder.include(selector) : builder).analyze();
  expect(axe.violations.filter((violation) => ["serious", "critical"].includes(violation.impact ?? ""))).toEqual([]);
}
