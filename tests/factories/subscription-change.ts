import type { Prisma, PrismaClient } from "../../src/generated/prisma/client";

type SubscriptionChangeOverrides = Partial<Omit<Prisma.SubscriptionChangeUncheckedCreateInput, "subscriptionId">>;

/** A change a buyer made from the portal: a pause without a reason, unless told otherwise. */
export function buildSubscriptionChange(subscriptionId: string, overrides: SubscriptionChangeOverrides = {}) {
  return {
    subscriptionId,
    action: "pause" as const,
    source: "portal" as const,
    ...overrides,
  } satisfies Prisma.SubscriptionChangeUncheckedCreateInput;
}

export function createSubscriptionChange(
  db: PrismaClient,
  subscriptionId: string,
  overrides: SubscriptionChangeOverrides = {},
) {
  return db.subscriptionChange.create({ data: buildSubscriptionChange(subscriptionId, overrides) });
}
