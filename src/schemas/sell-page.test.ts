import { describe, expect, it } from "vitest";
import { keptFeatures, sellPageDefaults, sellPageSchema, type SellPageInput } from "~/schemas/sell-page";

const valid: SellPageInput = {
  ...sellPageDefaults,
  name: "Knitting Patterns Vol. 1",
  description: "Twelve patterns for beginners",
  paypalClientId: "client-1",
};

function messages(input: Partial<SellPageInput>) {
  const result = sellPageSchema.safeParse({ ...valid, ...input });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("digital sell page form (SPEC 5)", () => {
  it("accepts SPEC 9's defaults once named, described and given a client ID", () => {
    expect(messages({})).toEqual({});
    expect(sellPageDefaults).toMatchObject({
      basicName: "Basic",
      basicPrice: "29.99",
      basicOriginalPrice: "39.99",
      premiumEnabled: false,
      premiumName: "Premium",
      premiumPrice: "49.99",
      premiumOriginalPrice: "69.99",
    });
  });

  it.each([
    [{ name: " " }, "name", "Product name is required"],
    [{ description: "" }, "description", "Product description is required"],
    [{ paypalClientId: "" }, "paypalClientId", "PayPal client ID is required"],
    [{ basicName: "  " }, "basicName", "Basic bundle name is required"],
    [{ basicPrice: "0" }, "basicPrice", "Basic bundle price must be a positive number"],
    [{ basicPrice: "-1" }, "basicPrice", "Basic bundle price must be a positive number"],
    [{ basicPrice: "" }, "basicPrice", "Basic bundle price must be a positive number"],
    [{ basicOriginalPrice: "abc" }, "basicOriginalPrice", "Basic bundle original price must be a positive number"],
    [{ basicPrice: "10.999" }, "basicPrice", "Amount can have at most 2 decimal places"],
    [{ basicPrice: "10.5", currency: "JPY" as const }, "basicPrice", "JPY amounts must be whole numbers"],
    [{ successUrl: "not a url" }, "successUrl", "Please enter a valid URL"],
    [{ cancelUrl: "javascript:alert(1)" }, "cancelUrl", "Please enter a valid URL"],
  ])("rejects %o", (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });

  it.each([
    [{ premiumName: "" }, "premiumName", "Premium bundle name is required"],
    [{ premiumPrice: "0" }, "premiumPrice", "Premium bundle price must be a positive number"],
    [{ premiumPrice: "x" }, "premiumPrice", "Premium bundle price must be a positive number"],
    [{ premiumOriginalPrice: "" }, "premiumOriginalPrice", "Premium bundle original price must be a positive number"],
    [{ premiumOriginalPrice: "-3" }, "premiumOriginalPrice", "Premium bundle original price must be a positive number"],
    [{ premiumPrice: "1.001" }, "premiumPrice", "Amount can have at most 2 decimal places"],
  ])("checks the premium bundle when enabled: %o", (input, field, message) => {
    expect(messages({ premiumEnabled: true, ...input })[field]).toBe(message);
    expect(messages({ premiumEnabled: false, ...input })).toEqual({});
  });

  it("reports every failing field at once", () => {
    expect(
      Object.keys(messages({ name: "", description: "", basicPrice: "0", premiumEnabled: true, premiumName: "" })),
    ).toEqual(expect.arrayContaining(["name", "description", "basicPrice", "premiumName"]));
  });

  it("takes whole yen", () => {
    expect(messages({ currency: "JPY", basicPrice: "3000", basicOriginalPrice: "4000" })).toEqual({});
  });

  it("limits the feature list", () => {
    expect(messages({ basicFeatures: Array.from({ length: 21 }, () => "x") }).basicFeatures).toBe(
      "At most 20 features per bundle",
    );
  });
});

describe("feature lines (SPEC 4)", () => {
  it("drops empty lines and trims the rest on save", () => {
    expect(keptFeatures(["  PDF guide ", "", "   ", "Videos"])).toEqual(["PDF guide", "Videos"]);
  });
});
