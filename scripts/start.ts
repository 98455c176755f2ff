// `npm start`: the whole product on one command. With no DATABASE_URL it runs on the embedded PostgreSQL
// under .data/ in demo mode (generated secrets, demo data, printed log-ins, the local provider sandbox for any
// provider without real configuration); NODE_ENV=production means a real deployment: explicit secrets and
// database, real providers, no demo data.
// `npm run cluster [-- --instances N]` does the same with N instances (default 2) behind a load
// balancer on PORT, on the PostgreSQL server in DATABASE_URL and, with REDIS_URL, Redis.
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp, hasCurrentBuild, startApp, type RunningApp } from "./lib/app";
import { startCluster, type Cluster } from "./lib/cluster";
import { migrateDatabase, openDatabase } from "./lib/database";
import { advertiseSandbox } from "./lib/demo-sandbox";
import { seedDemoSelling } from "./lib/demo-selling";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { dataDir } from "./lib/paths";
import { startSandbox } from "../sandbox/server";

const isProduction = process.env.NODE_ENV === "production";
const { values: flags } = parseArgs({
  options: {
    dev: { type: "boolean", default: false },
    cluster: { type: "boolean", default: false },
    instances: { type: "string" },
  },
});
const isDev = flags.dev;
const isCluster = flags.cluster || flags.instances !== undefined;
const instanceCount = Number(flags.instances ?? 2);
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

  if (isCluster && (isDev || !process.env.DATABASE_URL)) {
    console.error(
      isDev
        ? "npm run cluster runs production builds; use npm run dev for one development server."
        : "npm run cluster needs DATABASE_URL, a PostgreSQL server every instance can reach (the embedded database " +
            "serves one process), e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/popkit npm run cluster",
    );
    process.exit(1);
  }
  if (isCluster && (!Number.isInteger(instanceCount) || instanceCount < 1 || instanceCount > 32)) {
    console.error(`--instances must be a whole number from 1 to 32; got ${flags.instances}.`);
    process.exit(1);
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
  const forgetSandbox = sandbox ? advertiseSandbox(sandbox) : () => {};
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
    const { createPrismaClient } = await import("../src/server/platform/prisma-client");
    const client = createPrismaClient(database.url, { embedded: database.embedded });
    const seeded = await seedDemo(client, dataDir, {
      withFiles: Boolean(sandbox?.uploadthingUrl),
      ...(sandbox?.paypalUrl && { paypalSimulator: { apiBase: sandbox.paypalUrl, appUrl } }),
    });
    await seedDemoSelling(client, seeded);
    await client.$disconnect();
    printLogins = () => printDemoLogins(seeded, appUrl);
  }

  if (!isDev && !hasCurrentBuild()) {
    console.log("Building the app (about a minute; only when the code has changed)...");
    await buildApp();
  }

  const host = process.env.HOST ?? "0.0.0.0";
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: isDev ? "development" : "production" };
  let stopping = false;
  let stopApps: () => Promise<void>;
  if (isCluster) {
    const cluster = await startCluster({ instances: instanceCount, port, host, env });
    stopApps = cluster.stop;
    cluster.instances.forEach((instance) => superviseInstance(instance, () => stopping));
    console.log(`\nPopkit is running at ${appUrl} (${instanceCount} instances behind a load balancer)`);
    for (const instance of cluster.instances) console.log(`  ${instance.name}: ${instance.url}`);
    console.log(
      `Redis: ${process.env.REDIS_URL ? "REDIS_URL" : "not set (rate limits and cache messages go through PostgreSQL)"}`,
    );
  } else {
    const app = await startApp({ port, host, dev: isDev, env });
    stopApps = app.stop;
    console.log(`\nPopkit is running at ${appUrl}`);
    app.child.on("exit", (code) => {
      if (stopping) return;
      stopping = true;
      console.error(`The app exited unexpectedly (code ${code}).`);
      void stopAll().then(() => process.exit(1));
    });
  }
  printLogins();

  const stopAll = async () => {
    await stopApps();
    forgetSandbox();
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
}

/** An instance that dies is started again, as a process manager would; the balancer skips it meanwhile. */
function superviseInstance(instance: Cluster["instances"][number], isStopping: () => boolean) {
  const watch = (app: RunningApp) =>
    app.child.once("exit", (code, signal) => {
      if (isStopping()) return;
      console.error(`${instance.name} exited (${signal ?? `code ${code}`}); starting it again.`);
      const retry = () => {
        if (isStopping()) return;
        instance.start().then(watch, (error: unknown) => {
          console.error(`${instance.name} did not start: ${error instanceof Error ? error.message : String(error)}`);
          setTimeout(retry, 5000);
        });
      };
      setTimeout(retry, 1000);
    });
  if (instance.app) watch(instance.app);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
