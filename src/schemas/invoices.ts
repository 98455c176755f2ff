import { z } from "zod";

// A buyer's billing details as their invoice prints them. Each field is optional: left out, the latest invoice's
// value is kept; sent empty, it is removed. Nothing here can touch an amount.

/** Tabs and other control characters (line breaks too) have no place on a one-line field of a printed invoice. */
const CONTROL = /[\u0000-\u001f\u007f]/;
/** An address keeps its line breaks; any other control character is refused. */
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000b-\u001f\u007f]/;

const oneLine = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), `${label} must be on one line`)
    .optional();

export const billingDetailsSchema = z.object({
  name: oneLine("Name", 200),
  company: oneLine("Company", 200),
  address: z
    .string("Address must be text")
    // Windows line breaks and trailing spaces on each line are the browser's, not the buyer's.
    .transform((value) =>
      value
        .replace(/\r\n?/g, "\n")
        .split("\n")
        .map((line) => line.trim())
        .join("\n")
        .trim(),
    )
    .pipe(
      z
        .string()
        .max(500, "Address must be at most 500 characters")
        .refine((value) => !CONTROL_BUT_LINE_BREAK.test(value), "Address contains characters that are not allowed")
        .refine((value) => value.split("\n").length <= 10, "Address must be at most 10 lines"),
    )
    .optional(),
  vatId: z
    .string("VAT ID must be text")
    .trim()
    .max(32, "VAT ID must be at most 32 characters")
    .regex(/^[A-Za-z0-9 .-]*$/, "VAT ID may contain only letters, digits, spaces, dots and dashes")
    .optional(),
});

export type BillingDetailsInput = z.input<typeof billingDetailsSchema>;
