import { describe, expect, it } from "vitest";
import { createSaasUserSchema } from "~/schemas/staff";

const valid = { username: "ops_1", email: "ops@example.com", password: "longenough", name: "Ops" };

function messageFor(input: Record<string, unknown>) {
  const result = createSaasUserSchema.safeParse({ ...valid, ...input });
  return result.success ? null : result.error.issues[0]?.message;
}

describe("create SaaS user (SPEC 5)", () => {
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
