import { z } from "zod";
import { currencies, toMinorUnits } from "~/lib/money";
import { optionalUrl } from "~/schemas/store-settings";

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

/** The positive-amount check of SPEC 5, on the decimal text a price input holds. */
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
    successUrl: optionalUrl(),
    cancelUrl: optionalUrl(),
    webhookUrl: optionalUrl(),
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
  });
export type PaymentButtonInput = z.infer<typeof paymentButtonSchema>;

/** The plan source asked for; without one, a typed plan id means "existing" and none means "create". */
export function planSourceOf(input: { planSource?: PlanSource; subscriptionPlanId: string }): PlanSource {
  return input.planSource ?? (input.subscriptionPlanId ? "existing" : "create");
}

export const planIntervalOf = (input: { planInterval?: PlanInterval }) => planIntervals[input.planInterval ?? "MONTH"];

/** SPEC 9 defaults: 10.00 USD, one-time, gold / rect / medium / paypal; a subscription's plan made here, monthly. */
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
  successUrl: "",
  cancelUrl: "",
  webhookUrl: "",
  style: { color: "gold", shape: "rect", size: "medium", label: "paypal" },
};

const buttonId = z.string().trim().min(1, "Button ID is required").max(100, "Payment button not found");

export const buttonIdSchema = z.object({ id: buttonId });
export const updatePaymentButtonSchema = z.object({ id: buttonId, values: paymentButtonSchema });
export const setButtonActiveSchema = z.object({ id: buttonId, isActive: z.boolean() });
export type SetButtonActiveInput = z.infer<typeof setButtonActiveSchema>;
