import { z } from "zod";

export const licenseExpiries = ["never", "days", "subscription"] as const;
export type LicenseExpiryName = (typeof licenseExpiries)[number];

export const MAX_ACTIVATION_LIMIT = 10_000;
export const MAX_EXPIRY_DAYS = 3650;
/** Keys in one import: a big launch's worth, within one request's body. */
export const MAX_IMPORT_KEYS = 10_000;
export const MIN_IMPORTED_KEY_LENGTH = 8;
export const MAX_KEY_LENGTH = 255;

export const licenseMessages = {
  activationLimit: `Activation limit must be a whole number from 1 to ${MAX_ACTIVATION_LIMIT.toLocaleString("en-US")}`,
  expiryDays: `Days must be a whole number from 1 to ${MAX_EXPIRY_DAYS.toLocaleString("en-US")}`,
  keyPrefix: "Key prefix can only contain letters, numbers, hyphens (-) and underscores (_), at most 20",
  subscriptionOnly: "Keys can only expire with a subscription on a subscription button",
  noKeys: "Paste or upload at least one key",
  tooManyKeys: `Import at most ${MAX_IMPORT_KEYS.toLocaleString("en-US")} keys at a time`,
  notLicensed: "Turn on license keys for this POP first",
} as const;

const wholeNumberUpTo = (max: number, message: string) =>
  z.number(message).int(message).min(1, message).max(max, message);

/** One POP's license settings: a payment button, or a sell page's package (its own button). */
export const licenseButtonSchema = z.object({ buttonId: z.string().min(1).max(64) });

/** "Issue license keys" on one payment button or sell-page bundle; enabled false turns it off (keys stay valid). */
export const licensePolicySchema = z
  .object({
    buttonId: z.string().min(1).max(64),
    enabled: z.boolean(),
    /** null: unlimited. */
    activationLimit: wholeNumberUpTo(MAX_ACTIVATION_LIMIT, licenseMessages.activationLimit).nullable(),
    expiry: z.enum(licenseExpiries),
    expiryDays: wholeNumberUpTo(MAX_EXPIRY_DAYS, licenseMessages.expiryDays).nullable(),
    keyPrefix: z
      .string()
      .trim()
      .max(20, licenseMessages.keyPrefix)
      .regex(/^[A-Za-z0-9_-]*$/, licenseMessages.keyPrefix),
  })
  .superRefine((value, context) => {
    if (value.expiry === "days" && value.expiryDays === null) {
      context.addIssue({ code: "custom", path: ["expiryDays"], message: licenseMessages.expiryDays });
    }
  });
export type LicensePolicyInput = z.input<typeof licensePolicySchema>;

/** Pre-generated keys to put in a POP's pool: one per line (a CSV's first column). */
export const importLicenseKeysSchema = z.object({
  buttonId: z.string().min(1).max(64),
  text: z.string().max(MAX_IMPORT_KEYS * (MAX_KEY_LENGTH + 4), licenseMessages.tooManyKeys),
});

/**
 * The keys in a pasted or uploaded list: one per line; in a CSV the first column (quotes removed), with a header
 * row of "key" or "license_key" skipped. Blank lines and repeats are counted, not kept.
 */
export function keysOfImport(text: string) {
  const keys: string[] = [];
  const seen = new Set<string>();
  let blank = 0;
  let repeated = 0;
  let invalid = 0;
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    const first = (line.split(",")[0] ?? "")
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim();
    if (index === 0 && /^(license_?)?key$/i.test(first)) continue;
    if (first === "") {
      // The newline that ends the last line is not a blank line.
      if (index < lines.length - 1 || line !== "") blank += 1;
      continue;
    }
    if (
      first.length < MIN_IMPORTED_KEY_LENGTH ||
      first.length > MAX_KEY_LENGTH ||
      /[\s\u0000-\u001f\u007f]/.test(first)
    ) {
      invalid += 1;
      continue;
    }
    if (seen.has(first)) {
      repeated += 1;
      continue;
    }
    seen.add(first);
    keys.push(first);
  }
  return { keys, blank, repeated, invalid };
}
