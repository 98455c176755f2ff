import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { DEFAULT_INVOICE_PREFIX, type UpdateCustomerPortalInput } from "~/schemas/stores";

// Store Settings' "Customer portal": whether subscribers may pause, which subscription plans they may switch
// between, and the business details and invoice prefix printed on invoices. The buyer portal and the invoices read
// these columns themselves; this is only the seller's side.

export const PLANS_NOT_FOUND_MESSAGE = "Some of the chosen plans no longer exist. Reload the page and choose again.";
export const notASubscriptionMessage = (name: string) =>
  `'${name}' is not a subscription button: subscribers can only switch between subscription plans.`;

/** Subscription buttons a seller made (a sell page's bundle buttons are one-time and belong to their page). */
const subscriptionButtons = (merchantId: string) =>
  ({ merchantId, buttonType: "manual", paymentType: "subscription" }) satisfies Prisma.PaymentButtonWhereInput;

/** What the card shows: the saved settings (the columns' defaults for a store that never saved) and every plan. */
export async function getCustomerPortalSettings(merchantId: string) {
  const [settings, plans] = await Promise.all([
    db.storeSettings.findUnique({
      where: { merchantId },
      select: {
        portalAllowPause: true,
        businessLegalName: true,
        businessAddress: true,
        businessTaxId: true,
        invoicePrefix: true,
      },
    }),
    db.paymentButton.findMany({
      where: subscriptionButtons(merchantId),
      orderBy: [{ name: "asc" }, { id: "asc" }],
      select: {
        id: true,
        name: true,
        amountMinor: true,
        currency: true,
        planIntervalUnit: true,
        planIntervalCount: true,
        isActive: true,
        portalSwitchable: true,
      },
    }),
  ]);
  return {
    portalAllowPause: settings?.portalAllowPause ?? false,
    switchableButtonIds: plans.filter((plan) => plan.portalSwitchable).map((plan) => plan.id),
    businessLegalName: settings?.businessLegalName ?? "",
    businessAddress: settings?.businessAddress ?? "",
    businessTaxId: settings?.businessTaxId ?? "",
    invoicePrefix: settings?.invoicePrefix ?? DEFAULT_INVOICE_PREFIX,
    /** The store's subscription buttons, the choices of the switchable list. */
    plans: plans.map(({ portalSwitchable: _switchable, ...plan }) => plan),
  };
}

/**
 * Saves the card in one transaction: the chosen buttons are checked inside it, so a refusal (another store's
 * button, NOT_FOUND; a one-time button, INVALID) saves nothing, and a button deleted meanwhile cannot slip through.
 */
export async function updateCustomerPortalSettings(merchantId: string, input: UpdateCustomerPortalInput) {
  const chosenIds = [...new Set(input.switchableButtonIds)];
  await db.$transaction(async (tx) => {
    const chosen = await tx.paymentButton.findMany({
      where: { merchantId, id: { in: chosenIds } },
      select: { name: true, buttonType: true, paymentType: true },
    });
    if (chosen.length !== chosenIds.length) {
      throw new AppError("NOT_FOUND", PLANS_NOT_FOUND_MESSAGE, {
        fieldErrors: { switchableButtonIds: [PLANS_NOT_FOUND_MESSAGE] },
      });
    }
    const oneTime = chosen.find((button) => button.buttonType !== "manual" || button.paymentType !== "subscription");
    if (oneTime) {
      const message = notASubscriptionMessage(oneTime.name);
      throw new AppError("INVALID", message, { fieldErrors: { switchableButtonIds: [message] } });
    }
    const fields = {
      portalAllowPause: input.portalAllowPause,
      businessLegalName: input.businessLegalName || null,
      // One line ending whatever the browser sent, so the invoice prints the lines as typed.
      businessAddress: input.businessAddress.replace(/\r\n?/g, "\n") || null,
      businessTaxId: input.businessTaxId || null,
      invoicePrefix: input.invoicePrefix,
    };
    const merchant = await tx.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } });
    await tx.storeSettings.upsert({
      where: { merchantId },
      create: { merchantId, storeName: merchant.name, ...fields },
      update: fields,
    });
    // Only the buttons whose flag changes are written, so the others keep their updatedAt.
    await tx.paymentButton.updateMany({
      where: { merchantId, portalSwitchable: true, id: { notIn: chosenIds } },
      data: { portalSwitchable: false },
    });
    await tx.paymentButton.updateMany({
      where: { merchantId, portalSwitchable: false, id: { in: chosenIds } },
      data: { portalSwitchable: true },
    });
  });
  return getCustomerPortalSettings(merchantId);
}
