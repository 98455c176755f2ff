import { startSubscriptionSchema } from "~/schemas/checkout";
import { refuseNewCheckoutWhenBusy } from "~/server/checkout/orders";
import { startSubscription } from "~/server/checkout/subscription-signup";
import { jsonEndpoint, preflight } from "../../_lib/json-endpoint";

/** POST {buttonId, buyerCountry?, vatNumber?} -> {subscriptionId}: the PayPal subscription the buyer approves next. */
export const POST = jsonEndpoint(startSubscriptionSchema, startSubscription, refuseNewCheckoutWhenBusy);
export const OPTIONS = preflight;
