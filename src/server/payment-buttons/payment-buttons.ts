import type { PaymentButton, Prisma } from "~/generated/prisma/client";
import { PaymentType } from "~/generated/prisma/enums";
import { toDecimalString, toMinorUnits } from "~/lib/money";
import {
  type PaymentButtonInput,
  type PlanInterval,
  planIntervals,
  type SetButtonActiveInput,
  wholeNumberIn,
} from "~/schemas/payment-buttons";
import { planColumns } from "~/server/payment-buttons/subscription-plans";
import { offerColumns, offerValues } from "~/server/payment-buttons/offers";
import { forgetCached } from "~/server/platform/cache-bus";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
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
    ships: oneTime && input.ships === true,
    taxIncluded: oneTime && input.taxIncluded === true,
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
    ships: button.ships,
    taxIncluded: button.taxIncluded,
    successUrl: button.successUrl ?? "",
    cancelUrl: button.cancelUrl ?? "",
    webhookUrl: button.webhookUrl ?? "",
    ...offerValues(button, button.currency),
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

const popOf = (columns: ReturnType<typeof toColumns>, selfIds: string[]) => ({
  currency: columns.currency,
  oneTime: columns.paymentType === PaymentType.one_time,
  selfIds,
});

export async function getButton(merchantId: string, id: string) {
  const [button, seller] = await Promise.all([
    db.paymentButton.findFirst({ where: ownManual(merchantId, id) }),
    loadSellerSetup(merchantId),
  ]);
  if (!button) throw notFound();
  return toFormButton(button, seller);
}

export async function createButton(merchantId: string, input: PaymentButtonInput) {
  const columns = toColumns(input);
  const offers = await offerColumns(merchantId, input, popOf(columns, []));
  const plan = await planColumns(merchantId, input, columns, null);
  const button = await db.paymentButton.create({
    data: { merchantId, buttonType: "manual", isActive: true, ...columns, ...offers, ...plan },
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
  const offers = await offerColumns(merchantId, input, popOf(columns, [id]));
  const plan = await planColumns(merchantId, input, columns, current);
  // updateMany carries the ownership condition into the UPDATE itself; zero rows means not this merchant's button.
  const { count } = await db.paymentButton.updateMany({
    where: ownManual(merchantId, id),
    data: { ...columns, ...offers, ...plan },
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
