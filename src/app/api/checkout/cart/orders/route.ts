import { cartSchema } from "~/schemas/store-page";
import { clientIp } from "~/server/platform/request";
import { createCartOrder } from "~/server/checkout/cart";
import { refuseNewCheckoutWhenBusy } from "~/server/checkout/orders";
import { withCodeCheckBudget } from "~/server/checkout/pricing";
import { jsonEndpoint, preflight } from "../../_lib/json-endpoint";

/**
 * POST {handle, items: [{buttonId, quantity}], discountCode?} -> {orderId, buttonId}: one PayPal order for the
 * whole cart; the store page captures it through /api/checkout/capture with that button id.
 */
export const POST = jsonEndpoint(
  cartSchema,
  (input, request) => withCodeCheckBudget(clientIp(request.headers), input.discountCode, () => createCartOrder(input)),
  refuseNewCheckoutWhenBusy,
);
export const OPTIONS = preflight;
