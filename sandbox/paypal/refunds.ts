import { requireClient } from "./auth";
import {
  type RestContext,
  type SandboxCore,
  created,
  invalidRequest,
  isObject,
  notFound,
  permissionDenied,
  readJsonObject,
  sendJson,
  unprocessable,
} from "./http";
import { merchantFor } from "./identities";
import { AMOUNT_ISSUE_DESCRIPTIONS, minorOf, moneyOf, refundedFee, toMinor } from "./money";
import { detail, parseMoney } from "./order-input";
import { withIdempotency } from "./orders";
import { type Capture, type Money, type Refund, type Store, nowIso, paypalId } from "./state";

// Refunds of v2 captures (Payments v2), from the API or from the merchant's PayPal dashboard.

/** What earlier refunds took back from a capture or sale, in minor units (refunds listed in the order made). */
export function refundsOf(store: Store, parentId: string, until?: Refund) {
  const all = Object.values(store.data.refunds).filter((r) => r.parentId === parentId);
  // By id: records read from the store are views, never the very object a caller holds.
  const upTo = until ? all.slice(0, all.findIndex((r) => r.id === until.id) + 1) : all;
  return {
    amount: upTo.reduce((sum, r) => sum + minorOf(r.amount), 0),
    fee: upTo.reduce((sum, r) => sum + minorOf(r.fee), 0),
  };
}

/** A new refund of `parent` (its gross and fee), `amountMinor` or all that is left. */
export function newRefund(
  store: Store,
  parent: { id: string; clientId: string; amount: Money; fee?: Money },
  kind: Refund["kind"],
  amountMinor: number | undefined,
  extra: Pick<Refund, "invoice_id" | "custom_id" | "note_to_payer" | "reason">,
): Refund {
  const currency = parent.amount.currency_code;
  const gross = minorOf(parent.amount);
  const before = refundsOf(store, parent.id).amount;
  const minor = amountMinor ?? gross - before;
  const feeMinor = parent.fee ? refundedFee(gross, minorOf(parent.fee), before, minor) : 0;
  const refund: Refund = {
    id: paypalId(),
    clientId: parent.clientId,
    kind,
    parentId: parent.id,
    amount: moneyOf(minor, currency),
    fee: moneyOf(feeMinor, currency),
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
    create_time: nowIso(),
  };
  store.data.refunds[refund.id] = refund;
  return refund;
}

export function captureRefundView(store: Store, base: string, refund: Refund) {
  const { currency_code: currency } = refund.amount;
  const net = minorOf(refund.amount) - minorOf(refund.fee);
  return {
    id: refund.id,
    amount: refund.amount,
    ...(refund.invoice_id && { invoice_id: refund.invoice_id }),
    ...(refund.custom_id && { custom_id: refund.custom_id }),
    ...(refund.note_to_payer && { note_to_payer: refund.note_to_payer }),
    seller_payable_breakdown: {
      gross_amount: refund.amount,
      paypal_fee: refund.fee,
      net_amount: moneyOf(net, currency),
      total_refunded_amount: moneyOf(refundsOf(store, refund.parentId, refund).amount, currency),
    },
    status: "COMPLETED",
    payer: merchantFor(refund.clientId),
    create_time: refund.create_time,
    update_time: refund.create_time,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: "self", method: "GET" },
      { href: `${base}/v2/payments/captures/${refund.parentId}`, rel: "up", method: "GET" },
    ],
  };
}

const refuse = (issue: string, description: string, field?: string) =>
  unprocessable([detail(issue, description, field)]);

/** Refunds a capture (all that is left when `amount` is absent) and emits PAYMENT.CAPTURE.REFUNDED. */
export function refundCapture(
  core: SandboxCore,
  capture: Capture,
  amount: { currency: string; minor: number } | undefined,
  extra: Pick<Refund, "invoice_id" | "custom_id" | "note_to_payer"> = {},
): Refund {
  if (capture.status === "PENDING") {
    throw refuse(
      "PENDING_CAPTURE",
      "Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.",
    );
  }
  if (capture.status === "DECLINED") throw refuse("REFUND_NOT_ALLOWED", "Capture cannot be refunded.");
  if (capture.status === "REFUNDED")
    throw refuse("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
  if (amount && amount.currency !== capture.amount.currency_code) {
    throw refuse(
      "REFUND_CAPTURE_CURRENCY_MISMATCH",
      "Refund must be in the same currency as the capture",
      "/amount/currency_code",
    );
  }
  const left = minorOf(capture.amount) - refundsOf(core.store, capture.id).amount;
  if (amount && amount.minor > left) {
    throw refuse(
      "REFUND_AMOUNT_EXCEEDED",
      "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
      "/amount/value",
    );
  }
  const refund = newRefund(core.store, capture, "capture", amount?.minor, extra);
  capture.status = amount && amount.minor < left ? "PARTIALLY_REFUNDED" : "REFUNDED";
  capture.update_time = refund.create_time;
  core.events.emit(capture.clientId, capture.orderId, {
    event_type: "PAYMENT.CAPTURE.REFUNDED",
    resource_type: "refund",
    summary: `A ${refund.amount.value} ${refund.amount.currency_code} capture payment was refunded`,
    resource: captureRefundView(core.store, core.base, refund),
  });
  return refund;
}

function optionalText(body: Record<string, unknown>, key: string, max: number) {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.length < 1 || value.length > max) {
    throw invalidRequest([
      detail("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", `/${key}`),
    ]);
  }
  return value;
}

function ownCapture(store: Store, id: string, clientId: string) {
  const capture = store.data.captures[id];
  if (!capture) throw notFound(id);
  if (capture.clientId !== clientId) throw permissionDenied();
  return capture;
}

/** POST /v2/payments/captures/{id}/refund {amount?, invoice_id?, note_to_payer?, custom_id?} */
export async function handleCaptureRefund(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const body = await readJsonObject(ctx.req, true);
    const capture = ownCapture(ctx.store, id, clientId);
    const amount = body.amount === undefined ? undefined : parseMoney(body.amount, "/amount");
    const refund = refundCapture(ctx, capture, amount, {
      invoice_id: optionalText(body, "invoice_id", 127),
      custom_id: optionalText(body, "custom_id", 127),
      note_to_payer: optionalText(body, "note_to_payer", 255),
    });
    return created(ctx.req, captureRefundView(ctx.store, ctx.base, refund));
  });
}

/** GET /v2/payments/refunds/{id} */
export function getCaptureRefund(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const refund = ctx.store.data.refunds[id];
  if (!refund || refund.kind !== "capture") throw notFound(id);
  if (refund.clientId !== clientId) throw permissionDenied();
  sendJson(ctx.res, 200, captureRefundView(ctx.store, ctx.base, refund));
}

/** A dashboard refund's optional amount: a plain value in the payment's own currency. */
export function dashboardAmount(amount: unknown, currency: string) {
  if (amount === undefined) return undefined;
  const minor = typeof amount === "string" ? toMinor(amount, currency) : { issue: "INVALID_PARAMETER_SYNTAX" as const };
  if (typeof minor !== "number") {
    throw invalidRequest([
      detail(
        minor.issue,
        AMOUNT_ISSUE_DESCRIPTIONS[minor.issue],
        "/amount",
        isObject(amount) ? undefined : String(amount),
      ),
    ]);
  }
  return { currency, minor };
}

/** The merchant refunds a capture in PayPal's dashboard (all that is left unless `amount`). */
export function dashboardCaptureRefund(core: SandboxCore, id: string, amount: unknown): Refund {
  const capture = core.store.data.captures[id];
  if (!capture) throw notFound(id);
  return refundCapture(core, capture, dashboardAmount(amount, capture.amount.currency_code));
}

/** POST /__sandbox/captures/{id}/refund {amount?} */
export async function handleDashboardCaptureRefund(ctx: RestContext, id: string) {
  const body = await readJsonObject(ctx.req, true);
  sendJson(ctx.res, 201, captureRefundView(ctx.store, ctx.base, dashboardCaptureRefund(ctx, id, body.amount)));
}
