import { describe, expect, it } from "vitest";
import { matchWpsPayment, wpsFormFields, wpsTotals, type WpsFormButton } from "~/lib/wps";

const button: WpsFormButton = {
  id: "btn_1",
  paypalMerchantIdentifier: "seller@example.com",
  itemName: "Poster",
  itemNumber: "P-1",
  currency: "USD",
  priceOptions: [{ label: "Default value", amountMinor: 1000 }],
  undefinedQuantity: false,
  noShipping: 2,
  shippingCostMinor: 0,
  taxRate: "0",
  locale: "US-en",
  cancelUrl: null,
};

describe("wpsFormFields", () => {
  it("builds a single-price form with Popkit's return and notify URLs", () => {
    const fields = wpsFormFields(button, "https://popkit.example/");
    expect(fields.map(([name]) => name)).toEqual([
      "cmd",
      "business",
      "item_name",
      "currency_code",
      "tax_rate",
      "no_shipping",
      "no_note",
      "item_number",
      "return",
      "notify_url",
      "undefined_quantity",
      "amount",
      "lc",
      "charset",
      "custom",
    ]);
    expect(Object.fromEntries(fields)).toMatchObject({
      cmd: "_xclick",
      business: "seller@example.com",
      currency_code: "USD",
      no_note: "0",
      amount: "10.00",
      return: "https://popkit.example/pdt-confirmation",
      notify_url: "https://popkit.example/api/wps/ipn",
      undefined_quantity: "0",
      custom: "btn_1",
    });
  });

  it("lists several options as products with option_select / option_amount, plus shipping and cancel_return", () => {
    const fields = Object.fromEntries(
      wpsFormFields(
        {
          ...button,
          itemNumber: null,
          currency: "JPY",
          shippingCostMinor: 500,
          cancelUrl: "https://shop.example/cancel",
          undefinedQuantity: true,
          priceOptions: [
            { label: "S", amountMinor: 1000 },
            { label: "L", amountMinor: 2500 },
          ],
        },
        "https://popkit.example",
      ),
    );
    expect(fields).toMatchObject({
      currency_code: "JPY",
      shipping: "500",
      cancel_return: "https://shop.example/cancel",
      undefined_quantity: "1",
      button_subtype: "products",
      on0: "Options",
      option_select0: "S",
      option_amount0: "1000",
      option_select1: "L",
      option_amount1: "2500",
    });
    expect(fields).not.toHaveProperty("amount");
    expect(fields).not.toHaveProperty("item_number");
  });
});

describe("wpsTotals", () => {
  it("taxes price x quantity, rounds half up, and adds shipping once", () => {
    expect(wpsTotals(2000, 2, "10", 200)).toEqual({
      subtotalMinor: 4000,
      taxMinor: 400,
      shippingMinor: 200,
      grossMinor: 4600,
    });
    expect(wpsTotals(999, 1, "8.25", 0).taxMinor).toBe(82); // 82.4175
    expect(wpsTotals(1000, 1, "0.05", 0).taxMinor).toBe(1); // 0.5 rounds up
    expect(wpsTotals(1000, 3, "0", 0).grossMinor).toBe(3000);
  });
});

describe("matchWpsPayment", () => {
  const options = {
    priceOptions: [
      { label: "Small", amountMinor: 1000 },
      { label: "Large", amountMinor: 2000 },
    ],
    taxRate: "10",
    shippingCostMinor: 200,
    undefinedQuantity: true,
  };

  it("finds the option a gross amount pays for", () => {
    expect(matchWpsPayment(options, { grossMinor: 4600, quantity: 2, optionLabel: "Large" })).toEqual({
      label: "Large",
      amountMinor: 2000,
    });
    expect(matchWpsPayment(options, { grossMinor: 1300, quantity: 1 })?.label).toBe("Small");
  });

  it("rejects amounts, options and quantities the button cannot produce", () => {
    expect(matchWpsPayment(options, { grossMinor: 1300, quantity: 1, optionLabel: "Large" })).toBeNull();
    expect(matchWpsPayment(options, { grossMinor: 1299, quantity: 1 })).toBeNull();
    expect(matchWpsPayment(options, { grossMinor: 1300, quantity: 0 })).toBeNull();
    expect(matchWpsPayment(options, { grossMinor: 1300, quantity: 1.5 })).toBeNull();
    expect(
      matchWpsPayment(
        { ...options, undefinedQuantity: false },
        { grossMinor: 2400, quantity: 2, optionLabel: "Small" },
      ),
    ).toBeNull();
  });
});
