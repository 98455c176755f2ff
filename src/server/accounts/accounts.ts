import { burnPasswordCheck, hashPassword, verifyPassword } from "~/server/auth/password";
import { revokeSessions } from "~/server/auth/sessions";
import { db } from "~/server/platform/db";
import { queueEmails, recordEmail, sendEmail } from "~/server/email";
import { AppError } from "~/server/platform/errors";
import {
  admitSignIn,
  consumeRateLimit,
  recordSignInFailure,
  recordSignInSuccess,
  resetRateLimit,
  type RateLimitName,
} from "~/server/platform/rate-limit";
import { consumeAccountToken, findToken, findUsableToken, voidAccountTokens } from "~/server/accounts/tokens";
import type {
  ChangePasswordInput,
  MerchantSignInInput,
  MerchantSignUpInput,
  ResetPasswordInput,
  StaffSignInInput,
} from "~/schemas/accounts";

export type MerchantIdentity = { id: string; email: string; name: string };
export type StaffIdentity = {
  id: string;
  email: string;
  name: string;
  username: string;
  role: "operator" | "admin" | "super_admin";
};

/** Creates the merchant row for an auth user, or refreshes its e-mail (an upsert on id at every sign-in). */
export async function ensureMerchant(user: { id: string; email: string; name?: string | null }) {
  const name = user.name?.trim() || "User";
  return db.merchant.upsert({
    where: { id: user.id },
    create: { id: user.id, email: user.email, name },
    update: { email: user.email },
  });
}

/** Spends one unit of a budget, answering false instead of throwing once it is used up. */
async function withinBudget(name: RateLimitName, key: string): Promise<boolean> {
  try {
    await consumeRateLimit(name, key);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "RATE_LIMITED") return false;
    throw error;
  }
}

/**
 * Sign-up that does not tell who has an account: a new e-mail gets the account and a verification
 * mail, a taken one gets a mail to its owner instead, and the caller sees the same answer either way. The
 * password is hashed first in both cases so the time taken does not tell them apart either. Returns the new
 * merchant, or null when the e-mail was taken (for the server's own callers; never shown).
 */
export async function signUpMerchant(input: MerchantSignUpInput): Promise<MerchantIdentity | null> {
  const passwordHash = await hashPassword(input.password);
  const existing = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    await tellOwnerOfSignUpAttempt(existing.id, input.email);
    return null;
  }
  try {
    const { user, mailId } = await db.$transaction(async (tx) => {
      const created = await tx.user.create({ data: { email: input.email, name: input.name, passwordHash } });
      await tx.merchant.create({ data: { id: created.id, email: created.email, name: input.name } });
      const verifyMail = await recordEmail(tx, {
        template: "verify-email",
        to: created.email,
        payload: { userId: created.id },
      });
      return { user: created, mailId: verifyMail };
    });
    await queueEmails([mailId]);
    return { id: user.id, email: user.email, name: input.name };
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the second meets the unique index.
    if ((error as { code?: unknown }).code !== "P2002") throw error;
    const winner = await db.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (winner) await tellOwnerOfSignUpAttempt(winner.id, input.email);
    return null;
  }
}

async function tellOwnerOfSignUpAttempt(userId: string, email: string) {
  // Quietly capped per address: repeated attempts must not flood the owner's inbox, nor answer differently.
  if (!(await withinBudget("mailByAddress", `signup-attempt:${email}`))) return;
  await sendEmail({ template: "signup-attempt", to: email, payload: { userId } });
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

/**
 * A password check behind the sign-in limits (src/server/platform/rate-limit.ts explains them): a wrong password counts
 * against the account, the right one clears the pair. A disabled staff account with the right password is
 * neither: the password was not guessed, and the address does not become one the account signs in from.
 */
async function signInWithLimits<T>(account: string, ip: string, verify: () => Promise<T>): Promise<T> {
  await admitSignIn(account, ip);
  let identity: T;
  try {
    identity = await verify();
  } catch (error) {
    if (error instanceof AppError && error.code === "UNAUTHORIZED") await recordSignInFailure(account);
    throw error;
  }
  await recordSignInSuccess(account, ip);
  return identity;
}

/** Sign-in as next-auth performs it: the sign-in limits, then the password check. */
export async function authenticateMerchant(input: MerchantSignInInput, ip: string): Promise<MerchantIdentity> {
  return signInWithLimits(`merchant:${input.email}`, ip, () => verifyMerchantCredentials(input));
}

export async function authenticateStaff(input: StaffSignInInput, ip: string): Promise<StaffIdentity> {
  return signInWithLimits(`staff:${input.username}`, ip, () => verifyStaffCredentials(input));
}

/**
 * 'Forgot password?': mails a reset link when the e-mail has an account, and answers the same when it has not.
 * Both budgets count every request, so hitting one says nothing about the address either.
 */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  await consumeRateLimit("mailByIp", `password-reset:${ip}`);
  await consumeRateLimit("mailByAddress", `password-reset:${email}`);
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (user) await sendEmail({ template: "password-reset", to: email, payload: { userId: user.id } });
}

const linkUsedUp = "This link has expired or was already used. Please ask for a new one.";

/** Whether a reset link can still be used: the reset page asks before it shows the form. */
export async function isResetLinkUsable(token: string): Promise<boolean> {
  const found = await findUsableToken(token, "password_reset");
  if (!found) return false;
  const user = await db.user.findUnique({ where: { id: found.userId }, select: { email: true } });
  return user?.email === found.email;
}

/**
 * Sets a new password from a reset link. The link is used up, every other reset link of the account voided, and
 * every session ended: whoever had the old password (or a stolen cookie) is out. The link also proves the
 * address, so it verifies it.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.$transaction(async (tx) => {
    const proof = await consumeAccountToken(tx, input.token, "password_reset");
    if (!proof) return null;
    const user = await tx.user.findUnique({
      where: { id: proof.userId },
      select: { email: true, emailVerified: true },
    });
    // A link sent to an address the account no longer has proves nothing about the account.
    if (!user || user.email !== proof.email) return null;
    await tx.user.update({
      where: { id: proof.userId },
      data: { passwordHash, emailVerified: user.emailVerified ?? new Date() },
    });
    await voidAccountTokens(tx, proof.userId, "password_reset");
    await revokeSessions({ userId: proof.userId }, { client: tx });
    const mailId = await recordEmail(tx, {
      template: "password-changed",
      to: user.email,
      payload: { userId: proof.userId },
    });
    return { email: user.email, mailId };
  });
  if (!outcome) throw new AppError("INVALID", linkUsedUp);
  await queueEmails([outcome.mailId]);
  // Failed sign-ins that led here should not keep the owner out now that they know the password.
  await resetRateLimit("signInByAccount", `merchant:${outcome.email}`);
}

export type EmailVerificationResult = "verified" | "invalid" | "address_changed";

/**
 * Verifies the address a link was sent to. Only that address: when the account's e-mail has changed since, the
 * link proves nothing about the new one. A link opened twice (a mail scanner got there first) still reads as
 * verified when it did its job.
 */
export async function verifyEmail(token: string): Promise<EmailVerificationResult> {
  const outcome = await db.$transaction(async (tx) => {
    const proof = await consumeAccountToken(tx, token, "email_verification");
    if (!proof) return null;
    const user = await tx.user.findUnique({ where: { id: proof.userId }, select: { email: true } });
    if (!user) return "invalid" as const;
    if (user.email !== proof.email) return "address_changed" as const;
    await tx.user.updateMany({ where: { id: proof.userId, emailVerified: null }, data: { emailVerified: new Date() } });
    await voidAccountTokens(tx, proof.userId, "email_verification");
    return "verified" as const;
  });
  if (outcome) return outcome;
  const used = await findToken(token, "email_verification");
  if (used?.usedAt) {
    const user = await db.user.findUnique({ where: { id: used.userId }, select: { email: true, emailVerified: true } });
    if (user?.emailVerified && user.email === used.email) return "verified";
  }
  return "invalid";
}

/** What the dashboard shows about the account itself (the verification banner); null when it is gone. */
export async function findAccountStatus(userId: string) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, emailVerified: true, passwordHash: true },
  });
  if (!user) return null;
  return { email: user.email, isEmailVerified: user.emailVerified !== null, hasPassword: user.passwordHash !== null };
}

export async function getAccountStatus(userId: string) {
  const status = await findAccountStatus(userId);
  if (!status) throw new AppError("NOT_FOUND", "Account not found");
  return status;
}

/** The banner's 'Resend link'. */
export async function resendVerification(userId: string): Promise<{ email: string; isAlreadyVerified: boolean }> {
  await consumeRateLimit("mailByAddress", `verify-email:${userId}`);
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, emailVerified: true } });
  if (!user) throw new AppError("NOT_FOUND", "Account not found");
  if (user.emailVerified) return { email: user.email, isAlreadyVerified: true };
  await sendEmail({ template: "verify-email", to: user.email, payload: { userId } });
  return { email: user.email, isAlreadyVerified: false };
}

/**
 * Changes a signed-in merchant's password after checking the current one, and ends every other session of the
 * account. Wrong guesses count against the sign-in budget, so an open session cannot be used to guess it.
 */
export async function changePassword(
  userId: string,
  currentSessionId: string | null,
  input: ChangePasswordInput,
): Promise<{ endedSessions: number }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("NOT_FOUND", "Account not found");
  const limitKey = `merchant:${user.email}`;
  await consumeRateLimit("signInByAccount", limitKey);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const message = "Current password is incorrect";
    throw new AppError("INVALID", message, { fieldErrors: { currentPassword: [message] } });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const { endedSessions, mailId } = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await voidAccountTokens(tx, userId, "password_reset");
    const ended = await revokeSessions({ userId }, { except: currentSessionId, client: tx });
    const recorded = await recordEmail(tx, { template: "password-changed", to: user.email, payload: { userId } });
    return { endedSessions: ended, mailId: recorded };
  });
  await queueEmails([mailId]);
  await resetRateLimit("signInByAccount", limitKey);
  return { endedSessions };
}

/** 'Sign out of all other sessions'. */
export async function signOutOtherSessions(
  userId: string,
  currentSessionId: string | null,
): Promise<{ endedSessions: number }> {
  return { endedSessions: await revokeSessions({ userId }, { except: currentSessionId }) };
}

/**
 * Whether a Google sign-in may go ahead. A Google account already linked signs in; an e-mail nobody
 * uses becomes a new account; an e-mail that already has an account is joined only when Google and Popkit have
 * both verified it, since otherwise whoever controls an unverified copy of the address would take the account.
 */
export async function isGoogleSignInAllowed(google: {
  providerAccountId: string;
  email: string | null | undefined;
  isEmailVerified: boolean;
}): Promise<boolean> {
  const linked = await db.account.findUnique({
    where: { provider_providerAccountId: { provider: "google", providerAccountId: google.providerAccountId } },
    select: { userId: true },
  });
  if (linked) return true;
  if (!google.email) return false;
  const existing = await db.user.findUnique({
    where: { email: google.email.toLowerCase() },
    select: { emailVerified: true },
  });
  if (!existing) return true;
  return google.isEmailVerified && existing.emailVerified !== null;
}

/** A Google sign-in whose address Google has verified verifies ours, when it is the account's address. */
export async function markEmailVerifiedByGoogle(userId: string, email: string): Promise<void> {
  await db.user.updateMany({
    where: { id: userId, email: email.toLowerCase(), emailVerified: null },
    data: { emailVerified: new Date() },
  });
}
