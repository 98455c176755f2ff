import { describe, expect, it } from "vitest";
import { lineTax, priceOrder, type OrderPlan } from "~/lib/order-pricing";
import type { Currency } from "~/lib/money";

const zones = (currency: Currency): OrderPlan["zones"] => [
  {
    id: "z-ca",
    name: "California",
    currency,
    places: ["US-CA"],
    rates: [{ id: "r-local", name: "Local courier", flatMinor: 300, perItemMinor: 0, freeAboveMinor: null }],
  },
  {
    id: "z-na",
    name: "North America",
    currency,
    places: ["US", "CA"],
    rates: [
      { id: "r-std", name: "Standard", flatMinor: 500, perItemMinor: 100, freeAboveMinor: 10_000 },
      { id: "r-exp", name: "Express", flatMinor: 1500, perItemMinor: 0, freeAboveMinor: null },
    ],
  },
];

const plan = (overrides: Partial<OrderPlan> = {}): OrderPlan => ({
  currency: "USD",
  zones: zones("USD"),
  taxRates: [
    { place: "US-NY", ratePpm: 88_750 },
    { place: "US", ratePpm: 50_000 },
    { place: "DE", ratePpm: 190_000 },
  ],
  lines: [
    { amountMinor: 2000, quantity: 2, ships: true, taxIncluded: false },
    { amountMinor: 999, quantity: 1, ships: false, taxIncluded: false },
  ],
  ...overrides,
});

describe("priceOrder", () => {
  it("offers the zone's rates, the first selected, per-item rates counting only units that ship", () => {
    const price = priceOrder(plan(), { countryCode: "US", region: "NY" }, null);
    expect(price).toMatchObject({
      options: [
        { id: "r-std", label: "Standard", amountMinor: 700, selected: true },
        { id: "r-exp", label: "Express", amountMinor: 1500, selected: false },
      ],
      shippingMinor: 700,
      shippingMethod: "Standard",
      itemTotalMinor: 2999,
    });
    // 8.875% of 20.00 = 1.775 → 1.78; of 9.99 = 0.8866 → 0.89: tax rounds per line.
    expect(price).toMatchObject({ lineTaxes: [{ taxMinor: 178 }, { taxMinor: 89 }], taxMinor: 267 });
    expect(price).toMatchObject({ totalMinor: 2999 + 700 + 267 });
  });

  it("takes the state's zone before the country's, the chosen option, and a full state name", () => {
    expect(priceOrder(plan(), { countryCode: "US", region: "California" }, null)).toMatchObject({
      options: [{ id: "r-local", selected: true }],
      shippingMinor: 300,
      taxMinor: 100 + 50,
    });
    expect(priceOrder(plan(), { countryCode: "CA", region: "ON" }, "r-exp")).toMatchObject({
      shippingMinor: 1500,
      shippingMethod: "Express",
      taxMinor: 0,
    });
    // An option of another zone (the buyer moved from California) falls back to this zone's first.
    expect(priceOrder(plan(), { countryCode: "US", region: "TX" }, "r-local")).toMatchObject({ shippingMinor: 700 });
  });

  it("makes a rate free from its order amount on", () => {
    const big = plan({ lines: [{ amountMinor: 10_000, quantity: 1, ships: true, taxIncluded: false }] });
    expect(priceOrder(big, { countryCode: "US", region: "TX" }, null)).toMatchObject({ shippingMinor: 0 });
  });

  it("refuses a country no zone covers, and a state when the store ships to other states of its country", () => {
    expect(priceOrder(plan(), { countryCode: "AU", region: "NSW" }, null)).toEqual({ refusal: "COUNTRY_ERROR" });
    const californiaOnly = plan({ zones: [zones("USD")[0]!] });
    expect(priceOrder(californiaOnly, { countryCode: "US", region: "NY" }, null)).toEqual({ refusal: "STATE_ERROR" });
    // Zones in another currency do not price this order: with none left, the store ships anywhere for free.
    expect(priceOrder(plan({ zones: zones("EUR") }), { countryCode: "AU", region: null }, null)).toMatchObject({
      options: [],
      shippingMinor: 0,
    });
  });

  it("takes tax out of prices that include it, adding none", () => {
    const included = plan({
      currency: "EUR",
      zones: zones("EUR").map((zone) => (zone.id === "z-na" ? { ...zone, places: ["DE"] } : zone)),
      lines: [{ amountMinor: 11_900, quantity: 1, ships: true, taxIncluded: true }],
    });
    expect(priceOrder(included, { countryCode: "DE", region: null }, null)).toMatchObject({
      lineTaxes: [{ taxMinor: 1900, included: true }],
      taxMinor: 0,
      // Standard is free from 100.00 on.
      totalMinor: 11_900,
    });
  });
});

describe("lineTax rounds to each currency's minor unit", () => {
  it.each([
    ["USD 10.05 at 7.25%", 1005, 72_500, false, 73],
    ["EUR 0.07 at 19%", 7, 190_000, false, 1],
    ["GBP 0.02 at 20%", 2, 200_000, false, 0],
    ["JPY 1,234 at 10% (no decimals)", 1234, 100_000, false, 123],
    ["JPY 1,235 at 10%", 1235, 100_000, false, 124],
    ["JPY 1,100 including 10%", 1100, 100_000, true, 100],
    ["CAD 11.30 including 13%", 1130, 130_000, true, 130],
    ["AUD 0 at 10%", 0, 100_000, false, 0],
  ])("%s", (_label, amount, ppm, included, tax) => {
    expect(lineTax(amount, ppm, included)).toBe(tax);
  });
});
