import { env } from "~/env";
import type { PaypalEnvironment } from "~/generated/prisma/enums";
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { sellerSuspendedMessage } from "~/lib/checkout-messages";
import { describeError, logger } from "~/server/platform/logger";
import { createPayPalClient, type PayPalClient } from "~/server/vendors/paypal/client";

export const SELLER_NOT_READY = "This seller cannot take payments yet.";
export const SELLER_SUSPENDED = sellerSuspendedMessage;

export interface MerchantPayPal {
  client: PayPalClient;
  clientId: string;
  environment: PaypalEnvironment;
  /** The webhook id the merchant registered in their PayPal app, if saved (webhook signatures need it). */
  webhookId: string | null;
}

/** Sandbox vs live is the merchant's explicit setting, never inferred from NODE_ENV. */
export function paypalApiBase(environment: PaypalEnvironment): string {
  return environment === "live" ? env.PAYPAL_API_BASE_LIVE : env.PAYPAL_API_BASE_SANDBOX;
}

type Settings = {
  paypalClientId: string | null;
  paypalSecretEncrypted: string | null;
  paypalEnvironment: PaypalEnvironment;
  paypalWebhookId: string | null;
};

const settingsSelect = {
  paypalClientId: true,
  paypalSecretEncrypted: true,
  paypalEnvironment: true,
  paypalWebhookId: true,
} as const;

/**
 * Whether these settings can take payments for a button with `clientId`: the secret we hold belongs to the
 * Store Settings client id, so a button saved with another client id cannot be paid through our server.
 */
export function canTakePayments(settings: Settings | null, clientId?: string): boolean {
  return Boolean(
    settings?.paypalClientId &&
      settings.paypalSecretEncrypted &&
      (clientId === undefined || settings.paypalClientId === clientId),
  );
}

export const merchantPayPalSettingsSelect = settingsSelect;

/** The PayPal REST client acting for this merchant, from the saved (decrypted) credentials. */
export function merchantPayPalFrom(merchantId: string, settings: Settings | null, clientId?: string): MerchantPayPal {
  if (!settings || !canTakePayments(settings, clientId)) {
    throw new AppError("FORBIDDEN", SELLER_NOT_READY);
  }
  let secret: string;
  try {
    secret = decryptSecret(settings.paypalSecretEncrypted!);
  } catch (error) {
    // A rotated ENCRYPTION_KEY leaves the saved secret unreadable: the merchant must save it again.
    logger.error("cannot decrypt a merchant's PayPal secret", { merchantId, ...describeError(error) });
    throw new AppError("FORBIDDEN", SELLER_NOT_READY, { cause: error });
  }
  const clientIdInUse = settings.paypalClientId!;
  return {
    client: createPayPalClient({
      apiBase: paypalApiBase(settings.paypalEnvironment),
      clientId: clientIdInUse,
      secret,
    }),
    clientId: clientIdInUse,
    environment: settings.paypalEnvironment,
    webhookId: settings.paypalWebhookId,
  };
}

/** What a buyer's payment needs to know of the seller (select it from the merchant row). */
export const sellerSelect = { suspendedAt: true, storeSettings: { select: settingsSelect } } as const;
type Seller = { suspendedAt: Date | null; storeSettings: Settings | null };

/**
 * Whether buyers can pay this seller through a button with `clientId`: not while staff have suspended the
 * merchant, nor without a saved secret for that client id. Public reads show the matching message instead of a
 * PayPal button.
 */
export function sellerCanTakePayments(seller: Seller, clientId?: string): boolean {
  return !seller.suspendedAt && canTakePayments(seller.storeSettings, clientId);
}

/**
 * The seller's PayPal client for a buyer's order, capture or subscription: FORBIDDEN with the suspension message
 * while suspended, else as merchantPayPalFrom. Webhooks use merchantPayPal instead, so refunds and subscription
 * changes of a suspended merchant are still recorded.
 */
export function sellerPayPalFrom(merchantId: string, seller: Seller, clientId?: string): MerchantPayPal {
  if (seller.suspendedAt) throw new AppError("FORBIDDEN", SELLER_SUSPENDED);
  return merchantPayPalFrom(merchantId, seller.storeSettings, clientId);
}

/** Loads the merchant's settings and returns their PayPal client; FORBIDDEN "cannot take payments yet" without one. */
export async function merchantPayPal(merchantId: string, clientId?: string): Promise<MerchantPayPal> {
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: settingsSelect });
  return merchantPayPalFrom(merchantId, settings, clientId);
}
