import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  merchantSignInSchema,
  merchantSignUpSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  staffSignInSchema,
} from "~/schemas/accounts";

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("merchant sign-up", () => {
  const valid = { name: "Ada Lovelace", email: "Ada@Example.com", password: "secret1" };

  it("accepts a valid account and normalises the e-mail", () => {
    const result = merchantSignUpSchema.parse(valid);
    expect(result).toEqual({ name: "Ada Lovelace", email: "ada@example.com", password: "secret1" });
  });

  it("requires a full name", () => {
    expect(messages(merchantSignUpSchema.safeParse({ ...valid, name: "  " }))).toEqual({
      name: "Full name is required",
    });
  });

  it("requires an e-mail of valid format", () => {
    expect(messages(merchantSignUpSchema.safeParse({ ...valid, email: "" }))).toEqual({ email: "Email is required" });
    expect(messages(merchantSignUpSchema.safeParse({ ...valid, email: "ada@" }))).toEqual({
      email: "Please enter a valid email address",
    });
  });

  it("requires a password of at least 6 characters", () => {
    expect(messages(merchantSignUpSchema.safeParse({ ...valid, password: "" }))).toEqual({
      password: "Password is required",
    });
    expect(messages(merchantSignUpSchema.safeParse({ ...valid, password: "12345" }))).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(merchantSignUpSchema.safeParse({ ...valid, password: "123456" }).success).toBe(true);
  });
});

describe("merchant sign-in", () => {
  it("needs no name", () => {
    expect(merchantSignInSchema.safeParse({ email: "a@b.co", password: "secret1" }).success).toBe(true);
  });

  it("gives the same e-mail and password messages as sign-up", () => {
    expect(messages(merchantSignInSchema.safeParse({ email: "nope", password: "123" }))).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });
});

describe("staff sign-in", () => {
  it("requires a username and a password", () => {
    expect(messages(staffSignInSchema.safeParse({ username: "", password: "" }))).toEqual({
      username: "Username is required",
      password: "Password is required",
    });
  });
});

describe("forgot and reset password", () => {
  it("asks for a valid e-mail and normalises it", () => {
    expect(requestPasswordResetSchema.parse({ email: " Ada@Example.com " })).toEqual({ email: "ada@example.com" });
    expect(messages(requestPasswordResetSchema.safeParse({ email: "ada@" }))).toEqual({
      email: "Please enter a valid email address",
    });
  });

  it("holds the new password to sign-up's rules and wants it twice", () => {
    const valid = { token: "t", password: "secret1", confirmPassword: "secret1" };
    expect(resetPasswordSchema.safeParse(valid).success).toBe(true);
    expect(messages(resetPasswordSchema.safeParse({ ...valid, password: "12345", confirmPassword: "12345" }))).toEqual({
      password: "Password must be at least 6 characters",
    });
    expect(messages(resetPasswordSchema.safeParse({ ...valid, confirmPassword: "secret2" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(messages(resetPasswordSchema.safeParse({ ...valid, token: "" }))).toEqual({
      token: "This link is not valid",
    });
  });
});

describe("change password", () => {
  it("needs the current password and the new one twice", () => {
    expect(
      messages(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "", confirmPassword: "" })),
    ).toEqual({
      currentPassword: "Current password is required",
      newPassword: "Password is required",
      confirmPassword: "Please confirm the new password",
    });
    expect(
      messages(changePasswordSchema.safeParse({ currentPassword: "a", newPassword: "secret1", confirmPassword: "x" })),
    ).toEqual({ confirmPassword: "Passwords do not match" });
  });
});
