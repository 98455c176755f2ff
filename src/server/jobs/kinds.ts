// Every kind of durable job as data: its payload, retry policy, expiry and schedule, the one place to add work that
// must not be lost (a crash, a redeploy or a database hiccup only delays it). What runs a kind is its domain's: each domain exports the handlers of its kinds and
// src/server/job-handlers.ts hands them all to startWorkers. So this file, and enqueue with it, imports no domain,
// and any domain may enqueue without an import cycle.
import { z } from "zod";
import type { HandlersOf, JobKindDefinition, PayloadOf } from "./queue";

function defineKind<P>(definition: JobKindDefinition<P>): JobKindDefinition<P> {
  return definition;
}

/** A sweep on a schedule: no retry, since the next run repeats the work. */
function sweep(schedule: string, expireInSeconds: number) {
  return defineKind({
    payload: z.object({}),
    retry: { retryLimit: 0, retryDelay: 60, retryBackoff: false },
    expireInSeconds,
    schedule,
  });
}

/** A sweep every minute, done within the minute (the next minute's run is the retry). */
const everyMinuteSweep = () => sweep("* * * * *", 60);

export const jobKinds = {
  /** A stored IPN message: verify by post-back and record. PayPal itself resends for 4 days. */
  "wps.ipn": defineKind({
    payload: z.object({ messageId: z.string().min(1) }),
    // 30 s doubling over 10 retries reaches ~8.5 hours in all: an outage of PayPal's verify host or of the
    // database is ridden out rather than the payment left unrecorded.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 5 * 60,
  }),
  /** A verified PayPal webhook event stored in paypal_events: apply it to the ledger. */
  "paypal.event": defineKind({
    payload: z.object({ eventId: z.string().min(1) }),
    // PayPal stops resending once we answered 200, so this is the only retry an event gets: ~8.5 hours.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 5 * 60,
  }),
  /** Repairs checkouts PayPal approved or captured that were never recorded; also `npm run reconcile`. */
  "checkouts.reconcile": defineKind({
    // afterStart: the pass each instance queues when it starts (a crash may have left captures unrecorded).
    payload: z.object({ afterStart: z.boolean().optional() }),
    retry: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 15 * 60,
    schedule: "*/10 * * * *",
  }),
  /** One merchant webhook delivery: POST, record the attempt, throw to retry (>= 24 hours). */
  "merchant-webhook.deliver": defineKind({
    payload: z.object({ deliveryId: z.string().min(1) }),
    // 60 s doubling over 12 retries: the last try comes ~68 hours after the first (pg-boss adds jitter).
    retry: { retryLimit: 12, retryDelay: 60, retryBackoff: true },
    expireInSeconds: 2 * 60,
  }),
  /** Queues deliveries recorded with their money change whose job never got queued (a crash right after commit). */
  "merchant-webhook.sweep": everyMinuteSweep(),
  /** One recorded e-mail: compose, send over SMTP, mark sent; retries ride out an SMTP outage. */
  "email.send": defineKind({
    payload: z.object({ emailId: z.string().min(1) }),
    // 30 s doubling over 10 retries: ~8.5 hours of SMTP outage before the mail waits in dead letters for staff.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 2 * 60,
  }),
  /** Queues e-mail recorded with a payment whose job never got queued (a crash right after commit). */
  "email.sweep": everyMinuteSweep(),
  /** Sellers' daily digest: every hour, the stores where it is now 8 o'clock get yesterday's summary. */
  "email.daily-digest": defineKind({
    payload: z.object({}),
    // A retry comes within the same hour, while those stores are still at 8 o'clock; each store's key makes a
    // digest already recorded a no-op.
    retry: { retryLimit: 2, retryDelay: 60, retryBackoff: false },
    expireInSeconds: 10 * 60,
    schedule: "0 * * * *",
  }),
  /** Deletes rate-limit counters whose window has ended: each new address or account adds a row. */
  "rate-limits.sweep": sweep("*/15 * * * *", 5 * 60),
  /** Closes one-click upsell offers past their 15 minutes and deletes the buyers' wallets saved for them at PayPal. */
  "upsell-offers.sweep": everyMinuteSweep(),
  /**
   * PayPal disputes: the "3 days left" e-mails, then each connected store's cases updated since its last pull
   * (PayPal does not always send every update, and a store connected later has older cases).
   */
  "disputes.sweep": sweep("17 * * * *", 20 * 60),
  /** Deletes spent or expired portal sign-in links and ended portal sessions: each sign-in adds rows. */
  "portal.sweep": sweep("30 * * * *", 5 * 60),
  /**
   * Deletes uploads no form ever saved, a day after upload (they would stay in storage forever otherwise); a failed
   * run shows in the dead-letter list until the next hour's.
   */
  "uploads.sweep": sweep("23 * * * *", 15 * 60),
};

export type JobKinds = typeof jobKinds;
export type JobKind = keyof JobKinds & string;
export type JobPayloads = { [K in JobKind]: PayloadOf<JobKinds, K> };
/** What startWorkers needs: a handler for every kind, each taking its kind's payload. */
export type JobHandlers = HandlersOf<JobKinds>;
