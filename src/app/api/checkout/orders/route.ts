import { checkoutButtonSchema } from "~/schemas/checkout";
import { createOrder } from "~/server/services/checkout";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId} -> {orderId}: the PayPal order for the button's stored price. */
export const POST = jsonEndpoint(checkoutButtonSchema, createOrder);
export const OPTIONS = preflight;
