// Merchant webhooks: what leaves the product for a seller's own server.
// An event becomes one webhook_deliveries row per distinct URL (the POP's own Webhook URL and the store's), each
// sent by a "merchant-webhook.deliver" job (deliver.ts). Ledger code records the rows inside the database
// transaction that moves the money (recordMerchantEvent), so they exist exactly when the change does, and queues
// them after it commits (queueDeliveryJobs); a crash in between leaves rows the per-minute sweep queues.
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { enqueue } from "~/server/jobs";
import { neverTriedBefore, queueForgotten, sweepBatch } from "~/server/jobs/sweep";
import { describeError, logger } from "~/server/platform/logger";
import { newMessageId } from "./signing";

export const merchantEventTypes = [
  "payment.completed",
  "payment.refunded",
  "payment.shipped",
  "subscription.activated",
  "subscription.updated",
  "subscription.payment_failed",
  "subscription.suspended",
  "subscription.cancelled",
  "subscription.expired",
  "wps.payment.completed",
  "license_key.created",
  "license_key.updated",
  "dispute.created",
  "dispute.updated",
  "dispute.resolved",
] as const;
export type MerchantEventType = (typeof merchantEventTypes)[number];

export interface MerchantEvent {
  merchantId: string;
  type: MerchantEventType;
  /** The payment button (or sell-page bundle button) whose own Webhook URL also gets the event; null for none. */
  buttonId: string | null;
  /** The event's `data` object (JSON-serialisable): the payment, refund or subscription as the seller sees it. */
  data: Record<string, unknown>;
}

/** The Standard Webhooks payload shape: the body signed and sent, the same bytes on every attempt. */
export function eventBody(type: string, data: Record<string, unknown>, now = new Date()): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

/** The database client to write with: the app's, or the caller's open transaction. */
type Client = Pick<Prisma.TransactionClient, "storeSettings" | "paymentButton" | "webhookDelivery">;

/** Where an event goes: the store URL and the button's own (a sell page's for its bundle buttons), once per URL. */
async function targetsOf(client: Client, event: MerchantEvent): Promise<{ url: string; buttonId: string | null }[]> {
  const [settings, button] = await Promise.all([
    client.storeSettings.findUnique({
      where: { merchantId: event.merchantId },
      select: { webhookUrl: true, webhookSecretEncrypted: true },
    }),
    event.buttonId
      ? client.paymentButton.findFirst({
          where: { id: event.buttonId, merchantId: event.merchantId },
          select: { id: true, webhookUrl: true, sellPageId: true, sellPage: { select: { webhookUrl: true } } },
        })
      : null,
  ]);
  // Unsigned events would be unverifiable: without a secret nothing is sent (Store Settings says so).
  if (!settings?.webhookSecretEncrypted) return [];
  const buttonUrl = button ? (button.sellPageId ? button.sellPage?.webhookUrl : button.webhookUrl)?.trim() : null;
  const storeUrl = settings.webhookUrl?.trim();
  const targets: { url: string; buttonId: string | null }[] = [];
  if (button && buttonUrl) targets.push({ url: buttonUrl, buttonId: button.id });
  if (storeUrl && storeUrl !== buttonUrl) targets.push({ url: storeUrl, buttonId: null });
  return targets;
}

/**
 * Records deliveries of one body and queues them (the job key is the delivery id). A delivery that could not be
 * queued is marked failed, so the log shows it and Resend can queue it again. Returns the delivery ids.
 */
export async function queueDeliveries(
  merchantId: string,
  eventType: string,
  payload: string,
  targets: { url: string; buttonId: string | null }[],
): Promise<string[]> {
  const rows = targets.map((target) => ({ id: newMessageId(), merchantId, eventType, payload, ...target }));
  await db.webhookDelivery.createMany({ data: rows });
  for (const row of rows) {
    try {
      await enqueue("merchant-webhook.deliver", { deliveryId: row.id }, { key: row.id });
    } catch (error) {
      logger.error("merchant webhook not queued", { deliveryId: row.id, ...describeError(error) });
      await db.webhookDelivery
        .update({ where: { id: row.id }, data: { state: "failed", lastError: "Could not be queued; use Resend" } })
        .catch(() => undefined);
    }
  }
  return rows.map((row) => row.id);
}

/** Records the event's deliveries with `client` (pass an open transaction); their ids, to queue after it commits. */
export async function recordMerchantEvent(client: Client, event: MerchantEvent): Promise<string[]> {
  const targets = await targetsOf(client, event);
  const payload = eventBody(event.type, event.data);
  const rows = targets.map((target) => ({
    id: newMessageId(),
    merchantId: event.merchantId,
    eventType: event.type,
    payload,
    ...target,
  }));
  if (rows.length > 0) await client.webhookDelivery.createMany({ data: rows });
  return rows.map((row) => row.id);
}

/** Queues recorded deliveries; never throws (what fails to queue now, the sweep queues within a minute). */
export async function queueDeliveryJobs(deliveryIds: string[]): Promise<void> {
  for (const deliveryId of deliveryIds) {
    try {
      await enqueue("merchant-webhook.deliver", { deliveryId }, { key: deliveryId });
    } catch (error) {
      logger.error("merchant webhook not queued yet", { deliveryId, ...describeError(error) });
    }
  }
}

/** Deliveries never tried a minute after they were recorded: their job was never queued (a crash after commit). */
export function queueForgottenDeliveries(now: Date = new Date()): Promise<number> {
  return queueForgotten(
    db.webhookDelivery.findMany({ where: { state: "pending", ...neverTriedBefore(now) }, ...sweepBatch }),
    queueDeliveryJobs,
  );
}

/** An event outside any money transaction (a test event, a WPS payment); never throws: failures are logged. */
export async function emitMerchantEvent(event: MerchantEvent): Promise<void> {
  try {
    await queueDeliveryJobs(await recordMerchantEvent(db, event));
  } catch (error) {
    logger.error("merchant webhook event not recorded", {
      merchantId: event.merchantId,
      type: event.type,
      ...describeError(error),
    });
  }
}
