// Merchant webhooks (issue 12, DESIGN 12): what leaves the product for a seller's own server.
// Ledger code calls emitMerchantEvent after its database transaction commits; this creates one webhook_deliveries
// row per distinct URL (the POP's own Webhook URL and the store's) and queues a "merchant-webhook.deliver" job
// for each, which signs and sends it (deliver.ts).
import { db } from "~/server/db";
import { enqueue } from "~/server/jobs";
import { describeError, logger } from "~/server/logger";
import { newMessageId } from "./signing";

export const merchantEventTypes = [
  "payment.completed",
  "payment.refunded",
  "subscription.activated",
  "subscription.payment_failed",
  "subscription.suspended",
  "subscription.cancelled",
  "subscription.expired",
  "wps.payment.completed",
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

/** Where an event goes: the store URL and the button's own (a sell page's for its bundle buttons), once per URL. */
async function targetsOf(event: MerchantEvent): Promise<{ url: string; buttonId: string | null }[]> {
  const [settings, button] = await Promise.all([
    db.storeSettings.findUnique({
      where: { merchantId: event.merchantId },
      select: { webhookUrl: true, webhookSecretEncrypted: true },
    }),
    event.buttonId
      ? db.paymentButton.findFirst({
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

/** Never throws for a delivery problem: a failed emit is logged, the money is already recorded. */
export async function emitMerchantEvent(event: MerchantEvent): Promise<void> {
  try {
    const targets = await targetsOf(event);
    if (targets.length === 0) return;
    await queueDeliveries(event.merchantId, event.type, eventBody(event.type, event.data), targets);
  } catch (error) {
    logger.error("merchant webhook event not recorded", {
      merchantId: event.merchantId,
      type: event.type,
      ...describeError(error),
    });
  }
}
