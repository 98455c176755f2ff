import { describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { paymentButtonDefaults, paymentButtonSchema, planIntervalOf, planSourceOf } from "~/schemas/payment-buttons";

const valid = { ...paymentButtonDefaults, name: "Pro plan", paypalClientId: "client-1" };

const messages = formMessages(paymentButtonSchema, valid);

describe("payment button form", () => {
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
      { paymentType: "subscription" as const, planSource: "existing" as const },
      "subscriptionPlanId",
      "Subscription Plan ID is required for subscription payments",
    ],
    [{ paymentType: "subscription" as const, planSource: "other" as never }, "planSource", undefined],
    [{ paymentType: "subscription" as const, planInterval: "DAY" as never }, "planInterval", undefined],
    [{ successUrl: "not a url" }, "successUrl", "Please enter a valid URL"],
  ])("rejects %o", (input, field, message) => {
    const found = messages(input);
    expect(found).toHaveProperty([field]);
    if (message) expect(found[field]).toBe(message);
  });

  it("takes whole yen and a plan id for subscriptions", () => {
    expect(messages({ amount: "1500", currency: "JPY" })).toEqual({});
    expect(messages({ paymentType: "subscription", planSource: "existing", subscriptionPlanId: "P-123" })).toEqual({});
  });
});

describe("a subscription's PayPal plan", () => {
  it("is created from the price, monthly, by default: no plan id needed", () => {
    expect(paymentButtonDefaults).toMatchObject({ planSource: "create", planInterval: "MONTH" });
    expect(messages({ paymentType: "subscription" })).toEqual({});
    expect(messages({ paymentType: "subscription", planInterval: "QUARTER" })).toEqual({});
  });

  it("without a plan source, means 'existing' when a plan id is typed and 'create' when not", () => {
    expect(planSourceOf({ subscriptionPlanId: "P-1" })).toBe("existing");
    expect(planSourceOf({ subscriptionPlanId: "" })).toBe("create");
    expect(planSourceOf({ planSource: "create", subscriptionPlanId: "P-1" })).toBe("create");
    const { planSource: _, ...withoutSource } = valid;
    expect(paymentButtonSchema.safeParse({ ...withoutSource, paymentType: "subscription" }).success).toBe(true);
  });

  it.each([
    ["WEEK", "WEEK", 1],
    ["MONTH", "MONTH", 1],
    ["QUARTER", "MONTH", 3],
    ["YEAR", "YEAR", 1],
    [undefined, "MONTH", 1],
  ] as const)("bills %s as PayPal's %s x %i", (planInterval, unit, count) => {
    expect(planIntervalOf({ planInterval })).toMatchObject({ unit, count });
  });
});
