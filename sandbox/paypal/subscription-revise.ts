import { requireClient } from "./auth";
import {
  type RestContext,
  type SandboxCore,
  escapeHtml,
  isObject,
  readForm,
  readJsonObject,
  redirect,
  sendHtml,
  sendJson,
  unprocessable,
} from "./http";
import { page, messagePage, withParams } from "./pages";
import { type Plan, type Subscription, nowIso, paypalId } from "./state";
import {
  bodyIssue,
  emitSubscription,
  ownSubscription,
  planFor,
  planOf,
  statusInvalid,
  subscriptionLinks,
} from "./subscriptions";

// Subscriptions v1 revise: a plan change the buyer approves at PayPal, then applied from the next billing cycle.

/** The path of the approve link PayPal gives for a revision. */
export const REVISE_APPROVAL_PATH = "/webapps/billing/subscriptions/update";

const regularPrice = (plan: Plan) => plan.billing_cycles.at(-1)!.pricing_scheme!.fixed_price;

/**
 * POST /v1/billing/subscriptions/{id}/revise {plan_id, application_context{return_url, cancel_url}} -> 200 with the
 * plan asked for and an approve link; nothing changes until the buyer approves.
 */
export async function reviseSubscription(ctx: RestContext, id: string) {
  const clientId = requireClient(ctx.store, ctx.req);
  const sub = ownSubscription(ctx.store, id, clientId);
  const body = await readJsonObject(ctx.req);
  const planId = body.plan_id;
  if (planId === undefined) throw bodyIssue("MISSING_REQUIRED_PARAMETER", "A required field is missing.", "/plan_id");
  if (typeof planId !== "string" || planId.length < 3 || planId.length > 50) {
    throw bodyIssue(
      "INVALID_PARAMETER_SYNTAX",
      "The value of a field does not conform to the expected format.",
      "/plan_id",
    );
  }
  if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") throw statusInvalid("revise", "active or suspended");
  const plan = planFor(ctx.store, planId, clientId, "subscription revise");
  if (regularPrice(plan).currency_code !== regularPrice(planOf(ctx.store, sub)).currency_code) {
    throw unprocessable([
      {
        field: "/plan_id",
        value: planId,
        location: "body",
        issue: "CURRENCY_MISMATCH",
        description: "The currency code is different from the plan's currency code.",
      },
    ]);
  }
  if (plan.product_id !== planOf(ctx.store, sub).product_id) {
    throw unprocessable([
      {
        field: "/plan_id",
        value: planId,
        location: "body",
        issue: "PLAN_PRODUCT_NOT_COMPATIBLE",
        description: "The old and the new plans should be for the same product.",
      },
    ]);
  }
  const context = isObject(body.application_context) ? body.application_context : {};
  const revision = {
    plan_id: planId,
    token: `BA-${paypalId()}`,
    ...(typeof context.return_url === "string" && { return_url: context.return_url }),
    ...(typeof context.cancel_url === "string" && { cancel_url: context.cancel_url }),
  };
  sub.revision = revision;
  sub.update_time = nowIso();
  sendJson(ctx.res, 200, {
    plan_id: planId,
    plan_overridden: false,
    // PayPal bills the new plan from the next billing date on.
    ...(sub.billing?.next_billing_time && { effective_time: sub.billing.next_billing_time }),
    links: [
      { href: `${ctx.base}${REVISE_APPROVAL_PATH}?ba_token=${revision.token}`, rel: "approve", method: "GET" },
      ...subscriptionLinks(ctx.base, sub),
    ],
  });
}

function revisionOf(ctx: RestContext, token: string | null) {
  if (!token) return undefined;
  return Object.values(ctx.store.data.subscriptions).find((s) => s.revision?.token === token);
}

/**
 * The buyer approves the revision: the subscription moves to the new plan, whose regular price PayPal charges from
 * the next billing date (the cycle already paid is not billed again, and a trial of the new plan is skipped).
 */
export function approveRevision(core: SandboxCore, sub: Subscription) {
  const revision = sub.revision!;
  if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") throw statusInvalid("revise", "active or suspended");
  const plan = core.store.data.plans[revision.plan_id];
  sub.plan_id = revision.plan_id;
  if (sub.billing && plan) {
    sub.billing.cyclesCompleted = plan.billing_cycles.map((cycle) =>
      cycle.tenure_type === "TRIAL" ? cycle.total_cycles : 0,
    );
  }
  delete sub.revision;
  sub.update_time = nowIso();
  emitSubscription(core, sub, "UPDATED");
}

/** GET /webapps/billing/subscriptions/update?ba_token=: the buyer reviews the plan change. */
export function handleRevisionPage(ctx: RestContext, query: URLSearchParams) {
  const sub = revisionOf(ctx, query.get("ba_token"));
  if (!sub) {
    sendHtml(ctx.res, 404, messagePage("Link not valid", "This link is not valid or has expired."));
    return;
  }
  const from = ctx.store.data.plans[sub.plan_id];
  const to = ctx.store.data.plans[sub.revision!.plan_id];
  const price = (plan: Plan | undefined) => {
    if (!plan) return "";
    const { value, currency_code: currency } = regularPrice(plan);
    const { interval_unit: unit, interval_count: count } = plan.billing_cycles.at(-1)!.frequency;
    return `${value} ${currency} every ${count} ${unit.toLowerCase()}${count === 1 ? "" : "s"}`;
  };
  const when = sub.billing?.next_billing_time;
  sendHtml(
    ctx.res,
    200,
    page(
      "Change subscription",
      `<h1>Change your subscription</h1>
<table><tr><td>Current plan</td><td>${escapeHtml(from?.name ?? sub.plan_id)}<br>${escapeHtml(price(from))}</td></tr>
<tr><td>New plan</td><td>${escapeHtml(to?.name ?? sub.revision!.plan_id)}<br>${escapeHtml(price(to))}</td></tr></table>
<p>${escapeHtml(when ? `The new price applies from your next payment on ${when.slice(0, 10)}.` : "The new price applies from your next payment.")}</p>
<form method="post" action="${REVISE_APPROVAL_PATH}"><input type="hidden" name="ba_token" value="${escapeHtml(sub.revision!.token)}">
<div class="actions"><button class="primary" name="action" value="approve">Approve</button>
<button class="secondary" name="action" value="cancel">Cancel</button></div></form>`,
    ),
  );
}

/** POST /webapps/billing/subscriptions/update: approve (return_url) or cancel (cancel_url) the revision. */
export async function handleRevisionSubmit(ctx: RestContext) {
  const form = await readForm(ctx.req);
  const sub = revisionOf(ctx, form.get("ba_token"));
  if (!sub) {
    sendHtml(ctx.res, 404, messagePage("Link not valid", "This link is not valid or has expired."));
    return;
  }
  const { token, return_url: returnUrl, cancel_url: cancelUrl } = sub.revision!;
  const approving = form.get("action") === "approve";
  if (approving) {
    if (sub.status !== "ACTIVE" && sub.status !== "SUSPENDED") {
      sendHtml(ctx.res, 422, messagePage("Cannot change", "This subscription is no longer active."));
      return;
    }
    approveRevision(ctx, sub);
  }
  // PayPal sends the buyer back with the subscription id and the revision's token either way.
  const target = withParams(approving ? returnUrl : cancelUrl, { subscription_id: sub.id, ba_token: token, token });
  if (target) redirect(ctx.res, target);
  else sendHtml(ctx.res, 200, messagePage(approving ? "Approved" : "Cancelled", "You can close this window."));
}
