import { buildApp, freePort, hasCurrentBuild, startApp } from "../../scripts/lib/app";
import { startSandbox } from "../../sandbox/server";
import { createPrismaClient } from "../../src/server/platform/prisma-client";
import { createSaasUser } from "../factories/saas-user";
import { e2eStaff } from "./e2e-fixtures";
import { createTestDatabase } from "./test-database";
import { productionTestEnv } from "./test-secrets";

/** One fresh database and one production build of the app for the whole e2e run. */
export default async function globalSetup() {
  if (!hasCurrentBuild()) await buildApp();
  const database = await createTestDatabase("e2e");

  const client = createPrismaClient(database.url, { embedded: database.embedded });
  await createSaasUser(client, { ...e2eStaff.superAdmin, email: "e2e-super@staff.example.test" });
  await createSaasUser(client, { ...e2eStaff.disabled, email: "e2e-disabled@staff.example.test", isActive: false });
  await client.$disconnect();

  const sandbox = await startSandbox();
  const port = await freePort();
  const app = await startApp({
    port,
    quiet: process.env.E2E_VERBOSE !== "1",
    env: productionTestEnv(
      { sandboxEnv: sandbox.env, database, port },
      // Every browser test signs in from 127.0.0.1; the limits themselves are tested in integration.
      { SIGNIN_LIMIT_PER_IP: "100000", SIGNUP_LIMIT_PER_IP: "100000" },
    ),
  });
  process.env.E2E_BASE_URL = app.url;
  process.env.E2E_PAYPAL_SANDBOX_URL = sandbox.paypalUrl ?? "";
  process.env.E2E_MAIL_INBOX_URL = sandbox.mailInboxUrl ?? "";
  // Specs that upload a product file straight to the storage sandbox (tests/factories/stored-file.ts).
  for (const [name, value] of Object.entries(sandbox.env))
    if (name.startsWith("UPLOADTHING_")) process.env[name] = value;
  // Specs that seed rows directly (e.g. thousands of past payments) open their own client on the app's database.
  process.env.E2E_DATABASE_URL = database.url;
  process.env.E2E_EMBEDDED_DB = database.embedded ? "1" : "0";

  return async () => {
    await app.stop();
    await sandbox.close();
    await database.dispose();
  };
}
