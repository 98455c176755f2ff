import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";
import { unique } from "./unique";

type PlanOverrides = Partial<Omit<Prisma.PlanUncheckedCreateInput, "isDefault">>;

/**
 * A plan staff could have made: $19 a month, unlimited payments, no fee, a unique name. Never the default: a test
 * that needs another default plan sets it and puts plan_free back (the run shares one database).
 */
export function buildPlan(overrides: PlanOverrides = {}) {
  return {
    name: unique("Plan "),
    description: "Made by a test",
    priceMinor: 1900,
    monthlyTransactionLimit: null,
    feeBasisPoints: 0,
    sortOrder: 100,
    ...overrides,
  } satisfies Prisma.PlanUncheckedCreateInput;
}

/** Saves a plan; an existing name is left as it is, so seeding twice changes nothing. */
export function createPlan(db: PrismaClient, overrides: PlanOverrides = {}) {
  const data = buildPlan(overrides);
  return db.plan.upsert({ where: { name: data.name }, create: data, update: {} });
}

/** The plan the migration seeds as the default ('Free', $0, unlimited, no fee). */
export const DEFAULT_PLAN_ID = "plan_free";
