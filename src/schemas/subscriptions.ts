import { z } from "zod";

export const subscriptionStatuses = ["approval_pending", "active", "suspended", "cancelled", "expired"] as const;

export const listSubscribersSchema = z.object({
  /** One button's subscribers; absent = all of the merchant's. */
  buttonId: z.string().trim().min(1).max(64).optional(),
  status: z.enum(subscriptionStatuses).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ListSubscribersInput = z.input<typeof listSubscribersSchema>;

export const cancelSubscriptionSchema = z.object({
  /** Our subscription row id. */
  subscriptionId: z.string().trim().min(1).max(64),
  reason: z.string().trim().max(127, "Reason must be at most 127 characters").optional(),
});
export type CancelSubscriptionInput = z.input<typeof cancelSubscriptionSchema>;

export const getSubscriberSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type GetSubscriberInput = z.input<typeof getSubscriberSchema>;
