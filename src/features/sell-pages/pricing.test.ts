import { describe, expect, it } from "vitest";
import { discountPercent } from "~/lib/formulas";
import { bundlePricing } from "~/features/sell-pages/pricing";

describe("discount percent (SPEC 9)", () => {
  it("is the rounded discount relative to the original price", () => {
    expect(discountPercent(3999, 2999)).toBe(25); // 25.006...
    expect(discountPercent(6999, 4999)).toBe(29); // 28.575...
    expect(discountPercent(10000, 3333)).toBe(67); // 66.67
    expect(discountPercent(200, 199)).toBe(1); // 0.5 rounds up
  });

  it("is absent when the original is not above the price", () => {
    expect(discountPercent(2999, 2999)).toBeNull();
    expect(discountPercent(1000, 2000)).toBeNull();
  });
});

describe("bundle prices on the sales page", () => {
  it("shows the price to two decimals, the struck original and the badge for SPEC 9's basic bundle", () => {
    expect(bundlePricing({ priceMinor: 2999, originalPriceMinor: 3999 }, "USD")).toEqual({
      price: "$29.99",
      original: "$39.99",
      badge: "25% OFF",
    });
  });

  it("hides the original and the badge without a discount", () => {
    expect(bundlePricing({ priceMinor: 4999, originalPriceMinor: 4999 }, "EUR")).toEqual({
      price: "€49.99",
      original: null,
      badge: null,
    });
  });

  it("formats yen without decimals", () => {
    expect(bundlePricing({ priceMinor: 3000, originalPriceMinor: 4000 }, "JPY")).toEqual({
      price: "¥3,000",
      original: "¥4,000",
      badge: "25% OFF",
    });
  });
});
