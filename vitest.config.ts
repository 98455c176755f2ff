import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// "server-only" throws outside React Server Components; under test, services run in plain Node.
const serverOnlyStub = fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url));

export default defineConfig({
  resolve: { tsconfigPaths: true, alias: { "server-only": serverOnlyStub } },
  test: {
    // next-auth imports "next/server" without an extension, which only a bundler resolves: let Vite handle it.
    server: { deps: { inline: ["next-auth"] } },
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts"], environment: "node" },
      },
      {
        // The provider simulators' contract tests: no database.
        extends: true,
        test: { name: "sandbox", include: ["tests/sandbox/**/*.test.ts"], environment: "node", testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          setupFiles: ["tests/support/setup-env.ts"],
          // One database for the run; tests isolate themselves with unique factory data instead.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
