import { handleOAuthToken, issueToken } from "./auth";
import { createPlan, createProduct, createSandboxPlan, getPlan, getProduct, planView, setPlanStatus } from "./catalog";
import type { Dispatcher } from "./deliveries";
import {
  getDispute,
  handleAcceptClaim,
  handleOpenDispute,
  handleProvideEvidence,
  handleResolveDispute,
  handleSandboxDispute,
  handleSendMessage,
  handleUpdateDispute,
  listDisputes,
} from "./disputes";
import { PayPalError, type RestContext, invalidRequest, readJsonObject, sendJson } from "./http";
import {
  approveOrder,
  buyerPicksAddress,
  captureOrder,
  createOrder,
  getCapture,
  getOrder,
  orderView,
  ownOrder,
  refuseCompleted,
} from "./orders";
import { handleApprovalPage, handleApprovalSubmit } from "./pages";
import { chooseShipping, refusalError } from "./shipping-callback";
import { patchTracker, trackOrder, trackersOf } from "./tracking";
import { getCaptureRefund, handleCaptureRefund, handleDashboardCaptureRefund } from "./refunds";
import { getSale, getSaleRefund, handleDashboardSaleRefund, handleSaleRefund } from "./sales";
import { handleSdkScript } from "./sdk-script";
import { deletePaymentToken, getPaymentToken, handleVaulting, listPaymentTokens } from "./vault";
import { approveSubscription, handleBill, handleExpire } from "./subscription-billing";
import {
  REVISE_APPROVAL_PATH,
  handleRevisionPage,
  handleRevisionSubmit,
  reviseSubscription,
} from "./subscription-revise";
import { changeSubscription, createSubscription, getSubscription, listTransactions } from "./subscriptions";
import {
  handleCreateWebhook,
  handleDeleteWebhook,
  handleGetWebhook,
  handleListWebhooks,
  registerWebhook,
  webhookView,
} from "./webhook-registry";
import { handleCert, handleSendWebhook, handleVerifyWebhook } from "./webhooks";
import { handleWebscr, handleWpsAccount, handleWpsPay, handleWpsResend, handleWpsReturn, handleWpsSettle } from "./wps";

/** A handler gets the exchange, the path's captured ids, the query, and (for the sandbox's own log) deliveries. */
type Handler = (ctx: RestContext, params: string[], query: URLSearchParams, deliveries: Dispatcher) => unknown;

const ID = "([A-Za-z0-9-]{1,64})";
/** `<capture id>-<tracking number>`, URL-encoded: a tracking number may hold any character. */
const TRACKER_ID = "([^/]{1,400})";

const requiredString = (body: Record<string, unknown>, key: string) => {
  const value = body[key];
  if (typeof value !== "string" || value === "") {
    throw invalidRequest([
      {
        field: `/${key}`,
        location: "body",
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "A required field / parameter is missing.",
      },
    ]);
  }
  return value;
};

/** Sandbox-only endpoints (under /__sandbox) that the fake SDK, the pay pages and tests call. */
async function approveEndpoint(ctx: RestContext, kind: "orders" | "subscriptions", id: string) {
  const body = await readJsonObject(ctx.req, true);
  const clientId = typeof body.client_id === "string" ? body.client_id : undefined;
  if (kind === "orders") {
    const picks = { address: body.address, option: body.option };
    const order = await approveOrder(ctx, id, body.buyer, clientId, body.email, picks);
    sendJson(ctx.res, 200, { id: order.id, status: order.status, payer_id: order.payer!.payer_id, token: order.id });
  } else {
    const sub = approveSubscription(ctx, id, body.buyer, clientId, body.email);
    sendJson(ctx.res, 200, {
      id: sub.id,
      status: sub.status,
      payer_id: sub.subscriber!.payer_id,
      token: sub.approval_token,
    });
  }
}

/** The order a sandbox-only endpoint names; with a client_id (the fake SDK's), only that client's. */
function sandboxOrder(ctx: RestContext, id: string, clientId: unknown) {
  return ownOrder(ctx.store, id, typeof clientId === "string" ? clientId : undefined);
}

/**
 * POST /__sandbox/orders/{id}/shipping {address?, option?, client_id?}: the buyer picks a test address (default:
 * the last one picked, at first us-ca) or a shipping option in PayPal's window, which calls the merchant back.
 * Answers the order as GET shows it, plus `sandbox` (the preference and the current picks), or 422 with PayPal's
 * issue and, as its description, what the window tells the buyer. An order whose address the buyer does not pick
 * (NO_SHIPPING, SET_PROVIDED_ADDRESS) is answered as it is.
 */
async function shippingEndpoint(ctx: RestContext, id: string) {
  const body = await readJsonObject(ctx.req, true);
  const order = sandboxOrder(ctx, id, body.client_id);
  refuseCompleted(order);
  if (buyerPicksAddress(order)) {
    await chooseShipping(ctx, order, { address: body.address, option: body.option });
    const refusal = order.shipping_choice?.refusal;
    if (refusal) throw refusalError(refusal);
  }
  sendJson(ctx.res, 200, {
    ...orderView(ctx.store, ctx.base, order),
    sandbox: {
      shipping_preference: order.shipping_preference ?? "GET_FROM_FILE",
      address: order.shipping_choice?.address ?? null,
      option: order.shipping_choice?.option ?? null,
    },
  });
}

/** GET /__sandbox/orders/{id}/callbacks[?client_id=]: the order-update callback config and every call, oldest first. */
function callbacksEndpoint(ctx: RestContext, id: string, query: URLSearchParams) {
  const order = sandboxOrder(ctx, id, query.get("client_id") ?? undefined);
  const hook = order.order_update_callback;
  sendJson(ctx.res, 200, {
    order_id: order.id,
    callback_url: hook?.callback_url ?? null,
    callback_events: hook?.callback_events ?? [],
    shipping_choice: order.shipping_choice ?? null,
    calls: hook?.calls ?? [],
  });
}

/**
 * POST /__sandbox/plans {client_id, price, currency, interval_unit, interval_count, trial_days?, setup_fee?,
 * product_id?, ...}: without product_id, on a new product of its own.
 */
async function sandboxPlan(ctx: RestContext) {
  const body = await readJsonObject(ctx.req);
  const plan = createSandboxPlan(ctx, {
    clientId: requiredString(body, "client_id"),
    price: body.price as string,
    currency: body.currency as string,
    intervalUnit: body.interval_unit as never,
    intervalCount: body.interval_count as number,
    trialDays: body.trial_days as number | undefined,
    setupFee: body.setup_fee as string | undefined,
    paymentFailureThreshold: body.payment_failure_threshold as number | undefined,
    totalCycles: body.total_cycles as number | undefined,
    productId: body.product_id as string | undefined,
  });
  sendJson(ctx.res, 201, planView(ctx.base, plan));
}

/** POST /__sandbox/webhooks {client_id, url, event_types?: string[]} (default: every event) */
async function sandboxWebhook(ctx: RestContext) {
  const body = await readJsonObject(ctx.req);
  const names = Array.isArray(body.event_types) ? body.event_types : ["*"];
  const hook = registerWebhook(
    ctx.store,
    requiredString(body, "client_id"),
    body.url,
    names.map((name: unknown) => ({ name })),
  );
  sendJson(ctx.res, 201, webhookView(ctx.base, hook));
}

const ROUTES: [method: string, path: RegExp, handler: Handler][] = [
  ["POST", /^\/v1\/oauth2\/token$/, (ctx) => handleOAuthToken(ctx.store, ctx.req, ctx.res)],
  ["POST", /^\/v2\/checkout\/orders$/, (ctx) => createOrder(ctx)],
  ["GET", new RegExp(`^/v2/checkout/orders/${ID}$`), (ctx, [id]) => getOrder(ctx, id!)],
  ["POST", new RegExp(`^/v2/checkout/orders/${ID}/capture$`), (ctx, [id]) => captureOrder(ctx, id!)],
  ["POST", new RegExp(`^/v2/checkout/orders/${ID}/track$`), (ctx, [id]) => trackOrder(ctx, id!)],
  [
    "PATCH",
    new RegExp(`^/v2/checkout/orders/${ID}/trackers/${TRACKER_ID}$`),
    (ctx, [id, trackerId]) => patchTracker(ctx, id!, trackerId!),
  ],
  ["GET", new RegExp(`^/v2/payments/captures/${ID}$`), (ctx, [id]) => getCapture(ctx, id!)],
  ["GET", /^\/v3\/vault\/payment-tokens$/, (ctx, _, query) => listPaymentTokens(ctx, query)],
  ["GET", new RegExp(`^/v3/vault/payment-tokens/${ID}$`), (ctx, [id]) => getPaymentToken(ctx, id!)],
  ["DELETE", new RegExp(`^/v3/vault/payment-tokens/${ID}$`), (ctx, [id]) => deletePaymentToken(ctx, id!)],
  ["POST", new RegExp(`^/v2/payments/captures/${ID}/refund$`), (ctx, [id]) => handleCaptureRefund(ctx, id!)],
  ["GET", new RegExp(`^/v2/payments/refunds/${ID}$`), (ctx, [id]) => getCaptureRefund(ctx, id!)],
  ["GET", /^\/v1\/customer\/disputes$/, (ctx, _, query) => listDisputes(ctx, query)],
  ["GET", new RegExp(`^/v1/customer/disputes/${ID}$`), (ctx, [id]) => getDispute(ctx, id!)],
  [
    "POST",
    new RegExp(`^/v1/customer/disputes/${ID}/provide-evidence$`),
    (ctx, [id]) => handleProvideEvidence(ctx, id!),
  ],
  ["POST", new RegExp(`^/v1/customer/disputes/${ID}/accept-claim$`), (ctx, [id]) => handleAcceptClaim(ctx, id!)],
  ["POST", new RegExp(`^/v1/customer/disputes/${ID}/send-message$`), (ctx, [id]) => handleSendMessage(ctx, id!)],
  ["GET", new RegExp(`^/v1/payments/sale/${ID}$`), (ctx, [id]) => getSale(ctx, id!)],
  ["POST", new RegExp(`^/v1/payments/sale/${ID}/refund$`), (ctx, [id]) => handleSaleRefund(ctx, id!)],
  ["GET", new RegExp(`^/v1/payments/refund/${ID}$`), (ctx, [id]) => getSaleRefund(ctx, id!)],
  ["POST", /^\/v1\/catalogs\/products$/, (ctx) => createProduct(ctx)],
  ["GET", new RegExp(`^/v1/catalogs/products/${ID}$`), (ctx, [id]) => getProduct(ctx, id!)],
  ["POST", /^\/v1\/billing\/plans$/, (ctx) => createPlan(ctx)],
  ["GET", new RegExp(`^/v1/billing/plans/${ID}$`), (ctx, [id]) => getPlan(ctx, id!)],
  ["POST", new RegExp(`^/v1/billing/plans/${ID}/activate$`), (ctx, [id]) => setPlanStatus(ctx, id!, "activate")],
  ["POST", new RegExp(`^/v1/billing/plans/${ID}/deactivate$`), (ctx, [id]) => setPlanStatus(ctx, id!, "deactivate")],
  ["POST", /^\/v1\/billing\/subscriptions$/, (ctx) => createSubscription(ctx)],
  ["GET", new RegExp(`^/v1/billing/subscriptions/${ID}$`), (ctx, [id]) => getSubscription(ctx, id!)],
  ...(["cancel", "suspend", "activate"] as const).map(
    (action) =>
      [
        "POST",
        new RegExp(`^/v1/billing/subscriptions/${ID}/${action}$`),
        (ctx, [id]) => changeSubscription(ctx, id!, action),
      ] satisfies [string, RegExp, Handler],
  ),
  ["POST", new RegExp(`^/v1/billing/subscriptions/${ID}/revise$`), (ctx, [id]) => reviseSubscription(ctx, id!)],
  [
    "GET",
    new RegExp(`^/v1/billing/subscriptions/${ID}/transactions$`),
    (ctx, [id], query) => listTransactions(ctx, id!, query),
  ],
  ["POST", /^\/v1\/notifications\/webhooks$/, (ctx) => handleCreateWebhook(ctx)],
  ["GET", /^\/v1\/notifications\/webhooks$/, (ctx) => handleListWebhooks(ctx)],
  ["GET", new RegExp(`^/v1/notifications/webhooks/${ID}$`), (ctx, [id]) => handleGetWebhook(ctx, id!)],
  ["DELETE", new RegExp(`^/v1/notifications/webhooks/${ID}$`), (ctx, [id]) => handleDeleteWebhook(ctx, id!)],
  ["POST", /^\/v1\/notifications\/verify-webhook-signature$/, (ctx) => handleVerifyWebhook(ctx)],
  ["GET", /^\/v1\/notifications\/certs\/CERT-SANDBOX$/, (ctx) => handleCert(ctx)],
  ["GET", /^\/sdk\/js$/, (ctx, _, query) => handleSdkScript(ctx, query)],
  ["GET", /^\/cgi-bin\/webscr$/, (ctx, _, query) => handleWebscr(ctx, query)],
  ["POST", /^\/cgi-bin\/webscr$/, (ctx, _, query) => handleWebscr(ctx, query)],
  ["GET", /^\/checkoutnow$/, (ctx, _, query) => handleApprovalPage(ctx, query)],
  ["POST", /^\/checkoutnow$/, (ctx) => handleApprovalSubmit(ctx)],
  ["GET", new RegExp(`^${REVISE_APPROVAL_PATH}$`), (ctx, _, query) => handleRevisionPage(ctx, query)],
  ["POST", new RegExp(`^${REVISE_APPROVAL_PATH}$`), (ctx) => handleRevisionSubmit(ctx)],
  ["GET", /^\/__sandbox\/health$/, (ctx) => sendJson(ctx.res, 200, { ok: true })],
  [
    "POST",
    /^\/__sandbox\/credentials$/,
    async (ctx) => {
      const body = await readJsonObject(ctx.req);
      const clientId = requiredString(body, "client_id");
      ctx.store.data.credentials[clientId] = requiredString(body, "client_secret");
      sendJson(ctx.res, 201, { client_id: clientId });
    },
  ],
  [
    "POST",
    /^\/__sandbox\/sdk\/token$/,
    async (ctx) => {
      // The real SDK gets a "facilitator" token from its client id alone; so does the fake one.
      const clientId = requiredString(await readJsonObject(ctx.req), "client_id");
      sendJson(ctx.res, 200, { ...issueToken(ctx.store, clientId), token_type: "Bearer" });
    },
  ],
  ["POST", new RegExp(`^/__sandbox/orders/${ID}/approve$`), (ctx, [id]) => approveEndpoint(ctx, "orders", id!)],
  ["POST", new RegExp(`^/__sandbox/orders/${ID}/shipping$`), (ctx, [id]) => shippingEndpoint(ctx, id!)],
  ["GET", new RegExp(`^/__sandbox/orders/${ID}/callbacks$`), (ctx, [id], query) => callbacksEndpoint(ctx, id!, query)],
  [
    "GET",
    new RegExp(`^/__sandbox/orders/${ID}/trackers$`),
    (ctx, [id], query) =>
      sendJson(ctx.res, 200, { trackers: trackersOf(sandboxOrder(ctx, id!, query.get("client_id") ?? undefined)) }),
  ],
  [
    "POST",
    new RegExp(`^/__sandbox/subscriptions/${ID}/approve$`),
    (ctx, [id]) => approveEndpoint(ctx, "subscriptions", id!),
  ],
  ["POST", new RegExp(`^/__sandbox/subscriptions/${ID}/bill$`), (ctx, [id]) => handleBill(ctx, id!)],
  ["POST", new RegExp(`^/__sandbox/subscriptions/${ID}/expire$`), (ctx, [id]) => handleExpire(ctx, id!)],
  ["POST", new RegExp(`^/__sandbox/captures/${ID}/refund$`), (ctx, [id]) => handleDashboardCaptureRefund(ctx, id!)],
  ["POST", new RegExp(`^/__sandbox/sales/${ID}/refund$`), (ctx, [id]) => handleDashboardSaleRefund(ctx, id!)],
  // The buyer's and PayPal's side of a dispute (disputes.ts).
  ["POST", new RegExp(`^/__sandbox/captures/${ID}/dispute$`), (ctx, [id]) => handleOpenDispute(ctx, id!)],
  ["GET", new RegExp(`^/__sandbox/disputes/${ID}$`), (ctx, [id]) => handleSandboxDispute(ctx, id!)],
  ["POST", new RegExp(`^/__sandbox/disputes/${ID}/resolve$`), (ctx, [id]) => handleResolveDispute(ctx, id!)],
  ["POST", new RegExp(`^/__sandbox/disputes/${ID}/update$`), (ctx, [id]) => handleUpdateDispute(ctx, id!)],
  ["POST", /^\/__sandbox\/plans$/, (ctx) => sandboxPlan(ctx)],
  // {client_id, enabled}: the app's "Save payment methods" setting (vault.ts).
  ["POST", /^\/__sandbox\/vault$/, (ctx) => handleVaulting(ctx)],
  ["POST", /^\/__sandbox\/webhooks$/, (ctx) => sandboxWebhook(ctx)],
  [
    "GET",
    /^\/__sandbox\/webhooks\/deliveries$/,
    (ctx, _, __, deliveries) => sendJson(ctx.res, 200, deliveries.deliveries()),
  ],
  ["POST", /^\/__sandbox\/webhooks\/send$/, (ctx) => handleSendWebhook(ctx)],
  ["POST", /^\/__sandbox\/wps\/pay$/, (ctx) => handleWpsPay(ctx)],
  ["POST", /^\/__sandbox\/wps\/account$/, (ctx) => handleWpsAccount(ctx)],
  ["POST", /^\/__sandbox\/wps\/refund$/, (ctx) => handleWpsReturn(ctx, "refund")],
  ["POST", /^\/__sandbox\/wps\/reversal$/, (ctx) => handleWpsReturn(ctx, "reversal")],
  ["POST", /^\/__sandbox\/wps\/complete$/, (ctx) => handleWpsSettle(ctx, "Completed")],
  ["POST", /^\/__sandbox\/wps\/deny$/, (ctx) => handleWpsSettle(ctx, "Denied")],
  ["POST", /^\/__sandbox\/wps\/resend$/, (ctx) => handleWpsResend(ctx)],
];

export async function dispatch(ctx: RestContext, deliveries: Dispatcher) {
  const url = new URL(ctx.req.url ?? "/", "http://sandbox.local");
  const method = ctx.req.method ?? "GET";
  const matching = ROUTES.filter(([, path]) => path.test(url.pathname));
  const route = matching.find(([m]) => m === method || (method === "HEAD" && m === "GET"));
  if (route) {
    await route[2](ctx, route[1].exec(url.pathname)!.slice(1), url.searchParams, deliveries);
    return;
  }
  if (matching.length > 0) {
    const allowed = matching.map(([m]) => m).join(", ");
    ctx.res.setHeader("allow", allowed);
    throw new PayPalError(405, "METHOD_NOT_SUPPORTED", [
      { issue: "METHOD_NOT_SUPPORTED", description: `${method} is not supported on ${url.pathname}; use ${allowed}.` },
    ]);
  }
  throw new PayPalError(404, "RESOURCE_NOT_FOUND", [
    { issue: "INVALID_RESOURCE_ID", description: `The PayPal sandbox has no endpoint at ${method} ${url.pathname}.` },
  ]);
}
