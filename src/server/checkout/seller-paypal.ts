import { checkoutMessages } from "~/lib/checkout-messages";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import type { ButtonRow } from "~/server/checkout/public-button";
import { sellerPayPalFrom } from "~/server/vendors/paypal/merchant-client";
import type { PayPalPayer } from "~/server/vendors/paypal/types";

// What the checkout's calls to the seller's PayPal share: the client for a button, PayPal's failures as a buyer
// may read them, and recording PayPal's answers (the payer's name, a concurrent writer of the same PayPal id).

/**
 * PayPal's failures as the buyer may read them: a declined or unapproved payment keeps PayPal's sentence and
 * issue (INSTRUMENT_DECLINED lets the buyer's page restart with another instrument); any other provider
 * trouble is the spec's generic payment error, with the real cause in the log.
 */
export async function withPayPal<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const appError = toAppError(error);
    if (appError?.code === "PAYMENT_FAILED" || appError?.code === "NOT_FOUND") throw appError;
    logger.warn("PayPal call failed", { what, ...describeError(appError?.cause ?? error) });
    throw new AppError("UPSTREAM", checkoutMessages.error, { cause: error });
  }
}

export function sellerPayPal(button: ButtonRow) {
  return sellerPayPalFrom(button.merchantId, button.merchant, button.paypalClientId);
}

export function payerName(payer: PayPalPayer | null): string | null {
  const name = [payer?.givenName, payer?.surname].filter(Boolean).join(" ");
  return name || null;
}

/** Another request recorded the same PayPal id (order, subscription) at the same moment. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";
