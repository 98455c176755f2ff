// The merchant's side of webhooks: the store URL, the signing secret (shown once), test events and the delivery
// log with Resend. Every query is scoped by the signed-in merchant: another merchant's delivery is NOT_FOUND.
import { env } from "~/env";
import type { Prisma } from "~/generated/prisma/client";
import type { ListWebhookDeliveriesInput, UpdateWebhookUrlInput } from "~/schemas/merchant-webhooks";
import { encryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { newestPage } from "~/server/platform/paging";
import { AppError } from "~/server/platform/errors";
import { enqueue } from "~/server/jobs";
import { describeError, logger } from "~/server/platform/logger";
import { eventBody, queueDeliveries } from "./index";
import { generateWebhookSecret } from "./signing";
import { webhookUrlProblem } from "./url-guard";

const TEST_EVENT_TYPE = "test.ping";
const PAGE_SIZE = 20;

const allowPrivate = () => env.ALLOW_PRIVATE_WEBHOOK_URLS || env.POPKIT_DEMO;

/** What Settings shows: never the secret itself, only whether one exists and since when. */
export async function getWebhookSettings(merchantId: string) {
  const settings = await db.storeSettings.findUnique({
    where: { merchantId },
    select: { webhookUrl: true, webhookSecretEncrypted: true, webhookSecretCreatedAt: true },
  });
  return {
    url: settings?.webhookUrl ?? "",
    hasSecret: Boolean(settings?.webhookSecretEncrypted),
    secretCreatedAt: settings?.webhookSecretEncrypted ? (settings.webhookSecretCreatedAt ?? null) : null,
  };
}

type WebhookFields = Pick<
  Prisma.StoreSettingsUncheckedCreateInput,
  "webhookUrl" | "webhookSecretEncrypted" | "webhookSecretCreatedAt"
>;

/** A store without a settings row yet gets one, named as Store Settings shows it. */
async function saveWebhookFields(merchantId: string, fields: WebhookFields) {
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: merchantId }, select: { name: true } });
  await db.storeSettings.upsert({
    where: { merchantId },
    create: { merchantId, storeName: merchant.name, ...fields },
    update: fields,
  });
}

export async function updateWebhookUrl(merchantId: string, input: UpdateWebhookUrlInput) {
  const url = input.url.trim();
  const problem = url ? webhookUrlProblem(url, { allowPrivate: allowPrivate() }) : null;
  if (problem) throw new AppError("INVALID", problem, { fieldErrors: { url: [problem] } });
  await saveWebhookFields(merchantId, { webhookUrl: url || null });
  return getWebhookSettings(merchantId);
}

/** A new signing secret, returned this once; the old one stops verifying at once (nothing signs with it again). */
export async function rotateWebhookSecret(merchantId: string) {
  const secret = generateWebhookSecret();
  const createdAt = new Date();
  await saveWebhookFields(merchantId, {
    webhookSecretEncrypted: encryptSecret(secret),
    webhookSecretCreatedAt: createdAt,
  });
  return { secret, secretCreatedAt: createdAt };
}

/** Queues a "test.ping" to the store URL, through the same queue, signing and log as real events. */
export async function sendTestEvent(merchantId: string) {
  const settings = await getWebhookSettings(merchantId);
  if (!settings.url) throw new AppError("INVALID", "Save a webhook URL first, then send a test event.");
  if (!settings.hasSecret) throw new AppError("INVALID", "Generate a signing secret first, then send a test event.");
  const body = eventBody(TEST_EVENT_TYPE, {
    message: "A test event from Popkit. If its signature verifies, your endpoint is ready.",
  });
  const [id] = await queueDeliveries(merchantId, TEST_EVENT_TYPE, body, [{ url: settings.url, buttonId: null }]);
  return { id: id! };
}

const deliverySelect = {
  id: true,
  createdAt: true,
  eventType: true,
  url: true,
  buttonId: true,
  button: { select: { name: true } },
  state: true,
  attempts: true,
  lastStatusCode: true,
  lastError: true,
  lastAttemptAt: true,
  nextAttemptAt: true,
  deliveredAt: true,
} as const satisfies Prisma.WebhookDeliverySelect;

function summaryOf(row: Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>) {
  const { button, ...rest } = row;
  return { ...rest, buttonName: button?.name ?? null };
}

export async function listWebhookDeliveries(merchantId: string, input: ListWebhookDeliveriesInput) {
  const page = input.page ?? 1;
  const where = { merchantId, ...(input.state && { state: input.state }) };
  const { total, pageCount, rows } = await newestPage(page, PAGE_SIZE, db.webhookDelivery.count({ where }), (slice) =>
    db.webhookDelivery.findMany({ where, select: deliverySelect, ...slice }),
  );
  return {
    deliveries: rows.map(summaryOf),
    total,
    page,
    pageSize: PAGE_SIZE,
    pageCount,
  };
}

/** One delivery with the body sent and every attempt, oldest first. */
export async function getWebhookDelivery(merchantId: string, id: string) {
  const row = await db.webhookDelivery.findFirst({
    where: { id, merchantId },
    select: {
      ...deliverySelect,
      payload: true,
      attemptsLog: {
        select: { id: true, at: true, statusCode: true, error: true, responseBody: true, durationMs: true },
        orderBy: { at: "asc" },
      },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", "Webhook delivery not found.");
  const { attemptsLog, payload, ...summary } = row;
  return { ...summaryOf(summary), payload, attemptsLog };
}

/**
 * Sends a finished delivery (delivered or failed) again as the same message: the same `webhook-id` and body, so a
 * receiver that already handled it can tell; a fresh timestamp and signature. One still being retried is refused:
 * its own retries are under way.
 */
export async function resendWebhookDelivery(merchantId: string, id: string) {
  const row = await db.webhookDelivery.findFirst({ where: { id, merchantId }, select: { state: true } });
  if (!row) throw new AppError("NOT_FOUND", "Webhook delivery not found.");
  // Conditional, so two clicks (or two tabs) queue it once.
  const { count } = await db.webhookDelivery.updateMany({
    where: { id, merchantId, state: { not: "pending" } },
    data: { state: "pending", nextAttemptAt: new Date() },
  });
  if (count === 0) {
    throw new AppError("CONFLICT", "This delivery is still being sent or retried. Its next attempt is on the way.");
  }
  try {
    // No key: the delivery id already holds the first job's key, and the update above keeps resends single.
    await enqueue("merchant-webhook.deliver", { deliveryId: id });
  } catch (error) {
    logger.error("merchant webhook resend not queued", { deliveryId: id, ...describeError(error) });
    await db.webhookDelivery.update({ where: { id }, data: { state: row.state, nextAttemptAt: null } });
    throw new AppError("UPSTREAM", "The delivery could not be queued. Please try again.");
  }
  return getWebhookDelivery(merchantId, id);
}
