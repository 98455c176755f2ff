import { describe, expect, it } from "vitest";
import { appliedDiscountLabel, discountLabel, discountStatusOf, usesLabel } from "~/features/discounts/format";

const now = new Date("2026-11-25T12:00:00Z");
const code = { isActive: true, startsAt: null, endsAt: null, maxUses: null, usesCount: 0 };

describe("discount labels", () => {
  it("says what a code takes off", () => {
    expect(discountLabel({ kind: "percent", percentOff: 20, amountOffMinor: null, currency: null })).toBe("20% off");
    expect(discountLabel({ kind: "fixed", percentOff: null, amountOffMinor: 500, currency: "USD" })).toBe("$5.00 off");
    expect(discountLabel({ kind: "fixed", percentOff: null, amountOffMinor: 500, currency: "JPY" })).toBe("¥500 off");
  });

  it("counts uses against the limit", () => {
    expect(usesLabel({ usesCount: 3, maxUses: 10 })).toBe("3 / 10");
    expect(usesLabel({ usesCount: 1200, maxUses: null })).toBe("1,200");
  });

  it("shows the code a payment used and what it took off", () => {
    expect(appliedDiscountLabel({ discountCodeText: "SAVE20", discountMinor: 200, currency: "USD" })).toBe(
      "SAVE20 · −$2.00",
    );
    expect(appliedDiscountLabel({ discountCodeText: null, discountMinor: 0, currency: "USD" })).toBeNull();
  });
});

describe("discountStatusOf", () => {
  it.each([
    [{}, "active"],
    [{ isActive: false, endsAt: new Date("2026-01-01T00:00:00Z") }, "off"],
    [{ endsAt: now }, "expired"],
    [{ endsAt: new Date("2026-11-25T12:00:01Z") }, "active"],
    [{ maxUses: 3, usesCount: 3 }, "used_up"],
    [{ maxUses: 3, usesCount: 2 }, "active"],
    [{ maxUses: 3, usesCount: 3, endsAt: new Date("2026-01-01T00:00:00Z") }, "expired"],
    [{ startsAt: new Date("2026-11-25T12:00:01Z") }, "scheduled"],
    [{ startsAt: now }, "active"],
  ])("%o is %s", (overrides, status) => {
    expect(discountStatusOf({ ...code, ...overrides }, now)).toBe(status);
  });
});
