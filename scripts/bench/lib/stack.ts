// What the HTTP benches run against: a fresh database (the server named by DATABASE_URL if set, else the embedded
// PostgreSQL), the provider sandbox and a production build of the app (built first if missing or stale), on
// loopback ports of their own. The caller seeds through `db` (the factories in tests/ work once this returned),
// then starts the app.
import { randomBytes } from "node:crypto";
import { startSandbox } from "../../../sandbox/server";
import { createTestDatabase } from "../../../tests/support/test-database";
import { buildApp, freePort, hasCurrentBuild, startApp, type RunningApp } from "../../lib/app";

export async function startBenchStack(label: string, options: { uploadthing: boolean }) {
  if (!hasCurrentBuild()) {
    console.log("Building the app (no current build)...");
    await buildApp();
  }
  const database = await createTestDatabase(label);
  const sandbox = await startSandbox({ uploadthing: options.uploadthing }).catch(async (error: unknown) => {
    await database.dispose();
    throw error;
  });
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const appEnv = {
    ...process.env,
    ...sandbox.env,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    NODE_ENV: "production" as const,
    DATABASE_URL: database.url,
    EMBEDDED_DB: database.embedded ? "1" : "0",
    APP_URL: appUrl,
  };
  // The factories encrypt PayPal secrets with src/env.js's key and upload to the sandbox named in process.env:
  // give this process the app's environment (the sandbox refuses to run under NODE_ENV=production).
  Object.assign(process.env, appEnv, { NODE_ENV: "development" });
  const { createPrismaClient } = await import("../../../src/server/platform/prisma-client");
  const db = createPrismaClient(database.url, { embedded: database.embedded });
  let app: RunningApp | undefined;

  return {
    appUrl,
    database,
    db,
    databaseLabel: database.embedded ? "embedded PostgreSQL (PGlite)" : "PostgreSQL server",
    /** Ends the seeding connection (the embedded database serves one session at a time) and starts the app. */
    async startApp() {
      await db.$disconnect();
      app = await startApp({ port, env: appEnv, quiet: true });
      return app;
    },
    async close() {
      await db.$disconnect();
      await app?.stop();
      await sandbox.close();
      await database.dispose();
    },
  };
}
