import { captureOrderSchema } from "~/schemas/checkout";
import { captureOrder } from "~/server/checkout/capture";
import { jsonEndpoint, preflight } from "../_lib/json-endpoint";

/** POST {buttonId, orderId} -> {orderId, status}: captures the approved order and records the transaction. */
export const POST = jsonEndpoint(captureOrderSchema, captureOrder);
export const OPTIONS = preflight;
