import { describe, expect, it } from "vitest";
import {
  discountCodeDefaults,
  discountCodeSchema,
  discountMessages,
  type DiscountCodeFormValues,
} from "~/schemas/discounts";

const valid: DiscountCodeFormValues = { ...discountCodeDefaults, code: "SAVE20", percentOff: "20" };

function messages(input: Partial<DiscountCodeFormValues>) {
  const result = discountCodeSchema.safeParse({ ...valid, ...input });
  if (result.success) return {};
  // The first message of each field: the one a form shows under it.
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join(".")] ??= issue.message;
  return found;
}

const fixed = { kind: "fixed" as const, percentOff: "", amountOff: "5" };

describe("discount code form", () => {
  it("trims and upper-cases the code and gives a percent code only its percentage", () => {
    expect(discountCodeSchema.parse({ ...valid, code: "  save_20-off ", amountOff: "3", maxUses: "" })).toEqual({
      code: "SAVE_20-OFF",
      kind: "percent",
      percentOff: 20,
      amountOffMinor: null,
      currency: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      oncePerEmail: false,
      appliesToAll: true,
      buttonIds: [],
      sellPageIds: [],
    });
  });

  it("gives a fixed code its amount in minor units and its currency", () => {
    const parsed = discountCodeSchema.parse({ ...valid, ...fixed, amountOff: "5.5", currency: "EUR", maxUses: "10" });
    expect(parsed).toMatchObject({
      kind: "fixed",
      percentOff: null,
      amountOffMinor: 550,
      currency: "EUR",
      maxUses: 10,
    });
    expect(discountCodeSchema.parse({ ...valid, ...fixed, amountOff: "500", currency: "JPY" }).amountOffMinor).toBe(
      500,
    );
  });

  it("keeps the chosen POPs only when it does not apply to all, without repeats", () => {
    const chosen = { buttonIds: ["b1", "b1", "b2"], sellPageIds: ["p1"] };
    expect(discountCodeSchema.parse({ ...valid, ...chosen, appliesToAll: false })).toMatchObject({
      appliesToAll: false,
      buttonIds: ["b1", "b2"],
      sellPageIds: ["p1"],
    });
    expect(discountCodeSchema.parse({ ...valid, ...chosen, appliesToAll: true })).toMatchObject({
      buttonIds: [],
      sellPageIds: [],
    });
  });

  it("takes a window whose end is after its start, or either end alone", () => {
    const startsAt = new Date("2026-12-01T00:00:00Z");
    const endsAt = new Date("2026-12-31T23:59:00Z");
    expect(discountCodeSchema.parse({ ...valid, startsAt, endsAt })).toMatchObject({ startsAt, endsAt });
    expect(discountCodeSchema.safeParse({ ...valid, startsAt }).success).toBe(true);
    expect(discountCodeSchema.safeParse({ ...valid, endsAt }).success).toBe(true);
  });

  it.each([
    [{ code: "" }, "code", discountMessages.codeRequired],
    [{ code: "   " }, "code", discountMessages.codeRequired],
    [{ code: "AB" }, "code", discountMessages.codeTooShort],
    [{ code: "A".repeat(33) }, "code", discountMessages.codeTooLong],
    [{ code: "SAVE 20" }, "code", discountMessages.codeCharacters],
    [{ code: "SAVE%" }, "code", discountMessages.codeCharacters],
    [{ code: "ÉTÉ20" }, "code", discountMessages.codeCharacters],
    [{ percentOff: "" }, "percentOff", discountMessages.percentOff],
    [{ percentOff: "0" }, "percentOff", discountMessages.percentOff],
    [{ percentOff: "101" }, "percentOff", discountMessages.percentOff],
    [{ percentOff: "12.5" }, "percentOff", discountMessages.percentOff],
    [{ percentOff: "-5" }, "percentOff", discountMessages.percentOff],
    [{ ...fixed, amountOff: "" }, "amountOff", discountMessages.amountOff],
    [{ ...fixed, amountOff: "0" }, "amountOff", discountMessages.amountOff],
    [{ ...fixed, amountOff: "-1" }, "amountOff", discountMessages.amountOff],
    [{ ...fixed, amountOff: "five" }, "amountOff", discountMessages.amountOff],
    [{ ...fixed, amountOff: "1000001" }, "amountOff", discountMessages.amountOff],
    [{ ...fixed, amountOff: "5.555" }, "amountOff", "Amount can have at most 2 decimal places"],
    [{ ...fixed, amountOff: "5.5", currency: "JPY" as const }, "amountOff", "JPY amounts must be whole numbers"],
    [{ maxUses: "0" }, "maxUses", discountMessages.maxUses],
    [{ maxUses: "1000001" }, "maxUses", discountMessages.maxUses],
    [{ maxUses: "2.5" }, "maxUses", discountMessages.maxUses],
    [{ maxUses: "many" }, "maxUses", discountMessages.maxUses],
    [
      { startsAt: new Date("2026-12-02T00:00:00Z"), endsAt: new Date("2026-12-01T00:00:00Z") },
      "endsAt",
      discountMessages.endsAfterStart,
    ],
    [
      { startsAt: new Date("2026-12-01T00:00:00Z"), endsAt: new Date("2026-12-01T00:00:00Z") },
      "endsAt",
      discountMessages.endsAfterStart,
    ],
    [{ startsAt: new Date("+275760-01-01T00:00:00Z") }, "startsAt", discountMessages.date],
    [{ endsAt: new Date(Number.NaN) }, "endsAt", discountMessages.date],
    [{ appliesToAll: false }, "appliesToAll", discountMessages.choosePops],
  ])("rejects %o", (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });

  it("checks only the fields of the chosen kind", () => {
    expect(messages({ kind: "fixed", percentOff: "nonsense", amountOff: "2" })).toEqual({});
    expect(messages({ kind: "percent", percentOff: "15", amountOff: "nonsense" })).toEqual({});
  });

  it("accepts 1 and 100 percent, and 1 to 1,000,000 uses", () => {
    for (const input of [{ percentOff: "1" }, { percentOff: "100" }, { maxUses: "1" }, { maxUses: "1000000" }]) {
      expect(messages(input)).toEqual({});
    }
  });
});

describe("discount code form, all at once", () => {
  it("reports every field's problem in one go, so the form shows them together", () => {
    expect(
      messages({ code: "", kind: "fixed", percentOff: "", amountOff: "", maxUses: "0", appliesToAll: false }),
    ).toEqual({
      code: discountMessages.codeRequired,
      amountOff: discountMessages.amountOff,
      maxUses: discountMessages.maxUses,
      appliesToAll: discountMessages.choosePops,
    });
  });
});
