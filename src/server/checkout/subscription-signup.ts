import { randomUUID } from "node:crypto";
import type { SubscriptionStatus } from "~/generated/prisma/enums";
import { EU_VAT_STANDARD_RATES, percentToPpm } from "~/lib/eu-vat";
import type { RecordSubscriptionInput, StartSubscriptionInput } from "~/schemas/checkout";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { planLimitMessage } from "~/server/plans/plans";
import { syncSubscription } from "~/server/subscriptions/subscriptions";
import { buyerVatFor } from "~/server/checkout/digital-tax";
import {
  BUTTON_NOT_FOUND,
  findButton,
  PAYMENT_NOT_FOUND,
  payableWhere,
  type ButtonRow,
} from "~/server/checkout/public-button";
import { isUniqueViolation, payerName, sellerPayPal, withPayPal } from "~/server/checkout/seller-paypal";
import type { MerchantPayPal } from "~/server/vendors/paypal/merchant-client";
import type { PayPalSubscription } from "~/server/vendors/paypal/types";

// A buyer's sign-up to a subscription button: created at PayPal by our server (with the buyer country's EU VAT when
// the store charges it), approved by the buyer in PayPal's window, recorded once PayPal confirms it.

const isSubscriptionButton = (button: ButtonRow | null): button is ButtonRow & { subscriptionPlanId: string } =>
  button !== null && button.paymentType === "subscription" && button.subscriptionPlanId !== null;

/**
 * Creates the PayPal subscription a buyer approves next: the button's plan, with the EU VAT of the buyer's country
 * added to every payment (PayPal's per-subscription plan override) when the store charges it.
 */
export async function startSubscription({
  buttonId,
  ...choice
}: StartSubscriptionInput): Promise<{ subscriptionId: string }> {
  const button = await findButton(payableWhere(buttonId));
  if (!isSubscriptionButton(button)) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  // A store over its plan's monthly limit takes no new checkouts, as for orders.
  const overLimit = await planLimitMessage(button.merchantId);
  if (overLimit) throw new AppError("CONFLICT", overLimit);
  const vat = buyerVatFor(button, choice);
  const paypal = sellerPayPal(button);
  const { id } = await withPayPal("create subscription", () =>
    paypal.client.createSubscription({
      planId: button.subscriptionPlanId,
      customId: button.id,
      taxPercentage: vat && vat.ratePpm > 0 ? EU_VAT_STANDARD_RATES[vat.country] : null,
      // A fresh key per sign-up: each click is a new subscription, and a retried request cannot create two.
      requestId: `popkit-subscription-${randomUUID()}`,
    }),
  );
  // The buyer's page and PayPal's webhook both report the sign-up with no word of the buyer's country: kept here.
  await db.subscriptionStart.create({
    data: {
      paypalSubscriptionId: id,
      merchantId: button.merchantId,
      buttonId: button.id,
      taxRatePpm: vat?.ratePpm ?? 0,
      taxCountry: vat?.country ?? null,
      buyerVatId: vat?.vatId ?? null,
    },
  });
  return { subscriptionId: id };
}

/** The tax PayPal adds to each of the subscription's payments, in parts per million (0: none added). */
const addedTaxPpm = (sub: PayPalSubscription) =>
  sub.taxes && !sub.taxes.inclusive ? percentToPpm(sub.taxes.percentage) : 0;

/** The buyer's VAT as startSubscription asked PayPal for it; none for a subscription made elsewhere. */
type StartedVat = { taxCountry: string | null; buyerVatId: string | null };

export type SubscriptionResult = { subscriptionId: string; status: SubscriptionStatus };

/**
 * Records a verified PayPal subscription of a subscription button: a Subscription row (what MRR and active
 * subscribers count) with the plan's price and billing cycle as PayPal defines them. A subscription becoming
 * ACTIVE is not a payment (a trial is free, a setup fee is its own sale): payments come from PayPal's sales only,
 * through PAYMENT.SALE.COMPLETED or syncSubscription, which runs here once at once.
 */
async function recordVerifiedSubscription(
  button: ButtonRow,
  paypal: MerchantPayPal,
  sub: PayPalSubscription,
  vat: StartedVat | null,
): Promise<SubscriptionResult> {
  const plan = await withPayPal("get plan", () => paypal.client.getPlan(sub.planId));
  const payer = sub.subscriber;
  let id: string;
  try {
    const row = await db.subscription.create({
      data: {
        merchantId: button.merchantId,
        buttonId: button.id,
        paypalSubscriptionId: sub.id,
        planId: sub.planId,
        status: "active",
        amountMinor: plan.price.valueMinor,
        currency: plan.price.currency,
        intervalUnit: plan.intervalUnit,
        intervalCount: plan.intervalCount,
        payerId: payer?.payerId ?? null,
        payerEmail: payer?.email ?? null,
        payerName: payerName(payer),
        nextBillingAt: sub.nextBillingTime ? new Date(sub.nextBillingTime) : null,
        // What PayPal adds is what each payment carries, whatever was asked.
        taxRatePpm: addedTaxPpm(sub),
        taxCountry: vat?.taxCountry ?? null,
        buyerVatId: vat?.buyerVatId ?? null,
        ...(sub.startTime && { createdAt: new Date(sub.startTime) }),
      },
      select: { id: true },
    });
    id = row.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: sub.id } });
    if (existing.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    return { subscriptionId: sub.id, status: existing.status };
  }
  // The first sale may be there already; if PayPal is slow, its webhook or the reconciliation records it.
  await syncSubscription(id).catch((error: unknown) =>
    logger.warn("Could not read a new subscription's payments yet", {
      subscriptionId: sub.id,
      ...describeError(error),
    }),
  );
  return { subscriptionId: sub.id, status: "active" };
}

/**
 * Verifies a subscription with PayPal (ACTIVE, this button's plan) and records it with the VAT it was started with;
 * idempotent on its id.
 */
export async function recordSubscription({
  buttonId,
  subscriptionId,
}: RecordSubscriptionInput): Promise<SubscriptionResult> {
  const button = await findButton({ id: buttonId });
  if (!isSubscriptionButton(button)) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  const existing = await db.subscription.findUnique({ where: { paypalSubscriptionId: subscriptionId } });
  if (existing) {
    if (existing.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    return { subscriptionId, status: existing.status };
  }
  const paypal = sellerPayPal(button);
  const sub = await withPayPal("get subscription", () => paypal.client.getSubscription(subscriptionId));
  if (sub.planId !== button.subscriptionPlanId || (sub.customId !== null && sub.customId !== button.id)) {
    logger.warn("PayPal subscription is for another plan or button", { subscriptionId: sub.id, buttonId: button.id });
    throw new AppError("INVALID", "This subscription is not for this product's plan.");
  }
  const started = await db.subscriptionStart.findUnique({ where: { paypalSubscriptionId: sub.id } });
  if (started && started.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  // PayPal charges the buyer whatever we find: a subscription made elsewhere (PayPal's SDK called by hand) is
  // recorded as charged, without a VAT country, never refused.
  if (addedTaxPpm(sub) !== (started?.taxRatePpm ?? 0)) {
    logger.warn("PayPal subscription's tax is not the VAT it was started with", { subscriptionId: sub.id });
  }
  if (sub.status !== "ACTIVE") {
    throw new AppError("PAYMENT_FAILED", "Your subscription is not active in PayPal yet. Please try again.", {
      issue: `SUBSCRIPTION_${sub.status}`,
    });
  }
  return recordVerifiedSubscription(button, paypal, sub, started);
}
