import { createOrderSchema } from "~/schemas/checkout";
import { clientIp } from "~/server/platform/request";
import { createOrder, refuseNewCheckoutWhenBusy } from "~/server/checkout/orders";
import { withCodeCheckBudget } from "~/server/checkout/pricing";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, amount?, quantity?, discountCode?} -> {orderId}: the PayPal order, priced by our server. */
export const POST = jsonEndpoint(
  createOrderSchema,
  (input, request) => withCodeCheckBudget(clientIp(request.headers), input.discountCode, () => createOrder(input)),
  refuseNewCheckoutWhenBusy,
);
export const OPTIONS = preflight;
