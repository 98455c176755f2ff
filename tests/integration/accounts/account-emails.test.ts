// Part 4 through real SMTP traffic: 'Forgot password?' and e-mail verification, read from the sandbox's
// inbox the way a merchant would open them.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { startSession } from "~/server/auth/sessions";
import { MAIL_PER_ADDRESS_PER_HOUR, MAIL_PER_IP_PER_HOUR } from "~/server/platform/rate-limit";
import { isResetLinkUsable, resendVerification, resetPassword, verifyEmail } from "~/server/accounts/accounts";
import { verifyMerchantCredentials } from "~/server/accounts/accounts";
import { buildMerchant, createMerchant } from "../../factories/merchant";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller } from "../../support/callers";
import { linkIn, mailTo, sendQueuedMail, waitForMail } from "../../support/mailbox";

const resetSubject = "Reset your Popkit password";
const verifySubject = "Verify your e-mail address for Popkit";

/** Asks for a reset link as a visitor would and returns the token from the mail that arrives. */
async function resetTokenFor(email: string): Promise<string> {
  await anonymousCaller().merchant.account.requestPasswordReset({ email });
  expect(await sendQueuedMail(email)).toBe(1);
  const mail = await waitForMail(email, resetSubject);
  const link = linkIn(mail, "/auth/reset/");
  expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/reset\/[\w-]{43}$/);
  // Reset mails pile up in the test inbox; the newest one is read, so each call sees its own link.
  const newest = (await mailTo(email)).find((m) => m.subject === resetSubject)!;
  return linkIn(newest, "/auth/reset/").split("/auth/reset/")[1]!;
}

describe("forgot password", () => {
  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const merchant = await createMerchant(db);
    const nobody = `${unique("nobody")}@example.test`;
    const caller = anonymousCaller();
    const known = await caller.merchant.account.requestPasswordReset({ email: merchant.email });
    const unknown = await caller.merchant.account.requestPasswordReset({ email: nobody });
    expect(unknown).toEqual(known);
    expect(await db.emailMessage.count({ where: { toAddress: nobody } })).toBe(0);
  });

  it("mails a link valid for one hour that sets a new password once, and ends every session", async () => {
    const merchant = await createMerchant(db);
    const sessions = [await startSession({ userId: merchant.id }), await startSession({ userId: merchant.id })];
    const token = await resetTokenFor(merchant.email);

    const stored = await db.accountToken.findFirstOrThrow({
      where: { userId: merchant.id, purpose: "password_reset" },
    });
    expect(stored.tokenHash).not.toContain(token);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(59 * 60_000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
    expect(await isResetLinkUsable(token)).toBe(true);

    await anonymousCaller().merchant.account.resetPassword({
      token,
      password: "brand-new-pw",
      confirmPassword: "brand-new-pw",
    });

    await expect(verifyMerchantCredentials({ email: merchant.email, password: "brand-new-pw" })).resolves.toMatchObject(
      {
        id: merchant.id,
      },
    );
    await expect(verifyMerchantCredentials({ email: merchant.email, password: merchant.password })).rejects.toThrow();
    const rows = await db.authSession.findMany({ where: { id: { in: sessions } } });
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    // Following the mailed link proved the address.
    expect((await db.user.findUniqueOrThrow({ where: { id: merchant.id } })).emailVerified).not.toBeNull();

    // Single use: the page shows the "ask again" message, and a second submit is refused.
    expect(await isResetLinkUsable(token)).toBe(false);
    const again = await anonymousCaller()
      .merchant.account.resetPassword({ token, password: "another-pw", confirmPassword: "another-pw" })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(TRPCError);
    expect((again as TRPCError).message).toBe("This link has expired or was already used. Please ask for a new one.");

    await sendQueuedMail(merchant.email);
    await waitForMail(merchant.email, "Your Popkit password was changed");
  });

  it("refuses a link after its hour, and one made useless by a newer password", async () => {
    const merchant = await createMerchant(db);
    const expired = await resetTokenFor(merchant.email);
    await db.accountToken.updateMany({
      where: { userId: merchant.id, purpose: "password_reset" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await isResetLinkUsable(expired)).toBe(false);
    await expect(
      resetPassword({ token: expired, password: "late-pw-1", confirmPassword: "late-pw-1" }),
    ).rejects.toMatchObject({
      code: "INVALID",
    });

    const first = await resetTokenFor(merchant.email);
    const second = await resetTokenFor(merchant.email);
    expect(second).not.toBe(first);
    await resetPassword({ token: second, password: "second-pw", confirmPassword: "second-pw" });
    await expect(
      resetPassword({ token: first, password: "first-pw", confirmPassword: "first-pw" }),
    ).rejects.toMatchObject({
      code: "INVALID",
    });
  });

  it("refuses a link sent to an address the account no longer has", async () => {
    const merchant = await createMerchant(db);
    const token = await resetTokenFor(merchant.email);
    await db.user.update({ where: { id: merchant.id }, data: { email: `${unique("moved")}@example.test` } });
    expect(await isResetLinkUsable(token)).toBe(false);
    await expect(resetPassword({ token, password: "hijack-pw", confirmPassword: "hijack-pw" })).rejects.toMatchObject({
      code: "INVALID",
    });
  });

  it("checks the new password like sign-up does, and that both entries match", async () => {
    const error = (await anonymousCaller()
      .merchant.account.resetPassword({ token: "x", password: "12345", confirmPassword: "12346" })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("BAD_REQUEST");
    const mismatch = (await anonymousCaller()
      .merchant.account.resetPassword({ token: "x", password: "123456", confirmPassword: "123457" })
      .catch((e: unknown) => e)) as TRPCError;
    expect(mismatch.code).toBe("BAD_REQUEST");
  });

  it("is rate limited per e-mail whoever asks, and per IP", async () => {
    const email = `${unique("flood")}@example.test`;
    for (let i = 0; i < MAIL_PER_ADDRESS_PER_HOUR; i++)
      await anonymousCaller().merchant.account.requestPasswordReset({ email });
    const error = (await anonymousCaller()
      .merchant.account.requestPasswordReset({ email })
      .catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error.message).toMatch(/^Too many attempts\. Please try again in/);

    const oneIp = anonymousCaller({ ip: unique("ip-") });
    for (let i = 0; i < MAIL_PER_IP_PER_HOUR; i++) {
      await oneIp.merchant.account.requestPasswordReset({ email: `${unique("ip")}@example.test` });
    }
    const byIp = (await oneIp.merchant.account
      .requestPasswordReset({ email: `${unique("ip")}@example.test` })
      .catch((e: unknown) => e)) as TRPCError;
    expect(byIp.code).toBe("TOO_MANY_REQUESTS");
  });
});

describe("e-mail verification", () => {
  it("sign-up mails a link that verifies the address once; the account worked before it", async () => {
    const input = buildMerchant();
    await anonymousCaller().merchant.account.signUp(input);
    const user = await db.user.findUniqueOrThrow({ where: { email: input.email } });
    await expect(verifyMerchantCredentials(input)).resolves.toMatchObject({ id: user.id });
    expect(user.emailVerified).toBeNull();
    expect(await merchantCaller({ ...user, name: input.name }).merchant.account.status()).toEqual({
      email: input.email,
      isEmailVerified: false,
      hasPassword: true,
    });

    expect(await sendQueuedMail(input.email)).toBe(1);
    const link = linkIn(await waitForMail(input.email, verifySubject), "/auth/verify/");
    const token = link.split("/auth/verify/")[1]!;
    const stored = await db.accountToken.findFirstOrThrow({
      where: { userId: user.id, purpose: "email_verification" },
    });
    expect(stored.email).toBe(input.email);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000);

    expect(await verifyEmail(token)).toBe("verified");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).not.toBeNull();
    // Opened again (a mail scanner got there first): still reads as done, and the token stays used.
    expect(await verifyEmail(token)).toBe("verified");
    expect(await verifyEmail("not-a-real-token")).toBe("invalid");
  });

  it("a link sent to the old address does not verify a changed one", async () => {
    const input = buildMerchant();
    await anonymousCaller().merchant.account.signUp(input);
    await sendQueuedMail(input.email);
    const token = linkIn(await waitForMail(input.email, verifySubject), "/auth/verify/").split("/auth/verify/")[1]!;
    const user = await db.user.update({
      where: { email: input.email },
      data: { email: `${unique("changed")}@example.test` },
    });
    expect(await verifyEmail(token)).toBe("address_changed");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerified).toBeNull();
  });

  it("an expired link verifies nothing", async () => {
    const input = buildMerchant();
    await anonymousCaller().merchant.account.signUp(input);
    await sendQueuedMail(input.email);
    const token = linkIn(await waitForMail(input.email, verifySubject), "/auth/verify/").split("/auth/verify/")[1]!;
    await db.accountToken.updateMany({
      where: { email: input.email, purpose: "email_verification" },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await verifyEmail(token)).toBe("invalid");
    expect((await db.user.findUniqueOrThrow({ where: { email: input.email } })).emailVerified).toBeNull();
  });

  it("'Resend link' sends a fresh link, is rate limited, and stops once verified", async () => {
    const merchant = await createMerchant(db);
    const caller = merchantCaller(merchant);
    await expect(caller.merchant.account.resendVerification()).resolves.toEqual({
      email: merchant.email,
      isAlreadyVerified: false,
    });
    expect(await sendQueuedMail(merchant.email)).toBe(1);
    await waitForMail(merchant.email, verifySubject);
    for (let i = 1; i < MAIL_PER_ADDRESS_PER_HOUR; i++) await caller.merchant.account.resendVerification();
    const error = (await caller.merchant.account.resendVerification().catch((e: unknown) => e)) as TRPCError;
    expect(error.code).toBe("TOO_MANY_REQUESTS");

    const other = await createMerchant(db);
    await db.user.update({ where: { id: other.id }, data: { emailVerified: new Date() } });
    await expect(resendVerification(other.id)).resolves.toEqual({ email: other.email, isAlreadyVerified: true });
    expect(await db.emailMessage.count({ where: { toAddress: other.email } })).toBe(0);
  });

  it("a verification mail queued for an address that is verified by send time is not sent", async () => {
    const merchant = await createMerchant(db);
    await merchantCaller(merchant).merchant.account.resendVerification();
    await db.user.update({ where: { id: merchant.id }, data: { emailVerified: new Date() } });
    await sendQueuedMail(merchant.email);
    const row = await db.emailMessage.findFirstOrThrow({ where: { toAddress: merchant.email } });
    expect(row.status).toBe("failed");
    expect(await mailTo(merchant.email)).toEqual([]);
  });

  it("signed-out callers cannot resend or read the status", async () => {
    await expect(anonymousCaller().merchant.account.resendVerification()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(anonymousCaller().merchant.account.status()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
