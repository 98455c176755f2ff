import { z } from "zod";
import { currencies, toMinorUnits } from "~/lib/money";
import { optionalUrl } from "~/schemas/store-settings";

export const paymentTypes = ["one-time", "subscription"] as const;
export const buttonColors = ["gold", "blue", "silver", "white", "black"] as const;
export const buttonShapes = ["rect", "pill"] as const;
export const buttonSizes = ["small", "medium", "large"] as const;
export const buttonLabels = ["paypal", "checkout", "buynow", "pay", "subscribe"] as const;

/** The positive-amount check of SPEC 5, on the decimal text a price input holds. */
export const positiveAmount = (message: string) =>
  z
    .string()
    .trim()
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
    if (input.paymentType === "subscription" && !input.subscriptionPlanId) {
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

/** SPEC 9 defaults: 10.00 USD, one-time, gold / rect / medium / paypal. */
export const paymentButtonDefaults: PaymentButtonInput = {
  name: "",
  description: "",
  paypalClientId: "",
  amount: "10.00",
  currency: "USD",
  paymentType: "one-time",
  subscriptionPlanId: "",
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
