import { db } from "~/server/platform/db";

export function getMerchantProfile(merchantId: string) {
  return db.merchant.findUnique({
    where: { id: merchantId },
    select: { id: true, name: true, email: true, suspendedAt: true },
  });
}
