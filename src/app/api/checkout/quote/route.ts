import { createOrderSchema } from "~/schemas/checkout";
import { clientIp } from "~/server/platform/request";
import { quoteOrder } from "~/server/checkout/orders";
import { withCodeCheckBudget } from "~/server/checkout/pricing";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, amount?, quantity?, discountCode?} -> the total an order would have (the "Apply" preview). */
export const POST = jsonEndpoint(createOrderSchema, (input, request) =>
  withCodeCheckBudget(clientIp(request.headers), input.discountCode, () => quoteOrder(input)),
);
export const OPTIONS = preflight;
