import { z } from "zod";
import { currencies, toMinorUnits, type Currency } from "~/lib/money";
import { MAX_AMOUNT_LENGTH, wholeYenIssue } from "~/schemas/payment-buttons";

export const discountKinds = ["percent", "fixed"] as const;
export type DiscountKindName = (typeof discountKinds)[number];

export const MAX_DISCOUNT_USES = 1_000_000;
/** More POPs than a store has; bounds the arrays a caller can send. */
const MAX_CHOSEN_POPS = 500;

export const discountMessages = {
  codeRequired: "Code is required",
  codeTooShort: "Code must be at least 3 characters",
  codeTooLong: "Code must be at most 32 characters",
  codeCharacters: "Code can only contain letters, numbers, hyphens (-) and underscores (_)",
  percentOff: "Percent off must be a whole number from 1 to 100",
  amountOff: "Amount off must be a positive number",
  maxUses: "Maximum uses must be a whole number from 1 to 1,000,000",
  endsAfterStart: "The end must be after the start",
  date: "Please enter a valid date",
  choosePops: "Choose at least one payment button or sell page",
} as const;

/** How buyers type it is how it is stored: trimmed and upper-cased, so "save20" and "SAVE20" are one code. */
const code = z
  .string()
  .trim()
  .min(1, discountMessages.codeRequired)
  .min(3, discountMessages.codeTooShort)
  .max(32, discountMessages.codeTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, discountMessages.codeCharacters)
  .transform((value) => value.toUpperCase());

/** Dates PostgreSQL stores as JavaScript writes them (see merchant-payments.ts: four-digit years only). */
const optionalDate = z
  .date(discountMessages.date)
  .min(new Date("2000-01-01T00:00:00Z"), discountMessages.date)
  .max(new Date("9999-12-31T23:59:59.999Z"), discountMessages.date)
  .nullable();

const popId = z.string().trim().min(1).max(100);

const wholeNumber = (text: string, min: number, max: number) =>
  /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max;

/**
 * The create and edit form of a discount code, and what the discounts router takes. Numbers arrive as the text
 * their inputs hold (like payment button amounts) and leave as columns: percentOff, amountOffMinor and currency
 * are set only for their kind, maxUses is null for unlimited, the POP lists are empty when it applies to all.
 */
export const discountCodeSchema = z
  .object({
    code,
    kind: z.enum(discountKinds),
    /** Percent codes: "1" to "100". */
    percentOff: z.string().trim().max(12, discountMessages.percentOff),
    /** Fixed codes: a decimal amount in `currency`, e.g. "5" or "5.00". */
    amountOff: z.string().trim().max(MAX_AMOUNT_LENGTH, discountMessages.amountOff),
    currency: z.enum(currencies),
    startsAt: optionalDate,
    endsAt: optionalDate,
    /** Empty: unlimited. */
    maxUses: z.string().trim().max(12, discountMessages.maxUses),
    oncePerEmail: z.boolean(),
    appliesToAll: z.boolean(),
    buttonIds: z.array(popId).max(MAX_CHOSEN_POPS),
    sellPageIds: z.array(popId).max(MAX_CHOSEN_POPS),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (input.kind === "percent" && !wholeNumber(input.percentOff, 1, 100)) {
      issue("percentOff", discountMessages.percentOff);
    }
    if (input.kind === "fixed") {
      const amountIssue = fixedAmountIssue(input.amountOff, input.currency);
      if (amountIssue) issue("amountOff", amountIssue);
    }
    if (input.maxUses !== "" && !wholeNumber(input.maxUses, 1, MAX_DISCOUNT_USES)) {
      issue("maxUses", discountMessages.maxUses);
    }
    if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) {
      issue("endsAt", discountMessages.endsAfterStart);
    }
    if (!input.appliesToAll && input.buttonIds.length === 0 && input.sellPageIds.length === 0) {
      issue("appliesToAll", discountMessages.choosePops);
    }
  })
  .transform((input) => ({
    code: input.code,
    kind: input.kind,
    percentOff: input.kind === "percent" ? Number(input.percentOff) : null,
    amountOffMinor: input.kind === "fixed" ? toMinorUnits(input.amountOff, input.currency) : null,
    currency: input.kind === "fixed" ? input.currency : null,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    maxUses: input.maxUses === "" ? null : Number(input.maxUses),
    oncePerEmail: input.oncePerEmail,
    appliesToAll: input.appliesToAll,
    // A code for all POPs keeps no list, so turning "all" off later starts from an empty choice.
    buttonIds: input.appliesToAll ? [] : [...new Set(input.buttonIds)],
    sellPageIds: input.appliesToAll ? [] : [...new Set(input.sellPageIds)],
  }));
export type DiscountCodeFormValues = z.input<typeof discountCodeSchema>;
export type DiscountCodeInput = z.output<typeof discountCodeSchema>;

/** Why a fixed amount cannot be taken off, or null: positive, at most 1,000,000, the currency's decimals. */
function fixedAmountIssue(amount: string, currency: Currency): string | null {
  if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0 || Number(amount) > 1_000_000) {
    return discountMessages.amountOff;
  }
  return wholeYenIssue(amount, currency);
}

/** A new code: 10% off every POP, no dates, no limit. */
export const discountCodeDefaults: DiscountCodeFormValues = {
  code: "",
  kind: "percent",
  percentOff: "10",
  amountOff: "",
  currency: "USD",
  startsAt: null,
  endsAt: null,
  maxUses: "",
  oncePerEmail: false,
  appliesToAll: true,
  buttonIds: [],
  sellPageIds: [],
};

const discountCodeId = z.string().trim().min(1, "Discount code not found").max(100, "Discount code not found");

export const discountCodeIdSchema = z.object({ id: discountCodeId });
export const updateDiscountCodeSchema = z.object({ id: discountCodeId, values: discountCodeSchema });
export const setDiscountCodeActiveSchema = z.object({ id: discountCodeId, isActive: z.boolean() });
export type SetDiscountCodeActiveInput = z.infer<typeof setDiscountCodeActiveSchema>;
