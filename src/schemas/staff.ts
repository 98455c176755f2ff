import { z } from "zod";
import { confirmPassword, currentPassword, emailAddress, passwordOfAtLeast, requiredText } from "~/schemas/accounts";
import { transactionStatuses } from "~/schemas/payments";

export const saasRoles = ["operator", "admin", "super_admin"] as const;
export type SaasRoleName = (typeof saasRoles)[number];

export const roleLabels: Record<SaasRoleName, string> = {
  super_admin: "Super admin",
  admin: "Admin",
  operator: "Operator",
};

// Field rules of the staff user forms, shared by create, edit and the own-account settings.
const username = z
  .string()
  .trim()
  .min(1, { error: "Username is required", abort: true })
  .min(3, "Username must be at least 3 characters")
  .max(50, "Username must be at most 50 characters")
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

const password = passwordOfAtLeast(8);

const name = requiredText("Name", 120);

const description = z
  .string()
  .trim()
  .max(500, "Description must be at most 500 characters")
  .optional()
  .transform((value) => value || undefined);

const id = z.string().trim().min(1).max(100);
const page = z.number().int().min(1).max(10_000).default(1);
const search = z.string().trim().max(200).default("");

export const createSaasUserSchema = z.object({
  username,
  email: emailAddress,
  password,
  name,
  description,
  role: z.enum(saasRoles).default("operator"),
  isActive: z.boolean().default(true),
});
export type CreateSaasUserInput = z.input<typeof createSaasUserSchema>;

export const updateSaasUserSchema = z.object({
  id,
  username,
  email: emailAddress,
  name,
  description,
  role: z.enum(saasRoles),
  isActive: z.boolean(),
});
export type UpdateSaasUserInput = z.input<typeof updateSaasUserSchema>;

export const resetSaasUserPasswordSchema = z.object({ id, password });
export type ResetSaasUserPasswordInput = z.input<typeof resetSaasUserPasswordSchema>;

export const saasUserIdSchema = z.object({ id });

export const listSaasUsersSchema = z.object({ search, page });

export const updateOwnProfileSchema = z.object({ name, email: emailAddress });
export type UpdateOwnProfileInput = z.input<typeof updateOwnProfileSchema>;

export const changeOwnPasswordSchema = z
  .object({
    currentPassword,
    newPassword: password,
    confirmPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });
export type ChangeOwnPasswordInput = z.input<typeof changeOwnPasswordSchema>;

export const listMerchantsSchema = z.object({ search, page });

export const merchantIdSchema = z.object({ id });

/** The staff merchant detail: `page` pages the merchant's payments. */
export const merchantDetailSchema = z.object({ id, page });

export const merchantPopKinds = ["payment_buttons", "sell_pages", "wps_buttons"] as const;
export type MerchantPopKind = (typeof merchantPopKinds)[number];

export const listMerchantPopsSchema = z.object({ merchantId: id, kind: z.enum(merchantPopKinds), page });

const isoDate = z.iso.date("Please enter a valid date");

/**
 * The Transactions page's filters, also the query of its CSV export. `merchant` and `pop` match an exact id or a
 * part of the name (merchant: or e-mail), so links from a merchant's page and free typing both work.
 */
export const transactionFiltersSchema = z
  .object({
    merchant: search,
    pop: search,
    status: z.enum(transactionStatuses, "Please choose a valid status").optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ["to"],
    message: "The end date must be on or after the start date",
  });
export type TransactionFilters = z.output<typeof transactionFiltersSchema>;

export const listTransactionsSchema = z.object({ filters: transactionFiltersSchema, page });

export const listAuditLogSchema = z.object({ page });

/** A dead-letter entry of the job queue, as admin.listFailedJobs lists it. */
export const failedJobIdSchema = z.object({ id });

/** A stored PayPal webhook event (paypal_events.id, not PayPal's WH- id). */
export const payPalEventIdSchema = z.object({ id });

/** Job kinds in words for the Background Jobs page (the service checks every kind of the registry has one). */
export const jobKindLabels = {
  "paypal.event": "PayPal webhook event",
  "wps.ipn": "WPS IPN message",
  "merchant-webhook.deliver": "Merchant webhook delivery",
  "merchant-webhook.sweep": "Merchant webhook sweep",
  "checkouts.reconcile": "Checkout reconciliation",
  "email.send": "E-mail",
  "email.sweep": "E-mail sweep",
  "email.daily-digest": "Daily digest run",
  "rate-limits.sweep": "Rate-limit sweep",
  "uploads.sweep": "Abandoned-upload sweep",
  "portal.sweep": "Portal sign-in sweep",
  "upsell-offers.sweep": "Upsell offer expiry sweep",
  "disputes.sweep": "PayPal dispute pull and reminders",
} as const;
