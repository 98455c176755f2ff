import { z } from "zod";
import { currencies } from "~/lib/money";
import { analyticsPeriods } from "~/schemas/analytics";
import { MAX_AMOUNT_LENGTH, positiveAmount, wholeYenIssue } from "~/schemas/payment-button";
import { optionalUrl } from "~/schemas/store-settings";

/** Lines a bundle's feature list may hold; more would only clutter the sales page. */
export const MAX_FEATURES = 20;
export const MAX_FEATURE_LENGTH = 200;

const isDecimal = (value: string) => /^\d+(\.\d+)?$/.test(value);

// The ids of StoredFile rows made by the upload callback; null means "no file". The service checks that each
// belongs to the merchant and is of the right kind.
const fileId = z.string().trim().min(1).max(64).nullable();

const features = z
  .array(z.string().max(MAX_FEATURE_LENGTH, `A feature can be at most ${MAX_FEATURE_LENGTH} characters`))
  .max(MAX_FEATURES, `At most ${MAX_FEATURES} features per bundle`);

/**
 * SPEC 2.9 / 5: the digital sell page form, shared by create, edit and the routers. Flat on purpose: the
 * server's field errors are keyed by top-level field, so every message lands under its own input. The
 * premium bundle's fields are checked only when premium is enabled.
 */
export const sellPageSchema = z
  .object({
    name: z.string().trim().min(1, "Product name is required").max(200, "Product name must be at most 200 characters"),
    description: z
      .string()
      .trim()
      .min(1, "Product description is required")
      .max(5000, "Product description must be at most 5000 characters"),
    productImageId: fileId,
    merchantLogoId: fileId,
    downloadableFileId: fileId,
    basicName: z
      .string()
      .trim()
      .min(1, "Basic bundle name is required")
      .max(60, "Basic bundle name must be at most 60 characters"),
    basicPrice: positiveAmount("Basic bundle price must be a positive number"),
    basicOriginalPrice: positiveAmount("Basic bundle original price must be a positive number"),
    basicFeatures: features,
    premiumEnabled: z.boolean(),
    premiumName: z.string().trim().max(60, "Premium bundle name must be at most 60 characters"),
    // Checked as prices only when premium is enabled (below).
    premiumPrice: z.string().trim().max(MAX_AMOUNT_LENGTH, "Premium bundle price must be a positive number"),
    premiumOriginalPrice: z
      .string()
      .trim()
      .max(MAX_AMOUNT_LENGTH, "Premium bundle original price must be a positive number"),
    premiumFeatures: features,
    paypalClientId: z
      .string()
      .trim()
      .min(1, "PayPal client ID is required")
      .max(200, "PayPal client ID must be at most 200 characters"),
    currency: z.enum(currencies),
    successUrl: optionalUrl(),
    cancelUrl: optionalUrl(),
    webhookUrl: optionalUrl(),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const prices = [
      ["basicPrice", input.basicPrice],
      ["basicOriginalPrice", input.basicOriginalPrice],
    ];
    if (input.premiumEnabled) {
      if (!input.premiumName) issue("premiumName", "Premium bundle name is required");
      const positive = positiveAmount("").safeParse(input.premiumPrice).success;
      const originalPositive = positiveAmount("").safeParse(input.premiumOriginalPrice).success;
      if (!positive) issue("premiumPrice", "Premium bundle price must be a positive number");
      if (!originalPositive) issue("premiumOriginalPrice", "Premium bundle original price must be a positive number");
      prices.push(["premiumPrice", input.premiumPrice], ["premiumOriginalPrice", input.premiumOriginalPrice]);
    }
    // Positive decimals that the currency cannot hold (10.999, or any decimals in JPY).
    for (const [path, value] of prices as [string, string][]) {
      const decimalIssue = isDecimal(value) && Number(value) > 0 ? wholeYenIssue(value, input.currency) : null;
      if (decimalIssue) issue(path, decimalIssue);
    }
  });
export type SellPageInput = z.infer<typeof sellPageSchema>;

/** SPEC 9 defaults: Basic 29.99 (was 39.99), Premium 49.99 (was 69.99), premium disabled; one empty feature line. */
export const sellPageDefaults: SellPageInput = {
  name: "",
  description: "",
  productImageId: null,
  merchantLogoId: null,
  downloadableFileId: null,
  basicName: "Basic",
  basicPrice: "29.99",
  basicOriginalPrice: "39.99",
  basicFeatures: [""],
  premiumEnabled: false,
  premiumName: "Premium",
  premiumPrice: "49.99",
  premiumOriginalPrice: "69.99",
  premiumFeatures: [""],
  paypalClientId: "",
  currency: "USD",
  successUrl: "",
  cancelUrl: "",
  webhookUrl: "",
};

/** SPEC 4: empty feature lines are dropped on save. */
export function keptFeatures(lines: readonly string[]): string[] {
  return lines.map((line) => line.trim()).filter((line) => line.length > 0);
}

const pageId = z.string().trim().min(1, "Page ID is required").max(64, "Digital sell page not found");

export const sellPageIdSchema = z.object({ id: pageId });
export const updateSellPageSchema = z.object({ id: pageId, values: sellPageSchema });
export const setSellPageActiveSchema = z.object({ id: pageId, isActive: z.boolean() });
export const sellPageAnalyticsSchema = z.object({ id: pageId, period: z.enum(analyticsPeriods).default("30d") });
export type SellPageAnalyticsInput = z.input<typeof sellPageAnalyticsSchema>;
export const uploadedFileSchema = z.object({ fileId: z.string().trim().min(1).max(64) });
