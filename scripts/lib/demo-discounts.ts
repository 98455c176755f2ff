// The demo store's discount codes, added after prisma/seed.ts's seedDemo by the same callers, so the
// Discounts screen and Payments show codes with uses. Idempotent: a code that exists is left alone (the seller
// may have edited it), and a payment is marked only while it has no code.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";

const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

type DemoUse = { paypalOrderId: string; discountMinor: number };

/** The demo's codes and which seeded payments used them (prisma/seed.ts's fixed order ids). */
function demoCodes(sellPageId: string) {
  return [
    {
      // 10% off everything: the first demo sale ($19.00 pattern pack) paid $17.10 with it.
      code: { code: "WELCOME10", kind: "percent" as const, percentOff: 10, appliesToAll: true, oncePerEmail: true },
      uses: [{ paypalOrderId: "DEMO-ORDER-1", discountMinor: 190 }] as DemoUse[],
    },
    {
      // $5.00 off the knitting guide only, 50 uses, for two months: the library purchase (when seeded) used it.
      code: {
        code: "KNIT5",
        kind: "fixed" as const,
        amountOffMinor: 500,
        currency: "USD" as const,
        appliesToAll: false,
        sellPageIds: [sellPageId],
        maxUses: 50,
        endsAt: daysFromNow(60),
      },
      uses: [{ paypalOrderId: "DEMOORDERLIBRARY01", discountMinor: 500 }] as DemoUse[],
    },
  ];
}

/**
 * A payment recorded as checkout records a discounted one: the amount captured is the price less the discount,
 * with the code's id and text beside it, and its checkout session holding the code's use.
 */
async function markUse(db: PrismaClient, merchantId: string, codeId: string, code: string, use: DemoUse) {
  const payment = await db.transaction.findFirst({
    where: { merchantId, paypalOrderId: use.paypalOrderId, discountCodeText: null },
    select: { id: true, amountMinor: true },
  });
  if (!payment) return 0;
  const amountMinor = payment.amountMinor - use.discountMinor;
  await db.transaction.update({
    where: { id: payment.id },
    data: { amountMinor, discountCodeId: codeId, discountCodeText: code, discountMinor: use.discountMinor },
  });
  await db.checkoutSession.updateMany({
    where: { merchantId, paypalOrderId: use.paypalOrderId },
    data: { amountMinor, discountCodeId: codeId, discountMinor: use.discountMinor, claimedUse: true },
  });
  return 1;
}

export async function seedDemoDiscounts(db: PrismaClient, seeded: DemoSeed) {
  const user = await db.user.findUnique({ where: { email: seeded.logins.merchant.email }, select: { id: true } });
  if (!user) return;
  const merchantId = user.id;
  for (const { code, uses } of demoCodes(seeded.sellPageId)) {
    const existing = await db.discountCode.findUnique({
      where: { merchantId_code: { merchantId, code: code.code } },
      select: { id: true },
    });
    if (existing) continue;
    const created = await db.discountCode.create({ data: { merchantId, ...code }, select: { id: true } });
    let usesCount = 0;
    for (const use of uses) usesCount += await markUse(db, merchantId, created.id, code.code, use);
    // What checkout would have counted for these payments.
    await db.discountCode.update({ where: { id: created.id }, data: { usesCount } });
  }
}
