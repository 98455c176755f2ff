import { requireClient } from "./auth";
import { invalidRequest, isObject, notFound, permissionDenied, readJsonObject, sendJson, unprocessable } from "./http";
import { findBuyer } from "./identities";
import type { RestContext } from "./http";
import { withIdempotency } from "./orders";
import { type Store, type Subscription, nowIso, paypalId } from "./state";

const bodyIssue = (issue: string, description: string, field: string) =>
  invalidRequest([{ field, location: "body", issue, description }]);

export function subscriptionView(base: string, sub: Subscription) {
  const self = `${base}/v1/billing/subscriptions/${sub.id}`;
  return {
    status: sub.status,
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
    create_time: sub.create_time,
    update_time: sub.update_time,
    ...(sub.custom_id && { custom_id: sub.custom_id }),
    plan_overridden: false,
    links: [
      ...(sub.status === "APPROVAL_PENDING"
        ? [{ href: `${base}/checkoutnow?ba_token=${sub.approval_token}`, rel: "approve", method: "GET" }]
        : []),
      { href: self, rel: "self", method: "GET" },
    ],
  };
}

/** POST /v1/billing/subscriptions; plans are not modelled, so any plan id is accepted. */
export async function createSubscription(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const body = await readJsonObject(ctx.req);
    const { plan_id: planId, quantity = "1", custom_id: customId } = body;
    if (planId === undefined)
      throw bodyIssue("MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.", "/plan_id");
    if (typeof planId !== "string" || planId.length < 3 || planId.length > 50) {
      throw bodyIssue("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", "/plan_id");
    }
    if (typeof quantity !== "string" || !/^[1-9]\d{0,31}$/.test(quantity)) {
      throw bodyIssue(
        "INVALID_PARAMETER_SYNTAX",
        "The value of a field does not conform to the expected format.",
        "/quantity",
      );
    }
    if (customId !== undefined && (typeof customId !== "string" || customId.length > 127)) {
      throw bodyIssue("INVALID_STRING_LENGTH", "The value of a field is either too short or too long.", "/custom_id");
    }
    const context = isObject(body.application_context) ? body.application_context : {};
    const now = nowIso();
    const sub: Subscription = {
      id: `I-${paypalId(12)}`,
      clientId,
      plan_id: planId,
      status: "APPROVAL_PENDING",
      quantity,
      ...(customId !== undefined && { custom_id: customId }),
      approval_token: paypalId(),
      ...(typeof context.return_url === "string" && { return_url: context.return_url }),
      ...(typeof context.cancel_url === "string" && { cancel_url: context.cancel_url }),
      start_time: typeof body.start_time === "string" ? body.start_time : now,
      create_time: now,
      update_time: now,
      status_update_time: now,
    };
    ctx.store.data.subscriptions[sub.id] = sub;
    return { status: 201, body: subscriptionView(ctx.base, sub) };
  });
}

function ownSubscription(store: Store, id: string, clientId: string | undefined) {
  const sub = store.data.subscriptions[id];
  if (!sub) throw notFound(id);
  if (clientId !== undefined && sub.clientId !== clientId) throw permissionDenied();
  return sub;
}

export function getSubscription(ctx: RestContext, id: string) {
  const sub = ownSubscription(ctx.store, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, subscriptionView(ctx.base, sub));
}

/** The buyer approves in the buyer window; the subscription becomes ACTIVE at once, as with a plan without setup fee. */
export function approveSubscription(store: Store, id: string, buyerId: unknown, clientId?: string): Subscription {
  const sub = ownSubscription(store, id, clientId);
  const buyer = findBuyer(buyerId);
  if (!buyer) throw bodyIssue("INVALID_PARAMETER_VALUE", "Unknown test buyer.", "/buyer");
  if (sub.status !== "APPROVAL_PENDING") {
    throw unprocessable([
      {
        issue: "SUBSCRIPTION_STATUS_INVALID",
        description: "Invalid subscription status for approve action; subscription status should be APPROVAL_PENDING.",
      },
    ]);
  }
  const now = nowIso();
  sub.status = "ACTIVE";
  sub.subscriber = buyer.payer;
  sub.update_time = now;
  sub.status_update_time = now;
  return sub;
}
