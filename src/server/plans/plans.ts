import { equalsIgnoringCase } from "~/server/platform/text-match";
import { Prisma } from "~/generated/prisma/client";
import type { Currency } from "~/lib/money";
import { hasStaffRole, ruleMessages } from "~/server/auth/roles";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { recordAudit } from "~/server/staff/audit";
import type { Staff } from "~/server/staff/users";
import {
  describePlanLimit,
  formatFee,
  formatPlanPrice,
  planFieldsOf,
  planMessages,
  PLAN_LIMIT_MESSAGE,
  type CreatePlanInput,
  type PlanFields,
  type SetMerchantPlanInput,
  type UpdatePlanInput,
} from "~/schemas/plans";

// Plans. Staff keep the list in the admin portal's Settings; exactly one plan is the default, which every
// store without a plan of its own (merchants.plan_id null) is on. A plan caps the completed payments a store takes
// per calendar month in UTC and sets Popkit's fee on them. The cap is enforced when a buyer starts a checkout
// (planLimitMessage); a payment the buyer already approved is always captured, so a store can end a month a few
// payments over its limit, never under.

/** A plan as anyone may see it: the landing page's pricing shows these. */
const publicPlanFields = {
  id: true,
  name: true,
  description: true,
  priceMinor: true,
  monthlyTransactionLimit: true,
  feeBasisPoints: true,
  isDefault: true,
} satisfies Prisma.PlanSelect;

const planFields = { ...publicPlanFields, sortOrder: true } satisfies Prisma.PlanSelect;

export type PlanRow = Prisma.PlanGetPayload<{ select: typeof planFields }>;

const planOrder: Prisma.PlanOrderByWithRelationInput[] = [{ sortOrder: "asc" }, { priceMinor: "asc" }, { name: "asc" }];

function assertMayManagePlans(actor: Staff) {
  if (!hasStaffRole(actor.role, "admin")) throw new AppError("FORBIDDEN", ruleMessages.readOnly);
}

/**
 * Locks every plan row until the transaction ends. Plan changes are rare and the table is a handful of rows, so
 * they simply take turns: two staff members making different plans the default at once would otherwise both clear
 * "the other defaults" before either committed and leave two.
 */
async function lockPlans(tx: Prisma.TransactionClient) {
  await tx.$queryRaw`SELECT id FROM plans ORDER BY id FOR UPDATE`;
}

/** The plans as staff manage them, with how many stores each has (the default's include the stores without one). */
export async function listPlans(actor: Staff) {
  const [plans, counts] = await Promise.all([
    db.plan.findMany({ orderBy: planOrder, select: planFields }),
    db.merchant.groupBy({ by: ["planId"], _count: { _all: true } }),
  ]);
  const countOf = (planId: string | null) => counts.find((row) => row.planId === planId)?._count._all ?? 0;
  return {
    canEdit: hasStaffRole(actor.role, "admin"),
    plans: plans.map((plan) => ({
      ...plan,
      storeCount: countOf(plan.id) + (plan.isDefault ? countOf(null) : 0),
    })),
  };
}

/** What the landing page's pricing section shows: every plan, in the staff's order. */
export function listPublicPlans() {
  return db.plan.findMany({ orderBy: planOrder, select: publicPlanFields });
}

async function findPlan(tx: Prisma.TransactionClient, id: string) {
  const plan = await tx.plan.findUnique({ where: { id }, select: planFields });
  if (!plan) throw new AppError("NOT_FOUND", planMessages.notFound);
  return plan;
}

/** A plan as the audit log points at it. */
const planRef = (plan: { id: string }) => ({ type: "plan" as const, id: plan.id });

/** A change to plan `id` by staff allowed to make it, in one transaction with the plans locked (see lockPlans). */
function changePlan<T>(
  actor: Staff,
  id: string,
  change: (tx: Prisma.TransactionClient, plan: Awaited<ReturnType<typeof findPlan>>) => Promise<T>,
): Promise<T> {
  assertMayManagePlans(actor);
  return db.$transaction(async (tx) => {
    await lockPlans(tx);
    return change(tx, await findPlan(tx, id));
  });
}

/** The default plan's name, what a store without a plan of its own is on; null while there is none. */
async function defaultPlanName(tx: Prisma.TransactionClient) {
  const plan = await tx.plan.findFirst({ where: { isDefault: true }, select: { name: true } });
  return plan?.name ?? null;
}

function nameTaken(name: string) {
  const message = planMessages.nameTaken(name);
  return new AppError("CONFLICT", message, { fieldErrors: { name: [message] } });
}

/** Names compare case-insensitively: "pro" next to "Pro" would read as one plan on the landing page. */
async function assertNameFree(tx: Prisma.TransactionClient, name: string, exceptId?: string) {
  const taken = await tx.plan.findFirst({
    where: { name: equalsIgnoringCase(name), ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (taken) throw nameTaken(name);
}

/** A write racing past assertNameFree meets the unique index on name instead: the same answer. */
async function withFreeName<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002") throw nameTaken(name);
    throw error;
  }
}

/** The audit log's words for a plan's terms, so "price: $0 → $29" reads without a calculator. */
function readableTerms(plan: PlanFields) {
  return {
    name: plan.name,
    description: plan.description,
    price: `${formatPlanPrice(plan.priceMinor)}/month`,
    limit: describePlanLimit(plan.monthlyTransactionLimit),
    fee: formatFee(plan.feeBasisPoints),
  };
}

export async function createPlan(actor: Staff, input: CreatePlanInput) {
  assertMayManagePlans(actor);
  const fields = planFieldsOf(input);
  return withFreeName(fields.name, () =>
    db.$transaction(async (tx) => {
      await lockPlans(tx);
      await assertNameFree(tx, fields.name);
      const last = await tx.plan.aggregate({ _max: { sortOrder: true } });
      const plan = await tx.plan.create({
        data: { ...fields, sortOrder: (last._max.sortOrder ?? 0) + 1 },
        select: planFields,
      });
      await recordAudit(tx, actor, "plan.create", planRef(plan), readableTerms(plan));
      return plan;
    }),
  );
}

export async function updatePlan(actor: Staff, input: UpdatePlanInput) {
  assertMayManagePlans(actor);
  const fields = planFieldsOf(input.values);
  return withFreeName(fields.name, () =>
    db.$transaction(async (tx) => {
      await lockPlans(tx);
      const before = await findPlan(tx, input.id);
      await assertNameFree(tx, fields.name, before.id);
      const plan = await tx.plan.update({ where: { id: before.id }, data: fields, select: planFields });
      const from = readableTerms(before);
      const to = readableTerms(plan);
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      for (const key of Object.keys(to) as (keyof typeof to)[]) {
        if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] };
      }
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, actor, "plan.update", planRef(plan), { name: plan.name, changes });
      }
      return plan;
    }),
  );
}

/** Makes `id` the one default plan: every store without a plan of its own is on it from now on. */
export function setDefaultPlan(actor: Staff, input: { id: string }) {
  return changePlan(actor, input.id, async (tx, plan) => {
    if (plan.isDefault) return plan;
    const previous = await defaultPlanName(tx);
    await tx.plan.updateMany({ where: { isDefault: true }, data: { isDefault: false } });
    const updated = await tx.plan.update({ where: { id: plan.id }, data: { isDefault: true }, select: planFields });
    await recordAudit(tx, actor, "plan.set_default", planRef(plan), { name: plan.name, from: previous, to: plan.name });
    return updated;
  });
}

/**
 * Deletes a plan that is not the default. Its stores' plan_id is set to null by the foreign key (ON DELETE SET
 * NULL), which puts them on the default plan.
 */
export function deletePlan(actor: Staff, input: { id: string }) {
  return changePlan(actor, input.id, async (tx, plan) => {
    if (plan.isDefault) throw new AppError("CONFLICT", planMessages.defaultNotDeletable);
    const movedStores = await tx.merchant.count({ where: { planId: plan.id } });
    const movedTo = await defaultPlanName(tx);
    await tx.plan.delete({ where: { id: plan.id } });
    await recordAudit(tx, actor, "plan.delete", planRef(plan), { ...readableTerms(plan), movedStores, movedTo });
    return { id: plan.id, name: plan.name, movedStores, movedTo };
  });
}

/** "Pro", or "Default plan (Free)" for a store that follows the default. */
function planLabel(plan: { name: string } | null, defaultName: string | null) {
  return plan ? plan.name : `Default plan (${defaultName ?? "none"})`;
}

/**
 * Puts a store on a plan, or back on "whatever the default is" (planId null). The plans are locked so a plan
 * deleted at the same moment cannot leave the store pointing at nothing.
 */
export async function setMerchantPlan(actor: Staff, input: SetMerchantPlanInput) {
  assertMayManagePlans(actor);
  await db.$transaction(async (tx) => {
    await lockPlans(tx);
    const merchant = await tx.merchant.findUnique({
      where: { id: input.merchantId },
      select: { id: true, name: true, email: true, planId: true, plan: { select: { name: true } } },
    });
    if (!merchant) throw new AppError("NOT_FOUND", "Merchant not found");
    const plan = input.planId === null ? null : await findPlan(tx, input.planId);
    if (merchant.planId === (plan?.id ?? null)) return;
    await tx.merchant.update({ where: { id: merchant.id }, data: { planId: plan?.id ?? null } });
    const defaultName = await defaultPlanName(tx);
    await recordAudit(
      tx,
      actor,
      "merchant.plan_change",
      { type: "merchant", id: merchant.id },
      {
        name: merchant.name,
        email: merchant.email,
        from: planLabel(merchant.plan, defaultName),
        to: planLabel(plan, defaultName),
      },
    );
  });
  return getMerchantPlanUsage(input.merchantId);
}

// --- Usage ---

const HOURLY_SETTLED = Prisma.sql`status IN ('completed', 'partially_refunded', 'refunded')`;

/** The UTC instant as the `timestamp` (UTC wall time) the hourly totals' `hour` column holds; see analytics.ts. */
function utcTimestamp(instant: Date) {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** The calendar month (UTC) that `now` falls in: [start, end). */
export function usageMonth(now: Date = new Date()) {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/**
 * A store's completed payments and revenue in the UTC month of `now`, from the hourly totals the dashboard reads
 * (merchant_hourly_totals): one indexed range read of at most ~744 hours per status and currency, however many
 * payments there are. A month starts on a whole UTC hour, so the totals alone are exact (no partial hours to read
 * from transactions, as analytics.ts must for rolling windows). The same trigger feeds them from transactions and
 * from WPS payments (wps_transactions), so both count. A payment counts once whatever became of it later (completed,
 * partially refunded or refunded: it was taken); revenue is net of the refunds made this month, as on the dashboard.
 */
async function monthlyUsage(merchantId: string, now: Date) {
  const { start, end } = usageMonth(now);
  const rows = await db.$queryRaw<{ currency: Currency; payments: number; amountMinor: bigint }[]>`
    SELECT currency, COALESCE(SUM(count), 0)::int AS payments, COALESCE(SUM(amount_minor), 0)::bigint AS "amountMinor"
    FROM merchant_hourly_totals
    WHERE merchant_id = ${merchantId} AND ${HOURLY_SETTLED}
      AND hour >= ${utcTimestamp(start)} AND hour < ${utcTimestamp(end)}
    GROUP BY currency
    ORDER BY currency`;
  return {
    start,
    end,
    payments: rows.reduce((sum, row) => sum + row.payments, 0),
    revenue: rows.map((row) => ({ currency: row.currency, amountMinor: Number(row.amountMinor) })),
  };
}

/** Popkit's fee on `revenueMinor` (rounded half up to the currency's minor unit; never below zero). */
export function feeOn(revenueMinor: number, feeBasisPoints: number): number {
  if (revenueMinor <= 0 || feeBasisPoints <= 0) return 0;
  return Math.round((revenueMinor * feeBasisPoints) / 10_000);
}

/** The plan a store is on: its own, else the default one (null only if staff left no plans at all). */
async function planOfMerchant(merchantId: string) {
  const merchant = await db.merchant.findUnique({
    where: { id: merchantId },
    select: { planId: true, plan: { select: planFields } },
  });
  if (!merchant) throw new AppError("NOT_FOUND", "Merchant not found");
  const plan = merchant.plan ?? (await db.plan.findFirst({ where: { isDefault: true }, select: planFields }));
  return { plan, ownPlanId: merchant.planId };
}

/**
 * Store Settings' plan card and the staff merchant page: the store's plan and what it used this month, with the
 * Popkit fee accrued per currency (a percentage of the month's revenue after refunds, never added across
 * currencies).
 */
export async function getMerchantPlanUsage(merchantId: string, now: Date = new Date()) {
  const [{ plan, ownPlanId }, usage] = await Promise.all([planOfMerchant(merchantId), monthlyUsage(merchantId, now)]);
  const limit = plan?.monthlyTransactionLimit ?? null;
  const feeBasisPoints = plan?.feeBasisPoints ?? 0;
  return {
    plan,
    /** The store's own plan id; null while it follows the default plan. */
    ownPlanId,
    month: { start: usage.start, resetsAt: usage.end },
    payments: usage.payments,
    limit,
    isAtLimit: limit !== null && usage.payments >= limit,
    fees: usage.revenue.map((line) => ({
      currency: line.currency,
      revenueMinor: line.amountMinor,
      feeMinor: feeOn(line.amountMinor, feeBasisPoints),
    })),
  };
}

/**
 * Whether the store may take another payment this month: null when it may, else the sentence to show the buyer.
 * Called when a buyer starts a checkout (order creation), so it is one statement: the store's plan (its own or the
 * default) and, only when that plan has a limit, the month's completed payments from the hourly totals (an index
 * range on their primary key). Captures of orders already approved never ask. Orders created in the same moment
 * may each see the last free place, so a store can end a month a few payments over its limit.
 */
export async function planLimitMessage(merchantId: string): Promise<string | null> {
  const { start, end } = usageMonth();
  const [row] = await db.$queryRaw<{ limit: number | null; used: number }[]>`
    SELECT p.monthly_transaction_limit AS "limit",
           CASE WHEN p.monthly_transaction_limit IS NULL THEN 0 ELSE (
             SELECT COALESCE(SUM(count), 0)::int FROM merchant_hourly_totals
             WHERE merchant_id = m.id AND ${HOURLY_SETTLED}
               AND hour >= ${utcTimestamp(start)} AND hour < ${utcTimestamp(end)}
           ) END AS used
    FROM merchants m
    JOIN plans p ON p.id = COALESCE(m.plan_id, (SELECT d.id FROM plans d WHERE d.is_default ORDER BY d.id LIMIT 1))
    WHERE m.id = ${merchantId}`;
  if (!row || row.limit === null) return null;
  return row.used >= row.limit ? PLAN_LIMIT_MESSAGE : null;
}

/** The staff merchant page's plan panel: the store's plan and usage, the plans to choose from, and who may. */
export async function getStaffMerchantPlan(actor: Staff, merchantId: string) {
  const [usage, options] = await Promise.all([
    getMerchantPlanUsage(merchantId),
    db.plan.findMany({ orderBy: planOrder, select: { id: true, name: true, isDefault: true } }),
  ]);
  return { ...usage, options, canChange: hasStaffRole(actor.role, "admin") };
}
