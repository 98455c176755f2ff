import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

/** A WPS payment as a verified IPN records it: Completed at PayPal, $10.00, a unique PayPal transaction id. */
export function createWpsTransaction(
  db: PrismaClient,
  merchantId: string,
  overrides: Partial<Omit<Prisma.WpsTransactionUncheckedCreateInput, "merchantId">> = {},
) {
  return db.wpsTransaction.create({
    data: {
      merchantId,
      txnId: unique("TXN"),
      paymentStatus: "Completed",
      status: "completed",
      amountMinor: 1000,
      currency: "USD",
      rawIpn: "",
      ...overrides,
    },
  });
}
