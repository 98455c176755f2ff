import { randomBytes } from "node:crypto";

/** Fresh secrets for one test run: nothing a test relies on is shared with a real deployment. */
export function testSecrets() {
  return {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
}

/**
 * What a production build under test runs with: fresh secrets, the provider sandbox, its database and its own
 * address. `extra` adds what one run needs on top (rate limits, Redis).
 */
export function productionTestEnv(
  options: { sandboxEnv: Record<string, string>; database: { url: string; embedded: boolean }; port: number },
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...testSecrets(),
    ...options.sandboxEnv,
    NODE_ENV: "production",
    DATABASE_URL: options.database.url,
    EMBEDDED_DB: options.database.embedded ? "1" : "0",
    APP_URL: `http://127.0.0.1:${options.port}`,
    ...extra,
  };
}
