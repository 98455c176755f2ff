import { cartSchema } from "~/schemas/store-page";
import { clientIp } from "~/server/platform/request";
import { previewCart } from "~/server/checkout/cart";
import { withCodeCheckBudget } from "~/server/checkout/pricing";
import { jsonEndpoint, preflight } from "../../_lib/json-endpoint";

/** POST {handle, items: [{buttonId, quantity}], discountCode?} -> the cart's lines and total, priced by our server. */
export const POST = jsonEndpoint(cartSchema, (input, request) =>
  withCodeCheckBudget(clientIp(request.headers), input.discountCode, () => previewCart(input)),
);
export const OPTIONS = preflight;
