import { createOrderSchema } from "~/schemas/checkout";
import { quoteOrder } from "~/server/services/checkout";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, amount?, quantity?, discountCode?} -> the total an order would have (the "Apply" preview). */
export const POST = jsonEndpoint(createOrderSchema, quoteOrder);
export const OPTIONS = preflight;
