import { hashPassword } from "../../src/server/auth/password";
import type { PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type Role = "operator" | "admin" | "super_admin";
export type SaasUserOverrides = {
  username?: string;
  email?: string;
  name?: string;
  password?: string;
  role?: Role;
  isActive?: boolean;
  createdById?: string | null;
};

export function buildSaasUser(overrides: SaasUserOverrides = {}) {
  const id = unique("s");
  return {
    username: overrides.username ?? `staff_${id}`,
    email: overrides.email ?? `${id}@staff.example.test`,
    name: overrides.name ?? `Staff ${id}`,
    password: overrides.password ?? `staff-pw-${id}`,
    role: overrides.role ?? "operator",
    isActive: overrides.isActive ?? true,
    createdById: overrides.createdById ?? null,
  };
}

/** A staff account; existing usernames are left as they are, so seeding twice changes nothing. */
export async function createSaasUser(db: PrismaClient, overrides: SaasUserOverrides = {}) {
  const { password, ...data } = buildSaasUser(overrides);
  const user = await db.saasUser.upsert({
    where: { username: data.username },
    create: { ...data, passwordHash: await hashPassword(password) },
    update: {},
  });
  return { ...user, password };
}
