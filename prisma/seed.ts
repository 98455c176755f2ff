import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../src/generated/prisma/client";
import { createMerchant } from "../tests/factories/merchant";
import { createSaasUser } from "../tests/factories/saas-user";

export type DemoLogins = {
  merchant: { email: string; password: string };
  staff: { username: string; password: string };
};

/** Demo passwords are random per data directory (never a well-known default) and kept beside the data. */
function demoLogins(dataDir: string): DemoLogins {
  const file = path.join(dataDir, "demo-logins.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as DemoLogins;
  const logins = {
    merchant: { email: "demo@popkit.test", password: randomBytes(6).toString("base64url") },
    staff: { username: "admin", password: randomBytes(9).toString("base64url") },
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(logins, null, 2), { mode: 0o600 });
  return logins;
}

/** Idempotent: running it again leaves existing demo rows (and any changes made to them) alone. */
export async function seedDemo(db: PrismaClient, dataDir: string): Promise<DemoLogins> {
  const logins = demoLogins(dataDir);
  const merchant = await createMerchant(db, { name: "Demo Merchant", ...logins.merchant });
  await db.storeSettings.upsert({
    where: { merchantId: merchant.id },
    create: { merchantId: merchant.id, storeName: "Demo Store", description: "Templates and guides for makers." },
    update: {},
  });
  await createSaasUser(db, { ...logins.staff, name: "Demo Admin", email: "admin@popkit.test", role: "super_admin" });
  return logins;
}

export function printDemoLogins(logins: DemoLogins, appUrl: string) {
  console.log(
    [
      "",
      "Demo log-ins (demo mode only; change or remove them before real use):",
      `  Merchant  ${appUrl}/auth             email ${logins.merchant.email}  password ${logins.merchant.password}`,
      `  Staff     ${appUrl}/saas-admin/auth  username ${logins.staff.username}  password ${logins.staff.password}`,
      "",
    ].join("\n"),
  );
}
