import type { Prisma } from "~/generated/prisma/client";
import type { SubscriptionStatus, TransactionStatus } from "~/generated/prisma/enums";
import { db } from "~/server/db";
import { toAppError } from "~/server/errors";
import { describeError, logger } from "~/server/logger";
import { merchantPayPal } from "~/server/paypal/merchant-client";
import { recordSubscription } from "~/server/services/checkout";
import { revokeGrantsForTransaction, startGrantWindow } from "~/server/services/downloads";

// PayPal webhooks (DESIGN 5): find whose event it is, have PayPal verify the signature with that merchant's
// credentials and webhook id, then apply each allow-listed event exactly once. Nothing is read from an event
// before its signature is verified except the ids used to find the merchant.

export type WebhookResponse = { status: number; body: Record<string, unknown> };

/** Capture events and the transaction status each one means. */
const CAPTURE_EVENTS: Record<string, TransactionStatus> = {
  "PAYMENT.CAPTURE.COMPLETED": "completed",
  "PAYMENT.CAPTURE.PENDING": "pending",
  "PAYMENT.CAPTURE.DENIED": "failed",
  "PAYMENT.CAPTURE.REFUNDED": "refunded",
  "PAYMENT.CAPTURE.REVERSED": "refunded",
};

const SUBSCRIPTION_EVENTS: Record<string, SubscriptionStatus> = {
  "BILLING.SUBSCRIPTION.ACTIVATED": "active",
  "BILLING.SUBSCRIPTION.SUSPENDED": "suspended",
  "BILLING.SUBSCRIPTION.CANCELLED": "cancelled",
  "BILLING.SUBSCRIPTION.EXPIRED": "expired",
};

/**
 * Which status an event may move a transaction from. Events can arrive late and out of order (PayPal retries
 * for days), so a late PENDING never undoes a completion and nothing leaves refunded.
 */
const TRANSACTION_MOVES_FROM: Record<TransactionStatus, TransactionStatus[]> = {
  completed: ["pending"],
  failed: ["pending"],
  refunded: ["completed", "pending"],
  pending: [],
  cancelled: [],
};

/** Cancelled and expired subscriptions are over: a late ACTIVATED or SUSPENDED does not revive them. */
const SUBSCRIPTION_ENDED: SubscriptionStatus[] = ["cancelled", "expired"];

const reply = (status: number, body: Record<string, unknown>): WebhookResponse => ({ status, body });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

function parseEvent(rawBody: string) {
  try {
    const event: unknown = JSON.parse(rawBody);
    if (!isObject(event) || !isObject(event.resource)) return null;
    const id = text(event.id);
    const type = text(event.event_type);
    return id && type ? { id, type, resource: event.resource } : null;
  } catch {
    return null;
  }
}

/** A refund or reversal's resource is the refund; its "up" link names the capture it belongs to. */
function captureIdOf(type: string, resource: Json): string | null {
  if (type === "PAYMENT.CAPTURE.REFUNDED" || type === "PAYMENT.CAPTURE.REVERSED") {
    const links = Array.isArray(resource.links) ? resource.links.filter(isObject) : [];
    const up = links.find((link) => link.rel === "up" && /\/captures\/[^/]+$/.test(String(link.href)));
    return up ? (String(up.href).split("/").pop() ?? null) : null;
  }
  return text(resource.id);
}

function orderIdOf(resource: Json): string | null {
  const related = isObject(resource.supplementary_data) ? resource.supplementary_data.related_ids : undefined;
  return isObject(related) ? text(related.order_id) : null;
}

/** The merchant an event belongs to, from rows we wrote, else from custom_id (our button id). */
async function locate(type: string, resource: Json) {
  if (type in CAPTURE_EVENTS) {
    const captureId = captureIdOf(type, resource);
    const orderId = orderIdOf(resource);
    const ids = [
      ...(captureId ? [{ paypalCaptureId: captureId }] : []),
      ...(orderId ? [{ paypalOrderId: orderId }] : []),
    ];
    const transaction = ids.length
      ? await db.transaction.findFirst({ where: { OR: ids }, select: { id: true, merchantId: true, status: true } })
      : null;
    if (transaction) return { merchantId: transaction.merchantId, transaction, subscription: null, buttonId: null };
  } else {
    const subscriptionId = text(resource.id);
    const subscription = subscriptionId
      ? await db.subscription.findUnique({
          where: { paypalSubscriptionId: subscriptionId },
          select: { id: true, merchantId: true, status: true },
        })
      : null;
    if (subscription) return { merchantId: subscription.merchantId, transaction: null, subscription, buttonId: null };
  }
  const customId = text(resource.custom_id);
  const button = customId
    ? await db.paymentButton.findUnique({ where: { id: customId }, select: { id: true, merchantId: true } })
    : null;
  return button ? { merchantId: button.merchantId, transaction: null, subscription: null, buttonId: button.id } : null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/** POST /api/paypal/webhook with the body exactly as received. */
export async function handlePayPalWebhook(rawBody: string, headers: Headers): Promise<WebhookResponse> {
  const event = parseEvent(rawBody);
  if (!event) return reply(400, { error: "Not a PayPal webhook event." });
  const transactionStatus = CAPTURE_EVENTS[event.type];
  const subscriptionStatus = SUBSCRIPTION_EVENTS[event.type];
  if (!transactionStatus && !subscriptionStatus) return reply(200, { ignored: "event type not handled" });

  const target = await locate(event.type, event.resource);
  // Not one of our payments (a merchant's PayPal app may serve other shops too): nothing to do, no retries.
  if (!target) return reply(200, { ignored: "not a Popkit payment" });

  let paypal;
  try {
    paypal = await merchantPayPal(target.merchantId);
  } catch {
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

  if (await db.processedEvent.findUnique({ where: { provider_eventId: { provider: "paypal", eventId: event.id } } })) {
    return reply(200, { duplicate: true });
  }

  if (subscriptionStatus === "active" && !target.subscription && target.buttonId) {
    // The buyer's page never reported this sign-up (closed after approving): verify and record it now.
    const subscriptionId = text(event.resource.id);
    try {
      if (subscriptionId) await recordSubscription({ buttonId: target.buttonId, subscriptionId });
    } catch (error) {
      const appError = toAppError(error);
      logger.warn("PayPal webhook could not record a subscription", {
        eventId: event.id,
        ...describeError(appError?.cause ?? error),
      });
      if (!appError || appError.code === "UPSTREAM") return reply(502, { error: "Please retry." });
    }
    return markProcessed(event, async () => {});
  }

  if (!target.transaction && !target.subscription) {
    // Ours (custom_id is our button) but not recorded yet: the buyer's capture may still be in flight.
    // A non-2xx answer makes PayPal deliver it again later.
    return reply(409, { error: "The payment is not recorded yet. Please retry." });
  }

  return markProcessed(event, async (tx) => {
    if (target.transaction && transactionStatus) {
      const from = TRANSACTION_MOVES_FROM[transactionStatus];
      const moved = await tx.transaction.updateMany({
        where: { id: target.transaction.id, status: { in: from } },
        data: { status: transactionStatus },
      });
      if (moved.count > 0) {
        // DESIGN 6: a refunded or denied purchase loses its download grants; a pending one that completed
        // starts its download window now.
        if (transactionStatus === "refunded" || transactionStatus === "failed") {
          await revokeGrantsForTransaction(target.transaction.id, tx);
        } else if (transactionStatus === "completed") {
          await startGrantWindow(target.transaction.id, tx);
        }
      }
    }
    if (target.subscription && subscriptionStatus) {
      await tx.subscription.updateMany({
        where: { id: target.subscription.id, status: { notIn: SUBSCRIPTION_ENDED } },
        data: { status: subscriptionStatus, ...(subscriptionStatus === "cancelled" && { cancelledAt: new Date() }) },
      });
    }
  });
}

type Tx = Prisma.TransactionClient;

/** Applies the event and stores its id in one database transaction: each event takes effect exactly once. */
async function markProcessed(event: { id: string; type: string }, apply: (tx: Tx) => Promise<void>) {
  try {
    await db.$transaction(async (tx) => {
      await tx.processedEvent.create({ data: { provider: "paypal", eventId: event.id, type: event.type } });
      await apply(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) return reply(200, { duplicate: true });
    throw error;
  }
  return reply(200, { ok: true });
}
