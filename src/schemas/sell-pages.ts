import { offerDefaults, offerFields } from "~/schemas/offers";
import { z } from "zod";
import { currencies, toMinorUnits } from "~/lib/money";
import { analyticsPeriods } from "~/schemas/analytics";
import { MAX_AMOUNT_LENGTH, positiveAmount, wholeYenIssue } from "~/schemas/payment-buttons";
import { optionalUrl } from "~/schemas/stores";

/** Lines a bundle's feature list may hold; more would only clutter the sales page. */
export const MAX_FEATURES = 20;
export const MAX_FEATURE_LENGTH = 200;

const isDecimal = (value: string) => /^\d+(\.\d+)?$/.test(value);
const isWholeNumber = (value: string) => /^\d{1,12}$/.test(value);

/** A bundle's stock: units for sale in all (sold ones included); empty is unlimited. */
export const MAX_STOCK = 1_000_000;
/** The most ratings an average may claim to be from: far above any real store, far below the column's range. */
export const MAX_RATING_COUNT = 10_000_000;
export const MAX_TESTIMONIAL_LENGTH = 1000;
export const MAX_GUARANTEE_LENGTH = 500;

/** The messages of the selling options, per bundle ("Basic" or "Premium"), shared by the schema and the service. */
export const sellingOptionMessages = {
  minimumRequired: (bundle: string) => `${bundle} bundle minimum price is required for pay what you want`,
  minimumPositive: (bundle: string) => `${bundle} bundle minimum price must be a positive number`,
  minimumAboveSuggested: (bundle: string) => `${bundle} bundle minimum price cannot be more than its suggested price`,
  stock: (bundle: string) =>
    `${bundle} bundle stock must be a whole number from 1 to 1,000,000, or empty for unlimited`,
  stockBelowSold: (bundle: string, sold: number) =>
    `${bundle} bundle has already sold ${sold.toLocaleString("en-US")}: its stock cannot be lower than that`,
  rating: "Rating must be a number from 1 to 5 with at most one decimal, e.g. 4.5",
  ratingWithoutCount: "Enter how many ratings the average is from",
  countWithoutRating: "Enter the average rating, or clear the number of ratings",
  ratingCount: `Number of ratings must be a whole number from 1 to ${MAX_RATING_COUNT.toLocaleString("en-US")}`,
  authorWithoutQuote: "Enter the testimonial quote, or clear its author",
} as const;

/** "4.5" as 45 tenths, or null when it is not a rating from 1 to 5 with at most one decimal. */
export function ratingTenthsOf(value: string): number | null {
  if (!/^\d(\.\d)?$/.test(value)) return null;
  const tenths = Math.round(Number(value) * 10);
  return tenths >= 10 && tenths <= 50 ? tenths : null;
}

/** A whole number from 1 to `max` written as digits, or null. */
export function wholeNumberOf(value: string, max: number): number | null {
  if (!isWholeNumber(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

// The ids of StoredFile rows made by the upload callback; null means "no file". The service checks that each
// belongs to the merchant and is of the right kind.
const fileId = z.string().trim().min(1).max(64).nullable();

const features = z
  .array(z.string().max(MAX_FEATURE_LENGTH, `A feature can be at most ${MAX_FEATURE_LENGTH} characters`))
  .max(MAX_FEATURES, `At most ${MAX_FEATURES} features per bundle`);

/**
 * The digital sell page form, shared by create, edit and the routers. Flat on purpose: the
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
    // Pay what you want and stock, per bundle (the bundle's price is then the suggested price). Checked below.
    basicPayWhatYouWant: z.boolean(),
    basicMinimumPrice: z.string().trim().max(MAX_AMOUNT_LENGTH, sellingOptionMessages.minimumPositive("Basic")),
    basicStockLimit: z.string().trim().max(12, sellingOptionMessages.stock("Basic")),
    premiumPayWhatYouWant: z.boolean(),
    premiumMinimumPrice: z.string().trim().max(MAX_AMOUNT_LENGTH, sellingOptionMessages.minimumPositive("Premium")),
    premiumStockLimit: z.string().trim().max(12, sellingOptionMessages.stock("Premium")),
    /** "This ships": PayPal asks the buyer for a shipping address (optional for callers that predate it). */
    ships: z.boolean().optional(),
    /** The bundles' prices already include sales tax. */
    taxIncluded: z.boolean().optional(),
    // The seller's own social proof: each part is shown only when filled in.
    testimonialQuote: z
      .string()
      .trim()
      .max(MAX_TESTIMONIAL_LENGTH, `Testimonial must be at most ${MAX_TESTIMONIAL_LENGTH} characters`),
    testimonialAuthor: z.string().trim().max(100, "Testimonial author must be at most 100 characters"),
    /** The average rating as typed, "4.5"; empty for none. */
    rating: z.string().trim().max(8, sellingOptionMessages.rating),
    ratingCount: z.string().trim().max(12, sellingOptionMessages.ratingCount),
    ...offerFields,
    guarantee: z
      .string()
      .trim()
      .max(MAX_GUARANTEE_LENGTH, `Guarantee must be at most ${MAX_GUARANTEE_LENGTH} characters`),
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

    const tiers = input.premiumEnabled ? (["basic", "premium"] as const) : (["basic"] as const);
    for (const tier of tiers) {
      const bundle = tier === "basic" ? "Basic" : "Premium";
      const stock = input[`${tier}StockLimit`];
      if (stock && wholeNumberOf(stock, MAX_STOCK) === null) {
        issue(`${tier}StockLimit`, sellingOptionMessages.stock(bundle));
      }
      if (!input[`${tier}PayWhatYouWant`]) continue;
      const path = `${tier}MinimumPrice` as const;
      const minimum = input[path];
      const suggested = toMinorUnits(input[`${tier}Price`], input.currency);
      const decimalIssue = minimum && isDecimal(minimum) ? wholeYenIssue(minimum, input.currency) : null;
      if (!minimum) issue(path, sellingOptionMessages.minimumRequired(bundle));
      else if (!positiveAmount("").safeParse(minimum).success)
        issue(path, sellingOptionMessages.minimumPositive(bundle));
      else if (decimalIssue) issue(path, decimalIssue);
      else if (suggested !== null && toMinorUnits(minimum, input.currency)! > suggested) {
        issue(path, sellingOptionMessages.minimumAboveSuggested(bundle));
      }
    }

    const hasRating = input.rating !== "";
    const hasCount = input.ratingCount !== "";
    if (hasRating && ratingTenthsOf(input.rating) === null) issue("rating", sellingOptionMessages.rating);
    if (hasCount && wholeNumberOf(input.ratingCount, MAX_RATING_COUNT) === null) {
      issue("ratingCount", sellingOptionMessages.ratingCount);
    }
    if (hasRating && !hasCount) issue("ratingCount", sellingOptionMessages.ratingWithoutCount);
    if (hasCount && !hasRating) issue("rating", sellingOptionMessages.countWithoutRating);
    if (input.testimonialAuthor && !input.testimonialQuote) {
      issue("testimonialQuote", sellingOptionMessages.authorWithoutQuote);
    }
  });
export type SellPageInput = z.infer<typeof sellPageSchema>;

/**
 * Defaults: Basic 29.99 (was 39.99), Premium 49.99 (was 69.99), premium disabled; one empty feature line.
 * Fixed prices, unlimited stock and no social proof: nothing is claimed that the seller did not write.
 */
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
  basicPayWhatYouWant: false,
  basicMinimumPrice: "",
  basicStockLimit: "",
  premiumPayWhatYouWant: false,
  premiumMinimumPrice: "",
  premiumStockLimit: "",
  ships: false,
  taxIncluded: false,
  testimonialQuote: "",
  testimonialAuthor: "",
  rating: "",
  ratingCount: "",
  guarantee: "",
  ...offerDefaults,
  paypalClientId: "",
  currency: "USD",
  successUrl: "",
  cancelUrl: "",
  webhookUrl: "",
};

/** Empty feature lines are dropped on save. */
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
