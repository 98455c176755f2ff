// `npm start`: the whole product on one command. With no DATABASE_URL it runs on the embedded PostgreSQL
// under .data/ in demo mode (generated secrets, demo data, printed log-ins, the local provider sandbox for any
// provider without real configuration); NODE_ENV=production means a real deployment: explicit secrets and
// database, real providers, no demo data.
import path from "node:path";
import { buildApp, hasCurrentBuild, startApp } from "./lib/app";
import { migrateDatabase, openDatabase } from "./lib/database";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { dataDir } from "./lib/paths";
import { startSandbox } from "../sandbox/server";

const isProduction = process.env.NODE_ENV === "production";
const isDev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;

async function main() {
  if (isProduction) {
    const missing = ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEY", "SMTP_URL"].filter((name) => !process.env[name]);
    if (missing.length > 0) {
      console.error(`Refusing to start in production without ${missing.join(", ")} (see .env.example).`);
      process.exit(1);
    }
  } else {
    // Explicit settings win over the generated demo secrets.
    Object.assign(process.env, { ...loadOrCreateDemoSecrets(dataDir), ...process.env });
  }

  const database = await openDatabase();
  console.log(
    database.embedded
      ? `Database: embedded PostgreSQL in ${path.relative(process.cwd(), dataDir)}/`
      : "Database: DATABASE_URL",
  );
  await migrateDatabase(database.url);
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    EMBEDDED_DB: database.embedded ? "1" : "0",
    POPKIT_DEMO: isProduction ? "0" : "1",
    APP_URL: appUrl,
  });

  // The PayPal simulator is an explicit choice (PAYPAL_SIMULATOR, on by default in demo mode only), never
  // inferred from another setting being absent; it stands in for PayPal's sandbox environment, never for live.
  const simulatePayPal = !isProduction && (process.env.PAYPAL_SIMULATOR ?? "1") === "1";
  const sandbox = isProduction
    ? null
    : await startSandbox({
        dataDir: path.join(dataDir, "sandbox"),
        paypal: simulatePayPal,
        uploadthing: !process.env.UPLOADTHING_TOKEN,
        mail: !process.env.SMTP_URL,
      });
  if (sandbox) {
    Object.assign(process.env, sandbox.env);
    const simulated = [
      sandbox.paypalUrl && `PayPal at ${sandbox.paypalUrl}`,
      sandbox.uploadthingUrl && `UploadThing at ${sandbox.uploadthingUrl}`,
      sandbox.mailInboxUrl && `e-mail inbox at ${sandbox.mailInboxUrl}`,
    ];
    if (simulated.some(Boolean)) {
      console.log(`Provider sandbox (no real credentials configured): ${simulated.filter(Boolean).join(", ")}`);
    }
  }

  let printLogins = () => {};
  if (!isProduction) {
    // Seeded through its own short-lived connection, closed before the app connects.
    const { seedDemo, printDemoLogins } = await import("../prisma/seed");
    const { createPrismaClient } = await import("../src/server/prisma-client");
    const client = createPrismaClient(database.url, { embedded: database.embedded });
    const seeded = await seedDemo(client, dataDir, {
      withFiles: Boolean(sandbox?.uploadthingUrl),
      ...(sandbox?.paypalUrl && { paypalSimulator: { apiBase: sandbox.paypalUrl, appUrl } }),
    });
    await client.$disconnect();
    printLogins = () => printDemoLogins(seeded, appUrl);
  }

  if (!isDev && !hasCurrentBuild()) {
    console.log("Building the app (about a minute; only when the code has changed)...");
    await buildApp();
  }

  const app = await startApp({
    port,
    host: process.env.HOST ?? "0.0.0.0",
    dev: isDev,
    env: { ...process.env, NODE_ENV: isDev ? "development" : "production" },
  });
  console.log(`\nPopkit is running at ${appUrl}`);
  printLogins();

  let stopping = false;
  const stopAll = async () => {
    await app.stop();
    await sandbox?.close();
    await database.close();
  };
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping Popkit...");
    await stopAll();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
  app.child.on("exit", (code) => {
    if (stopping) return;
    stopping = true;
    console.error(`The app exited unexpectedly (code ${code}).`);
    void stopAll().then(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
