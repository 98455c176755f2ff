import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { canTakePayments, sellerSelect } from "~/server/vendors/paypal/merchant-client";

/**
 * Why a POP cannot take payments although it may be switched on: the seller-facing side of the rule the checkout
 * applies when it refuses a buyer ("This seller cannot take payments yet", merchantPayPalFrom / sellerPayPalFrom).
 * Lists and reads carry it as `setupIssue`, so every screen says "Setup needed" with the fix instead of "Active".
 */
export type SetupIssueCode =
  | "store_suspended"
  | "paypal_not_connected"
  | "paypal_secret_unreadable"
  | "client_id_mismatch"
  | "subscription_plan_missing";

export type SetupIssue = {
  code: SetupIssueCode;
  /** The badge: "Setup needed", or "Suspended" when staff have suspended the store. */
  label: "Setup needed" | "Suspended";
  /** One sentence naming the fix. */
  message: string;
  /** Where the seller fixes it; null when only Popkit staff can (a suspension). */
  fixHref: string | null;
};

/** What the rule needs to know of the merchant, loaded once per list. */
export type SellerSetup = {
  isSuspended: boolean;
  settings: Parameters<typeof canTakePayments>[0];
  /** False when the saved secret cannot be decrypted (e.g. a rotated ENCRYPTION_KEY): checkout refuses then too. */
  isSecretReadable: boolean;
};

/** What the rule needs to know of one POP. */
export type PopSetup = {
  paypalClientId: string;
  /** Subscriptions only: the PayPal plan buyers subscribe to. */
  subscriptionPlanId?: string | null;
  isSubscription?: boolean;
  /** The POP's edit screen, for fixes made there. */
  editHref: string;
};

const STORE_SETTINGS = "/dashboard/settings";

export async function loadSellerSetup(merchantId: string): Promise<SellerSetup> {
  const merchant = await db.merchant.findUnique({ where: { id: merchantId }, select: sellerSelect });
  const settings = merchant?.storeSettings ?? null;
  let isSecretReadable = false;
  if (settings?.paypalSecretEncrypted) {
    try {
      decryptSecret(settings.paypalSecretEncrypted);
      isSecretReadable = true;
    } catch {
      isSecretReadable = false;
    }
  }
  return { isSuspended: Boolean(merchant?.suspendedAt), settings, isSecretReadable };
}

/** An issue the seller fixes themselves, in Store Settings unless `fixHref` says where. */
function setupNeeded(code: SetupIssueCode, message: string, fixHref = STORE_SETTINGS): SetupIssue {
  return { code, label: "Setup needed", message, fixHref };
}

/** The first reason this POP cannot take payments, or null when buyers can pay it (once it is switched on). */
export function setupIssueOf(seller: SellerSetup, pop: PopSetup): SetupIssue | null {
  if (seller.isSuspended) {
    return {
      code: "store_suspended",
      label: "Suspended",
      message: "Your store is suspended, so buyers cannot pay. Contact Popkit support.",
      fixHref: null,
    };
  }
  const settings = seller.settings;
  if (!canTakePayments(settings, pop.paypalClientId)) {
    if (!settings?.paypalClientId) {
      return setupNeeded("paypal_not_connected", "Add your PayPal client ID and secret in Store Settings.");
    }
    if (!settings.paypalSecretEncrypted) {
      return setupNeeded("paypal_not_connected", "Add your PayPal secret in Store Settings.");
    }
    return setupNeeded(
      "client_id_mismatch",
      "Its PayPal client ID is not the one in Store Settings. Edit it to use the saved one.",
      pop.editHref,
    );
  }
  if (!seller.isSecretReadable) {
    return setupNeeded("paypal_secret_unreadable", "Save your PayPal secret again in Store Settings.");
  }
  if (pop.isSubscription && !pop.subscriptionPlanId?.trim()) {
    return setupNeeded(
      "subscription_plan_missing",
      "This subscription has no PayPal plan. Edit it to add the plan ID.",
      pop.editHref,
    );
  }
  return null;
}
