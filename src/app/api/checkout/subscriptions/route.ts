import { recordSubscriptionSchema } from "~/schemas/checkout";
import { recordSubscription } from "~/server/checkout/subscription-signup";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, subscriptionId} -> {subscriptionId, status}: verified with PayPal, then recorded. */
export const POST = jsonEndpoint(recordSubscriptionSchema, recordSubscription);
export const OPTIONS = preflight;
