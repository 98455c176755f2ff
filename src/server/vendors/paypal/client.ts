import { billingCalls } from "~/server/vendors/paypal/billing";
import { disputeCalls } from "~/server/vendors/paypal/disputes";
import { createPayPalApi } from "~/server/vendors/paypal/http";
import { orderCalls } from "~/server/vendors/paypal/orders";
import { refundCalls } from "~/server/vendors/paypal/refunds";
import type { PayPalClientConfig } from "~/server/vendors/paypal/types";
import { webhookCalls } from "~/server/vendors/paypal/webhooks";

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/** A seller's PayPal REST client: every call of one set of credentials, sharing its token. */
export function createPayPalClient(config: PayPalClientConfig) {
  const { api, checkCredentials } = createPayPalApi(config);
  return {
    ...orderCalls(api),
    ...billingCalls(api),
    ...refundCalls(api),
    ...disputeCalls(api),
    checkCredentials,
    ...webhookCalls(api),
  };
}
