import { requireClient } from "./auth";
import { type ErrorDetail, PayPalError, type RestContext, isObject, readJsonObject, sendJson } from "./http";
import { withIdempotency } from "./orders";
import { type Store, type Webhook, paypalId } from "./state";

// Webhooks Management v1: the listeners an app subscribes to events (deliveries.ts sends them).

/** The events this sandbox emits, as PayPal describes them. */
const EVENT_DESCRIPTIONS: Record<string, string> = {
  "*": "ALL",
  "PAYMENT.CAPTURE.COMPLETED": "A payment capture completes.",
  "PAYMENT.CAPTURE.PENDING": "The state of a payment capture changes to pending.",
  "PAYMENT.CAPTURE.DECLINED": "A payment capture is declined.",
  "PAYMENT.CAPTURE.REFUNDED": "A merchant refunds a payment capture.",
  "PAYMENT.SALE.COMPLETED": "A sale completes.",
  "PAYMENT.SALE.REFUNDED": "A merchant refunds a sale.",
  "BILLING.SUBSCRIPTION.CREATED": "A billing agreement is created.",
  "BILLING.SUBSCRIPTION.ACTIVATED": "A subscription is activated.",
  "BILLING.SUBSCRIPTION.UPDATED": "A subscription is updated.",
  "BILLING.SUBSCRIPTION.SUSPENDED": "A subscription is suspended.",
  "BILLING.SUBSCRIPTION.CANCELLED": "A subscription is cancelled.",
  "BILLING.SUBSCRIPTION.EXPIRED": "A subscription expires.",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED": "Payment failed on subscription.",
};

/** PayPal allows ten webhooks per app. */
const MAX_WEBHOOKS = 10;

const validation = (details: ErrorDetail[]) => new PayPalError(400, "VALIDATION_ERROR", details);

export function webhookView(base: string, hook: Webhook) {
  const self = `${base}/v1/notifications/webhooks/${hook.id}`;
  return {
    id: hook.id,
    url: hook.url,
    event_types: hook.event_types.map((name) => ({ name, description: EVENT_DESCRIPTIONS[name] ?? name })),
    links: [
      { href: self, rel: "self", method: "GET" },
      { href: self, rel: "update", method: "PATCH" },
      { href: self, rel: "delete", method: "DELETE" },
    ],
  };
}

function parseEventTypes(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 500) {
    throw validation([
      {
        field: "event_types",
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "At least one event type is required.",
      },
    ]);
  }
  const names = value.map((item: unknown, i) => {
    const name = isObject(item) ? item.name : undefined;
    if (typeof name !== "string" || !(name === "*" || /^[A-Z0-9_-]+(\.[A-Z0-9_-]+)+$/.test(name))) {
      throw validation([
        { field: `event_types[${i}].name`, issue: "INVALID_PARAMETER_VALUE", description: "Event type is not valid." },
      ]);
    }
    return name;
  });
  return [...new Set(names)];
}

/** Registers a listener; an app's URLs are unique. Plain http is allowed: the listeners here run on loopback. */
export function registerWebhook(store: Store, clientId: string, url: unknown, eventTypes: unknown): Webhook {
  if (typeof url !== "string" || url.length > 2048 || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw validation([
      { field: "url", issue: "INVALID_PARAMETER_VALUE", description: "The webhook URL is not valid." },
    ]);
  }
  const hooks = Object.values(store.data.webhooks).filter((hook) => hook.clientId === clientId);
  if (hooks.some((hook) => hook.url === url)) throw new PayPalError(400, "WEBHOOK_URL_ALREADY_EXISTS");
  if (hooks.length >= MAX_WEBHOOKS) throw new PayPalError(400, "WEBHOOK_NUMBER_LIMIT_EXCEEDED");
  const hook: Webhook = { id: paypalId(), clientId, url, event_types: parseEventTypes(eventTypes) };
  store.data.webhooks[hook.id] = hook;
  return hook;
}

function ownWebhook(store: Store, id: string, clientId: string) {
  const hook = store.data.webhooks[id];
  if (!hook || hook.clientId !== clientId) {
    throw new PayPalError(404, "INVALID_RESOURCE_ID", [], "Resource id is invalid.");
  }
  return hook;
}

/** POST /v1/notifications/webhooks {url, event_types: [{name}]} */
export async function handleCreateWebhook(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  await withIdempotency(ctx, clientId, async () => {
    const body = await readJsonObject(ctx.req);
    const hook = registerWebhook(ctx.store, clientId, body.url, body.event_types);
    return { status: 201, body: webhookView(ctx.base, hook) };
  });
}

/** GET /v1/notifications/webhooks: the calling app's webhooks. */
export function handleListWebhooks(ctx: RestContext) {
  const clientId = requireClient(ctx.store, ctx.req);
  const hooks = Object.values(ctx.store.data.webhooks).filter((hook) => hook.clientId === clientId);
  sendJson(ctx.res, 200, { webhooks: hooks.map((hook) => webhookView(ctx.base, hook)) });
}

export function handleGetWebhook(ctx: RestContext, id: string) {
  const hook = ownWebhook(ctx.store, id, requireClient(ctx.store, ctx.req));
  sendJson(ctx.res, 200, webhookView(ctx.base, hook));
}

/** DELETE /v1/notifications/webhooks/{id} -> 204 */
export function handleDeleteWebhook(ctx: RestContext, id: string) {
  const hook = ownWebhook(ctx.store, id, requireClient(ctx.store, ctx.req));
  delete ctx.store.data.webhooks[hook.id];
  ctx.res.writeHead(204).end();
}
