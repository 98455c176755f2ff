import { fileURLToPath } from "node:url";
import { defineConfig, type ViteUserConfig } from "vitest/config";

// "server-only" throws outside React Server Components; under test, services run in plain Node.
const serverOnlyStub = fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url));

/**
 * Integration files that need app modules of their own: they replace some (vi.mock), import them afresh under other
 * settings (vi.resetModules with vi.stubEnv), or count on module state starting empty (the job queue and cache bus
 * connections, in-memory rate-limit counters, the uploads sweep's schedule, Next's request storage).
 */
const OWN_MODULES = [
  "tests/integration/api/fuzz-procedures.test.ts",
  "tests/integration/api/fuzz-routes.test.ts",
  "tests/integration/api/input-hygiene.test.ts",
  "tests/integration/checkout/shipping-rates.test.ts",
  "tests/integration/discounts/discount-codes.test.ts",
  "tests/integration/invoices/invoices.test.ts",
  "tests/integration/jobs/jobs.test.ts",
  "tests/integration/licenses/seller-keys.test.ts",
  "tests/integration/payment-buttons/embed-checkout-script.test.ts",
  "tests/integration/payments/exports.test.ts",
  "tests/integration/platform/cache-bus.test.ts",
  "tests/integration/platform/rate-limit-redis.test.ts",
  "tests/integration/stores/test-credentials.test.ts",
  "tests/integration/vendors/upload-cleanup.test.ts",
  "tests/integration/vendors/upload-limits.test.ts",
  "tests/integration/wps/wps-ipn-intake.test.ts",
];

const integration: ViteUserConfig["test"] = {
  environment: "node",
  globalSetup: ["tests/support/global-setup.ts"],
  setupFiles: ["tests/support/setup-env.ts"],
  // One database per project; tests isolate themselves with unique factory data instead.
  fileParallelism: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

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
          ...integration,
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          exclude: OWN_MODULES,
          // One module graph for every file: importing the app once instead of once per file saves about a third of
          // the layer's time. Files that mock or re-import app modules run in the project below.
          isolate: false,
        },
      },
      { extends: true, test: { ...integration, name: "integration-isolated", include: OWN_MODULES } },
    ],
  },
});
