import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import {
  authenticateMerchant,
  authenticateStaff,
  ensureMerchant,
  signUpMerchant,
  verifyMerchantCredentials,
} from "~/server/services/accounts";
import { buildMerchant, createMerchant } from "../factories/merchant";
import { createSaasUser } from "../factories/saas-user";
import { unique } from "../factories/unique";
import { anonymousCaller } from "../support/callers";

describe("merchant sign-up", () => {
  it("creates the auth user and the merchant row with an argon2id hash", async () => {
    const input = buildMerchant();
    const created = await signUpMerchant(input);
    const user = await db.user.findUniqueOrThrow({ where: { id: created.id } });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(input.password);
    const merchant = await db.merchant.findUniqueOrThrow({ where: { id: created.id } });
    expect(merchant).toMatchObject({ email: input.email, name: input.name, companyName: null });
  });

  it("refuses a second account for the same e-mail and leaves the first intact", async () => {
    const first = await createMerchant(db);
    await expect(signUpMerchant({ ...buildMerchant(), email: first.email })).rejects.toMatchObject({
      code: "CONFLICT",
      fieldErrors: { email: ["An account with this email already exists. Please sign in."] },
    });
    expect(await db.user.count({ where: { email: first.email } })).toBe(1);
  });

  it("through the API answers bad input with the field's message, not a 500", async () => {
    const error = await anonymousCaller()
      .merchant.signUp({ name: "", email: "not-an-email", password: "123" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("BAD_REQUEST");
  });

  it("is rate limited per IP with a clear message", async () => {
    const caller = anonymousCaller({ ip: `203.0.113.${Math.floor(Math.random() * 250)}-${unique("")}` });
    for (let i = 0; i < 10; i++) await caller.merchant.signUp(buildMerchant());
    const error = (await caller.merchant.signUp(buildMerchant()).catch((e: unknown) => e)) as TRPCError;
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

  it("locks an account after 10 failed attempts, whatever the IP", async () => {
    const merchant = await createMerchant(db);
    for (let i = 0; i < 10; i++) {
      await expect(
        authenticateMerchant({ email: merchant.email, password: "wrong-pass" }, unique("ip")),
      ).rejects.toMatchObject({
        code: "UNAUTHORIZED",
      });
    }
    await expect(
      authenticateMerchant({ email: merchant.email, password: merchant.password }, unique("ip")),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
  });

  it("forgets earlier failures after a successful sign-in", async () => {
    const merchant = await createMerchant(db);
    for (let i = 0; i < 9; i++) {
      await authenticateMerchant({ email: merchant.email, password: "wrong-pass" }, unique("ip")).catch(
        () => undefined,
      );
    }
    await authenticateMerchant({ email: merchant.email, password: merchant.password }, unique("ip"));
    await authenticateMerchant({ email: merchant.email, password: "wrong-pass" }, unique("ip")).catch(() => undefined);
    await expect(
      authenticateMerchant({ email: merchant.email, password: merchant.password }, unique("ip")),
    ).resolves.toMatchObject({
      id: merchant.id,
    });
  });
});

describe("merchant upsert at first sign-in (SPEC 3)", () => {
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

describe("staff verification (SPEC 5)", () => {
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
