import type { TestProject } from "vitest/node";
import { startSandbox } from "../../sandbox/server";
import { createTestDatabase } from "./test-database";
import { testSecrets } from "./test-secrets";

declare module "vitest" {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const database = await createTestDatabase("int");
  const sandbox = await startSandbox();
  project.provide("testEnv", {
    ...testSecrets(),
    ...sandbox.env,
    DATABASE_URL: database.url,
    EMBEDDED_DB: database.embedded ? "1" : "0",
    APP_URL: "http://localhost:3000",
  });
  return async () => {
    await sandbox.close();
    await database.dispose();
  };
}
