import { describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import {
  describePlanFee,
  describePlanLimit,
  emptyPlanForm,
  formatFee,
  formatPlanPrice,
  planFieldsOf,
  planFormSchema,
  planFormValuesOf,
  planMessages,
  type PlanFormInput,
} from "~/schemas/plans";

const valid: PlanFormInput = {
  name: "Pro",
  description: "For growing stores",
  price: "29",
  isUnlimited: false,
  monthlyTransactionLimit: "1000",
  feePercent: "2.5",
};

const messages = formMessages(planFormSchema, valid);

describe("plan form", () => {
  it("accepts a plan and turns it into cents, a count and basis points", () => {
    expect(planFieldsOf(planFormSchema.parse({ ...valid, name: "  Pro ", price: "29.99" }))).toEqual({
      name: "Pro",
      description: "For growing stores",
      priceMinor: 2999,
      monthlyTransactionLimit: 1000,
      feeBasisPoints: 250,
    });
  });

  it("stores unlimited as null, whatever the limit box holds, and an empty description as null", () => {
    const fields = planFieldsOf(
      planFormSchema.parse({ ...valid, isUnlimited: true, monthlyTransactionLimit: "", description: "" }),
    );
    expect(fields).toMatchObject({ monthlyTransactionLimit: null, description: null });
  });

  it("accepts a free plan with no fee (the empty form's values)", () => {
    expect(messages({ ...emptyPlanForm, name: "Free" })).toEqual({});
    expect(planFieldsOf({ ...emptyPlanForm, name: "Free" })).toMatchObject({ priceMinor: 0, feeBasisPoints: 0 });
  });

  it.each([
    [{ name: " " }, "name", planMessages.nameRequired],
    [{ name: "x".repeat(61) }, "name", planMessages.nameTooLong],
    [{ description: "x".repeat(301) }, "description", planMessages.descriptionTooLong],
    [{ price: "" }, "price", planMessages.priceRequired],
    [{ price: "-5" }, "price", planMessages.priceInvalid],
    [{ price: "29.999" }, "price", planMessages.priceInvalid],
    [{ price: "1000000" }, "price", planMessages.priceInvalid],
    [{ price: "$29" }, "price", planMessages.priceInvalid],
    [{ monthlyTransactionLimit: "" }, "monthlyTransactionLimit", planMessages.limitRequired],
    [{ monthlyTransactionLimit: "0" }, "monthlyTransactionLimit", planMessages.limitInvalid],
    [{ monthlyTransactionLimit: "2.5" }, "monthlyTransactionLimit", planMessages.limitInvalid],
    [{ monthlyTransactionLimit: "1e3" }, "monthlyTransactionLimit", planMessages.limitInvalid],
    [{ feePercent: "" }, "feePercent", planMessages.feeRequired],
    [{ feePercent: "100.01" }, "feePercent", planMessages.feeInvalid],
    [{ feePercent: "2.555" }, "feePercent", planMessages.feeInvalid],
    [{ feePercent: "-1" }, "feePercent", planMessages.feeInvalid],
  ])("refuses %o under its field", (input, field, message) => {
    expect(messages(input)).toEqual({ [field]: message });
  });

  it("names every wrong field at once, the missing limit included", () => {
    expect(messages({ name: "", price: "abc", feePercent: "", monthlyTransactionLimit: "" })).toEqual({
      name: planMessages.nameRequired,
      price: planMessages.priceInvalid,
      feePercent: planMessages.feeRequired,
      monthlyTransactionLimit: planMessages.limitRequired,
    });
  });

  it("round-trips a stored plan through the edit form", () => {
    const stored = {
      name: "Pro",
      description: null,
      priceMinor: 2950,
      monthlyTransactionLimit: null,
      feeBasisPoints: 125,
    };
    const values = planFormValuesOf(stored);
    expect(values).toEqual({
      name: "Pro",
      description: "",
      price: "29.50",
      isUnlimited: true,
      monthlyTransactionLimit: "",
      feePercent: "1.25",
    });
    expect(planFieldsOf(planFormSchema.parse(values))).toEqual(stored);
  });
});

describe("plan wording", () => {
  it("formats price, limit and fee as sellers read them", () => {
    expect(formatPlanPrice(0)).toBe("$0");
    expect(formatPlanPrice(2900)).toBe("$29");
    expect(formatPlanPrice(2950)).toBe("$29.50");
    expect(formatPlanPrice(100_000)).toBe("$1,000");
    expect(describePlanLimit(null)).toBe("Unlimited payments");
    expect(describePlanLimit(1)).toBe("Up to 1 payment a month");
    expect(describePlanLimit(1000)).toBe("Up to 1,000 payments a month");
    expect(formatFee(250)).toBe("2.5%");
    expect(formatFee(1)).toBe("0.01%");
    expect(describePlanFee(0)).toBe("No Popkit fee");
    expect(describePlanFee(50)).toBe("0.5% Popkit fee on each payment");
  });
});
