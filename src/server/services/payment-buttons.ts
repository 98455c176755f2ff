import type { PaymentButton, Prisma } from "~/generated/prisma/client";
import { PaymentType } from "~/generated/prisma/enums";
import { toDecimalString, toMinorUnits } from "~/lib/money";
import type { PaymentButtonInput, SetButtonActiveInput } from "~/schemas/payment-button";
import { db } from "~/server/db";
import { AppError, toAppError } from "~/server/errors";
import { merchantPayPal } from "~/server/paypal/merchant-client";
import { loadSellerSetup, setupIssueOf, type SellerSetup } from "~/server/services/pop-setup";

/**
 * Merchant-created ("manual") payment buttons. Bundle buttons belong to a sell page and are kept in step by the
 * sell-page service, so every query here is scoped to the merchant AND to manual buttons: a bundle button's id,
 * like another merchant's, is simply not found.
 */
const ownManual = (merchantId: string, id: string) => ({ id, merchantId, buttonType: "manual" as const });

const notFound = () => new AppError("NOT_FOUND", "Payment button not found");

const paymentTypeOf = { "one-time": PaymentType.one_time, subscription: PaymentType.subscription } as const;
const paymentTypeName = (type: PaymentType) => (type === PaymentType.subscription ? "subscription" : "one-time");

/** The form's values as columns: amounts in minor units, empty optionals as null, a plan id only for subscriptions. */
function toColumns(input: PaymentButtonInput) {
  const amountMinor = toMinorUnits(input.amount, input.currency);
  // The schema already rejects these; a direct service call must not store a wrong amount either.
  if (amountMinor === null || amountMinor <= 0) {
    throw new AppError("INVALID", "Amount must be a positive number", {
      fieldErrors: { amount: ["Amount must be a positive number"] },
    });
  }
  const isSubscription = input.paymentType === "subscription";
  return {
    name: input.name,
    description: input.description || null,
    paypalClientId: input.paypalClientId,
    amountMinor,
    currency: input.currency,
    paymentType: paymentTypeOf[input.paymentType],
    subscriptionPlanId: isSubscription ? input.subscriptionPlanId : null,
    successUrl: input.successUrl || null,
    cancelUrl: input.cancelUrl || null,
    webhookUrl: input.webhookUrl || null,
    styleColor: input.style.color,
    styleShape: input.style.shape,
    styleSize: input.style.size,
    styleLabel: input.style.label,
  } satisfies Prisma.PaymentButtonUncheckedUpdateInput;
}

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

/** One button as the edit form needs it: the amount back as decimal text, empty strings for unset optionals. */
function toFormButton(button: PaymentButton, seller: SellerSetup) {
  const values: PaymentButtonInput = {
    name: button.name,
    description: button.description ?? "",
    paypalClientId: button.paypalClientId,
    amount: toDecimalString(button.amountMinor, button.currency),
    currency: button.currency,
    paymentType: paymentTypeName(button.paymentType),
    subscriptionPlanId: button.subscriptionPlanId ?? "",
    successUrl: button.successUrl ?? "",
    cancelUrl: button.cancelUrl ?? "",
    webhookUrl: button.webhookUrl ?? "",
    style: { color: button.styleColor, shape: button.styleShape, size: button.styleSize, label: button.styleLabel },
  };
  return {
    id: button.id,
    isActive: button.isActive,
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

/**
 * A subscription button's plan, read from PayPal with the seller's credentials (issue 12): it must exist, be
 * ACTIVE and charge the button's price in its currency, or buyers would be billed something else than the button
 * shows. Its billing cycle is kept for MRR. A seller who has not connected PayPal yet can still save (the
 * getting-started checklist says what is missing); the plan is checked when they save it again.
 */
async function planColumns(merchantId: string, input: PaymentButtonInput) {
  if (input.paymentType !== "subscription") return { planIntervalUnit: null, planIntervalCount: null };
  let paypal;
  try {
    paypal = await merchantPayPal(merchantId, input.paypalClientId);
  } catch {
    return {};
  }
  const invalid = (message: string) =>
    new AppError("INVALID", message, { fieldErrors: { subscriptionPlanId: [message] } });
  let plan;
  try {
    plan = await paypal.client.getPlan(input.subscriptionPlanId);
  } catch (error) {
    const appError = toAppError(error);
    if (appError?.code === "NOT_FOUND" || appError?.code === "INVALID") {
      throw invalid("PayPal has no plan with this ID for your PayPal app.");
    }
    if (appError?.code === "FORBIDDEN") throw invalid(appError.message);
    throw new AppError("UPSTREAM", "PayPal could not check the plan right now. Please try again.", { cause: error });
  }
  if (plan.status !== "ACTIVE") throw invalid("This PayPal plan is not active. Activate it in PayPal first.");
  const amountMinor = toMinorUnits(input.amount, input.currency);
  if (plan.price.currency !== input.currency || plan.price.valueMinor !== amountMinor) {
    const price = `${toDecimalString(plan.price.valueMinor, plan.price.currency)} ${plan.price.currency}`;
    throw new AppError("INVALID", `The PayPal plan charges ${price}: set the same amount and currency here.`, {
      fieldErrors: { amount: [`The PayPal plan charges ${price}`] },
    });
  }
  return { planIntervalUnit: plan.intervalUnit, planIntervalCount: plan.intervalCount };
}

export async function createButton(merchantId: string, input: PaymentButtonInput) {
  const plan = await planColumns(merchantId, input);
  const button = await db.paymentButton.create({
    data: { merchantId, buttonType: "manual", isActive: true, ...toColumns(input), ...plan },
  });
  return toFormButton(button, await loadSellerSetup(merchantId));
}

export async function updateButton(merchantId: string, id: string, input: PaymentButtonInput) {
  if (!(await db.paymentButton.findFirst({ where: ownManual(merchantId, id), select: { id: true } }))) throw notFound();
  const plan = await planColumns(merchantId, input);
  // updateMany carries the ownership condition into the UPDATE itself; zero rows means not this merchant's button.
  const { count } = await db.paymentButton.updateMany({
    where: ownManual(merchantId, id),
    data: { ...toColumns(input), ...plan },
  });
  if (count === 0) throw notFound();
  return getButton(merchantId, id);
}

export async function setButtonActive(merchantId: string, { id, isActive }: SetButtonActiveInput) {
  const { count } = await db.paymentButton.updateMany({ where: ownManual(merchantId, id), data: { isActive } });
  if (count === 0) throw notFound();
  return { id, isActive };
}

/** Deleting keeps the payment history: transactions, checkout sessions and subscriptions get button_id NULL. */
export async function deleteButton(merchantId: string, id: string) {
  const { count } = await db.paymentButton.deleteMany({ where: ownManual(merchantId, id) });
  if (count === 0) throw notFound();
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
