import { describe, expect, it } from "vitest";
import { paymentButtonDefaults, paymentButtonSchema } from "~/schemas/payment-button";

const valid = { ...paymentButtonDefaults, name: "Pro plan", paypalClientId: "client-1" };

function messages(input: Partial<typeof valid>) {
  const result = paymentButtonSchema.safeParse({ ...valid, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("payment button form (SPEC 5)", () => {
  it("accepts the defaults once named and given a client ID", () => {
    expect(paymentButtonSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ name: " " }, "name", "Button name is required"],
    [{ paypalClientId: "" }, "paypalClientId", "PayPal client ID is required"],
    [{ amount: "0" }, "amount", "Amount must be a positive number"],
    [{ amount: "-5" }, "amount", "Amount must be a positive number"],
    [{ amount: "abc" }, "amount", "Amount must be a positive number"],
    [{ amount: "10.999" }, "amount", "Amount can have at most 2 decimal places"],
    [{ amount: "100.5", currency: "JPY" as const }, "amount", "JPY amounts must be whole numbers"],
    [
      { paymentType: "subscription" as const },
      "subscriptionPlanId",
      "Subscription Plan ID is required for subscription payments",
    ],
    [{ successUrl: "not a url" }, "successUrl", "Please enter a valid URL"],
  ])("rejects %o", (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });

  it("takes whole yen and a plan id for subscriptions", () => {
    expect(messages({ amount: "1500", currency: "JPY" })).toEqual({});
    expect(messages({ paymentType: "subscription", subscriptionPlanId: "P-123" })).toEqual({});
  });
});
