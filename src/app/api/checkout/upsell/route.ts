import { upsellSchema } from "~/schemas/checkout";
import { answerUpsell } from "~/server/checkout/upsell";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/**
 * POST {token, answer: "yes" | "no"}: the buyer's answer to the one-click upsell offered with the capture's answer.
 * "yes" answers {taken: {paymentId, status}} (charged to the saved wallet) or {orderId} (approve it in PayPal's
 * window, then capture it as any order); "no" answers {declined: true}.
 */
export const POST = jsonEndpoint(upsellSchema, answerUpsell);
export const OPTIONS = preflight;
