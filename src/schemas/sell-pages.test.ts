import { describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import {
  keptFeatures,
  ratingTenthsOf,
  sellPageDefaults,
  sellPageSchema,
  wholeNumberOf,
  type SellPageInput,
} from "~/schemas/sell-pages";

const valid: SellPageInput = {
  ...sellPageDefaults,
  name: "Knitting Patterns Vol. 1",
  description: "Twelve patterns for beginners",
  paypalClientId: "client-1",
};

const messages = formMessages(sellPageSchema, valid);

describe("digital sell page form", () => {
  it("accepts the defaults once named, described and given a client ID", () => {
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

describe("pay what you want and stock", () => {
  it("defaults to fixed prices and unlimited stock", () => {
    expect(sellPageDefaults).toMatchObject({
      basicPayWhatYouWant: false,
      basicMinimumPrice: "",
      basicStockLimit: "",
      premiumPayWhatYouWant: false,
    });
  });

  it("takes a minimum from one cent up to the suggested price, and a stock from 1 to 1,000,000", () => {
    expect(messages({ basicPayWhatYouWant: true, basicMinimumPrice: "0.01" })).toEqual({});
    expect(messages({ basicPayWhatYouWant: true, basicMinimumPrice: "29.99" })).toEqual({});
    expect(messages({ basicStockLimit: "1" })).toEqual({});
    expect(messages({ basicStockLimit: "1000000" })).toEqual({});
    // Without pay what you want the minimum is not used, whatever it holds.
    expect(messages({ basicPayWhatYouWant: false, basicMinimumPrice: "abc" })).toEqual({});
  });

  it.each([
    [
      { basicPayWhatYouWant: true },
      "basicMinimumPrice",
      "Basic bundle minimum price is required for pay what you want",
    ],
    [
      { basicPayWhatYouWant: true, basicMinimumPrice: "0" },
      "basicMinimumPrice",
      "Basic bundle minimum price must be a positive number",
    ],
    [
      { basicPayWhatYouWant: true, basicMinimumPrice: "30" },
      "basicMinimumPrice",
      "Basic bundle minimum price cannot be more than its suggested price",
    ],
    [
      { basicPayWhatYouWant: true, basicMinimumPrice: "1.005" },
      "basicMinimumPrice",
      "Amount can have at most 2 decimal places",
    ],
    [
      { basicStockLimit: "0" },
      "basicStockLimit",
      "Basic bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
    ],
    [
      { basicStockLimit: "1000001" },
      "basicStockLimit",
      "Basic bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
    ],
    [
      { basicStockLimit: "2.5" },
      "basicStockLimit",
      "Basic bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
    ],
  ])("rejects %o", (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });

  it("checks the premium bundle's options only while premium is enabled", () => {
    const options = { premiumPayWhatYouWant: true, premiumMinimumPrice: "50", premiumStockLimit: "-1" };
    expect(messages({ premiumEnabled: true, ...options })).toEqual({
      premiumMinimumPrice: "Premium bundle minimum price cannot be more than its suggested price",
      premiumStockLimit: "Premium bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited",
    });
    expect(messages({ premiumEnabled: false, ...options })).toEqual({});
  });
});

describe("social proof", () => {
  it("is all empty by default, and each part is optional", () => {
    expect(sellPageDefaults).toMatchObject({
      testimonialQuote: "",
      testimonialAuthor: "",
      rating: "",
      ratingCount: "",
      guarantee: "",
    });
    expect(messages({ testimonialQuote: "Lovely patterns." })).toEqual({});
    expect(messages({ guarantee: "30-day money-back guarantee." })).toEqual({});
    expect(messages({ rating: "4.5", ratingCount: "12" })).toEqual({});
    expect(messages({ rating: "1", ratingCount: "1" })).toEqual({});
    expect(messages({ rating: "5.0", ratingCount: "10000000" })).toEqual({});
  });

  it.each([
    [
      { rating: "5.1", ratingCount: "3" },
      "rating",
      "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5",
    ],
    [
      { rating: "0.9", ratingCount: "3" },
      "rating",
      "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5",
    ],
    [
      { rating: "4.55", ratingCount: "3" },
      "rating",
      "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5",
    ],
    [{ rating: "4.5" }, "ratingCount", "Enter how many ratings the average is from"],
    [{ ratingCount: "12" }, "rating", "Enter the average rating, or clear the number of ratings"],
    [{ rating: "4", ratingCount: "0" }, "ratingCount", "Number of ratings must be a whole number from 1 to 10,000,000"],
    [{ testimonialAuthor: "Maria K." }, "testimonialQuote", "Enter the testimonial quote, or clear its author"],
    [{ testimonialQuote: "x".repeat(1001) }, "testimonialQuote", "Testimonial must be at most 1000 characters"],
    [{ guarantee: "x".repeat(501) }, "guarantee", "Guarantee must be at most 500 characters"],
  ])("rejects %o", (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });

  it("reads ratings in tenths and counts as whole numbers", () => {
    expect(ratingTenthsOf("4.5")).toBe(45);
    expect(ratingTenthsOf("5")).toBe(50);
    expect(ratingTenthsOf("1.0")).toBe(10);
    expect(ratingTenthsOf("10")).toBeNull();
    expect(ratingTenthsOf("4,5")).toBeNull();
    expect(wholeNumberOf("12", 100)).toBe(12);
    expect(wholeNumberOf("101", 100)).toBeNull();
    expect(wholeNumberOf("1e3", 10_000)).toBeNull();
  });
});

describe("feature lines", () => {
  it("drops empty lines and trims the rest on save", () => {
    expect(keptFeatures(["  PDF guide ", "", "   ", "Videos"])).toEqual(["PDF guide", "Videos"]);
  });
});
