// The demo's plans: the migration's default 'Free' plan and a paid 'Pro', so the landing page shows two
// real plans whose terms differ. Called by the demo seed (prisma/seed.ts, seedDemo).
import type { PrismaClient } from "../../src/generated/prisma/client";
import { createPlan, DEFAULT_PLAN_ID } from "../../tests/factories/plan";

export const DEMO_PRO_PLAN = "Pro";

/**
 * Idempotent: the first run adds 'Pro' and gives 'Free' a payment limit and a small fee (what a free tier of a paid
 * product usually has); later runs find 'Pro' and change nothing, so staff's own edits to either plan stay. Free's
 * limit is far above what the demo store takes in a month, so the demo's payments are never refused.
 */
export async function seedDemoPlans(db: PrismaClient) {
  if (await db.plan.findUnique({ where: { name: DEMO_PRO_PLAN }, select: { id: true } })) return;
  await createPlan(db, {
    name: DEMO_PRO_PLAN,
    description: "For stores that sell every day.",
    priceMinor: 2900,
    monthlyTransactionLimit: null,
    feeBasisPoints: 50,
    sortOrder: 1,
  });
  await db.plan.updateMany({
    where: { id: DEFAULT_PLAN_ID, monthlyTransactionLimit: null, feeBasisPoints: 0 },
    data: { monthlyTransactionLimit: 1000, feeBasisPoints: 200 },
  });
}
