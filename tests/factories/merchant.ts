import { hashPassword } from "../../src/server/auth/password";
import type { PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

export type MerchantOverrides = { name?: string; email?: string; password?: string };

export function buildMerchant(overrides: MerchantOverrides = {}) {
  const id = unique("m");
  return {
    name: overrides.name ?? `Merchant ${id}`,
    email: overrides.email ?? `${id}@example.test`,
    password: overrides.password ?? `pw-${id}`,
  };
}

/** A merchant who can sign in with e-mail and password: the auth user plus its merchant row. */
export async function createMerchant(db: PrismaClient, overrides: MerchantOverrides = {}) {
  const data = buildMerchant(overrides);
  const user = await db.user.upsert({
    where: { email: data.email },
    create: { email: data.email, name: data.name, passwordHash: await hashPassword(data.password) },
    update: {},
  });
  const merchant = await db.merchant.upsert({
    where: { id: user.id },
    create: { id: user.id, email: data.email, name: data.name },
    update: {},
  });
  return { ...merchant, password: data.password };
}
