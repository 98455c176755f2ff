import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type PayPalEventOverrides = Partial<Omit<Prisma.PayPalEventUncheckedCreateInput, "merchantId">>;

/** A processed PAYMENT.CAPTURE.COMPLETED webhook event with a unique PayPal event id and an empty body. */
export function buildPayPalEvent(merchantId: string, overrides: PayPalEventOverrides = {}) {
  return {
    merchantId,
    eventId: unique("WH-"),
    type: "PAYMENT.CAPTURE.COMPLETED",
    body: "{}",
    state: "processed" as const,
    ...overrides,
  } satisfies Prisma.PayPalEventUncheckedCreateInput;
}

export function createPayPalEvent(db: PrismaClient, merchantId: string, overrides: PayPalEventOverrides = {}) {
  return db.payPalEvent.create({ data: buildPayPalEvent(merchantId, overrides) });
}
