import { randomBytes } from "node:crypto";

/** Fresh secrets for one test run: nothing a test relies on is shared with a real deployment. */
export function testSecrets() {
  return {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
}
