import { env } from "~/env";
import type { PortalLinkInput } from "~/schemas/portal";
import { sendEmail } from "~/server/email";
import { db } from "~/server/platform/db";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "~/server/platform/secret-tokens";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import type { JobHandlers } from "~/server/jobs";
import { equalsIgnoringCase } from "~/server/platform/text-match";

/**
 * Buyers have no password: a buyer is an e-mail address proven by a single-use link we mail to it. The link
 * opens a portal session of its own (a cookie and a row here), which never opens the merchant or staff portals,
 * as their sessions never open this one. Only SHA-256 hashes of links and session cookies are stored.
 */
export const SIGN_IN_LINK_TTL_MS = 30 * 60 * 1000;
export const PORTAL_SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The session cookie's name. Secure cookies get the __Host- prefix: only this origin, over https, path /, can set or
 * read them. A function: APP_URL is read at run time, not while the app is built.
 */
export function buyerCookie(): string {
  return env.APP_URL.startsWith("https:") ? "__Host-popkit-buyer" : "popkit-buyer";
}

export const PORTAL_LINK_ANSWER =
  "If that e-mail bought something here, a sign-in link is on its way. Check your inbox (and spam folder).";
export const SIGN_IN_LINK_INVALID = "This sign-in link has expired or was already used. Ask for a new one.";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Whether `email` paid for anything here: a payment, or a subscription (its first sale may not be in yet). */
export async function hasBought(email: string): Promise<boolean> {
  const payer = equalsIgnoringCase(email);
  const [payment, subscription] = await Promise.all([
    db.transaction.findFirst({ where: { payerEmail: payer }, select: { id: true } }),
    db.subscription.findFirst({ where: { payerEmail: payer }, select: { id: true } }),
  ]);
  return payment !== null || subscription !== null;
}

/**
 * "Send me a sign-in link" (the portal, /library, the thank-you page and sell pages): mails one when the address
 * bought something here, and answers the same either way, so the form tells nobody who bought what.
 */
export async function requestPortalLink(input: PortalLinkInput, ip: string): Promise<{ message: string }> {
  const email = normaliseEmail(input.email);
  await consumeRateLimit("mailByIp", ip);
  await consumeRateLimit("mailByAddress", `portal:${email}`);
  if (await hasBought(email)) {
    await sendEmail({ template: "portal-sign-in", to: email, payload: { email, next: input.next ?? null } });
  }
  return { message: PORTAL_LINK_ANSWER };
}

/** A new sign-in link for `email`; made when the mail carrying it is composed, so its 30 minutes start then. */
export async function createSignInLink(email: string, next: string | null, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.buyerSignInToken.create({
    data: {
      tokenHash: hashSecretToken(token),
      email: normaliseEmail(email),
      expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS),
    },
  });
  const query = next ? `?next=${encodeURIComponent(next)}` : "";
  return `${env.APP_URL}/portal/sign-in/${token}${query}`;
}

/** A new portal session for a proven address; returns the cookie's value. */
export async function startPortalSession(email: string, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.buyerSession.create({
    data: {
      tokenHash: hashSecretToken(token),
      email: normaliseEmail(email),
      expiresAt: new Date(now.getTime() + PORTAL_SESSION_TTL_MS),
    },
  });
  return token;
}

/**
 * Spends a sign-in link and opens a session: the conditional update lets exactly one of two concurrent clicks
 * through. Null when the link is unknown, used or expired.
 */
export async function signInWithLink(token: string, now = new Date()): Promise<string | null> {
  if (!looksLikeSecretToken(token)) return null;
  const tokenHash = hashSecretToken(token);
  const spent = await db.buyerSignInToken.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (spent.count === 0) return null;
  const { email } = await db.buyerSignInToken.findUniqueOrThrow({ where: { tokenHash }, select: { email: true } });
  return startPortalSession(email, now);
}

/** The e-mail a portal session cookie proves, or null (no cookie, unknown, signed out or expired). */
export async function portalEmail(cookieValue: string | undefined, now = new Date()): Promise<string | null> {
  if (!cookieValue || !looksLikeSecretToken(cookieValue)) return null;
  const session = await db.buyerSession.findUnique({
    where: { tokenHash: hashSecretToken(cookieValue) },
    select: { email: true, expiresAt: true, revokedAt: true },
  });
  return session && session.revokedAt === null && session.expiresAt > now ? session.email : null;
}

export async function endPortalSession(cookieValue: string | undefined): Promise<void> {
  if (!cookieValue || !looksLikeSecretToken(cookieValue)) return;
  await db.buyerSession.updateMany({
    where: { tokenHash: hashSecretToken(cookieValue), revokedAt: null },
    data: { revokedAt: new Date() },
  });
}

/** The Set-Cookie value of a portal session: HttpOnly, SameSite=Lax (no cross-site form can act with it). */
export function sessionCookie(value: string): string {
  const name = buyerCookie();
  const secure = name.startsWith("__Host-") ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${PORTAL_SESSION_TTL_MS / 1000}${secure}`;
}

export function clearedSessionCookie(): string {
  const name = buyerCookie();
  const secure = name.startsWith("__Host-") ? "; Secure" : "";
  return `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

/** Sign-in links and sessions a day past their end: nothing can use them, and each sign-in adds rows. */
export async function sweepPortalSessions(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const [links, sessions] = await Promise.all([
    db.buyerSignInToken.deleteMany({ where: { expiresAt: { lt: before } } }),
    db.buyerSession.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { revokedAt: { lt: before } }] } }),
  ]);
  return links.count + sessions.count;
}

export const portalJobHandlers = {
  "portal.sweep": async () => {
    await sweepPortalSessions();
  },
} satisfies Partial<JobHandlers>;
