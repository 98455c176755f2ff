import { createHash } from "node:crypto";
import type { Currency, PaymentButton } from "~/generated/prisma/client";
import { PaymentType } from "~/generated/prisma/enums";
import { toDecimalString } from "~/lib/money";
import { type PaymentButtonInput, planIntervalOf, planSourceOf } from "~/schemas/payment-buttons";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { CREDENTIALS_REJECTED_ISSUE } from "~/server/vendors/paypal/http";
import { merchantPayPal, type MerchantPayPal } from "~/server/vendors/paypal/merchant-client";
import type { PayPalPlan } from "~/server/vendors/paypal/types";

/**
 * A subscription button's PayPal plan: made from the button's price, or an existing one checked against it. Apart
 * from the button's other columns because every step here talks to PayPal and answers in PayPal's terms.
 */

/** What of a button's columns its plan must match. */
type PlanPrice = {
  name: string;
  description: string | null;
  paypalClientId: string;
  amountMinor: number;
  currency: Currency;
};

const NO_PAYPAL = "Connect PayPal in Store Settings to create the plan, or enter an existing Plan ID.";

const fieldError = (field: "subscriptionPlanId" | "planSource", message: string, cause?: unknown) =>
  new AppError("INVALID", message, { cause, fieldErrors: { [field]: [message] } });

/** The seller's PayPal client, or null while Store Settings has no secret for this button's client id. */
async function sellerPayPal(merchantId: string, input: PaymentButtonInput) {
  try {
    return await merchantPayPal(merchantId, input.paypalClientId);
  } catch (error) {
    if (toAppError(error)?.code === "FORBIDDEN") return null;
    throw error;
  }
}

/** The plan as PayPal has it, or null when the seller's app has no plan with this id. */
async function findPlan(paypal: MerchantPayPal, planId: string, field: "subscriptionPlanId" | "planSource") {
  try {
    return await paypal.client.getPlan(planId);
  } catch (error) {
    const appError = toAppError(error);
    if (appError?.code === "NOT_FOUND" || appError?.code === "INVALID") return null;
    if (appError?.code === "FORBIDDEN") throw fieldError(field, appError.message, error);
    throw new AppError("UPSTREAM", "PayPal could not check the plan right now. Please try again.", { cause: error });
  }
}

const chargesPrice = (plan: PayPalPlan, columns: PlanPrice) =>
  plan.price.currency === columns.currency && plan.price.valueMinor === columns.amountMinor;

const intervalColumns = (plan: PayPalPlan) => ({
  subscriptionPlanId: plan.id,
  planIntervalUnit: plan.intervalUnit,
  planIntervalCount: plan.intervalCount,
});

/** PayPal's refusal to create a plan, in words the seller can act on. */
function createPlanError(error: unknown) {
  const appError = toAppError(error);
  switch (appError?.code) {
    case "INVALID":
    case "PAYMENT_FAILED":
    case "NOT_FOUND":
      return fieldError("planSource", "PayPal did not accept this plan. Check the amount and currency.", error);
    // PayPal answers 403 when the app may not use subscriptions.
    case "FORBIDDEN":
      return fieldError(
        "planSource",
        "PayPal refused to create the plan: enable Subscriptions for your app in PayPal's developer dashboard, or enter an existing Plan ID.",
        error,
      );
    default:
      return new AppError(
        "UPSTREAM",
        appError?.issue === CREDENTIALS_REJECTED_ISSUE
          ? "PayPal rejected your PayPal client ID or secret: update them in Store Settings."
          : "PayPal could not create the plan right now. Please try again.",
        { cause: error },
      );
  }
}

/**
 * The PayPal product the store's plans share: the one of its latest subscription button on this PayPal app whose
 * plan PayPal still has. PayPal revises a subscription only to a plan of the same product, so one product per store
 * is what lets subscribers switch plans in the customer portal. Null for the store's first plan (or when PayPal
 * cannot tell: a new product then, as before).
 */
async function storeProductId(paypal: MerchantPayPal, merchantId: string): Promise<string | null> {
  const latest = await db.paymentButton.findFirst({
    where: {
      merchantId,
      paymentType: "subscription",
      paypalClientId: paypal.clientId,
      subscriptionPlanId: { not: null },
    },
    orderBy: { updatedAt: "desc" },
    select: { subscriptionPlanId: true },
  });
  if (!latest?.subscriptionPlanId) return null;
  const plan = await paypal.client.getPlan(latest.subscriptionPlanId).catch(() => null);
  return plan?.productId ?? null;
}

/**
 * An ACTIVE plan at the button's price and interval, on the store's product (a new product named after the button
 * for the store's first plan).
 */
async function createPlan(
  paypal: MerchantPayPal,
  merchantId: string,
  input: PaymentButtonInput,
  columns: PlanPrice,
  current: PaymentButton | null,
) {
  const interval = planIntervalOf(input);
  const price = { currency: columns.currency, valueMinor: columns.amountMinor };
  // The same save sent twice (a retry, a double submit) gets PayPal's first product and plan back, not new ones;
  // the button's updatedAt makes every later save of an edited button a new request.
  const key = createHash("sha256")
    .update(JSON.stringify([paypal.clientId, current?.id, current?.updatedAt, columns.name, price, interval]))
    .digest("hex")
    .slice(0, 40);
  try {
    const productId =
      (await storeProductId(paypal, merchantId)) ??
      (
        await paypal.client.createProduct({
          name: columns.name,
          description: columns.description ?? undefined,
          type: "DIGITAL",
          requestId: `popkit-product-${key}`,
        })
      ).id;
    return await paypal.client.createPlan({
      productId,
      name: `${columns.name} (${toDecimalString(price.valueMinor, price.currency)} ${price.currency}, ${interval.label.toLowerCase()})`,
      price,
      intervalUnit: interval.unit,
      intervalCount: interval.count,
      requestId: `popkit-plan-${key}`,
    });
  } catch (error) {
    throw createPlanError(error);
  }
}

/**
 * "Create it in PayPal from this price": the button's current plan while it still charges the same
 * price on the same cycle, else a new plan made with the seller's credentials. PayPal bills each subscription on
 * the plan it started with, so existing subscribers keep their plan and price; only new buyers get the new plan.
 */
async function createdPlanColumns(
  merchantId: string,
  input: PaymentButtonInput,
  columns: PlanPrice,
  current: PaymentButton | null,
) {
  const interval = planIntervalOf(input);
  const currentPlanId =
    current?.paymentType === PaymentType.subscription &&
    current.paypalClientId === columns.paypalClientId &&
    current.planIntervalUnit === interval.unit &&
    current.planIntervalCount === interval.count &&
    current.amountMinor === columns.amountMinor &&
    current.currency === columns.currency
      ? current.subscriptionPlanId
      : null;
  const paypal = await sellerPayPal(merchantId, input);
  if (!paypal) {
    // It was checked against this price and cycle when last saved; without credentials it cannot be replaced.
    if (currentPlanId) return { subscriptionPlanId: currentPlanId };
    throw fieldError("planSource", NO_PAYPAL);
  }
  if (currentPlanId) {
    const plan = await findPlan(paypal, currentPlanId, "planSource");
    // One deactivated or repriced in PayPal since is replaced like any other.
    if (plan?.status === "ACTIVE" && chargesPrice(plan, columns)) return intervalColumns(plan);
  }
  return intervalColumns(await createPlan(paypal, merchantId, input, columns, current));
}

/**
 * "Use an existing Plan ID": the plan is read from PayPal with the seller's credentials; it must exist, be ACTIVE
 * and charge the button's price in its currency, or buyers would be billed something else than the button shows.
 * Its billing cycle is kept for MRR. A seller who has not connected PayPal yet can still save (the
 * getting-started checklist says what is missing); the plan is checked when they save it again.
 */
async function existingPlanColumns(
  merchantId: string,
  input: PaymentButtonInput,
  columns: PlanPrice,
  current: PaymentButton | null,
) {
  const planId = input.subscriptionPlanId;
  const paypal = await sellerPayPal(merchantId, input);
  if (!paypal) {
    // The cycle read for the current plan stays; another plan's is unknown until it is checked.
    return current?.subscriptionPlanId === planId
      ? { subscriptionPlanId: planId }
      : { subscriptionPlanId: planId, planIntervalUnit: null, planIntervalCount: null };
  }
  const plan = await findPlan(paypal, planId, "subscriptionPlanId");
  if (!plan) throw fieldError("subscriptionPlanId", "PayPal has no plan with this ID for your PayPal app.");
  if (plan.status !== "ACTIVE") {
    throw fieldError("subscriptionPlanId", "This PayPal plan is not active. Activate it in PayPal first.");
  }
  if (!chargesPrice(plan, columns)) {
    const price = `${toDecimalString(plan.price.valueMinor, plan.price.currency)} ${plan.price.currency}`;
    throw new AppError("INVALID", `The PayPal plan charges ${price}: set the same amount and currency here.`, {
      fieldErrors: { amount: [`The PayPal plan charges ${price}`] },
    });
  }
  return intervalColumns(plan);
}

/** A subscription button's plan columns; a one-time button has none. */
export async function planColumns(
  merchantId: string,
  input: PaymentButtonInput,
  columns: PlanPrice,
  current: PaymentButton | null,
) {
  if (input.paymentType !== "subscription") {
    return { subscriptionPlanId: null, planIntervalUnit: null, planIntervalCount: null };
  }
  return planSourceOf(input) === "create"
    ? createdPlanColumns(merchantId, input, columns, current)
    : existingPlanColumns(merchantId, input, columns, current);
}
