// Every kind of durable job, its payload, retry policy and handler: the one place to add work that must not
// be lost (DESIGN 10). Handlers load their service on first run, so importing the registry (as enqueue does)
// pulls in no service and no import cycle with services that enqueue.
import { z } from "zod";
import type { JobKindDefinition, PayloadOf } from "./queue";

function defineKind<P>(definition: JobKindDefinition<P>): JobKindDefinition<P> {
  return definition;
}

export const jobKinds = {
  /** A stored IPN message: verify by post-back and record (issue 11). PayPal itself resends for 4 days. */
  "wps.ipn": defineKind({
    payload: z.object({ messageId: z.string().min(1) }),
    // 30 s doubling over 10 retries reaches ~8.5 hours in all: an outage of PayPal's verify host or of the
    // database is ridden out rather than the payment left unrecorded.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 5 * 60,
    handler: async ({ messageId }) => {
      const { processWpsIpnMessage } = await import("~/server/services/wps-ipn");
      await processWpsIpnMessage(messageId);
    },
  }),
  /** A verified PayPal webhook event stored in paypal_events: apply it to the ledger (issue 12). */
  "paypal.event": defineKind({
    payload: z.object({ eventId: z.string().min(1) }),
    // PayPal stops resending once we answered 200, so this is the only retry an event gets: ~8.5 hours.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 5 * 60,
    handler: async ({ eventId }) => {
      const { processPayPalEvent } = await import("~/server/services/paypal-events");
      await processPayPalEvent(eventId);
    },
  }),
  /** Repairs checkouts PayPal approved or captured that were never recorded (issue 12); also `npm run reconcile`. */
  "checkouts.reconcile": defineKind({
    payload: z.object({}),
    retry: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 15 * 60,
    schedule: "*/10 * * * *",
    handler: async () => {
      const { reconcileCheckouts } = await import("~/server/services/reconciliation");
      await reconcileCheckouts();
    },
  }),
  /** One merchant webhook delivery (DESIGN 12): POST, record the attempt, throw to retry (>= 24 hours). */
  "merchant-webhook.deliver": defineKind({
    payload: z.object({ deliveryId: z.string().min(1) }),
    // 60 s doubling over 12 retries: the last try comes ~68 hours after the first (pg-boss adds jitter).
    retry: { retryLimit: 12, retryDelay: 60, retryBackoff: true },
    expireInSeconds: 2 * 60,
    handler: async ({ deliveryId }) => {
      const { deliverWebhook } = await import("~/server/merchant-webhooks/deliver");
      await deliverWebhook(deliveryId);
    },
  }),
  /** Queues deliveries recorded with their money change whose job never got queued (a crash right after commit). */
  "merchant-webhook.sweep": defineKind({
    payload: z.object({}),
    retry: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 60,
    schedule: "* * * * *",
    handler: async () => {
      const { queueForgottenDeliveries } = await import("~/server/merchant-webhooks");
      await queueForgottenDeliveries();
    },
  }),
  /** One recorded e-mail (DESIGN 12): compose, send over SMTP, mark sent; retries ride out an SMTP outage. */
  "email.send": defineKind({
    payload: z.object({ emailId: z.string().min(1) }),
    // 30 s doubling over 10 retries: ~8.5 hours of SMTP outage before the mail waits in dead letters for staff.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 2 * 60,
    handler: async ({ emailId }) => {
      const { deliverEmail } = await import("~/server/email");
      await deliverEmail(emailId);
    },
  }),
  /** Queues e-mail recorded with a payment whose job never got queued (a crash right after commit). */
  "email.sweep": defineKind({
    payload: z.object({}),
    retry: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 60,
    schedule: "* * * * *",
    handler: async () => {
      const { queueForgottenEmails } = await import("~/server/email");
      await queueForgottenEmails();
    },
  }),
  /** Sellers' daily digest (issue 13): every hour, the stores where it is now 8 o'clock get yesterday's summary. */
  "email.daily-digest": defineKind({
    payload: z.object({}),
    // A retry comes within the same hour, while those stores are still at 8 o'clock; each store's key makes a
    // digest already recorded a no-op.
    retry: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 10 * 60,
    schedule: "0 * * * *",
    handler: async () => {
      const { sendDailyDigests } = await import("~/server/services/seller-digest");
      await sendDailyDigests();
    },
  }),
  /** Deletes rate-limit counters whose window has ended: each new address or account adds a row (issue 14). */
  "rate-limits.sweep": defineKind({
    payload: z.object({}),
    // The next run repeats the work, so a failed one is not worth a retry.
    retry: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 5 * 60,
    schedule: "*/15 * * * *",
    handler: async () => {
      const { sweepExpiredRateLimits } = await import("~/server/rate-limit");
      await sweepExpiredRateLimits();
    },
  }),
  /** Deletes uploads no form ever saved, a day after upload (they would stay in storage forever otherwise). */
  "uploads.sweep": defineKind({
    payload: z.object({}),
    // The next hour repeats the work; a failure shows in the dead-letter list meanwhile.
    retry: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 15 * 60,
    schedule: "23 * * * *",
    handler: async () => {
      const { sweepAbandonedUploads } = await import("~/server/storage/cleanup");
      await sweepAbandonedUploads();
    },
  }),
};

export type JobKinds = typeof jobKinds;
export type JobKind = keyof JobKinds & string;
export type JobPayloads = { [K in JobKind]: PayloadOf<JobKinds, K> };
