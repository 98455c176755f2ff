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

/** A key's status as the License API names it; the seller's list filters by it. */
export const licenseKeyStatuses = ["inactive", "active", "expired", "disabled"] as const;
export type LicenseKeyStatusName = (typeof licenseKeyStatuses)[number];

/** How a status reads on the seller's badges and filter. */
export const licenseKeyStatusLabels: Record<LicenseKeyStatusName, string> = {
  inactive: "Not activated",
  active: "Active",
  expired: "Expired",
  disabled: "Disabled",
};

export const licenseKeyMessages = {
  notFound: "License key not found",
  expiryDate: "Please enter a valid date",
  subscriptionOnly: "Only a key sold with a subscription can expire with it",
} as const;

const licenseKeyId = z.string().trim().min(1).max(64);

/** The seller's License keys list (and its CSV export): a search, one POP, one status, a page. */
export const listLicenseKeysSchema = z.object({
  /** A whole key, a buyer's e-mail (or part of it), or a POP's name. */
  q: z.string().trim().max(200, "Search must be at most 200 characters").default(""),
  /** One payment button or sell-page bundle (its button id): the low-pool e-mail links here with it. */
  pop: z.string().trim().min(1).max(64).optional(),
  status: z.enum(licenseKeyStatuses).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ListLicenseKeysInput = z.input<typeof listLicenseKeysSchema>;

export const licenseKeyIdSchema = z.object({ id: licenseKeyId });

export const licenseKeyExpiries = ["never", "date", "subscription"] as const;

/**
 * "Change expiry": never, at an instant (the form reads it on the store's clock), or while the key's subscription
 * is active. A date in the past is allowed: it expires the key at once. Four-digit years only (PostgreSQL reads
 * JavaScript's "+275760-..." as a time zone offset).
 */
export const setLicenseExpirySchema = z
  .object({
    id: licenseKeyId,
    expiry: z.enum(licenseKeyExpiries),
    expiresAt: z
      .date(licenseKeyMessages.expiryDate)
      .min(new Date("2000-01-01T00:00:00Z"), licenseKeyMessages.expiryDate)
      .max(new Date("9999-12-31T23:59:59.999Z"), licenseKeyMessages.expiryDate)
      .nullable(),
  })
  .superRefine((input, context) => {
    if (input.expiry === "date" && input.expiresAt === null) {
      context.addIssue({ code: "custom", path: ["expiresAt"], message: licenseKeyMessages.expiryDate });
    }
  })
  .transform((input) => ({ ...input, expiresAt: input.expiry === "date" ? input.expiresAt : null }));
export type SetLicenseExpiryInput = z.input<typeof setLicenseExpirySchema>;
