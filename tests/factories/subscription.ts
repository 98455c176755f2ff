import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type SubscriptionOverrides = Partial<Omit<Prisma.SubscriptionUncheckedCreateInput, "merchantId">>;

/** A verified PayPal subscription: active, $10.00 per cycle, unique PayPal ids. */
export function buildSubscription(merchantId: string, overrides: SubscriptionOverrides = {}) {
  return {
    merchantId,
    paypalSubscriptionId: unique("I-"),
    planId: unique("P-"),
    status: "active" as const,
    amountMinor: 1000,
    currency: "USD" as const,
    ...overrides,
  } satisfies Prisma.SubscriptionUncheckedCreateInput;
}

export function createSubscription(db: PrismaClient, merchantId: string, overrides: SubscriptionOverrides = {}) {
  return db.subscription.create({ data: buildSubscription(merchantId, overrides) });
}
