import { describe, expect, it } from "vitest";
import { formMessages } from "~/schemas/form-messages";
import { wpsAnalyticsSchema, wpsButtonDefaults, wpsButtonSchema } from "~/schemas/wps";

const valid = { ...wpsButtonDefaults, paypalMerchantIdentifier: "seller@example.com", itemName: "Poster" };

const messages = formMessages(wpsButtonSchema, valid);

describe("WPS form", () => {
  it("accepts the defaults once the merchant and product are named", () => {
    expect(wpsButtonSchema.safeParse(valid).success).toBe(true);
    expect(wpsButtonDefaults).toMatchObject({
      environment: "sandbox",
      priceOptions: [{ label: "Default value", value: "10.00" }],
      noShipping: "2",
      shippingCost: "0",
      taxRate: "0",
      showCardLogos: true,
      buttonText: "Buy Now",
      buttonSize: "large",
      locale: "US-en",
      currency: "USD",
    });
  });

  it.each([
    [{ paypalMerchantIdentifier: " " }, "paypalMerchantIdentifier", "PayPal Merchant ID or email is required"],
    [{ itemName: "" }, "itemName", "Product name is required"],
    [{ priceOptions: [] }, "priceOptions", "At least one price option is required"],
    [{ priceOptions: [{ label: " ", value: "5" }] }, "priceOptions.0.label", "Price option label is required"],
    [{ priceOptions: [{ label: "A", value: "0" }] }, "priceOptions.0.value", "Valid price is required"],
    [{ priceOptions: [{ label: "A", value: "abc" }] }, "priceOptions.0.value", "Valid price is required"],
    [{ taxRate: "abc" }, "taxRate", "Tax rate must be a valid number"],
    [{ taxRate: "-1" }, "taxRate", "Tax rate must be a valid number"],
    [{ shippingCost: "-1" }, "shippingCost", "Shipping cost cannot be negative"],
    [{ successUrl: "nope" }, "successUrl", "Please enter a valid URL"],
    [{ cancelUrl: "nope" }, "cancelUrl", "Please enter a valid URL"],
    [{ notifyUrl: "nope" }, "notifyUrl", "Please enter a valid URL"],
    [{ customButtonImage: "nope" }, "customButtonImage", "Please enter a valid image URL"],
    [{ pdtEnabled: true }, "pdtToken", "PDT token is required when PDT is enabled"],
  ])("rejects %o", (input, field, message) => {
    expect(messages(input)[field]).toBe(message);
  });

  it("keeps a saved PDT token when the field is left empty, and takes optional fields empty", () => {
    expect(messages({ pdtEnabled: true, pdtTokenSaved: true })).toEqual({});
    expect(messages({ pdtEnabled: true, pdtToken: "tok" })).toEqual({});
    expect(messages({ taxRate: "", shippingCost: "", successUrl: "", customButtonImage: "" })).toEqual({});
  });

  it("rejects yen with decimals", () => {
    expect(messages({ currency: "JPY", priceOptions: [{ label: "A", value: "10.5" }] })["priceOptions.0.value"]).toBe(
      "JPY amounts must be whole numbers",
    );
  });

  it("defaults the analytics period to 30 days", () => {
    expect(wpsAnalyticsSchema.parse({ id: "b1" })).toEqual({ id: "b1", period: "30d" });
  });
});
