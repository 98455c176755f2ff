import { z } from "zod";

export const WEBHOOK_URL_MESSAGE = "Please enter a valid URL starting with https:// or http://";

/** The store's webhook URL; empty removes it. Whether its host may be called is checked by the server. */
export const updateWebhookUrlSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2048, "URL must be at most 2048 characters")
    .refine((value) => value === "" || (/^https?:\/\/\S+$/i.test(value) && URL.canParse(value)), WEBHOOK_URL_MESSAGE),
});
export type UpdateWebhookUrlInput = z.infer<typeof updateWebhookUrlSchema>;

export const webhookDeliveryStates = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStateName = (typeof webhookDeliveryStates)[number];

export const webhookDeliveryStateLabels: Record<WebhookDeliveryStateName, string> = {
  pending: "Pending",
  succeeded: "Delivered",
  failed: "Failed",
};

export const listWebhookDeliveriesSchema = z.object({
  state: z.enum(webhookDeliveryStates).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ListWebhookDeliveriesInput = z.input<typeof listWebhookDeliveriesSchema>;

export const webhookDeliveryIdSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type WebhookDeliveryIdInput = z.infer<typeof webhookDeliveryIdSchema>;
