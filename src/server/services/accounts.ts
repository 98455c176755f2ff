import { burnPasswordCheck, hashPassword, verifyPassword } from "~/server/auth/password";
import { db } from "~/server/db";
import { consumeRateLimit, resetRateLimit } from "~/server/rate-limit";
import { AppError } from "~/server/errors";
import type { MerchantSignInInput, MerchantSignUpInput, StaffSignInInput } from "~/schemas/auth";

export type MerchantIdentity = { id: string; email: string; name: string };
export type StaffIdentity = {
  id: string;
  email: string;
  name: string;
  username: string;
  role: "operator" | "admin" | "super_admin";
};

/** Creates the merchant row for an auth user, or refreshes its e-mail (SPEC 3: upsert on id at sign-in). */
export async function ensureMerchant(user: { id: string; email: string; name?: string | null }) {
  const name = user.name?.trim() || "User";
  return db.merchant.upsert({
    where: { id: user.id },
    create: { id: user.id, email: user.email, name },
    update: { email: user.email },
  });
}

export async function signUpMerchant(input: MerchantSignUpInput): Promise<MerchantIdentity> {
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    throw new AppError("CONFLICT", "An account with this email already exists. Please sign in.", {
      fieldErrors: { email: ["An account with this email already exists. Please sign in."] },
    });
  }
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } });
    await tx.merchant.create({ data: { id: created.id, email: created.email, name: input.name } });
    return created;
  });
  return { id: user.id, email: user.email, name: input.name };
}

export async function verifyMerchantCredentials(input: MerchantSignInInput): Promise<MerchantIdentity> {
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (!user?.passwordHash) {
    await burnPasswordCheck(input.password);
    throw new AppError("UNAUTHORIZED", "Invalid email or password");
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError("UNAUTHORIZED", "Invalid email or password");
  }
  const merchant = await ensureMerchant(user);
  return { id: merchant.id, email: merchant.email, name: merchant.name };
}

export async function verifyStaffCredentials(input: StaffSignInInput): Promise<StaffIdentity> {
  const staff = await db.saasUser.findUnique({ where: { username: input.username } });
  const passwordOk = staff ? await verifyPassword(staff.passwordHash, input.password) : false;
  if (!staff) await burnPasswordCheck(input.password);
  if (!staff || !passwordOk) throw new AppError("UNAUTHORIZED", "Invalid username or password");
  // Checked after the password so a disabled account's existence is only revealed to its holder.
  if (!staff.isActive) throw new AppError("FORBIDDEN", "Account is disabled");
  return { id: staff.id, email: staff.email, name: staff.name, username: staff.username, role: staff.role };
}

/** Sign-in as next-auth performs it: rate limited per IP and per account, then the password check. */
export async function authenticateMerchant(input: MerchantSignInInput, ip: string): Promise<MerchantIdentity> {
  await consumeRateLimit("signInByIp", ip);
  await consumeRateLimit("signInByAccount", `merchant:${input.email}`);
  const merchant = await verifyMerchantCredentials(input);
  await resetRateLimit("signInByAccount", `merchant:${input.email}`);
  return merchant;
}

export async function authenticateStaff(input: StaffSignInInput, ip: string): Promise<StaffIdentity> {
  await consumeRateLimit("signInByIp", ip);
  await consumeRateLimit("signInByAccount", `staff:${input.username}`);
  const staff = await verifyStaffCredentials(input);
  await resetRateLimit("signInByAccount", `staff:${input.username}`);
  return staff;
}
