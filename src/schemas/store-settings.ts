import { z } from "zod";

/** An optional http(s) URL; empty means "none" (services store it as null). */
export const optionalUrl = (message = "Please enter a valid URL") =>
  z
    .string()
    .trim()
    .max(2000, "URL must be at most 2000 characters")
    .refine((value) => value === "" || (/^https?:\/\/\S+$/i.test(value) && URL.canParse(value)), message);

export const paypalEnvironments = ["sandbox", "live"] as const;

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
});
export type UpdateStoreSettingsInput = z.infer<typeof updateStoreSettingsSchema>;
