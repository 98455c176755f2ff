import { describe, expect, it } from "vitest";
import {
  changeOwnPasswordSchema,
  createSaasUserSchema,
  resetSaasUserPasswordSchema,
  transactionFiltersSchema,
  updateSaasUserSchema,
} from "~/schemas/staff";

const valid = { username: "ops_1", email: "ops@example.com", password: "longenough", name: "Ops" };

function messageFor(input: Record<string, unknown>) {
  const result = createSaasUserSchema.safeParse({ ...valid, ...input });
  return result.success ? null : result.error.issues[0]?.message;
}

describe("create SaaS user", () => {
  it("defaults to an active operator", () => {
    expect(createSaasUserSchema.parse(valid)).toMatchObject({ role: "operator", isActive: true });
  });

  it.each([
    [{ username: "" }, "Username is required"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "bad name!" }, "Username can only contain letters, numbers, and underscores"],
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ password: "" }, "Password is required"],
    [{ password: "1234567" }, "Password must be at least 8 characters"],
    [{ name: "" }, "Name is required"],
  ])("rejects %o with the spec's message", (input, message) => {
    expect(messageFor(input)).toBe(message);
  });
});

describe("edit, reset, settings and filter schemas", () => {
  it("applies the field rules to an edit", () => {
    const edit = { id: "u1", username: "ok_name", email: "a@b.co", name: "A", role: "operator", isActive: true };
    expect(updateSaasUserSchema.safeParse(edit).success).toBe(true);
    const bad = updateSaasUserSchema.safeParse({ ...edit, username: "x y" });
    expect(bad.error?.issues[0]?.message).toBe("Username can only contain letters, numbers, and underscores");
  });

  it("needs at least 8 characters for a reset password", () => {
    const result = resetSaasUserPasswordSchema.safeParse({ id: "u1", password: "short" });
    expect(result.error?.issues[0]?.message).toBe("Password must be at least 8 characters");
  });

  it("needs the current password and a matching confirmation to change one's own", () => {
    const result = changeOwnPasswordSchema.safeParse({
      currentPassword: "",
      newPassword: "long-enough",
      confirmPassword: "different",
    });
    expect(result.error?.issues.map((issue) => issue.message)).toContain("Current password is required");
    const mismatch = changeOwnPasswordSchema.safeParse({
      currentPassword: "old",
      newPassword: "long-enough",
      confirmPassword: "different",
    });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ["confirmPassword"], message: "Passwords do not match" });
  });

  it("checks transaction filter dates", () => {
    expect(transactionFiltersSchema.safeParse({ from: "2026-02-30" }).error?.issues[0]?.message).toBe(
      "Please enter a valid date",
    );
    expect(transactionFiltersSchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).error?.issues[0]).toMatchObject(
      { path: ["to"], message: "The end date must be on or after the start date" },
    );
    expect(transactionFiltersSchema.parse({})).toEqual({ merchant: "", pop: "" });
  });
});
