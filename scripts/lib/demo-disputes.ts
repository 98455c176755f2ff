// The demo's disputes. One case is real in the PayPal simulator: the DE buyer of the EU VAT demo says the file never
// arrived (an inquiry due in five days), and the store finds it the way it finds any case PayPal did not send, by
// the pull; so the seller can answer it from the demo (evidence, a message, accepting the claim) and staff can
// resolve it from the simulator. The other is a case the seller won, kept as PayPal's webhooks would have left it.
// Added after prisma/seed.ts's seedDemo by the same callers; made once.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoDisputes(db: PrismaClient, seeded: DemoSeed) {
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true },
  });
  if (await db.dispute.findFirst({ where: { merchantId: merchant.id } })) return;
  await openRealCase(db, merchant.id, seeded);
  const won = await db.transaction.findFirst({
    where: {
      merchantId: merchant.id,
      status: "completed",
      paypalTransactionId: { not: null },
      fulfilment: null,
      disputes: { none: {} },
    },
    orderBy: { createdAt: "desc" },
  });
  if (!won) return;
  const openedAt = new Date(Date.now() - 6 * DAY_MS);
  await db.dispute.create({
    data: {
      merchantId: merchant.id,
      paypalDisputeId: "PP-D-DEMO-WON",
      transactionId: won.id,
      paypalTransactionId: won.paypalTransactionId,
      reason: "UNAUTHORISED",
      stage: "INQUIRY",
      status: "RESOLVED",
      amountMinor: won.amountMinor,
      currency: won.currency,
      outcome: "RESOLVED_SELLER_FAVOUR",
      openedAt,
      paypalUpdatedAt: openedAt,
    },
  });
}

/** A "not received" inquiry opened in the simulator against the DE VAT order (a real capture), found by the pull. */
async function openRealCase(db: PrismaClient, merchantId: string, seeded: DemoSeed) {
  const payment = await db.transaction.findFirst({ where: { merchantId, taxCountry: "DE" } });
  if (!seeded.paypalApiBase || !payment?.paypalTransactionId) return;
  const opened = await fetch(
    `${seeded.paypalApiBase}/__sandbox/captures/${encodeURIComponent(payment.paypalTransactionId)}/dispute`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        reason: "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
        due_in_days: 5,
        buyer_message: "I paid but never got the download link. Please send it or refund me.",
        silent: true,
      }),
    },
  );
  if (!opened.ok) throw new Error(`PayPal simulator dispute: ${opened.status} ${await opened.text()}`);
  // Imported only now: it loads the app's modules, which read the environment the caller has just set.
  const { pullDisputes } = await import("../../src/server/disputes/sync");
  await pullDisputes(merchantId);
}
