import { describe, expect, it } from "vitest";
import { EU_VAT_STANDARD_RATES, euVatRatePpm, isEuCountry, reverseChargeNote, taxLabel } from "~/lib/eu-vat";

describe("EU VAT rates", () => {
  it("lists the 27 member states by ISO code, each with a rate from 17 % to 27 %", () => {
    const codes = Object.keys(EU_VAT_STANDARD_RATES);
    expect(codes).toHaveLength(27);
    expect(codes).toContain("GR");
    expect(codes).not.toContain("EL");
    for (const code of codes) {
      const ppm = euVatRatePpm(code as keyof typeof EU_VAT_STANDARD_RATES);
      expect(ppm, code).toBeGreaterThanOrEqual(170_000);
      expect(ppm, code).toBeLessThanOrEqual(270_000);
    }
  });

  it("turns a percentage with decimals into parts per million exactly", () => {
    expect(euVatRatePpm("DE")).toBe(190_000);
    expect(euVatRatePpm("FI")).toBe(255_000);
  });

  it("knows which countries are in the EU", () => {
    expect(isEuCountry("FR")).toBe(true);
    expect(isEuCountry("GB")).toBe(false);
    expect(isEuCountry("other")).toBe(false);
    expect(isEuCountry("toString")).toBe(false);
  });

  it("words the tax row and the reverse-charge note", () => {
    expect(taxLabel("DE")).toBe("VAT (Germany)");
    expect(taxLabel(null)).toBe("Tax");
    expect(reverseChargeNote("ATU13585627")).toBe(
      "Reverse charge: VAT to be accounted for by the buyer (VAT number ATU13585627).",
    );
  });
});
