import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { paypalOrder } from "./paypal-order";

type CheckoutSessionOverrides = Partial<Omit<Prisma.CheckoutSessionUncheckedCreateInput, "merchantId">>;

/** A PayPal order our server created for a buyer (a "checkout started"). */
export function buildCheckoutSession(merchantId: string, overrides: CheckoutSessionOverrides = {}) {
  return { ...paypalOrder(merchantId), ...overrides } satisfies Prisma.CheckoutSessionUncheckedCreateInput;
}

export function createCheckoutSession(db: PrismaClient, merchantId: string, overrides: CheckoutSessionOverrides = {}) {
  return db.checkoutSession.create({ data: buildCheckoutSession(merchantId, overrides) });
}
