import { db } from "~/server/platform/db";
import { toAppError } from "~/server/platform/errors";
import { enqueue } from "~/server/jobs";
import { describeError, logger } from "~/server/platform/logger";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";
import { assertSafeText } from "~/server/platform/request";
import { eventResourceIds } from "~/server/payments/paypal-events";
import { isObject, text, type Json } from "~/server/vendors/paypal/event-json";

// PayPal webhooks, received: find whose event it is, have PayPal verify the signature with that
// merchant's credentials and webhook id, store the event, queue its processing, answer 200. Nothing is read from
// an event before its signature is verified except the ids used to find the merchant; nothing is applied here,
// so a database hiccup while applying it is a job retry, never an event PayPal gave up on.

export type WebhookResponse = { status: number; body: Record<string, unknown> };

/** Every event type the ledger and the Disputes screen apply (paypal-events.ts); any other is answered 200 and dropped. */
export const HANDLED_EVENT_TYPES = new Set([
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DECLINED",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
  "PAYMENT.SALE.COMPLETED",
  "PAYMENT.SALE.REFUNDED",
  "PAYMENT.SALE.REVERSED",
  "BILLING.SUBSCRIPTION.ACTIVATED",
  "BILLING.SUBSCRIPTION.RE-ACTIVATED",
  "BILLING.SUBSCRIPTION.UPDATED",
  "BILLING.SUBSCRIPTION.SUSPENDED",
  "BILLING.SUBSCRIPTION.CANCELLED",
  "BILLING.SUBSCRIPTION.EXPIRED",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
  "CUSTOMER.DISPUTE.CREATED",
  "CUSTOMER.DISPUTE.UPDATED",
  "CUSTOMER.DISPUTE.RESOLVED",
]);

const reply = (status: number, body: Record<string, unknown>): WebhookResponse => ({ status, body });

function parseEvent(rawBody: string) {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!isObject(event) || !isObject(event.resource)) return null;
  // Its ids are looked up and its fields recorded: PayPal never sends NUL or broken text, so such an event is forged.
  assertSafeText(event);
  const id = text(event.id);
  const type = text(event.event_type);
  return id && type ? { id, type, resource: event.resource } : null;
}

/**
 * The merchant an event belongs to, from rows we wrote (payments, refunds' payments, subscriptions, checkout
 * sessions), else from custom_id (our button id, which PayPal echoes on captures and subscriptions).
 */
async function merchantOf(type: string, resource: Json): Promise<string | null> {
  const ids = eventResourceIds(type, resource);
  const paymentIds = [ids.captureId, ids.saleId].filter((id): id is string => id !== null);
  if (paymentIds.length > 0 || ids.orderId) {
    const payment = await db.transaction.findFirst({
      where: {
        OR: [
          ...paymentIds.map((id) => ({ paypalTransactionId: id })),
          ...(ids.orderId ? [{ paypalOrderId: ids.orderId }] : []),
        ],
      },
      select: { merchantId: true },
    });
    if (payment) return payment.merchantId;
  }
  if (ids.orderId) {
    const session = await db.checkoutSession.findUnique({
      where: { paypalOrderId: ids.orderId },
      select: { merchantId: true },
    });
    if (session) return session.merchantId;
  }
  if (ids.subscriptionId) {
    const sub = await db.subscription.findUnique({
      where: { paypalSubscriptionId: ids.subscriptionId },
      select: { merchantId: true },
    });
    if (sub) return sub.merchantId;
  }
  if (ids.customId) {
    const button = await db.paymentButton.findUnique({ where: { id: ids.customId }, select: { merchantId: true } });
    if (button) return button.merchantId;
  }
  return null;
}

/** POST /api/paypal/webhook with the body exactly as received. */
export async function handlePayPalWebhook(rawBody: string, headers: Headers): Promise<WebhookResponse> {
  const event = parseEvent(rawBody);
  if (!event) return reply(400, { error: "Not a PayPal webhook event." });
  if (!HANDLED_EVENT_TYPES.has(event.type)) return reply(200, { ignored: "event type not handled" });

  const known = await db.payPalEvent.findUnique({ where: { eventId: event.id }, select: { id: true, state: true } });
  if (known) {
    // Stored but perhaps never queued (a crash in between): queueing again is a no-op when it was.
    if (known.state === "received") await enqueue("paypal.event", { eventId: known.id }, { key: known.id });
    return reply(200, { duplicate: true });
  }

  const merchantId = await merchantOf(event.type, event.resource);
  // Not one of our payments (a merchant's PayPal app may serve other shops too): nothing to do, no retries.
  if (!merchantId) return reply(200, { ignored: "not a Popkit payment" });

  let paypal;
  try {
    paypal = await merchantPayPal(merchantId);
  } catch (error) {
    // Only a missing or unreadable secret is the merchant's; anything else (the database down) is ours, and
    // rethrown so PayPal is answered 5xx and sends the event again.
    if (!toAppError(error)) throw error;
    logger.warn("PayPal webhook for a merchant without PayPal credentials", { eventId: event.id });
    return reply(400, { error: "The merchant has no PayPal credentials to verify this event." });
  }
  if (!paypal.webhookId) {
    logger.warn("PayPal webhook for a merchant without a webhook id", { eventId: event.id });
    return reply(400, { error: "The merchant has not saved a PayPal webhook ID." });
  }
  try {
    const genuine = await paypal.client.verifyWebhookSignature({ headers, rawBody, webhookId: paypal.webhookId });
    if (!genuine) return reply(400, { error: "Invalid webhook signature." });
  } catch (error) {
    // PayPal could not answer: fail the delivery so PayPal sends it again later.
    logger.warn("PayPal webhook verification failed", { eventId: event.id, ...describeError(error) });
    return reply(502, { error: "Could not verify the event with PayPal. Please retry." });
  }

  const stored = await db.payPalEvent.upsert({
    where: { eventId: event.id },
    create: {
      eventId: event.id,
      merchantId,
      type: event.type,
      resourceId: text(event.resource.id) ?? text(event.resource.dispute_id),
      body: rawBody,
    },
    update: {},
    select: { id: true },
  });
  await enqueue("paypal.event", { eventId: stored.id }, { key: stored.id });
  return reply(200, { ok: true });
}
