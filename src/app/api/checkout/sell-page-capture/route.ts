import { captureOrderSchema } from "~/schemas/checkout";
import { captureSellPageOrder } from "~/server/services/sell-pages";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, orderId} of a sell page's bundle -> {orderId, status, downloadToken}: capture plus download grant. */
export const POST = jsonEndpoint(captureOrderSchema, captureSellPageOrder);
export const OPTIONS = preflight;
