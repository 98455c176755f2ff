import { z } from "zod";
import { currencies, toMinorUnits } from "~/lib/money";
import { optionalUrl } from "~/schemas/stores";
import { offerDefaults, offerFields } from "~/schemas/offers";

export const paymentTypes = ["one-time", "subscription"] as const;
export const buttonColors = ["gold", "blue", "silver", "white", "black"] as const;
export const buttonShapes = ["rect", "pill"] as const;
export const buttonSizes = ["small", "medium", "large"] as const;
export const buttonLabels = ["paypal", "checkout", "buynow", "pay", "subscribe"] as const;

/** Where a subscription's PayPal plan comes from: made here from the button's price, or one the seller has. */
export const planSources = ["create", "existing"] as const;
export type PlanSource = (typeof planSources)[number];

/** The billing intervals a plan made here can have, as PayPal's interval unit and count. */
export const planIntervals = {
  WEEK: { unit: "WEEK", count: 1, label: "Weekly" },
  MONTH: { unit: "MONTH", count: 1, label: "Monthly" },
  QUARTER: { unit: "MONTH", count: 3, label: "Every 3 months" },
  YEAR: { unit: "YEAR", count: 1, label: "Yearly" },
} as const;
export type PlanInterval = keyof typeof planIntervals;
const planIntervalNames = ["WEEK", "MONTH", "QUARTER", "YEAR"] as const satisfies readonly PlanInterval[];

/** Longer than any amount up to the 1,000,000 cap can be written, with its decimals. */
export const MAX_AMOUNT_LENGTH = 32;

/** The positive-amount check, on the decimal text a price input holds. */
export const positiveAmount = (message: string) =>
  z
    .string()
    .trim()
    .max(MAX_AMOUNT_LENGTH, message)
    .refine((value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= 1_000_000, message);

/** JPY has no minor unit: PayPal rejects decimals, so the form says so first. */
export function wholeYenIssue(amount: string, currency: (typeof currencies)[number]) {
  return toMinorUnits(amount, currency) === null
    ? currency === "JPY"
      ? "JPY amounts must be whole numbers"
      : "Amount can have at most 2 decimal places"
    : null;
}

const MAX_QUANTITY_MESSAGE = "Most per order must be a whole number from 1 to 100";
const STOCK_MESSAGE = "Stock must be a whole number from 1 to 1,000,000, or empty for unlimited";

/** A whole number typed in a form, when it is one within [min, max]; else null. */
export function wholeNumberIn(text: string, min: number, max: number): number | null {
  if (!/^\d{1,9}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

export const paymentButtonSchema = z
  .object({
    name: z.string().trim().min(1, "Button name is required").max(120, "Button name must be at most 120 characters"),
    description: z.string().trim().max(500, "Description must be at most 500 characters"),
    paypalClientId: z
      .string()
      .trim()
      .min(1, "PayPal client ID is required")
      .max(200, "PayPal client ID must be at most 200 characters"),
    amount: positiveAmount("Amount must be a positive number"),
    currency: z.enum(currencies),
    paymentType: z.enum(paymentTypes),
    // PayPal's plan ids are 3 to 50 characters (billing_subscriptions_v1: plan_id).
    subscriptionPlanId: z.string().trim().max(50, "Subscription Plan ID must be at most 50 characters"),
    // Optional so that a caller that predates them (or an API client) keeps working: see planSourceOf.
    planSource: z.enum(planSources).optional(),
    planInterval: z.enum(planIntervalNames).optional(),
    // Selling options of one-time buttons; optional so that callers that predate them keep working.
    payWhatYouWant: z.boolean().optional(),
    minimumAmount: z.string().trim().max(MAX_AMOUNT_LENGTH, "Minimum price must be a positive number").optional(),
    maxQuantity: z.string().trim().max(12, MAX_QUANTITY_MESSAGE).optional(),
    stockLimit: z.string().trim().max(12, STOCK_MESSAGE).optional(),
    /** "This ships": PayPal asks the buyer for a shipping address (one-time buttons). */
    ships: z.boolean().optional(),
    /** The price already includes sales tax: tax is taken out of it, not added (src/lib/order-pricing.ts). */
    taxIncluded: z.boolean().optional(),
    successUrl: optionalUrl(),
    cancelUrl: optionalUrl(),
    webhookUrl: optionalUrl(),
    ...offerFields,
    style: z.object({
      color: z.enum(buttonColors),
      shape: z.enum(buttonShapes),
      size: z.enum(buttonSizes),
      label: z.enum(buttonLabels),
    }),
  })
  .superRefine((input, ctx) => {
    if (input.paymentType === "subscription" && planSourceOf(input) === "existing" && !input.subscriptionPlanId) {
      ctx.addIssue({
        code: "custom",
        path: ["subscriptionPlanId"],
        message: "Subscription Plan ID is required for subscription payments",
      });
    }
    const amountIssue = /^\d+(\.\d+)?$/.test(input.amount) ? wholeYenIssue(input.amount, input.currency) : null;
    if (amountIssue) ctx.addIssue({ code: "custom", path: ["amount"], message: amountIssue });
    if (input.paymentType !== "one-time") return;
    if (input.payWhatYouWant) {
      const minimum = toMinorUnits(input.minimumAmount ?? "", input.currency);
      const suggested = toMinorUnits(input.amount, input.currency);
      if (minimum === null || minimum <= 0) {
        ctx.addIssue({ code: "custom", path: ["minimumAmount"], message: "Minimum price must be a positive number" });
      } else if (suggested !== null && minimum > suggested) {
        ctx.addIssue({
          code: "custom",
          path: ["minimumAmount"],
          message: "Minimum price cannot be more than the suggested price",
        });
      }
    }
    if (input.maxQuantity && wholeNumberIn(input.maxQuantity, 1, 100) === null) {
      ctx.addIssue({ code: "custom", path: ["maxQuantity"], message: MAX_QUANTITY_MESSAGE });
    }
    if (input.stockLimit && wholeNumberIn(input.stockLimit, 1, 1_000_000) === null) {
      ctx.addIssue({ code: "custom", path: ["stockLimit"], message: STOCK_MESSAGE });
    }
  });
export type PaymentButtonInput = z.infer<typeof paymentButtonSchema>;

/** The plan source asked for; without one, a typed plan id means "existing" and none means "create". */
export function planSourceOf(input: { planSource?: PlanSource; subscriptionPlanId: string }): PlanSource {
  return input.planSource ?? (input.subscriptionPlanId ? "existing" : "create");
}

export const planIntervalOf = (input: { planInterval?: PlanInterval }) => planIntervals[input.planInterval ?? "MONTH"];

/** Defaults: 10.00 USD, one-time, gold / rect / medium / paypal; a subscription's plan made here, monthly. */
export const paymentButtonDefaults: PaymentButtonInput = {
  name: "",
  description: "",
  paypalClientId: "",
  amount: "10.00",
  currency: "USD",
  paymentType: "one-time",
  subscriptionPlanId: "",
  planSource: "create",
  planInterval: "MONTH",
  payWhatYouWant: false,
  minimumAmount: "",
  maxQuantity: "1",
  stockLimit: "",
  ships: false,
  taxIncluded: false,
  successUrl: "",
  cancelUrl: "",
  webhookUrl: "",
  ...offerDefaults,
  style: { color: "gold", shape: "rect", size: "medium", label: "paypal" },
};

const buttonId = z.string().trim().min(1, "Button ID is required").max(100, "Payment button not found");

export const buttonIdSchema = z.object({ id: buttonId });
export const updatePaymentButtonSchema = z.object({ id: buttonId, values: paymentButtonSchema });
export const setButtonActiveSchema = z.object({ id: buttonId, isActive: z.boolean() });
export type SetButtonActiveInput = z.infer<typeof setButtonActiveSchema>;
