import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

export function buildPaymentButton(
  merchantId: string,
  overrides: Partial<Prisma.PaymentButtonUncheckedCreateInput> = {},
) {
  return {
    merchantId,
    name: `Button ${unique("")}`,
    description: "A test button",
    paypalClientId: `client-${merchantId}`,
    amountMinor: 1000,
    currency: "USD" as const,
    paymentType: "one_time" as const,
    ...overrides,
  } satisfies Prisma.PaymentButtonUncheckedCreateInput;
}

export function createPaymentButton(
  db: PrismaClient,
  merchantId: string,
  overrides: Partial<Prisma.PaymentButtonUncheckedCreateInput> = {},
) {
  return db.paymentButton.create({ data: buildPaymentButton(merchantId, overrides) });
}

/** A subscription button for a plan the merchant's PayPal app has (one the test made in the PayPal sandbox). */
export function createSubscriptionButton(
  db: PrismaClient,
  merchantId: string,
  paypal: { clientId: string; planId: string },
  overrides: Partial<Prisma.PaymentButtonUncheckedCreateInput> = {},
) {
  return createPaymentButton(db, merchantId, {
    paypalClientId: paypal.clientId,
    paymentType: "subscription",
    subscriptionPlanId: paypal.planId,
    ...overrides,
  });
}
