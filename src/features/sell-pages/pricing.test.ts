import { describe, expect, it } from "vitest";
import { discountPercent } from "~/lib/formulas";
import { bundlePricing, payWhatYouWantPricing, priceSummary, stockNote } from "~/features/sell-pages/pricing";

describe("discount percent", () => {
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
  it("shows the price to two decimals, the struck original and the badge for the basic bundle", () => {
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

describe("pay what you want and stock on the sales page", () => {
  const bundle = { priceMinor: 2999, payWhatYouWant: false, minimumPriceMinor: null, stockLeft: null, soldOut: false };

  it("reads a fixed price as the price, and pay what you want as its minimum and suggestion", () => {
    expect(priceSummary(bundle, "USD")).toBe("$29.99");
    expect(priceSummary({ ...bundle, payWhatYouWant: true, minimumPriceMinor: 500 }, "USD")).toBe(
      "pay what you want, from $5.00 (suggested $29.99)",
    );
    // No minimum saved: the checkout's floor of one minor unit.
    expect(payWhatYouWantPricing({ priceMinor: 3000, minimumPriceMinor: null }, "JPY")).toEqual({
      minimum: "¥1",
      suggested: "¥3,000",
    });
  });

  it("says 'Sold out' and 'Only N left' only when true", () => {
    expect(stockNote(bundle)).toBeNull();
    expect(stockNote({ stockLeft: 11, soldOut: false })).toBeNull();
    expect(stockNote({ stockLeft: 10, soldOut: false })).toBe("Only 10 left");
    expect(stockNote({ stockLeft: 1, soldOut: false })).toBe("Only 1 left");
    expect(stockNote({ stockLeft: 0, soldOut: true })).toBe("Sold out");
  });
});
