import { z } from "zod";
import { formatMoney } from "~/lib/money";

// Plans staff offer sellers: the admin form, the admin router and the landing page share these rules and
// words. The form works in the units staff think in (dollars, a percentage, a count as typed); planFieldsOf turns
// them into the stored ones (cents, basis points, an integer or null for unlimited).

// Each pattern also lets the empty text through: "required" is its own message, not a second one under the field.
/** Up to $999,999.99 a month: cents stay well inside a 32-bit integer column. */
const PRICE_PATTERN = /^(\d{1,6}(\.\d{1,2})?)?$/;
/** 0 to 100 with at most two decimals: one basis point is the smallest step. */
const FEE_PATTERN = /^(\d{1,3}(\.\d{1,2})?)?$/;
/** Empty (only when unlimited) or a whole number below a billion. */
const LIMIT_PATTERN = /^\d{0,9}$/;

export const PLAN_NAME_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 300;

export const planMessages = {
  nameRequired: "Plan name is required",
  nameTooLong: `Plan name must be at most ${PLAN_NAME_MAX} characters`,
  descriptionTooLong: `Description must be at most ${PLAN_DESCRIPTION_MAX} characters`,
  priceRequired: "Monthly price is required (0 for a free plan)",
  priceInvalid: "Monthly price must be an amount in US dollars, such as 29 or 29.99",
  limitRequired: "Enter the number of payments a month, or choose unlimited",
  limitInvalid: "Monthly payment limit must be a whole number of at least 1",
  feeRequired: "Popkit fee is required (0 for none)",
  feeInvalid: "Popkit fee must be a percentage from 0 to 100 with at most 2 decimals, such as 2.5",
  nameTaken: (name: string) => `A plan named '${name}' already exists`,
  defaultNotDeletable: "The default plan cannot be deleted. Make another plan the default first.",
  notFound: "Plan not found",
} as const;

const id = z.string().trim().min(1, planMessages.notFound).max(100, planMessages.notFound);

/** What staff type in the plan form; planFieldsOf gives the stored values. */
export const planFormSchema = z
  .object({
    name: z.string().trim().min(1, planMessages.nameRequired).max(PLAN_NAME_MAX, planMessages.nameTooLong),
    description: z.string().trim().max(PLAN_DESCRIPTION_MAX, planMessages.descriptionTooLong),
    price: z
      .string()
      .trim()
      .min(1, planMessages.priceRequired)
      .max(12, planMessages.priceInvalid)
      .regex(PRICE_PATTERN, planMessages.priceInvalid),
    isUnlimited: z.boolean(),
    monthlyTransactionLimit: z
      .string()
      .trim()
      .max(12, planMessages.limitInvalid)
      .regex(LIMIT_PATTERN, planMessages.limitInvalid),
    feePercent: z
      .string()
      .trim()
      .min(1, planMessages.feeRequired)
      .max(8, planMessages.feeInvalid)
      .regex(FEE_PATTERN, planMessages.feeInvalid)
      .refine((value) => Number(value) <= 100, planMessages.feeInvalid),
  })
  .superRefine(
    (input, ctx) => {
      const limit = input.monthlyTransactionLimit;
      if (input.isUnlimited !== false || typeof limit !== "string" || !LIMIT_PATTERN.test(limit.trim())) return;
      if (limit.trim() === "") {
        ctx.addIssue({ code: "custom", path: ["monthlyTransactionLimit"], message: planMessages.limitRequired });
      } else if (Number(limit) < 1) {
        ctx.addIssue({ code: "custom", path: ["monthlyTransactionLimit"], message: planMessages.limitInvalid });
      }
    },
    // Also when other fields are wrong, so the form shows every problem at once (the check reads only the two
    // fields it needs, as given); never for a value that is not an object at all.
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
export type PlanFormInput = z.infer<typeof planFormSchema>;

export const createPlanSchema = planFormSchema;
export type CreatePlanInput = PlanFormInput;

export const updatePlanSchema = z.object({ id, values: planFormSchema });
export type UpdatePlanInput = z.infer<typeof updatePlanSchema>;

export const planIdSchema = z.object({ id });

/** A merchant's plan as staff set it: a plan id, or null for "whatever the default plan is". */
export const setMerchantPlanSchema = z.object({
  merchantId: z.string().trim().min(1).max(100),
  planId: id.nullable(),
});
export type SetMerchantPlanInput = z.infer<typeof setMerchantPlanSchema>;

export const emptyPlanForm: PlanFormInput = {
  name: "",
  description: "",
  price: "0",
  isUnlimited: true,
  monthlyTransactionLimit: "",
  feePercent: "0",
};

/** The stored columns of a parsed plan form. */
export type PlanFields = {
  name: string;
  description: string | null;
  priceMinor: number;
  monthlyTransactionLimit: number | null;
  feeBasisPoints: number;
};

/** Decimal text with at most `digits` decimals as an integer of 10^-digits units, without floating-point drift. */
function scaled(text: string, digits: number): number {
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0").slice(0, digits) || "0");
}

export function planFieldsOf(input: PlanFormInput): PlanFields {
  return {
    name: input.name,
    description: input.description || null,
    priceMinor: scaled(input.price, 2),
    monthlyTransactionLimit: input.isUnlimited ? null : Number(input.monthlyTransactionLimit),
    // A percentage with two decimals is a whole number of basis points (2.5% = 250).
    feeBasisPoints: scaled(input.feePercent, 2),
  };
}

/** The form's values for a stored plan (editing it). */
export function planFormValuesOf(plan: PlanFields): PlanFormInput {
  return {
    name: plan.name,
    description: plan.description ?? "",
    price: (plan.priceMinor / 100).toFixed(2),
    isUnlimited: plan.monthlyTransactionLimit === null,
    monthlyTransactionLimit: plan.monthlyTransactionLimit === null ? "" : String(plan.monthlyTransactionLimit),
    feePercent: feePercentText(plan.feeBasisPoints),
  };
}

/** 250 -> "2.5", 0 -> "0", 1 -> "0.01". */
export function feePercentText(feeBasisPoints: number): string {
  return String(feeBasisPoints / 100);
}

/** "2.5%": the Popkit fee as sellers read it. */
export function formatFee(feeBasisPoints: number): string {
  return `${feePercentText(feeBasisPoints)}%`;
}

/** The monthly price in US dollars, without cents when there are none: "$0", "$29", "$29.50". */
export function formatPlanPrice(priceMinor: number): string {
  const text = formatMoney(priceMinor, "USD");
  return priceMinor % 100 === 0 ? text.replace(/\.00$/, "") : text;
}

/** "Unlimited payments" or "Up to 1,000 payments a month". */
export function describePlanLimit(monthlyTransactionLimit: number | null): string {
  if (monthlyTransactionLimit === null) return "Unlimited payments";
  const count = monthlyTransactionLimit.toLocaleString("en-US");
  return `Up to ${count} payment${monthlyTransactionLimit === 1 ? "" : "s"} a month`;
}

/** "No Popkit fee" or "2.5% Popkit fee on each payment". */
export function describePlanFee(feeBasisPoints: number): string {
  return feeBasisPoints === 0 ? "No Popkit fee" : `${formatFee(feeBasisPoints)} Popkit fee on each payment`;
}

/** The buyer-facing sentence when a store's plan allows no more payments this month. */
export const PLAN_LIMIT_MESSAGE =
  "This store has reached its plan's limit of payments for this month. Please contact the seller.";
