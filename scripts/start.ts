// `npm start`: the whole product on one command. With no DATABASE_URL it runs on the embedded PostgreSQL
// under .data/ in demo mode (generated secrets, demo data, printed log-ins); NODE_ENV=production means a real
// deployment: explicit secrets and database, no demo data.
import path from "node:path";
import { buildApp, hasBuild, startApp } from "./lib/app";
import { migrateDatabase, openDatabase } from "./lib/database";
import { loadOrCreateDemoSecrets } from "./lib/demo-secrets";
import { dataDir } from "./lib/paths";
import { printDemoLogins, seedDemo, type DemoLogins } from "../prisma/seed";
import { createPrismaClient } from "../src/server/db";

const isProduction = process.env.NODE_ENV === "production";
const isDev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const appUrl = process.env.APP_URL ?? `http://localhost:${port}`;

async function main() {
  if (isProduction) {
    const missing = ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEY"].filter((name) => !process.env[name]);
    if (missing.length > 0) {
      console.error(`Refusing to start in production without ${missing.join(", ")} (see .env.example).`);
      process.exit(1);
    }
  }
  const secrets = isProduction ? {} : loadOrCreateDemoSecrets(dataDir);

  const database = await openDatabase();
  console.log(
    database.embedded
      ? `Database: embedded PostgreSQL in ${path.relative(process.cwd(), dataDir)}/`
      : "Database: DATABASE_URL",
  );
  await migrateDatabase(database.url);

  let logins: DemoLogins | undefined;
  if (!isProduction) {
    // Seeded through its own short-lived connection, closed before the app connects.
    const client = createPrismaClient(database.url, { embedded: database.embedded });
    logins = await seedDemo(client, dataDir);
    await client.$disconnect();
  }

  if (!isDev && !hasBuild()) {
    console.log("No build found: building the app once (about a minute)...");
    await buildApp();
  }

  const app = await startApp({
    port,
    host: process.env.HOST ?? "0.0.0.0",
    dev: isDev,
    env: {
      ...process.env,
      ...secrets,
      NODE_ENV: isDev ? "development" : "production",
      DATABASE_URL: database.url,
      EMBEDDED_DB: database.embedded ? "1" : "0",
      POPKIT_DEMO: isProduction ? "0" : "1",
      APP_URL: appUrl,
    },
  });
  console.log(`\nPopkit is running at ${appUrl}`);
  if (logins) printDemoLogins(logins, appUrl);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping Popkit...");
    await app.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
  app.child.on("exit", (code) => {
    if (stopping) return;
    console.error(`The app exited unexpectedly (code ${code}).`);
    void database.close().then(() => process.exit(1));
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
