import { z } from "zod";

/** The Refund dialog on a payment's detail view (issue 12): full when no amount is given. */
export const refundPaymentSchema = z.object({
  paymentId: z.string().trim().min(1).max(64),
  /** In the payment's minor units; absent = refund what is left. */
  amountMinor: z
    .number({ error: "Enter the amount to refund" })
    .int("Enter a valid amount")
    .positive("The refund must be more than zero")
    // Amounts are stored as 32-bit integers; no payment comes near this.
    .max(2_147_483_647, "The refund cannot be more than what is left to refund.")
    .optional(),
  reason: z.string().trim().max(255, "Reason must be at most 255 characters").optional(),
  /**
   * Made once per opened dialog: a double click or a retried request sends the same key, which becomes the
   * PayPal-Request-Id, so PayPal refunds once.
   */
  idempotencyKey: z.uuid(),
});
export type RefundPaymentInput = z.input<typeof refundPaymentSchema>;

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
