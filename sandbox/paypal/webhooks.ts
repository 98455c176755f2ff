import { randomUUID, sign, verify } from "node:crypto";
import { crc32 } from "node:zlib";
import { requireClient } from "./auth";
import { invalidRequest, isObject, readJsonObject, sendJson, sendText } from "./http";
import type { RestContext } from "./http";
import { type Store, nowIso, paypalId } from "./state";

/** The webhook id events are signed for unless the sender names another; configure the app with it. */
export const SANDBOX_WEBHOOK_ID = "SANDBOXWEBHOOK0000001";

const AUTH_ALGO = "SHA256withRSA";

export interface WebhookInput {
  event_type: string;
  resource: Record<string, unknown>;
  resource_type?: string;
  /** "2.0" (the v2 APIs and subscriptions) unless given; v1 sales and their refunds are "1.0". */
  resource_version?: string;
  summary?: string;
  webhook_id?: string;
}

export interface SignedWebhook {
  event: Record<string, unknown>;
  /** The exact bytes to POST; the signature covers their CRC32. */
  body: string;
  headers: Record<string, string>;
}

const certUrl = (base: string) => `${base}/v1/notifications/certs/CERT-SANDBOX`;

/** PayPal signs `transmission_id|transmission_time|webhook_id|crc32(body)` with RSA-SHA256. */
const signedMessage = (transmissionId: string, time: string, webhookId: string, body: string) =>
  Buffer.from(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`);

/** e.g. PAYMENT.CAPTURE.REFUNDED carries a refund, PAYMENT.CAPTURE.COMPLETED a capture. */
function defaultResourceType(eventType: string): string {
  if (/\.(REFUNDED|REVERSED)$/.test(eventType)) return "refund";
  return (eventType.split(".")[1] ?? "event").toLowerCase();
}

export function signWebhook(store: Store, base: string, input: WebhookInput): SignedWebhook {
  const event = {
    id: `WH-${paypalId()}-${paypalId()}`,
    event_version: "1.0",
    create_time: nowIso(),
    resource_type: input.resource_type ?? defaultResourceType(input.event_type),
    resource_version: input.resource_version ?? "2.0",
    event_type: input.event_type,
    summary: input.summary ?? `Sandbox event ${input.event_type}`,
    resource: input.resource,
    links: [],
  };
  const body = JSON.stringify(event);
  const transmissionId = randomUUID();
  const time = nowIso();
  const signature = sign(
    "sha256",
    signedMessage(transmissionId, time, input.webhook_id ?? SANDBOX_WEBHOOK_ID, body),
    store.data.webhookKey.privateKey,
  );
  return {
    event,
    body,
    headers: {
      "content-type": "application/json",
      "paypal-transmission-id": transmissionId,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": signature.toString("base64"),
      "paypal-cert-url": certUrl(base),
      "paypal-auth-algo": AUTH_ALGO,
    },
  };
}

export async function sendWebhook(store: Store, base: string, url: string, input: WebhookInput) {
  const signed = signWebhook(store, base, input);
  const response = await fetch(url, {
    method: "POST",
    headers: signed.headers,
    body: signed.body,
    signal: AbortSignal.timeout(10_000),
  });
  return { event: signed.event, delivery: { status: response.status, body: await response.text() } };
}

/** POST /__sandbox/webhooks/send {url, event_type, resource, resource_type?, summary?, webhook_id?} */
export async function handleSendWebhook(ctx: RestContext) {
  const body = await readJsonObject(ctx.req);
  const { url, event_type: eventType, resource } = body;
  const field =
    typeof url !== "string" || !URL.canParse(url)
      ? "/url"
      : typeof eventType !== "string"
        ? "/event_type"
        : !isObject(resource)
          ? "/resource"
          : undefined;
  if (field) {
    throw invalidRequest([
      {
        field,
        location: "body",
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "A required field / parameter is missing.",
      },
    ]);
  }
  const optional = (key: string) => (typeof body[key] === "string" ? { [key]: body[key] as string } : {});
  try {
    const result = await sendWebhook(ctx.store, ctx.base, url as string, {
      event_type: eventType as string,
      resource: resource as Record<string, unknown>,
      ...optional("resource_type"),
      ...optional("summary"),
      ...optional("webhook_id"),
    });
    sendJson(ctx.res, 200, result);
  } catch (error) {
    sendJson(ctx.res, 502, {
      name: "WEBHOOK_DELIVERY_FAILED",
      message: `Could not deliver the webhook to ${String(url)}: ${(error as Error).message}`,
      details: [],
    });
  }
}

const VERIFY_FIELDS = [
  "auth_algo",
  "cert_url",
  "transmission_id",
  "transmission_sig",
  "transmission_time",
  "webhook_id",
] as const;

/** POST /v1/notifications/verify-webhook-signature: SUCCESS only for an event this sandbox signed, unchanged. */
export async function handleVerifyWebhook(ctx: RestContext) {
  requireClient(ctx.store, ctx.req);
  const body = await readJsonObject(ctx.req);
  const missing = [...VERIFY_FIELDS, "webhook_event" as const].filter((key) =>
    key === "webhook_event" ? !isObject(body[key]) : typeof body[key] !== "string" || body[key] === "",
  );
  if (missing.length > 0) {
    throw invalidRequest(
      missing.map((key) => ({
        field: `/${key}`,
        location: "body" as const,
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "A required field / parameter is missing.",
      })),
    );
  }
  const [algo, cert, transmissionId, signature, time, webhookId] = VERIFY_FIELDS.map((key) => body[key] as string);
  const genuine =
    algo === AUTH_ALGO &&
    cert === certUrl(ctx.base) &&
    verify(
      "sha256",
      // The event is re-serialised as sent: PayPal's own events are compact JSON, key order preserved.
      signedMessage(transmissionId!, time!, webhookId!, JSON.stringify(body.webhook_event)),
      ctx.store.data.webhookKey.publicKey,
      Buffer.from(signature!, "base64"),
    );
  sendJson(ctx.res, 200, { verification_status: genuine ? "SUCCESS" : "FAILURE" });
}

/** The public key behind cert_url (PayPal serves an X.509 certificate; a PEM public key verifies the same way). */
export function handleCert(ctx: RestContext) {
  sendText(ctx.res, 200, ctx.store.data.webhookKey.publicKey, "application/x-pem-file");
}
