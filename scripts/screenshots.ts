// `npm run screenshots`: the README's pictures. Starts the demo as `npm start` does (embedded PostgreSQL, the
// provider sandbox, the demo data, the production build) but in a throw-away directory, so the user's .data/ and
// any DATABASE_URL are never touched; signs in with the demo log-ins and saves the main screens at 1366x900.
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import playwrightConfig from "../playwright.config";
import { startSandbox } from "../sandbox/server";
import { buildApp, freePort, hasCurrentBuild, startApp } from "./lib/app";
import { migrateDatabase, openDatabase } from "./lib/database";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { repoRoot } from "./lib/paths";

const outDir = path.join(repoRoot, "docs/screenshots");
const viewport = { width: 1366, height: 900 };
const MAX_BYTES = 300 * 1024;

type Shot = { file: string; path: string; note?: string };

/** Signs in through the real form at `authPath` (labels to values) and waits for the portal at `landsOn`. */
async function signIn(
  browser: Browser,
  baseURL: string,
  authPath: string,
  form: Record<string, string>,
  landsOn: RegExp,
) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto(authPath);
  for (const [label, value] of Object.entries(form)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(landsOn);
  return page;
}

/** Opens a screen, waits until its data and chart animations have settled, and saves what a visitor sees. */
async function shoot(page: Page, shot: Shot): Promise<number> {
  const response = await page.goto(shot.path);
  if (!response || response.status() >= 400) return response?.status() ?? 0;
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
  const file = path.join(outDir, shot.file);
  await page.screenshot({ path: file, animations: "disabled", caret: "hide" });
  const bytes = statSync(file).size;
  console.log(`  ${path.relative(repoRoot, file)}  ${shot.path}  ${Math.round(bytes / 1024)} KB${shot.note ?? ""}`);
  if (bytes > MAX_BYTES) console.warn(`  warning: ${shot.file} is over ${MAX_BYTES / 1024} KB`);
  return response.status();
}

async function main() {
  if (process.env.NODE_ENV === "production") throw new Error("Screenshots run the demo, never in production.");
  const workDir = mkdtempSync(path.join(tmpdir(), "popkit-screenshots-"));
  // Demo mode on its own embedded database and secrets, whatever the shell says.
  delete process.env.DATABASE_URL;
  Object.assign(process.env, loadOrCreateDemoSecrets(workDir));
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(workDir, { recursive: true, force: true })];
  try {
    const database = await openDatabase({ dataDir: path.join(workDir, "pglite") });
    cleanups.unshift(() => database.close());
    await migrateDatabase(database.url);
    Object.assign(process.env, { DATABASE_URL: database.url, EMBEDDED_DB: "1", POPKIT_DEMO: "1" });
    const sandbox = await startSandbox({ dataDir: path.join(workDir, "sandbox") });
    cleanups.unshift(() => sandbox.close());
    // The seed uploads the sell page's files to the sandbox and encrypts the demo PayPal secret: both read env.
    Object.assign(process.env, sandbox.env);

    // Imported only now: they read the environment (src/env.js) when loaded.
    const { seedDemo } = await import("../prisma/seed");
    const { createPrismaClient } = await import("../src/server/platform/prisma-client");
    const seedClient = createPrismaClient(database.url, { embedded: true });
    const seeded = await seedDemo(seedClient, workDir, { withFiles: true });
    const payment = await seedClient.transaction.findFirstOrThrow({
      where: { merchant: { email: seeded.logins.merchant.email }, status: "completed" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    // The embedded database serves one session: the seeding connection closes before the app opens its own.
    await seedClient.$disconnect();

    if (!hasCurrentBuild()) {
      console.log("Building the app (about a minute; only when the code has changed)...");
      await buildApp();
    }
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const app = await startApp({
      port,
      quiet: true,
      env: { ...process.env, APP_URL: appUrl, NODE_ENV: "production" },
    });
    cleanups.unshift(() => app.stop());

    const browser = await chromium.launch(playwrightConfig.use?.launchOptions);
    cleanups.unshift(() => browser.close());
    mkdirSync(outDir, { recursive: true });
    console.log(`Writing screenshots to ${path.relative(repoRoot, outDir)}/`);

    const { merchant, staff } = seeded.logins;
    const seller = await signIn(
      browser,
      appUrl,
      "/auth",
      { Email: merchant.email, Password: merchant.password },
      /\/dashboard$/,
    );
    await shoot(seller, { file: "dashboard.png", path: "/dashboard?range=30d" });
    await shoot(seller, { file: "pages.png", path: "/dashboard/pages" });
    const detailStatus = await shoot(seller, { file: "payment-detail.png", path: `/dashboard/payments/${payment.id}` });
    if (detailStatus >= 400) {
      await shoot(seller, {
        file: "payments.png",
        path: "/dashboard/payments",
        note: `  (payment detail answered HTTP ${detailStatus}: the Payments list instead)`,
      });
    }

    const buyer = await (await browser.newContext({ baseURL: appUrl, viewport })).newPage();
    await shoot(buyer, { file: "sell-page.png", path: `/digital-sell/${seeded.sellPageId}` });

    const admin = await signIn(
      browser,
      appUrl,
      "/saas-admin/auth",
      { Username: staff.username, Password: staff.password },
      /\/saas-admin$/,
    );
    await shoot(admin, { file: "staff-overview.png", path: "/saas-admin" });
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
