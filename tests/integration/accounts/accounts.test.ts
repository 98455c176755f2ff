import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { authConfig, googleNotLinkedUrl } from "~/server/auth/config";
import {
  authenticateMerchant,
  authenticateStaff,
  ensureMerchant,
  isGoogleSignInAllowed,
  signUpMerchant,
  verifyMerchantCredentials,
} from "~/server/accounts/accounts";
import { buildMerchant, createMerchant } from "../../factories/merchant";
import { createSaasUser } from "../../factories/saas-user";
import { unique } from "../../factories/unique";
import { anonymousCaller } from "../../support/callers";
import { linkIn, sendQueuedMail, waitForMail } from "../../support/mailbox";

describe("merchant sign-up", () => {
  it("creates the auth user and the merchant row with an argon2id hash, unverified", async () => {
    const input = buildMerchant();
    const created = await signUpMerchant(input);
    expect(created).not.toBeNull();
    const user = await db.user.findUniqueOrThrow({ where: { id: created!.id } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(input.password);
    expect(user.emailVerified).toBeNull();
    const merchant = await db.merchant.findUniqueOrThrow({ where: { id: created!.id } });
    expect(merchant).toMatchObject({ email: input.email, name: input.name, companyName: null });
  });

  // Overrides the "An account with this email already exists": the answer must not tell who has
  // an account. The owner hears about the attempt by e-mail instead.
  it("answers a taken e-mail exactly like a new one, makes no second account and mails the owner", async () => {
    const first = await createMerchant(db);
    const before = await db.user.findUniqueOrThrow({ where: { email: first.email } });
    const caller = anonymousCaller();
    const forNew = await caller.merchant.account.signUp(buildMerchant());
    const forTaken = await caller.merchant.account.signUp({ ...buildMerchant(), email: first.email.toUpperCase() });
    expect(forTaken).toEqual(forNew);

    expect(await db.user.count({ where: { email: first.email } })).toBe(1);
    const after = await db.user.findUniqueOrThrow({ where: { email: first.email } });
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.name).toBe(before.name);

    expect(await sendQueuedMail(first.email)).toBe(1);
    const mail = await waitForMail(first.email, "Someone tried to create a Popkit account with your e-mail");
    expect(linkIn(mail, "/auth/forgot")).toBe("http://localhost:3000/auth/forgot");
    expect(mail.text).toContain("http://localhost:3000/auth");
    expect(mail.text).not.toContain(first.password);
  });

  it("hashes the password for a taken e-mail too, so the time taken does not tell them apart", async () => {
    const first = await createMerchant(db);
    const time = async (email: string) => {
      const start = performance.now();
      await signUpMerchant({ ...buildMerchant(), email });
      return performance.now() - start;
    };
    // Warm up the hasher, then compare: a skipped hash would be ~100x faster than one argon2id run.
    await time(`${unique("warm")}@example.test`);
    const taken = await time(first.email);
    const fresh = await time(`${unique("fresh")}@example.test`);
    expect(taken).toBeGreaterThan(fresh / 3);
  });

  it("through the API answers bad input with the field's message, not a 500", async () => {
    const error = await anonymousCaller()
      .merchant.account.signUp({ name: "", email: "not-an-email", password: "123" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });

  it("is rate limited per IP with a clear message", async () => {
    const caller = anonymousCaller({ ip: `203.0.113.${Math.floor(Math.random() * 250)}-${unique("")}` });
    for (let i = 0; i < 10; i++) await caller.merchant.account.signUp(buildMerchant());
    const error = (await caller.merchant.account.signUp(buildMerchant()).catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toMatch(/^Too many attempts\. Please try again in/);
  });
});

describe("merchant sign-in", () => {
  it("accepts the right password and refuses a wrong one or an unknown e-mail alike", async () => {
    const merchant = await createMerchant(db);
    await expect(
      verifyMerchantCredentials({ email: merchant.email, password: merchant.password }),
    ).resolves.toMatchObject({
      id: merchant.id,
    });
    for (const attempt of [
      { email: merchant.email, password: "wrong-password" },
      { email: `${unique("nobody")}@example.test`, password: merchant.password },
    ]) {
      await expect(verifyMerchantCredentials(attempt)).rejects.toMatchObject({
        code: "UNAUTHORIZED",
        userMessage: "Invalid email or password",
      });
    }
  });
});

// Sign-in limits (src/server/platform/rate-limit.ts): per account+address pair, and a growing gap per account for
// addresses it never signed in from.
const accountKinds = [
  {
    kind: "merchant",
    create: async () => {
      const merchant = await createMerchant(db);
      return {
        signIn: (password: string, ip: string) => authenticateMerchant({ email: merchant.email, password }, ip),
        password: merchant.password,
      };
    },
  },
  {
    kind: "super admin",
    create: async () => {
      const staff = await createSaasUser(db, { role: "super_admin" });
      return {
        signIn: (password: string, ip: string) => authenticateStaff({ username: staff.username, password }, ip),
        password: staff.password,
      };
    },
  },
];

async function outcome(attempt: Promise<unknown>): Promise<string> {
  return attempt.then(
    () => "signed in",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(accountKinds)("$kind sign-in limits", ({ create }) => {
  it("refuses one account+address pair after 5 attempts, and only that pair", async () => {
    const account = await create();
    const stranger = unique("ip");
    for (let i = 0; i < 5; i++) expect(await outcome(account.signIn("wrong-pass", stranger))).toBe("UNAUTHORIZED");
    const refused = await account.signIn(account.password, stranger).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "RATE_LIMITED",
      userMessage: "Too many attempts. Please try again in 15 minutes.",
    });
    expect(await outcome(account.signIn(account.password, unique("ip")))).toBe("signed in");
  });

  it("clears a pair's attempts when it signs in", async () => {
    const account = await create();
    const ip = unique("ip");
    for (let i = 0; i < 4; i++) await outcome(account.signIn("wrong-pass", ip));
    expect(await outcome(account.signIn(account.password, ip))).toBe("signed in");
    for (let i = 0; i < 4; i++) expect(await outcome(account.signIn("wrong-pass", ip))).toBe("UNAUTHORIZED");
    expect(await outcome(account.signIn(account.password, ip))).toBe("signed in");
  });

  it("lets the owner in from their usual address while a stranger fails from 20 addresses", async () => {
    const account = await create();
    const home = unique("ip");
    expect(await outcome(account.signIn(account.password, home))).toBe("signed in");

    const results: string[] = [];
    for (let ip = 0; ip < 20; ip++) {
      const attacker = unique(`attacker-${ip}-`);
      for (let i = 0; i < 3; i++) results.push(await outcome(account.signIn("wrong-pass", attacker)));
    }
    // The first 10 failures are free; then one slot per growing gap (1 s, 2 s, 4 s...) shared by every new address.
    expect(results.filter((result) => result === "UNAUTHORIZED").length).toBeLessThanOrEqual(14);
    expect(results.filter((result) => result === "RATE_LIMITED").length).toBeGreaterThanOrEqual(46);

    expect(await outcome(account.signIn(account.password, home))).toBe("signed in");
  });
});

describe("merchant sign-in from many addresses", () => {
  it("gives new addresses one attempt per gap after 10 failures, the gap growing with each failure", async () => {
    const merchant = await createMerchant(db);
    const attempt = (password: string) =>
      outcome(authenticateMerchant({ email: merchant.email, password }, unique("ip")));
    for (let i = 0; i < 10; i++) expect(await attempt("wrong-pass")).toBe("UNAUTHORIZED");

    expect(await attempt("wrong-pass")).toBe("UNAUTHORIZED"); // the first 1 s slot
    // Even the right password waits for the next slot when it comes from an address new to the account.
    const refused = await authenticateMerchant({ email: merchant.email, password: merchant.password }, unique("ip"))
      .then(() => null)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "RATE_LIMITED",
      userMessage: "Too many attempts. Please try again in a minute.",
    });

    await sleep(1100);
    expect(await attempt("wrong-pass")).toBe("UNAUTHORIZED"); // the 1 s gap is over; the next one is 2 s
    await sleep(1100);
    expect(await attempt(merchant.password)).toBe("RATE_LIMITED");
    await sleep(1100);
    expect(await attempt(merchant.password)).toBe("signed in");
  });

  it("counts failures for an e-mail without an account like any other", async () => {
    const email = `${unique("nobody")}@example.test`;
    const attempt = () => outcome(authenticateMerchant({ email, password: "wrong-pass" }, unique("ip")));
    for (let i = 0; i < 11; i++) expect(await attempt()).toBe("UNAUTHORIZED");
    expect(await attempt()).toBe("RATE_LIMITED");
  });
});

describe("merchant upsert at first sign-in", () => {
  it("creates the row from the account, with 'User' when there is no name, and is idempotent", async () => {
    const user = await db.user.create({ data: { email: `${unique("g")}@example.test`, name: null } });
    const created = await ensureMerchant({ id: user.id, email: user.email, name: user.name });
    expect(created.name).toBe("User");
    await db.merchant.update({ where: { id: user.id }, data: { name: "Renamed", companyName: "Acme" } });
    const again = await ensureMerchant({ id: user.id, email: user.email, name: "Something else" });
    expect(again).toMatchObject({ name: "Renamed", companyName: "Acme" });
    expect(await db.merchant.count({ where: { id: user.id } })).toBe(1);
  });
});

describe("staff verification", () => {
  it("returns the staff identity for the right password", async () => {
    const staff = await createSaasUser(db, { role: "admin" });
    await expect(
      authenticateStaff({ username: staff.username, password: staff.password }, unique("ip")),
    ).resolves.toEqual({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      username: staff.username,
      role: "admin",
    });
  });

  it("says 'Invalid username or password' for a wrong password or an unknown username", async () => {
    const staff = await createSaasUser(db);
    for (const attempt of [
      { username: staff.username, password: "nope-nope" },
      { username: unique("ghost_"), password: staff.password },
    ]) {
      const error = await authenticateStaff(attempt, unique("ip")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).userMessage).toBe("Invalid username or password");
    }
  });

  it("says 'Account is disabled' for a disabled account with the right password", async () => {
    const staff = await createSaasUser(db, { isActive: false });
    await expect(
      authenticateStaff({ username: staff.username, password: staff.password }, unique("ip")),
    ).rejects.toMatchObject({
      userMessage: "Account is disabled",
    });
    await expect(
      authenticateStaff({ username: staff.username, password: "wrong-one" }, unique("ip")),
    ).rejects.toMatchObject({
      userMessage: "Invalid username or password",
    });
  });
});

describe("Google sign-in and existing accounts", () => {
  const signInCallback = authConfig.callbacks.signIn as (params: {
    account: { provider: string; providerAccountId: string };
    profile?: { email?: string; email_verified?: boolean };
  }) => Promise<boolean | string>;
  const google = (email: string, isVerified: boolean) => ({
    account: { provider: "google", providerAccountId: unique("g-") },
    profile: { email, email_verified: isVerified },
  });

  it("joins an existing account only when Google and Popkit have both verified the e-mail", async () => {
    const unverified = await createMerchant(db);
    const verified = await createMerchant(db);
    await db.user.update({ where: { id: verified.id }, data: { emailVerified: new Date() } });

    await expect(signInCallback(google(unverified.email, true))).resolves.toBe(googleNotLinkedUrl);
    await expect(signInCallback(google(verified.email, false))).resolves.toBe(googleNotLinkedUrl);
    await expect(signInCallback(google(verified.email.toUpperCase(), true))).resolves.toBe(true);
    // A new e-mail is a new account; a password sign-in is not this rule's business.
    await expect(signInCallback(google(`${unique("new")}@example.test`, false))).resolves.toBe(true);
    await expect(signInCallback({ account: { provider: "merchant", providerAccountId: unverified.id } })).resolves.toBe(
      true,
    );
  });

  it("lets a Google account that is already linked sign in", async () => {
    const merchant = await createMerchant(db);
    const providerAccountId = unique("g-");
    await db.account.create({ data: { userId: merchant.id, type: "oidc", provider: "google", providerAccountId } });
    await expect(
      isGoogleSignInAllowed({ providerAccountId, email: merchant.email, isEmailVerified: false }),
    ).resolves.toBe(true);
  });

  it("a Google sign-in that Google verified starts a session and verifies the account's address", async () => {
    const jwt = authConfig.callbacks.jwt as (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
    const user = await db.user.create({ data: { email: `${unique("g")}@example.test`, name: "Gee" } });
    const token = await jwt({
      token: { sub: user.id },
      user: { id: user.id, email: user.email, name: user.name },
      account: { provider: "google", providerAccountId: unique("g-"), type: "oidc" },
      profile: { email: user.email, email_verified: true },
    });
    expect(token).toMatchObject({ userType: "merchant", name: "Gee" });
    const session = await db.authSession.findUniqueOrThrow({ where: { id: token.sid as string } });
    expect(session).toMatchObject({ userId: user.id, revokedAt: null });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).not.toBeNull();
    expect(await db.merchant.count({ where: { id: user.id } })).toBe(1);
  });
});
