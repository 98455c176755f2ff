import { LRUCache } from "lru-cache";
import type { PlanIntervalUnit, SubscriptionStatus } from "~/generated/prisma/enums";
import type { Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";
import { applyPayPalSubscription, changeSubscriptionStatus } from "~/server/subscriptions/subscriptions";

// What a subscriber (through the customer portal) or the seller changes in a subscription at PayPal: cancel,
// pause, resume and switch plan. The caller has checked who may act on the subscription; these check what the
// store allows. PayPal acts first; our row then records PayPal's answer, so the webhook that follows is a no-op.

export type ChangeSource = "portal" | "seller";

type By = { source: ChangeSource; reason?: string };

const NOT_FOUND = "Subscription not found.";
const PLAN_NOT_OFFERED = "That plan is not offered for this subscription.";

/** Cancels at PayPal, then here; one that is already over answers its status. */
export async function cancelSubscriptionBy(subscriptionId: string, by: By): Promise<{ status: SubscriptionStatus }> {
  return changeSubscriptionStatus(subscriptionId, "cancel", by);
}

/** Suspends at PayPal (billing stops until resumed); from the portal only where the store allows it. */
export async function pauseSubscription(subscriptionId: string, by: By): Promise<{ status: SubscriptionStatus }> {
  return changeSubscriptionStatus(subscriptionId, "pause", by);
}

/** Re-activates at PayPal; from the portal only where the store allows pausing. */
export async function resumeSubscription(subscriptionId: string, by: By): Promise<{ status: SubscriptionStatus }> {
  return changeSubscriptionStatus(subscriptionId, "resume", by);
}

async function subscriptionWithButton(subscriptionId: string) {
  const sub = await db.subscription.findUnique({
    where: { id: subscriptionId },
    include: { button: { select: { id: true, portalSwitchable: true, paypalClientId: true } } },
  });
  if (!sub) throw new AppError("NOT_FOUND", NOT_FOUND);
  return sub;
}

type Sub = Awaited<ReturnType<typeof subscriptionWithButton>>;

/**
 * The store's active subscription buttons marked switchable, in the subscription's currency and PayPal app (PayPal
 * revises only to a plan of the same app and currency), cheapest first. None unless the subscription's own button
 * is switchable too.
 */
async function switchableButtons(sub: Sub) {
  if (!sub.button?.portalSwitchable) return [];
  return db.paymentButton.findMany({
    where: {
      merchantId: sub.merchantId,
      paymentType: "subscription",
      isActive: true,
      portalSwitchable: true,
      currency: sub.currency,
      paypalClientId: sub.button.paypalClientId,
      subscriptionPlanId: { not: null },
    },
    orderBy: [{ amountMinor: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      name: true,
      amountMinor: true,
      currency: true,
      subscriptionPlanId: true,
      planIntervalUnit: true,
      planIntervalCount: true,
    },
  });
}

/**
 * Which PayPal product each plan is on. PayPal never moves a plan to another product, so an answer stays true: it is
 * kept, and the portal asks PayPal about a plan once per process instead of once per plan on every view.
 */
const productOfPlan = new LRUCache<string, string>({ max: 10_000 });

/**
 * The PayPal product of each plan, from the kept answers or else from PayPal (asked in parallel); a plan it did not
 * answer for is left out, so a page that lists plans still opens while PayPal is down.
 */
async function productsOf(sub: Sub, planIds: string[]): Promise<Map<string, string>> {
  const keyOf = (planId: string) => `${sub.merchantId}:${planId}`;
  const products = new Map<string, string>();
  for (const planId of planIds) {
    const known = productOfPlan.get(keyOf(planId));
    if (known !== undefined) products.set(planId, known);
  }
  const unknown = planIds.filter((planId) => !products.has(planId));
  if (unknown.length === 0) return products;
  let answers: PromiseSettledResult<{ id: string; productId: string }>[];
  try {
    const paypal = await merchantPayPal(sub.merchantId);
    answers = await Promise.allSettled(unknown.map((planId) => paypal.client.getPlan(planId)));
  } catch (error) {
    answers = [{ status: "rejected", reason: error }];
  }
  for (const answer of answers) {
    if (answer.status !== "fulfilled") continue;
    products.set(answer.value.id, answer.value.productId);
    productOfPlan.set(keyOf(answer.value.id), answer.value.productId);
  }
  const failed = answers.find((answer) => answer.status === "rejected");
  if (failed) {
    logger.warn("PayPal did not say which product a plan is on; it is not offered", {
      subscriptionId: sub.id,
      ...describeError(failed.reason),
    });
  }
  return products;
}

/**
 * The plans this subscriber may switch between: the switchable buttons whose plan is on the same PayPal product as
 * the subscription's (PayPal refuses a revise to another product's plan, PLAN_PRODUCT_NOT_COMPATIBLE). When PayPal
 * cannot tell, only the current plan is listed.
 */
export async function planChoices(subscriptionId: string): Promise<
  Array<{
    buttonId: string;
    name: string;
    amountMinor: number;
    currency: Currency;
    intervalUnit: PlanIntervalUnit;
    intervalCount: number;
    current: boolean;
  }>
> {
  const sub = await subscriptionWithButton(subscriptionId);
  const buttons = await switchableButtons(sub);
  const others = new Set(buttons.map((button) => button.subscriptionPlanId!).filter((id) => id !== sub.planId));
  const products = others.size > 0 ? await productsOf(sub, [sub.planId, ...others]) : new Map<string, string>();
  const product = products.get(sub.planId);
  return buttons
    .filter(
      (button) =>
        button.subscriptionPlanId === sub.planId ||
        (product !== undefined && products.get(button.subscriptionPlanId!) === product),
    )
    .map((button) => ({
      buttonId: button.id,
      name: button.name,
      amountMinor: button.amountMinor,
      currency: button.currency,
      intervalUnit: button.planIntervalUnit ?? "MONTH",
      intervalCount: button.planIntervalCount ?? 1,
      current: button.subscriptionPlanId === sub.planId,
    }));
}

const REVISE_REFUSED = "PayPal did not accept this plan for this subscription.";
const REVISE_ISSUES: Record<string, string> = {
  SUBSCRIPTION_STATUS_INVALID: "PayPal says this subscription can no longer change plan.",
  // The plan is on another PayPal product (the seller set it up apart): no retry can succeed.
  PLAN_PRODUCT_NOT_COMPATIBLE: "PayPal cannot move this subscription to that plan.",
};

/** PayPal's refusal to revise, in a sentence; it changed nothing. */
function reviseRefusal(error: unknown): AppError {
  const appError = toAppError(error);
  const nothing = "Nothing was changed.";
  switch (appError?.code) {
    case "PAYMENT_FAILED":
      return new AppError("CONFLICT", `${REVISE_ISSUES[appError.issue ?? ""] ?? REVISE_REFUSED} ${nothing}`, {
        cause: error,
        issue: appError.issue,
      });
    case "NOT_FOUND":
      return new AppError("NOT_FOUND", `PayPal no longer has this subscription or plan. ${nothing}`, { cause: error });
    case "FORBIDDEN":
      return appError;
    default:
      return new AppError("UPSTREAM", "PayPal could not start the plan change. Please try again.", { cause: error });
  }
}

/**
 * Asks PayPal to move an active subscription to another offered plan; the buyer approves at `approveUrl` and
 * comes back to urls.returnUrl (then finishPlanChange). The new price applies from the next billing date.
 */
export async function startPlanChange(
  subscriptionId: string,
  toButtonId: string,
  urls: { returnUrl: string; cancelUrl: string },
): Promise<{ approveUrl: string }> {
  const sub = await subscriptionWithButton(subscriptionId);
  // Not planChoices: PayPal itself refuses a plan of another product, in one call instead of one per plan.
  const target = (await switchableButtons(sub)).find((button) => button.id === toButtonId);
  if (!target) {
    const exists = await db.paymentButton.count({ where: { id: toButtonId, merchantId: sub.merchantId } });
    throw exists ? new AppError("FORBIDDEN", PLAN_NOT_OFFERED) : new AppError("NOT_FOUND", "That plan was not found.");
  }
  if (target.subscriptionPlanId === sub.planId) {
    throw new AppError("CONFLICT", "This subscription is already on that plan.");
  }
  if (sub.status !== "active") throw new AppError("CONFLICT", "Only an active subscription can change plan.");
  const paypal = await merchantPayPal(sub.merchantId);
  let approveUrl: string;
  try {
    ({ approveUrl } = await paypal.client.reviseSubscription(
      sub.paypalSubscriptionId,
      target.subscriptionPlanId!,
      urls,
    ));
  } catch (error) {
    logger.warn("PayPal refused a plan change", { subscriptionId, ...describeError(error) });
    throw reviseRefusal(error);
  }
  await db.subscription.update({ where: { id: sub.id }, data: { pendingPlanButtonId: toButtonId } });
  return { approveUrl };
}

/**
 * After the buyer comes back from PayPal: reads the subscription there and records the new plan once PayPal bills
 * it. `changed` says whether the subscription is now on the plan the buyer picked; asking again answers the same.
 */
export async function finishPlanChange(subscriptionId: string): Promise<{ changed: boolean }> {
  const sub = await db.subscription.findUnique({
    where: { id: subscriptionId },
    include: { changes: { where: { action: "change_plan" }, orderBy: { createdAt: "desc" }, take: 1 } },
  });
  if (!sub) throw new AppError("NOT_FOUND", NOT_FOUND);
  const pending = sub.pendingPlanButtonId
    ? await db.paymentButton.findUnique({
        where: { id: sub.pendingPlanButtonId },
        select: { subscriptionPlanId: true },
      })
    : null;
  // Nothing pending: already recorded (the return page opened twice, or the webhook came first), or never asked.
  const wanted = pending?.subscriptionPlanId ?? sub.changes[0]?.toPlanId;
  if (!wanted) return { changed: false };
  if (sub.planId !== wanted) {
    const paypal = await merchantPayPal(sub.merchantId);
    let fresh;
    try {
      fresh = await paypal.client.getSubscription(sub.paypalSubscriptionId);
    } catch (error) {
      throw new AppError("UPSTREAM", "PayPal could not confirm the plan change yet. Please try again.", {
        cause: error,
      });
    }
    await applyPayPalSubscription(sub.id, fresh, { followPlan: true });
  }
  const after = await db.subscription.findUniqueOrThrow({ where: { id: sub.id }, select: { planId: true } });
  return { changed: after.planId === wanted };
}

/** The subscription's changes made through us, newest first: who (portal or seller), what, why, which plans. */
export async function subscriptionChanges(subscriptionId: string) {
  return db.subscriptionChange.findMany({
    where: { subscriptionId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, action: true, source: true, reason: true, fromPlanId: true, toPlanId: true, createdAt: true },
  });
}
