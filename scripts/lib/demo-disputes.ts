// The demo's disputes: two cases as PayPal's CUSTOMER.DISPUTE.* webhooks would have left them, one waiting for the
// seller's answer (due in five days) and one the seller won, on two of the demo store's paid payments. Added after
// prisma/seed.ts's seedDemo by the same callers; made once.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoDisputes(db: PrismaClient, seeded: DemoSeed) {
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true },
  });
  if (await db.dispute.findFirst({ where: { merchantId: merchant.id } })) return;
  const payments = await db.transaction.findMany({
    where: { merchantId: merchant.id, status: "completed", paypalTransactionId: { not: null }, fulfilment: null },
    orderBy: { createdAt: "desc" },
    take: 2,
  });
  const cases = [
    { reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED", status: "WAITING_FOR_SELLER_RESPONSE", outcome: null, due: 5 },
    { reason: "UNAUTHORISED", status: "RESOLVED", outcome: "RESOLVED_SELLER_FAVOUR", due: null },
  ];
  for (const [index, payment] of payments.entries()) {
    const dispute = cases[index]!;
    const openedAt = new Date(Date.now() - (index + 2) * DAY_MS);
    await db.dispute.create({
      data: {
        merchantId: merchant.id,
        paypalDisputeId: `PP-D-DEMO-${index + 1}`,
        transactionId: payment.id,
        paypalTransactionId: payment.paypalTransactionId,
        reason: dispute.reason,
        stage: "INQUIRY",
        status: dispute.status,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        sellerResponseDueAt: dispute.due === null ? null : new Date(Date.now() + dispute.due * DAY_MS),
        outcome: dispute.outcome,
        openedAt,
        paypalUpdatedAt: openedAt,
      },
    });
  }
}
