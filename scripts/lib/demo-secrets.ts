import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type DemoSecrets = { AUTH_SECRET: string; ENCRYPTION_KEY: string };

/**
 * Demo mode only: secrets generated once and kept under .data/, so sessions and encrypted PayPal secrets
 * survive restarts. Production must set them explicitly (the app refuses to start otherwise).
 */
export function loadOrCreateDemoSecrets(dir: string): DemoSecrets {
  const file = path.join(dir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as DemoSecrets;
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
