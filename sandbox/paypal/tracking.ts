import { readFileSync } from "node:fs";
import { requireClient } from "./auth";
import {
  PayPalError,
  type RestContext,
  invalidRequest,
  isObject,
  readJsonArray,
  readJsonObject,
  sendJson,
  unprocessable,
} from "./http";
import { detail, invalidSyntax, invalidValue, missing, requiredText } from "./order-input";
import { orderView, ownOrder } from "./orders";
import { type Order, type PurchaseUnit, type Tracker, nowIso, plainCopy } from "./state";

// The Orders API's package tracking: the merchant tells PayPal a captured order shipped (POST .../track), and may
// cancel that tracker later (PATCH .../trackers/{id}). PayPal shows the buyer the tracker and, with notify_payer,
// e-mails them; the sandbox keeps it on the order, where GET /__sandbox/orders/{id}/trackers shows all of it.

/**
 * The carriers PayPal names: the shipment_carrier enum of checkout_orders_v2.json and of PayPal's server SDKs
 * (which adds newer ones and OTHER, the one for a carrier PayPal does not list).
 */
const CARRIERS = new Set(JSON.parse(readFileSync(new URL("./carriers.json", import.meta.url), "utf8")) as string[]);
const TRACKER_ITEM_FIELDS = ["name", "quantity", "sku", "url", "image_url", "upc"];
const PATCH_OPS = ["add", "remove", "replace", "move", "copy", "test"];

const unprocessableIssue = (issue: string, description: string, field?: string, value?: string) =>
  unprocessable([detail(issue, description, field, value)]);

/** A tracker's items; a sku must be one the order was created with. */
function parseItems(raw: unknown, path: string, unit: PurchaseUnit): Record<string, unknown>[] {
  if (!Array.isArray(raw)) throw invalidSyntax(path);
  const skus = new Set((unit.items ?? []).map((item) => (item as { sku?: unknown }).sku));
  return raw.map((item: unknown, i) => {
    const field = `${path}/${i}`;
    if (!isObject(item)) throw invalidSyntax(field);
    if (item.name !== undefined) requiredText(item.name, `${field}/name`, 1, 127);
    if (item.quantity !== undefined && !/^[1-9][0-9]{0,9}$/.test(String(item.quantity))) {
      throw invalidSyntax(`${field}/quantity`);
    }
    if (item.sku !== undefined && !skus.has(requiredText(item.sku, `${field}/sku`, 1, 127))) {
      throw unprocessableIssue(
        "ITEM_SKU_MISMATCH",
        "Item sku must match one of the items sku that was provided during order creation.",
        `${field}/sku`,
        item.sku as string,
      );
    }
    return plainCopy(Object.fromEntries(Object.entries(item).filter(([key]) => TRACKER_ITEM_FIELDS.includes(key))));
  });
}

/** order_tracker_request, less its items: capture_id, tracking_number, carrier (OTHER with a name), notify_payer. */
function parseTrackerRequest(body: Record<string, unknown>) {
  const captureId = requiredText(body.capture_id, "/capture_id", 1, 50);
  if (!/^[a-zA-Z0-9]*$/.test(captureId)) throw invalidSyntax("/capture_id");
  const trackingNumber = requiredText(body.tracking_number, "/tracking_number", 1, 64);
  const carrier = requiredText(body.carrier, "/carrier", 1, 64);
  if (!CARRIERS.has(carrier)) throw invalidValue("/carrier", carrier);
  // PayPal reads carrier_name_other only for OTHER.
  const carrierNameOther =
    carrier === "OTHER" ? requiredText(body.carrier_name_other, "/carrier_name_other", 1, 64) : undefined;
  if (body.notify_payer !== undefined && typeof body.notify_payer !== "boolean") throw invalidSyntax("/notify_payer");
  return {
    capture_id: captureId,
    tracking_number: trackingNumber,
    carrier,
    ...(carrierNameOther && { carrier_name_other: carrierNameOther }),
    notify_payer: body.notify_payer === true,
  };
}

/** The order's only purchase unit: PayPal tracks single-unit orders only. */
function trackedUnit(order: Order): PurchaseUnit {
  if (order.purchase_units.length > 1) {
    throw unprocessableIssue("MSP_NOT_SUPPORTED", "Multiple purchase units are not supported for this operation.");
  }
  return order.purchase_units[0]!;
}

/**
 * POST /v2/checkout/orders/{id}/track: 201 with the order, its new tracker under purchase_units[0].shipping.
 * A tracker is its capture and tracking number: posting them again adds nothing and answers 200 (the openapi's
 * "If a duplicate response is retried, returns the HTTP 200 OK status code").
 */
export async function trackOrder(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const body = await readJsonObject(ctx.req);
  const order = ownOrder(ctx.store, id, clientId);
  const request = parseTrackerRequest(body);
  const unit = trackedUnit(order);
  const capture = ctx.store.data.captures[request.capture_id];
  if (!capture || capture.orderId !== order.id) {
    throw unprocessableIssue(
      "CAPTURE_ID_NOT_FOUND",
      "Specified capture ID does not exist. Check the capture ID and try again.",
      "/capture_id",
      request.capture_id,
    );
  }
  if (capture.status !== "COMPLETED") {
    throw unprocessableIssue(
      "CAPTURE_STATUS_NOT_VALID",
      "Invalid capture status. Tracker information can only be added to captures in `COMPLETED` state.",
      "/capture_id",
      request.capture_id,
    );
  }
  const items = body.items === undefined ? undefined : parseItems(body.items, "/items", unit);
  const trackerId = `${capture.id}-${request.tracking_number}`;
  const isNew = !unit.trackers?.some((t) => t.id === trackerId);
  if (isNew) {
    const now = nowIso();
    const tracker: Tracker = {
      id: trackerId,
      ...request,
      status: "SHIPPED",
      ...(items && { items }),
      create_time: now,
      update_time: now,
    };
    if (unit.trackers) unit.trackers.push(tracker);
    else unit.trackers = [tracker];
  }
  sendJson(ctx.res, isNew ? 201 : 200, orderView(ctx.store, ctx.base, order));
}

const patchOperationError = () =>
  invalidRequest([
    detail(
      "INVALID_PATCH_OPERATION",
      "The operation cannot be honored. Cannot add a property that's already present, use replace. Cannot remove a property thats not present, use add. Cannot replace a property thats not present, use add.",
    ),
  ]);

/** One JSON Patch operation on a tracker, checked; applying it is the returned function. */
function parsePatch(raw: unknown, i: number, unit: PurchaseUnit): (tracker: Tracker) => void {
  if (!isObject(raw)) throw invalidSyntax(`/${i}`);
  const { op, path, value } = raw;
  if (op === undefined) throw missing(`/${i}/op`);
  if (!PATCH_OPS.includes(op as string)) throw invalidValue(`/${i}/op`, op);
  if (path === undefined) {
    throw unprocessableIssue(
      "PATCH_PATH_REQUIRED",
      "Specify a `value` for the field in which the operation needs to be performed.",
      `/${i}/path`,
    );
  }
  if (typeof path !== "string" || !path.startsWith("/")) {
    throw unprocessableIssue(
      "INVALID_JSON_POINTER_FORMAT",
      "Path should be a valid [JSON Pointer](https://tools.ietf.org/html/rfc6901) that references a location within the request where the operation is performed.",
      `/${i}/path`,
    );
  }
  const patchable: Record<string, string[]> = {
    "/status": ["replace"],
    "/notify_payer": ["replace", "add"],
    "/items": ["replace"],
  };
  if (!patchable[path])
    throw invalidRequest([detail("FIELD_NOT_PATCHABLE", "Field cannot be patched.", `/${i}/path`, path)]);
  if (!patchable[path].includes(op as string)) throw patchOperationError();
  if (value === undefined) {
    throw unprocessableIssue("PATCH_VALUE_REQUIRED", "Specify a `value` for the field being patched.", `/${i}/value`);
  }
  if (path === "/status") {
    // PayPal: "Only patching status to CANCELLED is currently supported."
    if (value !== "CANCELLED") {
      throw invalidValue(`/${i}/value`, value, "Only patching status to CANCELLED is currently supported.");
    }
    return (tracker) => (tracker.status = "CANCELLED");
  }
  if (path === "/notify_payer") {
    if (typeof value !== "boolean") throw invalidValue(`/${i}/value`, value);
    return (tracker) => (tracker.notify_payer = value);
  }
  const items = parseItems(value, `/${i}/value`, unit);
  return (tracker) => (tracker.items = items);
}

/** PATCH /v2/checkout/orders/{id}/trackers/{tracker_id} with a JSON Patch: 204, every operation or none applied. */
export async function patchTracker(ctx: RestContext, id: string, encodedTrackerId: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const operations = await readJsonArray(ctx.req);
  const order = ownOrder(ctx.store, id, clientId);
  let trackerId: string;
  try {
    trackerId = decodeURIComponent(encodedTrackerId);
  } catch {
    trackerId = encodedTrackerId;
  }
  const unit = order.purchase_units.find((u) => u.trackers?.some((t) => t.id === trackerId));
  const tracker = unit?.trackers!.find((t) => t.id === trackerId);
  if (!unit || !tracker) {
    throw new PayPalError(404, "RESOURCE_NOT_FOUND", [
      {
        value: trackerId,
        location: "path",
        issue: "TRACKER_ID_NOT_FOUND",
        description: "Specified tracker ID does not exist. Check the tracker ID and try again.",
      },
    ]);
  }
  const changes = operations.map((operation, i) => parsePatch(operation, i, unit));
  for (const change of changes) change(tracker);
  tracker.update_time = nowIso();
  ctx.res.writeHead(204).end();
}

/** GET /__sandbox/orders/{id}/trackers: every tracker in full (carrier, number, notify_payer), for tests. */
export function trackersOf(order: Order) {
  return order.purchase_units.flatMap((unit) => unit.trackers ?? []);
}
