import { createHash } from "node:crypto";
import type { PaymentButton, Prisma } from "~/generated/prisma/client";
import { PaymentType } from "~/generated/prisma/enums";
import { toDecimalString, toMinorUnits } from "~/lib/money";
import {
  type PaymentButtonInput,
  type PlanInterval,
  planIntervalOf,
  planIntervals,
  planSourceOf,
  type SetButtonActiveInput,
  wholeNumberIn,
} from "~/schemas/payment-buttons";
import { forgetCached } from "~/server/platform/cache-bus";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { CREDENTIALS_REJECTED_ISSUE } from "~/server/vendors/paypal/http";
import type { PayPalPlan } from "~/server/vendors/paypal/types";
import { merchantPayPal, type MerchantPayPal } from "~/server/vendors/paypal/merchant-client";
import { loadSellerSetup, setupIssueOf, type SellerSetup } from "~/server/stores/pop-setup";

/**
 * Merchant-created ("manual") payment buttons. Bundle buttons belong to a sell page and are kept in step by the
 * sell-page service, so every query here is scoped to the merchant AND to manual buttons: a bundle button's id,
 * like another merchant's, is simply not found.
 */
const ownManual = (merchantId: string, id: string) => ({ id, merchantId, buttonType: "manual" as const });

const notFound = () => new AppError("NOT_FOUND", "Payment button not found");

const paymentTypeOf = { "one-time": PaymentType.one_time, subscription: PaymentType.subscription } as const;
const paymentTypeName = (type: PaymentType) => (type === PaymentType.subscription ? "subscription" : "one-time");

/** The form's values as columns: amounts in minor units, empty optionals as null (the plan: see planColumns). */
function toColumns(input: PaymentButtonInput) {
  const amountMinor = toMinorUnits(input.amount, input.currency);
  // The schema already rejects these; a direct service call must not store a wrong amount either.
  if (amountMinor === null || amountMinor <= 0) {
    throw new AppError("INVALID", "Amount must be a positive number", {
      fieldErrors: { amount: ["Amount must be a positive number"] },
    });
  }
  const oneTime = input.paymentType === "one-time";
  const payWhatYouWant = oneTime && input.payWhatYouWant === true;
  return {
    name: input.name,
    description: input.description || null,
    paypalClientId: input.paypalClientId,
    amountMinor,
    currency: input.currency,
    paymentType: paymentTypeOf[input.paymentType],
    // Subscriptions are priced by their PayPal plan: none of the buyer's choices apply to them.
    payWhatYouWant,
    minimumAmountMinor: payWhatYouWant ? toMinorUnits(input.minimumAmount ?? "", input.currency) : null,
    maxQuantity: oneTime ? (wholeNumberIn(input.maxQuantity ?? "1", 1, 100) ?? 1) : 1,
    stockLimit: oneTime && input.stockLimit ? wholeNumberIn(input.stockLimit, 1, 1_000_000) : null,
    successUrl: input.successUrl || null,
    cancelUrl: input.cancelUrl || null,
    webhookUrl: input.webhookUrl || null,
    styleColor: input.style.color,
    styleShape: input.style.shape,
    styleSize: input.style.size,
    styleLabel: input.style.label,
  } satisfies Prisma.PaymentButtonUncheckedUpdateInput;
}
type Columns = ReturnType<typeof toColumns>;

const listSelect = {
  id: true,
  name: true,
  description: true,
  amountMinor: true,
  currency: true,
  paymentType: true,
  isActive: true,
  createdAt: true,
  updatedAt: true,
  paypalClientId: true,
  subscriptionPlanId: true,
} satisfies Prisma.PaymentButtonSelect;

/** Why buyers cannot pay this button yet (see pop-setup.ts), or null. */
function buttonSetupIssue(
  seller: SellerSetup,
  button: Pick<PaymentButton, "id" | "paypalClientId" | "paymentType" | "subscriptionPlanId">,
) {
  return setupIssueOf(seller, {
    paypalClientId: button.paypalClientId,
    isSubscription: button.paymentType === PaymentType.subscription,
    subscriptionPlanId: button.subscriptionPlanId,
    editHref: `/dashboard/pages/edit/${encodeURIComponent(button.id)}`,
  });
}

/** The merchant's own buttons for the pages list, newest first, each with its setup issue (null when payable). */
export async function listButtons(merchantId: string) {
  const [buttons, seller] = await Promise.all([
    db.paymentButton.findMany({
      where: { merchantId, buttonType: "manual" },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: listSelect,
    }),
    loadSellerSetup(merchantId),
  ]);
  return buttons.map(({ paypalClientId, subscriptionPlanId, ...button }) => ({
    ...button,
    paymentType: paymentTypeName(button.paymentType),
    setupIssue: buttonSetupIssue(seller, { ...button, paypalClientId, subscriptionPlanId }),
  }));
}

/** The form's name for a plan's billing cycle, when it is one the form offers. */
function planIntervalName(unit: string | null, count: number | null): PlanInterval | undefined {
  return (Object.keys(planIntervals) as PlanInterval[]).find(
    (name) => planIntervals[name].unit === unit && planIntervals[name].count === count,
  );
}

/**
 * One button as the edit form needs it: the amount back as decimal text, empty strings for unset optionals. A
 * checked plan on a cycle the form offers comes back as "create": saving keeps it while the price stays the same
 * and makes a new one when it changes. Any other plan id stays the seller's own ("existing").
 */
function toFormButton(button: PaymentButton, seller: SellerSetup) {
  const interval = planIntervalName(button.planIntervalUnit, button.planIntervalCount);
  const values: PaymentButtonInput = {
    name: button.name,
    description: button.description ?? "",
    paypalClientId: button.paypalClientId,
    amount: toDecimalString(button.amountMinor, button.currency),
    currency: button.currency,
    paymentType: paymentTypeName(button.paymentType),
    subscriptionPlanId: button.subscriptionPlanId ?? "",
    planSource: button.subscriptionPlanId && !interval ? "existing" : "create",
    planInterval: interval ?? "MONTH",
    payWhatYouWant: button.payWhatYouWant,
    minimumAmount:
      button.minimumAmountMinor === null ? "" : toDecimalString(button.minimumAmountMinor, button.currency),
    maxQuantity: String(button.maxQuantity),
    stockLimit: button.stockLimit === null ? "" : String(button.stockLimit),
    successUrl: button.successUrl ?? "",
    cancelUrl: button.cancelUrl ?? "",
    webhookUrl: button.webhookUrl ?? "",
    style: { color: button.styleColor, shape: button.styleShape, size: button.styleSize, label: button.styleLabel },
  };
  return {
    id: button.id,
    isActive: button.isActive,
    /** Units sold (or held by a capture in flight): the stock field cannot go below it. */
    soldCount: button.soldCount,
    createdAt: button.createdAt,
    updatedAt: button.updatedAt,
    values,
    setupIssue: buttonSetupIssue(seller, button),
  };
}

export async function getButton(merchantId: string, id: string) {
  const [button, seller] = await Promise.all([
    db.paymentButton.findFirst({ where: ownManual(merchantId, id) }),
    loadSellerSetup(merchantId),
  ]);
  if (!button) throw notFound();
  return toFormButton(button, seller);
}

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

const chargesPrice = (plan: PayPalPlan, columns: Columns) =>
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
  columns: Columns,
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
  columns: Columns,
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
  columns: Columns,
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
async function planColumns(
  merchantId: string,
  input: PaymentButtonInput,
  columns: Columns,
  current: PaymentButton | null,
) {
  if (input.paymentType !== "subscription") {
    return { subscriptionPlanId: null, planIntervalUnit: null, planIntervalCount: null };
  }
  return planSourceOf(input) === "create"
    ? createdPlanColumns(merchantId, input, columns, current)
    : existingPlanColumns(merchantId, input, columns, current);
}

export async function createButton(merchantId: string, input: PaymentButtonInput) {
  const columns = toColumns(input);
  const plan = await planColumns(merchantId, input, columns, null);
  const button = await db.paymentButton.create({
    data: { merchantId, buttonType: "manual", isActive: true, ...columns, ...plan },
  });
  return toFormButton(button, await loadSellerSetup(merchantId));
}

export async function updateButton(merchantId: string, id: string, input: PaymentButtonInput) {
  const current = await db.paymentButton.findFirst({ where: ownManual(merchantId, id) });
  if (!current) throw notFound();
  const columns = toColumns(input);
  if (columns.stockLimit !== null && columns.stockLimit < current.soldCount) {
    const message = `Stock cannot be less than the ${current.soldCount} already sold`;
    throw new AppError("INVALID", message, { fieldErrors: { stockLimit: [message] } });
  }
  const plan = await planColumns(merchantId, input, columns, current);
  // updateMany carries the ownership condition into the UPDATE itself; zero rows means not this merchant's button.
  const { count } = await db.paymentButton.updateMany({
    where: ownManual(merchantId, id),
    data: { ...columns, ...plan },
  });
  if (count === 0) throw notFound();
  forgetCached("embed-script", id);
  return getButton(merchantId, id);
}

export async function setButtonActive(merchantId: string, { id, isActive }: SetButtonActiveInput) {
  const { count } = await db.paymentButton.updateMany({ where: ownManual(merchantId, id), data: { isActive } });
  if (count === 0) throw notFound();
  forgetCached("embed-script", id);
  return { id, isActive };
}

/** Deleting keeps the payment history: transactions, checkout sessions and subscriptions get button_id NULL. */
export async function deleteButton(merchantId: string, id: string) {
  const { count } = await db.paymentButton.deleteMany({ where: ownManual(merchantId, id) });
  if (count === 0) throw notFound();
  forgetCached("embed-script", id);
  return { id };
}

/** The pages-list tab counts. */
export async function countPages(merchantId: string) {
  const [paymentButtons, digitalSellPages, wpsButtons] = await Promise.all([
    db.paymentButton.count({ where: { merchantId, buttonType: "manual" } }),
    db.digitalSellPage.count({ where: { merchantId } }),
    db.wpsButton.count({ where: { merchantId } }),
  ]);
  return { paymentButtons, digitalSellPages, wpsButtons };
}
