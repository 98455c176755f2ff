import { unique } from "./unique";

/** What a checkout session and the payment captured from it share: the merchant's PayPal order, $10.00, unique. */
export function paypalOrder(merchantId: string) {
  return { merchantId, paypalOrderId: unique("ORDER-"), amountMinor: 1000, currency: "USD" as const };
}
