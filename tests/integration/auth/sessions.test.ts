// Sessions that end on the server, over real HTTP through next-auth's own route handler: sign in
// with the form's POST, read the session as the app does, and check that a cookie stops working once its
// session is ended by sign-out, a password reset or change, or a staff member being disabled.
import type { Session } from "next-auth";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET, POST } from "~/app/api/auth/[...nextauth]/route";
import { createCaller } from "~/server/api/root";
import { authConfig } from "~/server/auth/config";
import { revokeSession, startSession } from "~/server/auth/sessions";
import { db } from "~/server/platform/db";
import { resetPassword } from "~/server/accounts/accounts";
import { createMerchant } from "../../factories/merchant";
import { createSaasUser } from "../../factories/saas-user";
import { unique } from "../../factories/unique";
import { anonymousCaller, staffCaller } from "../../support/callers";
import { linkIn, sendQueuedMail, waitForMail } from "../../support/mailbox";

const base = "http://localhost:3000/api/auth";
const sessionCookie = "authjs.session-token";

/** One browser: its own IP and cookie jar, talking to the auth route handler. */
function browser() {
  const ip = `198.51.100.${Math.floor(Math.random() * 250)}-${unique("")}`;
  const jar = new Map<string, string>();

  async function send(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers({ "x-forwarded-for": ip });
    if (jar.size) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    if (init.form) headers.set("content-type", "application/x-www-form-urlencoded");
    const request = new NextRequest(`${base}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    const response = await (request.method === "GET" ? GET(request) : POST(request));
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const isCleared = !value || attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (isCleared) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
    return response;
  }

  async function csrfToken() {
    const response = await send("/csrf");
    return ((await response.json()) as { csrfToken: string }).csrfToken;
  }

  return {
    jar,
    get cookie() {
      return jar.get(sessionCookie);
    },
    async signIn(provider: "merchant" | "staff", credentials: Record<string, string>) {
      const response = await send(`/callback/${provider}`, {
        method: "POST",
        form: { ...credentials, csrfToken: await csrfToken(), callbackUrl: "/" },
      });
      expect(response.status).toBe(302);
      expect(jar.get(sessionCookie), "signed in").toBeTruthy();
    },
    async signOut() {
      await send("/signout", { method: "POST", form: { csrfToken: await csrfToken() } });
    },
    /** The session as the app reads it (auth() runs the same callbacks), or null. */
    async session() {
      const response = await send("/session");
      return (await response.json()) as (Session & { sessionId: string }) | null;
    },
  };
}

/** A merchant signed in on two browsers, each with its own session: [merchant, one browser, the other]. */
async function signedInOnTwoBrowsers() {
  const merchant = await createMerchant(db);
  const [first, second] = [browser(), browser()];
  for (const each of [first, second])
    await each.signIn("merchant", { email: merchant.email, password: merchant.password });
  return [merchant, first, second] as const;
}

/** The API as the holder of `session` (what auth() returned for their cookie) calls it. */
function callerAs(session: Session) {
  return createCaller({ db, session, headers: new Headers(), ip: unique("ip-"), requestId: "test" });
}

/** A browser that took an old cookie before it was ended, as a thief or a forgotten laptop would. */
function replay(cookie: string) {
  const other = browser();
  other.jar.set(sessionCookie, cookie);
  return other;
}

describe("merchant sessions over HTTP", () => {
  it("a signed-out cookie is refused, even when presented again", async () => {
    const merchant = await createMerchant(db);
    const tab = browser();
    await tab.signIn("merchant", { email: merchant.email, password: merchant.password });
    const session = await tab.session();
    expect(session?.user.id).toBe(merchant.id);
    const row = await db.authSession.findUniqueOrThrow({ where: { id: session!.sessionId } });
    expect(row).toMatchObject({ userId: merchant.id, revokedAt: null });
    const stolen = tab.cookie!;
    expect((await replay(stolen).session())?.user.id).toBe(merchant.id);

    await tab.signOut();
    expect(tab.cookie).toBeUndefined();
    expect((await db.authSession.findUniqueOrThrow({ where: { id: row.id } })).revokedAt).not.toBeNull();
    expect(await replay(stolen).session()).toBeNull();
  });

  it("each sign-in is its own session: signing out one leaves the other", async () => {
    const [merchant, laptop, phone] = await signedInOnTwoBrowsers();
    await laptop.signOut();
    expect((await phone.session())?.user.id).toBe(merchant.id);
  });

  it("a password reset from the mailed link ends every session", async () => {
    const [merchant, laptop, phone] = await signedInOnTwoBrowsers();

    await anonymousCaller().merchant.account.requestPasswordReset({ email: merchant.email });
    await sendQueuedMail(merchant.email);
    const link = linkIn(await waitForMail(merchant.email, "Reset your Popkit password"), "/auth/reset/");
    await resetPassword({
      token: link.split("/auth/reset/")[1]!,
      password: "after-reset",
      confirmPassword: "after-reset",
    });

    expect(await laptop.session()).toBeNull();
    expect(await phone.session()).toBeNull();
    const fresh = browser();
    await fresh.signIn("merchant", { email: merchant.email, password: "after-reset" });
    expect((await fresh.session())?.user.id).toBe(merchant.id);
  });

  it("changing the password, or 'Sign out of all other sessions', keeps only the current one", async () => {
    const [merchant, here, elsewhere] = await signedInOnTwoBrowsers();
    const api = callerAs((await here.session())!);
    await expect(
      api.merchant.account.changePassword({
        currentPassword: "wrong-one",
        newPassword: "changed-pw",
        confirmPassword: "changed-pw",
      }),
    ).rejects.toMatchObject({ message: "Current password is incorrect" });
    expect(await elsewhere.session()).not.toBeNull();

    await expect(
      api.merchant.account.changePassword({
        currentPassword: merchant.password,
        newPassword: "changed-pw",
        confirmPassword: "changed-pw",
      }),
    ).resolves.toEqual({ endedSessions: 1 });
    expect(await elsewhere.session()).toBeNull();
    expect((await here.session())?.user.id).toBe(merchant.id);

    const third = browser();
    await third.signIn("merchant", { email: merchant.email, password: "changed-pw" });
    await expect(api.merchant.account.signOutOtherSessions()).resolves.toEqual({ endedSessions: 1 });
    expect(await third.session()).toBeNull();
    expect((await here.session())?.user.id).toBe(merchant.id);
  });
});

describe("the jwt callback", () => {
  const jwt = authConfig.callbacks.jwt as (params: { token: Record<string, unknown> }) => Promise<unknown>;

  it("refuses a validly signed cookie whose session was revoked, expired or never existed", async () => {
    const merchant = await createMerchant(db);
    const sid = await startSession({ userId: merchant.id });
    const token = { sub: merchant.id, sid, userType: "merchant" };
    const cookie = await encode({ token, secret: process.env.AUTH_SECRET!, salt: sessionCookie });
    expect((await replay(cookie).session())?.user.id).toBe(merchant.id);
    await expect(jwt({ token })).resolves.toMatchObject({ sid });

    await revokeSession(sid);
    expect(await replay(cookie).session()).toBeNull();
    await expect(jwt({ token })).resolves.toBeNull();

    const expiredSid = await startSession({ userId: merchant.id }, new Date(Date.now() - 8 * 24 * 3600_000));
    await expect(jwt({ token: { ...token, sid: expiredSid } })).resolves.toBeNull();
    // Cookies from before sessions were recorded carry no sid; one naming another person's session is refused.
    await expect(jwt({ token: { sub: merchant.id, userType: "merchant" } })).resolves.toBeNull();
    const someoneElse = await startSession({ userId: (await createMerchant(db)).id });
    await expect(jwt({ token: { ...token, sid: someoneElse } })).resolves.toBeNull();
  });

  it("keeps a session in use alive past its first week", async () => {
    const merchant = await createMerchant(db);
    const sid = await startSession({ userId: merchant.id }, new Date(Date.now() - 6 * 24 * 3600_000));
    await expect(jwt({ token: { sub: merchant.id, sid } })).resolves.toMatchObject({ sid });
    const row = await db.authSession.findUniqueOrThrow({ where: { id: sid } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
  });
});

describe("staff sessions over HTTP", () => {
  it("disabling a staff member ends their sessions at once", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const member = await createSaasUser(db, { role: "operator" });
    const tab = browser();
    await tab.signIn("staff", { username: member.username, password: member.password });
    expect((await tab.session())?.user.id).toBe(member.id);

    await staffCaller(boss).admin.users.update({
      id: member.id,
      username: member.username,
      email: member.email,
      name: member.name,
      role: "operator",
      isActive: false,
    });
    expect(await tab.session()).toBeNull();
  });

  it("a super admin's password reset ends all of the member's sessions", async () => {
    const boss = await createSaasUser(db, { role: "super_admin" });
    const member = await createSaasUser(db, { role: "admin" });
    const tab = browser();
    await tab.signIn("staff", { username: member.username, password: member.password });
    await staffCaller(boss).admin.users.resetPassword({ id: member.id, password: "reset-by-boss" });
    expect(await tab.session()).toBeNull();
  });

  it("changing one's own password ends the other sessions and keeps this one", async () => {
    const member = await createSaasUser(db, { role: "operator" });
    const here = browser();
    const elsewhere = browser();
    await here.signIn("staff", { username: member.username, password: member.password });
    await elsewhere.signIn("staff", { username: member.username, password: member.password });
    await callerAs((await here.session())!).admin.profile.changePassword({
      currentPassword: member.password,
      newPassword: "own-new-password",
      confirmPassword: "own-new-password",
    });
    expect(await elsewhere.session()).toBeNull();
    expect((await here.session())?.user.id).toBe(member.id);
  });
});
