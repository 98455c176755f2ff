// Test-side calls to the run's PayPal sandbox over HTTP (its base URL is PAYPAL_API_BASE_SANDBOX), doing what
// the buyer's PayPal window and PayPal's own servers do in production.
import { sandboxSecretFor } from "../../sandbox/paypal";

const base = () => {
  const url = process.env.PAYPAL_API_BASE_SANDBOX;
  if (!url) throw new Error("PAYPAL_API_BASE_SANDBOX is not set: run through the integration or e2e setup");
  return url.replace(/\/+$/, "");
};

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base()}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Test buyers: alex approves; the others decline the card, have the capture declined, or leave it pending. */
export type SandboxBuyer = "alex" | "declined-card" | "capture-declined" | "pending";

/** The buyer approves the order in the PayPal window. */
export function approveOrder(orderId: string, buyer: SandboxBuyer = "alex") {
  return call(`/__sandbox/orders/${encodeURIComponent(orderId)}/approve`, { body: { buyer } });
}

async function accessToken(clientId: string) {
  const basic = Buffer.from(`${clientId}:${sandboxSecretFor(clientId)}`).toString("base64");
  const response = await fetch(`${base()}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** What the buyer's browser does through the JS SDK: creates a subscription to a plan (APPROVAL_PENDING). */
export async function createSubscription(clientId: string, planId: string, customId?: string) {
  const token = await accessToken(clientId);
  const sub = await call("/v1/billing/subscriptions", {
    headers: { authorization: `Bearer ${token}` },
    body: { plan_id: planId, ...(customId && { custom_id: customId }) },
  });
  return sub.id as string;
}

/** The buyer approves the subscription, which becomes ACTIVE. */
export function approveSubscription(subscriptionId: string, buyer: SandboxBuyer = "alex") {
  return call(`/__sandbox/subscriptions/${encodeURIComponent(subscriptionId)}/approve`, { body: { buyer } });
}

/**
 * PayPal delivering a signed webhook event to `url` (signed for SANDBOX_WEBHOOK_ID unless `webhookId` is given).
 * Answers the delivery's status and body as the sandbox saw them.
 */
export async function sendWebhook(
  url: string,
  event: { event_type: string; resource: Record<string, unknown>; webhook_id?: string },
) {
  const result = await call("/__sandbox/webhooks/send", { body: { url, ...event } });
  return result as { event: Record<string, unknown>; delivery: { status: number; body: string } };
}

export const sandboxApiBase = base;
