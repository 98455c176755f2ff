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
