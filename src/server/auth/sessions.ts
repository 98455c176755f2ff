// Sessions that end on the server: the session cookie is a signed JWT, which on its own stays valid
// until it expires. Each sign-in therefore gets an auth_sessions row whose id travels in the token; a missing,
// revoked or expired row refuses the cookie, so sign-out, a password change or reset and a staff member's
// deactivation take effect at once. The check is one primary-key read per auth() call.
import { randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";

/** How long a session lasts without use; next-auth's cookie lifetime is the same. */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
const maxAgeMs = SESSION_MAX_AGE_SECONDS * 1000;
// next-auth renews the cookie on every read; the row follows at most once a day, so reads rarely write.
const renewAfterMs = 24 * 60 * 60 * 1000;

export type SessionOwner = { userId: string } | { saasUserId: string };
type Client = Pick<Prisma.TransactionClient, "authSession">;

/** Opens a session for a sign-in and returns its id (the cookie's `sid`). */
export async function startSession(owner: SessionOwner, now = new Date()): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  // The owner's dead sessions are dropped here, so the table holds roughly the live ones.
  await db.authSession.deleteMany({
    where: { ...owner, OR: [{ expiresAt: { lte: now } }, { revokedAt: { not: null } }] },
  });
  await db.authSession.create({ data: { id, ...owner, expiresAt: new Date(now.getTime() + maxAgeMs) } });
  return id;
}

/** Whether the session `id` still stands for `subject` (the token's user or staff id). */
export async function isSessionLive(id: string, subject: string, now = new Date()): Promise<boolean> {
  const session = await db.authSession.findUnique({
    where: { id },
    select: { userId: true, saasUserId: true, expiresAt: true, revokedAt: true },
  });
  if (!session || session.revokedAt || session.expiresAt <= now) return false;
  if ((session.userId ?? session.saasUserId) !== subject) return false;
  if (session.expiresAt.getTime() - now.getTime() < maxAgeMs - renewAfterMs) {
    await db.authSession.updateMany({
      where: { id, revokedAt: null },
      data: { expiresAt: new Date(now.getTime() + maxAgeMs) },
    });
  }
  return true;
}

/** Ends one session (sign-out). */
export async function revokeSession(id: string, client: Client = db): Promise<void> {
  await client.authSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every live session of one person, except `except` (the one asking); returns how many ended. */
export async function revokeSessions(
  owner: SessionOwner,
  { except, client = db }: { except?: string | null; client?: Client } = {},
): Promise<number> {
  const now = new Date();
  const { count } = await client.authSession.updateMany({
    where: { ...owner, revokedAt: null, expiresAt: { gt: now }, ...(except ? { id: { not: except } } : {}) },
    data: { revokedAt: now },
  });
  return count;
}
