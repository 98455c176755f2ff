import { requireClient } from "./auth";
import {
  type RestContext,
  type SandboxCore,
  created,
  invalidRequest,
  notFound,
  permissionDenied,
  readJsonObject,
  sendJson,
  unprocessable,
} from "./http";
import { DEFAULT_ADDRESS_ID, findAddress, shipTo } from "./addresses";
import { type BuyerOutcome, type TestBuyer, findBuyer } from "./identities";
import { fromMinor, paypalFee, toMinor } from "./money";
import { detail, experienceUrls, missing, parsePurchaseUnits, shippingPreference } from "./order-input";
import { chooseShipping, refusalError } from "./shipping-callback";
import { orderUpdateCallback, parseUnitsShippingOptions } from "./shipping-input";
import { type Capture, type Order, type Payer, type Store, type Tracker, nowIso, paypalId, plainCopy } from "./state";
import { parseVaultRequest, saveToVault, vaultAttributes, vaultTokenFor } from "./vault";

const IDEMPOTENCY_TTL_MS = 6 * 60 * 60 * 1000; // PayPal keeps PayPal-Request-Id keys for 6 hours.

/** Replays the stored answer for a repeated PayPal-Request-Id; otherwise runs and remembers a 2xx answer. */
export async function withIdempotency(
  ctx: RestContext,
  clientId: string,
  run: () => Promise<{ status: number; body: unknown }>,
) {
  const requestId = ctx.req.headers["paypal-request-id"];
  const key = typeof requestId === "string" && requestId ? `${clientId} ${ctx.req.url} ${requestId}` : undefined;
  const stored = key ? ctx.store.data.idempotency[key] : undefined;
  if (stored && stored.at > Date.now() - IDEMPOTENCY_TTL_MS) {
    sendJson(ctx.res, stored.status, stored.body);
    return;
  }
  const { status, body } = await run();
  if (key && status < 300) {
    const table = ctx.store.data.idempotency;
    // Oldest first (an answer is always added at the end), so the sweep stops at the first live one instead of
    // reading every stored answer on every call.
    for (const k in table) {
      if (table[k]!.at >= Date.now() - IDEMPOTENCY_TTL_MS) break;
      delete table[k];
    }
    delete table[key];
    table[key] = { status, body, at: Date.now() };
  }
  sendJson(ctx.res, status, body);
}

export function orderView(store: Store, base: string, order: Order) {
  const self = `${base}/v2/checkout/orders/${order.id}`;
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...((order.payer || order.vault) && {
      payment_source: {
        paypal: {
          ...(order.payer && {
            email_address: order.payer.email_address,
            account_id: order.payer.payer_id,
            account_status: "VERIFIED",
            name: order.payer.name,
            address: order.payer.address,
          }),
          ...(order.vault && { attributes: { vault: vaultAttributes(base, order) } }),
        },
      },
    }),
    purchase_units: order.purchase_units.map(({ captureIds, trackers, ...unit }) => ({
      ...unit,
      ...(trackers && {
        shipping: { ...unit.shipping, trackers: trackers.map((tracker) => trackerView(base, order.id, tracker)) },
      }),
      ...(captureIds.length > 0 && {
        payments: { captures: captureIds.map((id) => captureView(base, store.data.captures[id]!)) },
      }),
    })),
    ...(order.payer && { payer: order.payer }),
    create_time: order.create_time,
    ...(order.status !== "CREATED" && { update_time: order.update_time }),
    links: [
      { href: self, rel: "self", method: "GET" },
      ...(order.status === "CREATED"
        ? [{ href: `${base}/checkoutnow?token=${order.id}`, rel: "approve", method: "GET" }]
        : []),
      ...(order.status === "APPROVED" ? [{ href: `${self}/capture`, rel: "capture", method: "POST" }] : []),
    ],
  };
}

/** A tracker as PayPal shows it in the order: carrier and number stay with PayPal (see /__sandbox/.../trackers). */
function trackerView(base: string, orderId: string, tracker: Tracker) {
  const self = `${base}/v2/checkout/orders/${orderId}/trackers/${encodeURIComponent(tracker.id)}`;
  return {
    id: tracker.id,
    status: tracker.status,
    ...(tracker.items && { items: tracker.items }),
    links: [
      { href: self, rel: "update", method: "PATCH" },
      { href: `${base}/v2/checkout/orders/${orderId}`, rel: "up", method: "GET" },
    ],
    create_time: tracker.create_time,
    update_time: tracker.update_time,
  };
}

export function captureView(base: string, capture: Capture) {
  const { currency_code: currency } = capture.amount;
  const gross = toMinor(capture.amount.value, currency) as number;
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.status_details && { status_details: capture.status_details }),
    amount: capture.amount,
    final_capture: true,
    seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
    ...(capture.fee && {
      seller_receivable_breakdown: {
        gross_amount: capture.amount,
        paypal_fee: capture.fee,
        net_amount: {
          currency_code: currency,
          value: fromMinor(gross - (toMinor(capture.fee.value, currency) as number), currency),
        },
      },
    }),
    ...(capture.custom_id && { custom_id: capture.custom_id }),
    ...(capture.invoice_id && { invoice_id: capture.invoice_id }),
    supplementary_data: { related_ids: { order_id: capture.orderId } },
    links: [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" },
      ...(capture.status === "COMPLETED" || capture.status === "PARTIALLY_REFUNDED"
        ? [{ href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: "refund", method: "POST" }]
        : []),
      { href: `${base}/v2/checkout/orders/${capture.orderId}`, rel: "up", method: "GET" },
    ],
    create_time: capture.create_time,
    update_time: capture.update_time ?? capture.create_time,
  };
}

export function ownOrder(store: Store, id: string, clientId: string | undefined): Order {
  const order = store.data.orders[id];
  if (!order) throw notFound(id);
  if (clientId !== undefined && order.clientId !== clientId) throw permissionDenied();
  return order;
}

export async function createOrder(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const body = await readJsonObject(ctx.req);
    if (body.intent === undefined) throw missing("/intent");
    if (body.intent !== "CAPTURE") {
      throw invalidRequest([
        detail(
          "INVALID_PARAMETER_VALUE",
          "The value of a field is invalid. The local sandbox supports intent CAPTURE only.",
          "/intent",
          String(body.intent),
        ),
      ]);
    }
    const now = nowIso();
    const units = parsePurchaseUnits(body, clientId);
    const preference = shippingPreference(body, units);
    parseUnitsShippingOptions(units, preference);
    const callback = orderUpdateCallback(body, preference, units);
    const token = vaultTokenFor(ctx.store, ctx.req, clientId, body);
    const vault = token ? undefined : parseVaultRequest(ctx.store, clientId, body);
    const order: Order = {
      id: paypalId(),
      clientId,
      intent: "CAPTURE",
      status: "CREATED",
      purchase_units: units,
      shipping_preference: preference,
      ...(callback && { order_update_callback: callback }),
      ...experienceUrls(body),
      ...(vault && { vault }),
      create_time: now,
      update_time: now,
    };
    // A saved wallet pays at once: PayPal answers the create with the order already COMPLETED and its captures
    // (intent CAPTURE), with no approval and no capture call. PayPal-Request-Id is mandatory because this create
    // moves money (PAYPAL_REQUEST_ID_REQUIRED in checkout_orders_v2.json), and PayPal's sample of a merchant-initiated
    // order on a saved wallet (developer.paypal.com/studio/checkout/standard/customize/recurring-payments-module)
    // comes back from the create COMPLETED with its payment made (an authorization there, for intent AUTHORIZE).
    // With no buyer present to pick another instrument, a declining persona refuses the create itself (docs silent).
    const buyer = token && findBuyer(token.buyerId)!;
    if (buyer?.outcome === "INSTRUMENT_DECLINED") throw instrumentDeclined();
    if (buyer) setPayer(order, buyer, plainCopy(token!.payer));
    ctx.store.data.orders[order.id] = order;
    const stored = ctx.store.data.orders[order.id]!;
    if (buyer) charge(ctx, stored, buyer.outcome);
    return created(ctx.req, orderView(ctx.store, ctx.base, stored));
  });
}

export function getOrder(ctx: RestContext, id: string) {
  const order = ownOrder(ctx.store, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, orderView(ctx.store, ctx.base, order));
}

/** Emits PAYMENT.CAPTURE.COMPLETED, PENDING or DECLINED for a new capture. */
function emitCapture(core: SandboxCore, capture: Capture) {
  core.events.emit(capture.clientId, capture.orderId, {
    event_type: `PAYMENT.CAPTURE.${capture.status}`,
    resource_type: "capture",
    summary: `Payment ${capture.status.toLowerCase()} for ${capture.amount.value} ${capture.amount.currency_code}`,
    resource: captureView(core.base, capture),
  });
}

export async function captureOrder(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    await readJsonObject(ctx.req, true);
    const order = ownOrder(ctx.store, id, clientId);
    if (order.status === "COMPLETED") {
      throw unprocessable([
        detail(
          "ORDER_ALREADY_CAPTURED",
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
      ]);
    }
    if (order.status === "CREATED") {
      throw unprocessable([
        detail(
          "ORDER_NOT_APPROVED",
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        ),
      ]);
    }
    const outcome = findBuyer(order.buyerId)?.outcome ?? "COMPLETED";
    // The order stays APPROVED: the buyer may go back (actions.restart()) and approve with another instrument.
    if (outcome === "INSTRUMENT_DECLINED") throw instrumentDeclined();
    charge(ctx, order, outcome);
    return { status: 201, body: orderView(ctx.store, ctx.base, order) };
  });
}

const instrumentDeclined = () =>
  unprocessable([
    detail(
      "INSTRUMENT_DECLINED",
      "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
    ),
  ]);

/** Captures every purchase unit with the buyer's outcome, completes the order and tells the webhooks. */
function charge(core: SandboxCore, order: Order, outcome: Exclude<BuyerOutcome, "INSTRUMENT_DECLINED">) {
  const now = nowIso();
  const captures = order.purchase_units.map((unit) => {
    const minor = toMinor(unit.amount.value, unit.amount.currency_code) as number;
    const capture: Capture = {
      id: paypalId(),
      orderId: order.id,
      clientId: order.clientId,
      status: outcome,
      ...(outcome === "PENDING" && { status_details: { reason: "PENDING_REVIEW" } }),
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      ...(outcome === "COMPLETED" && {
        fee: {
          currency_code: unit.amount.currency_code,
          value: fromMinor(paypalFee(minor), unit.amount.currency_code),
        },
      }),
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      create_time: now,
    };
    core.store.data.captures[capture.id] = capture;
    unit.captureIds.push(capture.id);
    return capture;
  });
  order.status = "COMPLETED";
  order.update_time = now;
  // store_in_vault ON_SUCCESS: a declined capture saves nothing; a pending one is a payment PayPal accepted.
  if (outcome !== "DECLINED") saveToVault(core.store, order);
  for (const capture of captures) emitCapture(core, capture);
}

export function getCapture(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const capture = ctx.store.data.captures[id];
  if (!capture) throw notFound(id);
  if (capture.clientId !== clientId) throw permissionDenied();
  sendJson(ctx.res, 200, captureView(ctx.base, capture));
}

/** A completed order is past PayPal's window: nothing more to pick or approve. */
export function refuseCompleted(order: Order) {
  if (order.status === "COMPLETED") {
    throw unprocessable([
      detail("ORDER_COMPLETED_OR_VOIDED", "Order is voided or completed and hence cannot be processed"),
    ]);
  }
}

/** Where the buyer picks the address in PayPal's window (the default preference). */
export const buyerPicksAddress = (order: Order) =>
  order.shipping_preference !== "NO_SHIPPING" && order.shipping_preference !== "SET_PROVIDED_ADDRESS";

/**
 * The buyer approves in PayPal's window; `clientId` (from the SDK's script URL), when given, must own the order.
 * `email` stands for the PayPal account the persona logged in with (tests give each buyer an address of their own,
 * as real buyers have). `picks` are the test address and shipping option the buyer ships with: a choice the
 * merchant's callback has not priced yet is priced first, as the window would have, and one it refused is refused.
 */
export async function approveOrder(
  core: SandboxCore,
  id: string,
  buyerId: unknown,
  clientId?: string,
  email?: unknown,
  picks: { address?: unknown; option?: unknown } = {},
): Promise<Order> {
  const order = ownOrder(core.store, id, clientId);
  const buyer = findBuyer(buyerId);
  if (!buyer) {
    throw invalidRequest([detail("INVALID_PARAMETER_VALUE", "Unknown test buyer.", "/buyer", String(buyerId))]);
  }
  refuseCompleted(order);
  if (buyerPicksAddress(order)) {
    // Awaited only while the merchant is called back, so that an approval that needs no call is made at once.
    const pricing = chooseShipping(core, order, picks);
    if (pricing) await pricing;
    const refusal = order.shipping_choice?.refusal;
    if (refusal) throw refusalError(refusal);
  }
  order.status = "APPROVED";
  setPayer(
    order,
    buyer,
    typeof email === "string" && /^[^\s@]+@[^\s@]+$/.test(email)
      ? { ...buyer.payer, email_address: email }
      : buyer.payer,
  );
  order.update_time = nowIso();
  return order;
}

/** Who pays (by approving, or through their saved wallet), and where the order ships. */
function setPayer(order: Order, buyer: TestBuyer, payer: Payer) {
  order.buyerId = buyer.id;
  order.payer = payer;
  const address = findAddress(order.shipping_choice?.address ?? DEFAULT_ADDRESS_ID)!;
  for (const unit of order.purchase_units) {
    if (order.shipping_preference === "NO_SHIPPING") delete unit.shipping;
    // The buyer picks an address from their PayPal account unless the merchant set one; the options stay.
    else if (buyerPicksAddress(order)) {
      const options = unit.shipping?.options && plainCopy(unit.shipping.options);
      unit.shipping = { ...shipTo(address, buyer.payer), ...(options && { options }) };
    }
  }
}
