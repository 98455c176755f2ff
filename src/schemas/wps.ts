import { z } from "zod";
import { currencies } from "~/lib/money";
import { analyticsPeriods } from "~/schemas/analytics";
import { MAX_AMOUNT_LENGTH, positiveAmount, wholeYenIssue } from "~/schemas/payment-buttons";
import { optionalUrl, paypalEnvironments } from "~/schemas/stores";

/** PayPal's no_shipping: 0 prompt and require, 1 do not prompt, 2 prompt but optional. */
export const noShippingValues = ["0", "1", "2"] as const;
export const wpsButtonSizes = ["small", "large"] as const;
export const wpsLocales = ["US-en", "GB-en", "CA-en", "AU-en", "FR-fr", "DE-de", "ES-es", "IT-it", "JP-ja"] as const;
/** PayPal reads option_select0..option_select9: ten options at most. */
export const MAX_PRICE_OPTIONS = 10;

const decimalOrEmpty = /^(\d+(\.\d+)?)?$/;

export const priceOptionSchema = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Price option label is required")
    .max(64, "Price option label must be at most 64 characters"),
  value: positiveAmount("Valid price is required"),
});

/** The WPS form; the create and edit forms and the `wps` router all parse with this. */
export const wpsButtonSchema = z
  .object({
    paypalMerchantIdentifier: z
      .string()
      .trim()
      .min(1, "PayPal Merchant ID or email is required")
      .max(127, "PayPal Merchant ID or email must be at most 127 characters"),
    environment: z.enum(paypalEnvironments),
    itemName: z
      .string()
      .trim()
      .min(1, "Product name is required")
      .max(127, "Product name must be at most 127 characters"),
    itemNumber: z.string().trim().max(127, "Product ID must be at most 127 characters"),
    currency: z.enum(currencies),
    priceOptions: z
      .array(priceOptionSchema)
      .min(1, "At least one price option is required")
      .max(MAX_PRICE_OPTIONS, `A button can have at most ${MAX_PRICE_OPTIONS} price options`),
    undefinedQuantity: z.boolean(),
    noShipping: z.enum(noShippingValues),
    shippingCost: z
      .string()
      .trim()
      .max(MAX_AMOUNT_LENGTH, "Please enter a valid amount")
      .refine((value) => !value.startsWith("-"), "Shipping cost cannot be negative")
      // A negative cost gets only the message above.
      .refine(
        (value) => value.startsWith("-") || (decimalOrEmpty.test(value) && Number(value || 0) <= 1_000_000),
        "Please enter a valid amount",
      ),
    taxRate: z
      .string()
      .trim()
      .max(MAX_AMOUNT_LENGTH, "Tax rate must be a valid number")
      .refine(
        (value) => decimalOrEmpty.test(value) && Number(value || 0) <= 100 && /^\d*(\.\d{0,3})?$/.test(value),
        "Tax rate must be a valid number",
      ),
    showCardLogos: z.boolean(),
    buttonText: z.string().trim().max(40, "Button text must be at most 40 characters"),
    buttonSize: z.enum(wpsButtonSizes),
    locale: z.enum(wpsLocales),
    customButtonImage: optionalUrl("Please enter a valid image URL"),
    successUrl: optionalUrl(),
    cancelUrl: optionalUrl(),
    /** The merchant's own IPN listener: it receives a copy after Popkit's listener has processed a message. */
    notifyUrl: optionalUrl(),
    pdtEnabled: z.boolean(),
    /** Write-only, like the PayPal secret: on edit, empty keeps the saved token (pdtTokenSaved). */
    pdtToken: z.string().trim().max(200, "PDT token must be at most 200 characters"),
    /** Set by the edit form when the button already has a token; the server checks it is true. */
    pdtTokenSaved: z.boolean(),
  })
  .superRefine((input, ctx) => {
    if (input.pdtEnabled && !input.pdtToken && !input.pdtTokenSaved) {
      ctx.addIssue({ code: "custom", path: ["pdtToken"], message: "PDT token is required when PDT is enabled" });
    }
    input.priceOptions.forEach((option, index) => {
      const issue = /^\d+(\.\d+)?$/.test(option.value) ? wholeYenIssue(option.value, input.currency) : null;
      if (issue) ctx.addIssue({ code: "custom", path: ["priceOptions", index, "value"], message: issue });
    });
    if (input.shippingCost && decimalOrEmpty.test(input.shippingCost)) {
      const issue = wholeYenIssue(input.shippingCost, input.currency);
      if (issue) ctx.addIssue({ code: "custom", path: ["shippingCost"], message: issue });
    }
  });
export type WpsButtonInput = z.infer<typeof wpsButtonSchema>;

/** Sandbox, 'Default value' at 10.00, no_shipping 2, shipping 0, tax 0, card logos, Buy Now, large, US-en. */
export const wpsButtonDefaults: WpsButtonInput = {
  paypalMerchantIdentifier: "",
  environment: "sandbox",
  itemName: "",
  itemNumber: "",
  currency: "USD",
  priceOptions: [{ label: "Default value", value: "10.00" }],
  undefinedQuantity: false,
  noShipping: "2",
  shippingCost: "0",
  taxRate: "0",
  showCardLogos: true,
  buttonText: "Buy Now",
  buttonSize: "large",
  locale: "US-en",
  customButtonImage: "",
  successUrl: "",
  cancelUrl: "",
  notifyUrl: "",
  pdtEnabled: false,
  pdtToken: "",
  pdtTokenSaved: false,
};

const wpsButtonId = z.string().trim().min(1, "Button ID is required").max(100, "WPS button not found");

export const wpsButtonIdSchema = z.object({ id: wpsButtonId });
export const updateWpsButtonSchema = z.object({ id: wpsButtonId, values: wpsButtonSchema });
/** analytics.forWpsButton: the payment-button dialog's periods. */
export const wpsAnalyticsSchema = z.object({ id: wpsButtonId, period: z.enum(analyticsPeriods).default("30d") });
export const setWpsButtonStatusSchema = z.object({ id: wpsButtonId, isActive: z.boolean() });
