// Single-use links sent by e-mail (password reset, e-mail verification). The token itself is only ever in the
// mail; the database holds its SHA-256, so a leaked table cannot reset anyone's password.
import type { Prisma } from "~/generated/prisma/client";
import type { AccountTokenPurpose } from "~/generated/prisma/enums";
import { db } from "~/server/platform/db";
import { hashSecretToken, newSecretToken } from "~/server/platform/secret-tokens";

type Client = Pick<Prisma.TransactionClient, "accountToken">;

export const tokenLifetimeMs: Record<AccountTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 24 * 60 * 60 * 1000,
};

/** Creates a token proving access to `email` for `userId`; returns the raw value for the link. */
export async function issueAccountToken(
  purpose: AccountTokenPurpose,
  user: { id: string; email: string },
  now = new Date(),
): Promise<string> {
  const token = newSecretToken();
  // Old links of the same kind go here, a day after they stopped working (a used link still tells "already
  // verified" apart from "never valid" until then), so the table holds roughly the live ones.
  await db.accountToken.deleteMany({
    where: { userId: user.id, purpose, expiresAt: { lt: new Date(now.getTime() - 24 * 60 * 60 * 1000) } },
  });
  await db.accountToken.create({
    data: {
      tokenHash: hashSecretToken(token),
      purpose,
      userId: user.id,
      email: user.email,
      expiresAt: new Date(now.getTime() + tokenLifetimeMs[purpose]),
    },
  });
  return token;
}

const usable = (now: Date) => ({ usedAt: null, expiresAt: { gt: now } });

/** The token's row while it can still be used (the reset page asks before showing its form); else null. */
export function findUsableToken(token: string, purpose: AccountTokenPurpose, now = new Date()) {
  return db.accountToken.findFirst({
    where: { tokenHash: hashSecretToken(token), purpose, ...usable(now) },
    select: { userId: true, email: true, expiresAt: true },
  });
}

/** Any row for the token, used or not: how a link that was already used is told apart from a forged one. */
export function findToken(token: string, purpose: AccountTokenPurpose) {
  return db.accountToken.findFirst({
    where: { tokenHash: hashSecretToken(token), purpose },
    select: { userId: true, email: true, usedAt: true },
  });
}

/**
 * Uses the token up and returns what it proves, or null when it is unknown, used or expired. The conditional
 * update is the lock: of two requests racing with the same link, exactly one gets the row.
 */
export async function consumeAccountToken(
  client: Client,
  token: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<{ userId: string; email: string } | null> {
  const tokenHash = hashSecretToken(token);
  const { count } = await client.accountToken.updateMany({
    where: { tokenHash, purpose, ...usable(now) },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  return client.accountToken.findUnique({ where: { tokenHash }, select: { userId: true, email: true } });
}

/** Voids every outstanding token of one kind for a user (a new password makes older reset links useless). */
export async function voidAccountTokens(
  client: Client,
  userId: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<void> {
  await client.accountToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
}
