import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type RefundOverrides = Partial<Omit<Prisma.RefundUncheckedCreateInput, "merchantId">>;

/**
 * A completed $5.00 refund made in PayPal, with a unique PayPal refund id. Give it a transactionId (or a
 * wpsTransactionId); the payment's refundedMinor and status are the caller's to set, as the ledger would.
 */
export function buildRefund(merchantId: string, overrides: RefundOverrides = {}) {
  return {
    merchantId,
    buttonKey: "",
    paypalRefundId: unique("REFUND-"),
    source: "paypal" as const,
    amountMinor: 500,
    currency: "USD" as const,
    paypalStatus: "COMPLETED",
    ...overrides,
  } satisfies Prisma.RefundUncheckedCreateInput;
}

export function createRefund(db: PrismaClient, merchantId: string, overrides: RefundOverrides = {}) {
  return db.refund.create({ data: buildRefund(merchantId, overrides) });
}
