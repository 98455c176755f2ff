import { createOrderSchema } from "~/schemas/checkout";
import { createOrder } from "~/server/services/checkout";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, amount?, quantity?, discountCode?} -> {orderId}: the PayPal order, priced by our server. */
export const POST = jsonEndpoint(createOrderSchema, createOrder);
export const OPTIONS = preflight;
