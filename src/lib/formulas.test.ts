import { describe, expect, it } from "vitest";
import {
  conversionRate,
  discountPercent,
  formatPercentChange,
  formatPointChange,
  percentChange,
  revenueByCurrency,
  successRate,
} from "~/lib/formulas";

describe("successRate", () => {
  it("is 0 when there are no transactions", () => {
    expect(successRate(0, 0)).toBe(0);
  });

  it("rounds completed over total to a whole percent", () => {
    expect(successRate(1, 3)).toBe(33);
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(1, 8)).toBe(13); // 12.5 rounds half up
    expect(successRate(5, 5)).toBe(100);
    expect(successRate(0, 4)).toBe(0);
  });
});

describe("revenueByCurrency", () => {
  it("sums settled payments less their refunds (negative rows), per currency; never failed or pending ones", () => {
    expect(
      revenueByCurrency([
        { status: "completed", currency: "USD", amountMinor: 1000 },
        { status: "partially_refunded", currency: "USD", amountMinor: 750 },
        { status: "refunded", currency: "USD", amountMinor: 9999 },
        { status: "refunded", currency: "USD", amountMinor: -9999 },
        { status: "refunded", currency: "USD", amountMinor: -500 },
        { status: "failed", currency: "USD", amountMinor: 9999 },
        { status: "pending", currency: "USD", amountMinor: 9999 },
        { status: "completed", currency: "JPY", amountMinor: 1500 },
        { status: "completed", currency: "EUR", amountMinor: 1 },
      ]),
    ).toEqual([
      { currency: "EUR", amountMinor: 1 },
      { currency: "JPY", amountMinor: 1500 },
      { currency: "USD", amountMinor: 1250 },
    ]);
  });

  it("is empty without settled transactions", () => {
    expect(revenueByCurrency([])).toEqual([]);
    expect(revenueByCurrency([{ status: "failed", currency: "USD", amountMinor: 5 }])).toEqual([]);
  });
});

describe("percentChange and formatPercentChange", () => {
  it("compares with the previous figure", () => {
    expect(percentChange(1125, 1000)).toBeCloseTo(12.5);
    expect(percentChange(500, 1000)).toBe(-50);
    expect(percentChange(0, 1000)).toBe(-100);
    expect(percentChange(1000, 1000)).toBe(0);
  });

  it("has no figure when there was nothing before", () => {
    expect(percentChange(1000, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
  });

  it("formats to one decimal with a sign, or a dash", () => {
    expect(formatPercentChange(12.5)).toBe("+12.5% vs previous period");
    expect(formatPercentChange(-3)).toBe("-3.0% vs previous period");
    expect(formatPercentChange(0)).toBe("0.0% vs previous period");
    expect(formatPercentChange(-0.04)).toBe("0.0% vs previous period");
    expect(formatPercentChange(100 / 3)).toBe("+33.3% vs previous period");
    expect(formatPercentChange(null)).toBe("—");
  });
});

describe("formatPointChange", () => {
  it("shows the difference between two rates in points", () => {
    expect(formatPointChange(0.5)).toBe("+0.5 pts vs previous period");
    expect(formatPointChange(-12.26)).toBe("-12.3 pts vs previous period");
    expect(formatPointChange(0)).toBe("0.0 pts vs previous period");
    expect(formatPointChange(null)).toBe("—");
  });
});

describe("conversionRate", () => {
  it("is completed payments per checkout started, to one decimal", () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 8)).toBe(25);
    expect(conversionRate(0, 5)).toBe(0);
  });

  it("is null when no checkout started", () => {
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(3, 0)).toBeNull();
  });
});

describe("discountPercent", () => {
  it("is the rounded discount relative to the original price", () => {
    expect(discountPercent(3999, 2999)).toBe(25); // 25.006...
    expect(discountPercent(6999, 4999)).toBe(29); // 28.57...
    expect(discountPercent(10000, 5000)).toBe(50);
  });

  it("is null unless the original is above the price", () => {
    expect(discountPercent(2999, 2999)).toBeNull();
    expect(discountPercent(1000, 2000)).toBeNull();
    expect(discountPercent(0, 0)).toBeNull();
  });
});
