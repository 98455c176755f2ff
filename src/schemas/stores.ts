import { z } from "zod";

/** An optional http(s) URL; empty means "none" (services store it as null). */
export const optionalUrl = (message = "Please enter a valid URL") =>
  z
    .string()
    .trim()
    .max(2000, "URL must be at most 2000 characters")
    .refine((value) => value === "" || (/^https?:\/\/\S+$/i.test(value) && URL.canParse(value)), message);

export const paypalEnvironments = ["sandbox", "live"] as const;

export const TIME_ZONE_MESSAGE = "Choose a valid time zone";

let zoneNames: readonly string[] | undefined;
let zoneSet: ReadonlySet<string> | undefined;

/** The zones a store can choose: this runtime's IANA list plus "UTC" (which the list leaves out), sorted. */
export function timeZoneNames(): readonly string[] {
  return (zoneNames ??= ["UTC", ...Intl.supportedValuesOf("timeZone")].sort());
}

// Runtimes ship different ICU data: Node 20 lists India as "Asia/Calcutta" while browsers may report
// "Asia/Kolkata" (likewise Europe/Kiev and Europe/Kyiv). A name this runtime does not list is still valid when it
// is spelled like an IANA name (Area/Location, capitalised) and resolves to a listed zone.
const IANA_NAME = /^[A-Z][A-Za-z_-]*(?:\/[A-Z0-9][A-Za-z0-9_+-]*)+$/;

export function isValidTimeZone(value: string): boolean {
  const names = (zoneSet ??= new Set(timeZoneNames()));
  if (names.has(value)) return true;
  if (!IANA_NAME.test(value)) return false;
  try {
    return names.has(new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().trim().max(100, TIME_ZONE_MESSAGE).refine(isValidTimeZone, TIME_ZONE_MESSAGE);

export const updateStoreSettingsSchema = z.object({
  storeName: z.string().trim().min(1, "Store name is required").max(120, "Store name must be at most 120 characters"),
  description: z.string().trim().max(1000, "Store description must be at most 1000 characters"),
  websiteUrl: optionalUrl(),
  paypalClientId: z.string().trim().max(200, "PayPal client ID must be at most 200 characters"),
  /** Write-only: empty keeps the saved secret. */
  paypalSecret: z.string().trim().max(200, "PayPal secret must be at most 200 characters"),
  paypalEnvironment: z.enum(paypalEnvironments),
  /** The id PayPal shows for the webhook the merchant registered; needed to verify its events' signatures. */
  paypalWebhookId: z
    .string()
    .trim()
    .max(100, "PayPal webhook ID must be at most 100 characters")
    .regex(/^[A-Za-z0-9-]*$/, "PayPal webhook ID can only contain letters, numbers and dashes"),
  /** IANA name the dashboard shows dates in; omitted keeps the saved zone. */
  timeZone: timeZoneSchema.optional(),
  // The e-mail settings below: omitted keeps what is saved, so a caller that predates them changes none.
  /** An e-mail to the seller for every completed payment. */
  saleAlertsEnabled: z.boolean().optional(),
  /** A morning summary of yesterday, sent at 8 o'clock in the store's time zone. */
  dailyDigestEnabled: z.boolean().optional(),
  /** Shown on buyers' receipts and used as their reply-to; empty means the account e-mail. */
  supportEmail: z
    .string()
    .trim()
    .max(254, { error: "Support e-mail must be at most 254 characters", abort: true })
    .refine((value) => value === "" || z.email().safeParse(value).success, "Please enter a valid email address")
    .optional(),
});
export type UpdateStoreSettingsInput = z.infer<typeof updateStoreSettingsSchema>;

/** merchant.setStoreLogo: a StoredFile id from the upload callback; the service checks it is the merchant's logo. */
export const setStoreLogoSchema = z.object({ fileId: z.string().trim().min(1).max(64) });
export type SetStoreLogoInput = z.infer<typeof setStoreLogoSchema>;

/** merchant.setTimeZoneIfUnset: the browser's zone, saved only while the store has none. */
export const setTimeZoneIfUnsetSchema = z.object({ timeZone: timeZoneSchema });
export type SetTimeZoneIfUnsetInput = z.infer<typeof setTimeZoneIfUnsetSchema>;

export const DEFAULT_INVOICE_PREFIX = "INV-";

/** The most subscription buttons one save may name; more than a store would ever offer as plans. */
export const MAX_SWITCHABLE_PLANS = 100;

export const customerPortalMessages = {
  businessLegalName: "Legal name must be at most 200 characters",
  businessAddress: "Address must be at most 500 characters",
  businessTaxId: "Tax ID must be at most 32 characters",
  invoicePrefixLength: "Invoice prefix must be 1 to 12 characters",
  invoicePrefixCharacters: "Invoice prefix can only contain letters, digits, dashes and slashes",
  switchableButtonIds: `Choose at most ${MAX_SWITCHABLE_PLANS} plans`,
} as const;

/**
 * Store Settings' "Customer portal" card: what subscribers may do themselves and the business details printed on
 * invoices. Empty business details mean "not shown"; the switchable list is the whole set (unchecked plans are
 * taken off).
 */
export const updateCustomerPortalSchema = z.object({
  portalAllowPause: z.boolean(),
  /** Subscription buttons whose plans a subscriber may switch between in the portal. */
  switchableButtonIds: z
    .array(z.string().trim().min(1).max(64))
    .max(MAX_SWITCHABLE_PLANS, customerPortalMessages.switchableButtonIds),
  businessLegalName: z.string().trim().max(200, customerPortalMessages.businessLegalName),
  /** Several lines, printed as typed. */
  businessAddress: z.string().trim().max(500, customerPortalMessages.businessAddress),
  businessTaxId: z.string().trim().max(32, customerPortalMessages.businessTaxId),
  invoicePrefix: z
    .string()
    .trim()
    .min(1, { error: customerPortalMessages.invoicePrefixLength, abort: true })
    .max(12, { error: customerPortalMessages.invoicePrefixLength, abort: true })
    .regex(/^[A-Za-z0-9/-]+$/, customerPortalMessages.invoicePrefixCharacters),
});
export type UpdateCustomerPortalInput = z.infer<typeof updateCustomerPortalSchema>;
