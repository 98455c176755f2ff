import { z } from "zod";

export const transactionStatuses = ["completed", "pending", "failed", "cancelled", "refunded"] as const;

export const listPaymentsSchema = z.object({
  status: z.enum(transactionStatuses).optional(),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ListPaymentsInput = z.input<typeof listPaymentsSchema>;

export const listCustomersSchema = z.object({
  search: z.string().trim().max(200).default(""),
  page: z.number().int().min(1).max(10_000).default(1),
});
export type ListCustomersInput = z.input<typeof listCustomersSchema>;
