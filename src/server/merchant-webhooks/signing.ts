// Standard Webhooks signatures (https://www.standardwebhooks.com), the scheme Svix, Polar and others send: a
// receiver verifies ours with any Standard Webhooks library, or with a few lines of HMAC-SHA256.
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";

/** A new signing secret: "whsec_" + 32 random bytes in base64, the form Standard Webhooks libraries accept. */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** A message id ("msg_..."): the `webhook-id` header, which a receiver uses to drop repeats. */
export function newMessageId(): string {
  return "msg_" + randomBytes(16).toString("base64url");
}

/** "v1," + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, keyed with the secret's base64-decoded bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  return "v1," + createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

/** The three Standard Webhooks headers of one attempt; the timestamp is the attempt's, in whole seconds. */
export function webhookHeaders(secret: string, id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signWebhook(secret, id, timestamp, body),
  };
}
