import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { paypalOrder } from "./paypal-order";

type TransactionOverrides = Partial<Omit<Prisma.TransactionUncheckedCreateInput, "merchantId">>;

/** A payment as the capture flow records it: completed, $10.00, a unique PayPal order id. */
export function buildTransaction(merchantId: string, overrides: TransactionOverrides = {}) {
  return {
    ...paypalOrder(merchantId),
    status: "completed" as const,
    ...overrides,
  } satisfies Prisma.TransactionUncheckedCreateInput;
}

export function createTransaction(db: PrismaClient, merchantId: string, overrides: TransactionOverrides = {}) {
  return db.transaction.create({ data: buildTransaction(merchantId, overrides) });
}
