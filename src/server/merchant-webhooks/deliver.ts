// The "merchant-webhook.deliver" job's handler: one attempt of one delivery, recorded in the delivery log.
import { decryptSecret } from "~/server/platform/crypto";
import { db } from "~/server/platform/db";
import { allowsPrivateTargets, sendWebhook, type SendResult } from "./send";
import { webhookHeaders } from "./signing";

const JOB_KIND = "merchant-webhook.deliver";

interface RunningJob {
  retryCount: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
}

/**
 * The pg-boss job running this delivery now. Its retry count is the truth on whether another try will follow:
 * our own attempt count drifts from it when a worker dies mid-attempt or a delivery is resent or retried by staff.
 */
async function runningJob(deliveryId: string): Promise<RunningJob | null> {
  try {
    const [job] = await db.$queryRaw<RunningJob[]>`
      SELECT retry_count AS "retryCount", retry_limit AS "retryLimit", retry_delay AS "retryDelay",
             retry_backoff AS "retryBackoff"
        FROM pgboss.job
       WHERE name = ${JOB_KIND} AND state = 'active' AND data->>'deliveryId' = ${deliveryId}
       ORDER BY started_on DESC LIMIT 1`;
    return job ?? null;
  } catch {
    return null;
  }
}

/** When pg-boss runs the next retry at the earliest (it adds up to the same again as jitter). */
function nextRetryAt(job: RunningJob, now: Date): Date {
  const seconds = job.retryBackoff ? job.retryDelay * 2 ** job.retryCount : job.retryDelay;
  return new Date(now.getTime() + seconds * 1000);
}

/** The decrypted secret; null when there is none or it cannot be read (ENCRYPTION_KEY changed). */
function readSecret(encrypted: string | null | undefined): string | null {
  if (!encrypted) return null;
  try {
    return decryptSecret(encrypted);
  } catch {
    return null;
  }
}

/** Sends one delivery once; throws when it should be retried. Idempotent: a delivered one is not sent again. */
export async function deliverWebhook(deliveryId: string): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({
    where: { id: deliveryId },
    include: { merchant: { select: { storeSettings: { select: { webhookSecretEncrypted: true } } } } },
  });
  if (!delivery || delivery.state === "succeeded") return;
  const secret = readSecret(delivery.merchant.storeSettings?.webhookSecretEncrypted);
  const now = new Date();
  // Signed at send time with the current secret: a delivery queued before a rotation verifies with the new one.
  const result: SendResult = secret
    ? await sendWebhook(delivery.url, webhookHeaders(secret, delivery.id, delivery.payload, now), delivery.payload, {
        allowPrivate: allowsPrivateTargets(),
      })
    : {
        statusCode: null,
        error: "The store's signing secret is missing or unreadable: rotate it in Store Settings",
        responseBody: null,
        durationMs: 0,
      };
  const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const job = succeeded ? null : await runningJob(deliveryId);
  // Without a running job (a direct call) nothing retries it: that attempt is the last one too.
  const isLast = !succeeded && (!job || job.retryCount >= job.retryLimit);
  const error = succeeded ? null : (result.error ?? `The URL answered HTTP ${result.statusCode}`);

  await db.$transaction([
    db.webhookDeliveryAttempt.create({
      data: {
        deliveryId,
        at: now,
        statusCode: result.statusCode,
        error: result.error,
        responseBody: result.responseBody,
        durationMs: result.durationMs,
      },
    }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        state: succeeded ? "succeeded" : isLast ? "failed" : "pending",
        attempts: { increment: 1 },
        lastStatusCode: result.statusCode,
        lastError: error,
        lastAttemptAt: now,
        nextAttemptAt: succeeded || isLast || !job ? null : nextRetryAt(job, now),
        ...(succeeded && { deliveredAt: now }),
      },
    }),
  ]);
  if (!succeeded) throw new Error(`Webhook delivery ${deliveryId} failed: ${error}`);
}
