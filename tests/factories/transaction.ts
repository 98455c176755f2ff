import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type TransactionOverrides = Partial<Omit<Prisma.TransactionUncheckedCreateInput, "merchantId">>;

/** A payment as the capture flow records it: completed, $10.00, a unique PayPal order id. */
export function buildTransaction(merchantId: string, overrides: TransactionOverrides = {}) {
  return {
    merchantId,
    paypalOrderId: unique("ORDER-"),
    amountMinor: 1000,
    currency: "USD" as const,
    status: "completed" as const,
    ...overrides,
  } satisfies Prisma.TransactionUncheckedCreateInput;
}

export function createTransaction(db: PrismaClient, merchantId: string, overrides: TransactionOverrides = {}) {
  return db.transaction.create({ data: buildTransaction(merchantId, overrides) });
}
