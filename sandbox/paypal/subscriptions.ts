import { requireClient } from "./auth";
import { ownPlan } from "./catalog";
import {
  PayPalError,
  type RestContext,
  type SandboxCore,
  invalidRequest,
  isObject,
  notFound,
  permissionDenied,
  readJsonObject,
  sendJson,
  unprocessable,
} from "./http";
import { minorOf, moneyOf } from "./money";
import { withIdempotency } from "./orders";
import { badField, stringField, taxesField } from "./plan-input";
import { billingInfo } from "./subscription-cycles";
import { type Plan, type Store, type Subscription, nowIso, paypalId } from "./state";

export const bodyIssue = (issue: string, description: string, field: string) =>
  invalidRequest([{ field, location: "body", issue, description }]);

export const statusInvalid = (action: string, should: string) =>
  unprocessable([
    {
      issue: "SUBSCRIPTION_STATUS_INVALID",
      description: `Invalid subscription status for ${action} action; subscription status should be ${should}.`,
    },
  ]);

export function subscriptionLinks(base: string, sub: Subscription) {
  const self = `${base}/v1/billing/subscriptions/${sub.id}`;
  const post = (rel: string) => ({ href: `${self}/${rel}`, rel, method: "POST" });
  const actions: Record<Subscription["status"], object[]> = {
    APPROVAL_PENDING: [{ href: `${base}/checkoutnow?ba_token=${sub.approval_token}`, rel: "approve", method: "GET" }],
    ACTIVE: [post("cancel"), post("suspend"), post("capture")],
    SUSPENDED: [post("cancel"), post("activate"), post("capture")],
    CANCELLED: [],
    EXPIRED: [],
  };
  return [
    ...actions[sub.status],
    { href: self, rel: "edit", method: "PATCH" },
    { href: self, rel: "self", method: "GET" },
  ];
}

export function subscriptionView(store: Store, base: string, sub: Subscription) {
  const plan = store.data.plans[sub.plan_id];
  return {
    status: sub.status,
    ...(sub.status_change_note && { status_change_note: sub.status_change_note }),
    status_update_time: sub.status_update_time,
    id: sub.id,
    plan_id: sub.plan_id,
    start_time: sub.start_time,
    quantity: sub.quantity,
    ...(sub.subscriber && {
      subscriber: {
        email_address: sub.subscriber.email_address,
        payer_id: sub.subscriber.payer_id,
        name: sub.subscriber.name,
      },
    }),
    ...(sub.billing && plan && { billing_info: billingInfo(plan, sub) }),
    create_time: sub.create_time,
    update_time: sub.update_time,
    ...(sub.custom_id && { custom_id: sub.custom_id }),
    plan_overridden: sub.plan_override !== undefined,
    // PayPal shows the inline plan details a subscription was created with.
    ...(sub.plan_override && { plan: sub.plan_override }),
    links: subscriptionLinks(base, sub),
  };
}

const SUMMARIES: Record<string, string> = {
  CREATED: "Subscription created",
  ACTIVATED: "Subscription activated",
  SUSPENDED: "Subscription suspended",
  CANCELLED: "Subscription cancelled",
  EXPIRED: "Subscription expired",
  UPDATED: "Subscription updated",
  "PAYMENT.FAILED": "Subscription payment failed",
};

/** BILLING.SUBSCRIPTION.<kind>, with the subscription as GET shows it now. */
export function emitSubscription(core: SandboxCore, sub: Subscription, kind: keyof typeof SUMMARIES) {
  core.events.emit(sub.clientId, sub.id, {
    event_type: `BILLING.SUBSCRIPTION.${kind}`,
    resource_type: "subscription",
    summary: SUMMARIES[kind],
    resource: subscriptionView(core.store, core.base, sub),
  });
}

export function setStatus(sub: Subscription, status: Subscription["status"], note?: string) {
  const now = nowIso();
  sub.status = status;
  sub.status_change_note = note;
  sub.status_update_time = now;
  sub.update_time = now;
  if (status !== "ACTIVE" && status !== "SUSPENDED") delete sub.billing?.next_billing_time;
}

/**
 * The create call's inline `plan`: the sandbox takes its taxes (what a seller overrides per buyer, e.g. the VAT rate of
 * the buyer's country); PayPal's other overridable parts (billing cycles, payment preferences) are refused here, so a
 * test that needs them finds out.
 */
function planOverride(value: unknown): Subscription["plan_override"] {
  if (value === undefined) return undefined;
  if (!isObject(value))
    throw bodyIssue(
      "INVALID_PARAMETER_SYNTAX",
      "The value of a field does not conform to the expected format.",
      "/plan",
    );
  const unsupported = Object.keys(value).find((key) => key !== "taxes");
  if (unsupported)
    throw bodyIssue("UNSUPPORTED_IN_SANDBOX", "The sandbox overrides only a plan's taxes.", `/plan/${unsupported}`);
  if (value.taxes === undefined) return undefined;
  return { taxes: taxesField(value.taxes, "/plan/taxes") };
}

/** POST /v1/billing/subscriptions: the plan must be this client's and ACTIVE. */
export async function createSubscription(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const body = await readJsonObject(ctx.req);
    const { plan_id: planId, quantity, custom_id: customId } = body;
    if (planId === undefined)
      throw bodyIssue("MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.", "/plan_id");
    if (typeof planId !== "string" || planId.length < 3 || planId.length > 50) {
      throw bodyIssue("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", "/plan_id");
    }
    if (quantity !== undefined && (typeof quantity !== "string" || !/^[1-9]\d{0,31}$/.test(quantity))) {
      throw bodyIssue(
        "INVALID_PARAMETER_SYNTAX",
        "The value of a field does not conform to the expected format.",
        "/quantity",
      );
    }
    if (customId !== undefined && (typeof customId !== "string" || customId.length > 127)) {
      throw bodyIssue("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", "/custom_id");
    }
    const plan = planFor(ctx.store, planId, clientId);
    const override = planOverride(body.plan);
    if (quantity !== undefined && !plan.quantity_supported) {
      throw unprocessable([
        {
          field: "/quantity",
          location: "body",
          issue: "SUBSCRIPTION_CANNOT_HAVE_QUANTITY",
          description: "Subscription can't have quantity as the plan does not support quantity.",
        },
      ]);
    }
    const context = isObject(body.application_context) ? body.application_context : {};
    const now = nowIso();
    const sub: Subscription = {
      id: `I-${paypalId(12)}`,
      clientId,
      plan_id: planId,
      status: "APPROVAL_PENDING",
      quantity: quantity ?? "1",
      ...(customId !== undefined && { custom_id: customId }),
      ...(override && { plan_override: override }),
      approval_token: paypalId(),
      ...(typeof context.return_url === "string" && { return_url: context.return_url }),
      ...(typeof context.cancel_url === "string" && { cancel_url: context.cancel_url }),
      start_time: typeof body.start_time === "string" ? body.start_time : now,
      create_time: now,
      update_time: now,
      status_update_time: now,
    };
    ctx.store.data.subscriptions[sub.id] = sub;
    emitSubscription(ctx, sub, "CREATED");
    return { status: 201, body: subscriptionView(ctx.store, ctx.base, sub) };
  });
}

/**
 * The plan a new or revised subscription names: another app's plan is one that does not exist (PayPal's
 * RESOURCE_NOT_FOUND), and only an ACTIVE plan takes subscribers.
 */
export function planFor(store: Store, planId: string, clientId: string, action = "subscription creation"): Plan {
  let plan: Plan;
  try {
    plan = ownPlan(store, planId, clientId);
  } catch {
    throw new PayPalError(404, "RESOURCE_NOT_FOUND", [
      {
        field: "/plan_id",
        value: planId,
        location: "body",
        issue: "INVALID_RESOURCE_ID",
        description: "Requested resource ID was not found.",
      },
    ]);
  }
  if (plan.status !== "ACTIVE") {
    throw unprocessable([
      {
        field: "/plan_id",
        value: planId,
        location: "body",
        issue: "PLAN_STATUS_INVALID",
        description: `Invalid plan status for ${action}; plan status should be active.`,
      },
    ]);
  }
  return plan;
}

/** A subscription's plan; only a state file from before plans existed lacks it. */
export function planOf(store: Store, sub: Subscription): Plan {
  const plan = store.data.plans[sub.plan_id];
  if (!plan) throw notFound(sub.plan_id);
  return plan;
}

export function ownSubscription(store: Store, id: string, clientId: string | undefined) {
  const sub = store.data.subscriptions[id];
  if (!sub) throw notFound(id);
  if (clientId !== undefined && sub.clientId !== clientId) throw permissionDenied();
  return sub;
}

export function getSubscription(ctx: RestContext, id: string) {
  const sub = ownSubscription(ctx.store, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, subscriptionView(ctx.store, ctx.base, sub));
}

function requireReason(body: Record<string, unknown>) {
  return stringField(body, "reason", "", { max: 128, required: true })!;
}

/** POST /v1/billing/subscriptions/{id}/cancel|suspend|activate {reason} -> 204 */
export async function changeSubscription(ctx: RestContext, id: string, action: "cancel" | "suspend" | "activate") {
  const sub = ownSubscription(ctx.store, id, requireClient(ctx.store, ctx.req));
  const body = await readJsonObject(ctx.req, true);
  const reason = requireReason(body);
  if (action === "cancel") {
    if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") throw statusInvalid("cancel", "active or suspended");
    setStatus(sub, "CANCELLED", reason);
    emitSubscription(ctx, sub, "CANCELLED");
  } else if (action === "suspend") {
    if (sub.status !== "ACTIVE") throw statusInvalid("suspend", "active");
    setStatus(sub, "SUSPENDED", reason);
    emitSubscription(ctx, sub, "SUSPENDED");
  } else {
    if (sub.status !== "SUSPENDED") throw statusInvalid("activate", "suspended");
    if (sub.suspendedForFailures) {
      throw unprocessable([
        {
          issue: "SUBSCRIPTION_CANNOT_BE_ACTIVATED",
          description: "Subscription cannot be activated after payment failure threshold has reached.",
        },
      ]);
    }
    setStatus(sub, "ACTIVE", reason);
    emitSubscription(ctx, sub, "ACTIVATED");
  }
  ctx.res.writeHead(204).end();
}

const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function timeParam(query: URLSearchParams, key: string) {
  const value = query.get(key);
  const problem =
    value === null ? "MISSING_REQUIRED_PARAMETER" : DATE_TIME.test(value) ? undefined : "INVALID_PARAMETER_SYNTAX";
  if (problem) {
    const error = badField(problem, key, value ?? undefined);
    error.details[0]!.location = "query";
    throw error;
  }
  return Date.parse(value!);
}

/** GET /v1/billing/subscriptions/{id}/transactions?start_time&end_time: the subscription's sales in that window. */
export function listTransactions(ctx: RestContext, id: string, query: URLSearchParams) {
  const sub = ownSubscription(ctx.store, id, requireClient(ctx.store, ctx.req));
  const start = timeParam(query, "start_time");
  const end = timeParam(query, "end_time");
  if (start > end) {
    const error = badField("INVALID_PARAMETER_VALUE", "start_time", query.get("start_time")!);
    error.details[0]!.location = "query";
    throw error;
  }
  const transactions = Object.values(ctx.store.data.sales)
    .filter((sale) => sale.subscriptionId === sub.id)
    .filter((sale) => Date.parse(sale.create_time) >= start && Date.parse(sale.create_time) <= end)
    .map((sale) => ({
      status: sale.state.toUpperCase(),
      id: sale.id,
      amount_with_breakdown: {
        gross_amount: sale.amount,
        ...(sale.tax && { tax_amount: sale.tax }),
        fee_amount: sale.fee,
        net_amount: moneyOf(minorOf(sale.amount) - minorOf(sale.fee), sale.amount.currency_code),
      },
      ...(sub.subscriber && { payer_name: sub.subscriber.name, payer_email: sub.subscriber.email_address }),
      time: sale.create_time,
    }));
  sendJson(ctx.res, 200, {
    transactions,
    total_items: transactions.length,
    total_pages: 1,
    links: [
      {
        href: `${ctx.base}/v1/billing/subscriptions/${sub.id}/transactions?${query.toString()}`,
        rel: "SELF",
        method: "GET",
      },
    ],
  });
}
