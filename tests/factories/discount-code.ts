import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type DiscountCodeOverrides = Partial<Omit<Prisma.DiscountCodeUncheckedCreateInput, "merchantId">>;

/** A saved code as the Discounts screen makes it: 10% off every POP, a unique upper-case code, no limits. */
export function buildDiscountCode(merchantId: string, overrides: DiscountCodeOverrides = {}) {
  return {
    merchantId,
    code: unique("CODE").toUpperCase(),
    kind: "percent" as const,
    percentOff: 10,
    ...overrides,
  } satisfies Prisma.DiscountCodeUncheckedCreateInput;
}

export function createDiscountCode(db: PrismaClient, merchantId: string, overrides: DiscountCodeOverrides = {}) {
  return db.discountCode.create({ data: buildDiscountCode(merchantId, overrides) });
}
