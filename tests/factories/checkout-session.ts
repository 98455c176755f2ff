import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type CheckoutSessionOverrides = Partial<Omit<Prisma.CheckoutSessionUncheckedCreateInput, "merchantId">>;

/** A PayPal order our server created for a buyer (a "checkout started"). */
export function buildCheckoutSession(merchantId: string, overrides: CheckoutSessionOverrides = {}) {
  return {
    merchantId,
    paypalOrderId: unique("ORDER-"),
    amountMinor: 1000,
    currency: "USD" as const,
    ...overrides,
  } satisfies Prisma.CheckoutSessionUncheckedCreateInput;
}

export function createCheckoutSession(db: PrismaClient, merchantId: string, overrides: CheckoutSessionOverrides = {}) {
  return db.checkoutSession.create({ data: buildCheckoutSession(merchantId, overrides) });
}
