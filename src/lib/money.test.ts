import { describe, expect, it } from "vitest";
import { formatMoney, toDecimalString, toMinorUnits } from "~/lib/money";

describe("toMinorUnits", () => {
  it("converts decimals exactly", () => {
    expect(toMinorUnits("10", "USD")).toBe(1000);
    expect(toMinorUnits("10.5", "USD")).toBe(1050);
    expect(toMinorUnits("0.29", "USD")).toBe(29);
    expect(toMinorUnits(19.99, "EUR")).toBe(1999);
    expect(toMinorUnits("1.10", "GBP")).toBe(110);
  });

  it("rejects more decimals than the currency has", () => {
    expect(toMinorUnits("10.001", "USD")).toBeNull();
    expect(toMinorUnits("1500.5", "JPY")).toBeNull();
    expect(toMinorUnits("1500", "JPY")).toBe(1500);
    expect(toMinorUnits("1500.00", "JPY")).toBe(1500);
  });

  it("rejects text that is not a plain non-negative amount", () => {
    for (const bad of ["", "-1", "1e3", "abc", "1,000", " . "]) expect(toMinorUnits(bad, "USD")).toBeNull();
  });
});

describe("toDecimalString and formatMoney", () => {
  it("round-trips PayPal's decimal text", () => {
    expect(toDecimalString(1000, "USD")).toBe("10.00");
    expect(toDecimalString(5, "USD")).toBe("0.05");
    expect(toDecimalString(1500, "JPY")).toBe("1500");
  });

  it("formats en-US with the item's currency", () => {
    expect(formatMoney(123456, "USD")).toBe("$1,234.56");
    expect(formatMoney(550, "EUR")).toBe("€5.50");
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMoney(999, "GBP")).toBe("£9.99");
  });
});
