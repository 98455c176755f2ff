import { hasStaffRole, ruleMessages } from "~/server/auth/roles";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { enqueue, listDeadJobs, retryDeadJob, type DeadJob, type JobKind } from "~/server/jobs";
import { jobKinds } from "~/server/jobs/kinds";
import { recordAudit } from "~/server/staff/audit";
import type { Staff } from "~/server/staff/users";
import { jobKindLabels } from "~/schemas/staff";

// The staff portal's Background Jobs page: jobs that exhausted their retries, and PayPal events not
// yet applied to the ledger. Everyone reads; super_admin and admin retry. A job's payload names merchant rows:
// staff see what the row is about (type, transaction id, URL without its query), never its body or a secret.

/** Newest first; the page says when there are more. Staff retry what the list shows. */
export const FAILED_JOBS_SHOWN = 100;
export const STALLED_EVENTS_SHOWN = 100;
/** A received event the job has not touched for this long is stuck (its job normally runs within seconds). */
export const STALLED_AFTER_MS = 10 * 60_000;
const ERROR_SHOWN_CHARS = 500;

// Fails to compile when a kind is added to the registry without words for it.
const kindLabels: Record<JobKind, string> = jobKindLabels;

function kindLabel(kind: string): string {
  return Object.hasOwn(kindLabels, kind) ? kindLabels[kind as JobKind] : kind;
}

function assertMayRetry(actor: Staff) {
  if (!hasStaffRole(actor.role, "admin")) throw new AppError("FORBIDDEN", ruleMessages.readOnly);
}

/** The payload as its kind's schema reads it (ids only; unknown keys dropped), or null when it does not. */
function payloadOf(job: DeadJob): Record<string, string> | null {
  if (!Object.hasOwn(jobKinds, job.kind)) return null;
  const parsed = jobKinds[job.kind as JobKind].payload.safeParse(job.payload);
  return parsed.success ? (parsed.data as Record<string, string>) : null;
}

/** A merchant's webhook URL without credentials, query or fragment: those may carry the receiver's tokens. */
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(an invalid URL)";
  }
}

type Merchant = { id: string; name: string };

export type JobSubject = {
  /** One line on what the job was about. */
  summary: string;
  merchant: Merchant | null;
  /** The stored row's own account: an event's outcome, a message's reason, a delivery's last answer. */
  detail: string | null;
};

const GONE: JobSubject = { summary: "The stored record no longer exists", merchant: null, detail: null };

/** Reads the rows the jobs' payloads name, three queries for the whole list. */
async function subjectsOf(jobs: { job: DeadJob; payload: Record<string, string> | null }[]) {
  const idsOf = (kind: JobKind, field: string) =>
    jobs.flatMap(({ job, payload }) => (job.kind === kind && payload?.[field] ? [payload[field]] : []));
  const [events, messages, deliveries, emails] = await Promise.all([
    db.payPalEvent.findMany({
      where: { id: { in: idsOf("paypal.event", "eventId") } },
      select: { id: true, type: true, outcome: true, merchant: { select: { id: true, name: true } } },
    }),
    db.wpsIpnMessage.findMany({
      where: { id: { in: idsOf("wps.ipn", "messageId") } },
      select: {
        id: true,
        txnId: true,
        reason: true,
        wpsTransaction: { select: { merchant: { select: { id: true, name: true } } } },
      },
    }),
    db.webhookDelivery.findMany({
      where: { id: { in: idsOf("merchant-webhook.deliver", "deliveryId") } },
      select: {
        id: true,
        eventType: true,
        url: true,
        attempts: true,
        lastStatusCode: true,
        merchant: { select: { id: true, name: true } },
      },
    }),
    db.emailMessage.findMany({
      where: { id: { in: idsOf("email.send", "emailId") } },
      select: { id: true, template: true, toAddress: true, attempts: true, lastError: true, merchantId: true },
    }),
  ]);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  const eventById = byId(events);
  const messageById = byId(messages);
  const deliveryById = byId(deliveries);
  const emailById = byId(emails);

  return (job: DeadJob, payload: Record<string, string> | null): JobSubject => {
    if (!payload) return { summary: "A payload this kind cannot read", merchant: null, detail: null };
    switch (job.kind as JobKind) {
      case "paypal.event": {
        const event = eventById.get(payload.eventId!);
        return event ? { summary: event.type, merchant: event.merchant, detail: event.outcome } : GONE;
      }
      case "wps.ipn": {
        const message = messageById.get(payload.messageId!);
        if (!message) return GONE;
        return {
          summary: message.txnId ? `Transaction ${message.txnId}` : "A message without a transaction id",
          merchant: message.wpsTransaction?.merchant ?? null,
          detail: message.reason,
        };
      }
      case "merchant-webhook.deliver": {
        const delivery = deliveryById.get(payload.deliveryId!);
        if (!delivery) return GONE;
        const answer = delivery.lastStatusCode === null ? "no answer" : `HTTP ${delivery.lastStatusCode}`;
        return {
          summary: `${delivery.eventType} to ${displayUrl(delivery.url)}`,
          merchant: delivery.merchant,
          detail: `${delivery.attempts} ${delivery.attempts === 1 ? "attempt" : "attempts"}, last: ${answer}`,
        };
      }
      case "email.send": {
        const email = emailById.get(payload.emailId!);
        if (!email) return GONE;
        return {
          summary: `${email.template} to ${email.toAddress}`,
          merchant: null,
          detail: `${email.attempts} ${email.attempts === 1 ? "attempt" : "attempts"}, last: ${email.lastError ?? "no error"}`,
        };
      }
      case "checkouts.reconcile":
      case "merchant-webhook.sweep":
      case "email.sweep":
      case "email.daily-digest":
      case "rate-limits.sweep":
      case "uploads.sweep":
      case "portal.sweep":
      case "upsell-offers.sweep":
      case "disputes.sweep":
        return { summary: "A scheduled run", merchant: null, detail: null };
    }
  };
}

/** Dead letters of every kind, newest first, each resolved to what it was about. */
export async function listFailedJobs(actor: Staff) {
  const dead = await listDeadJobs({ limit: FAILED_JOBS_SHOWN + 1 });
  const jobs = dead.slice(0, FAILED_JOBS_SHOWN).map((job) => ({ job, payload: payloadOf(job) }));
  const subjectOf = await subjectsOf(jobs);
  return {
    canRetry: hasStaffRole(actor.role, "admin"),
    hasMore: dead.length > FAILED_JOBS_SHOWN,
    jobs: jobs.map(({ job, payload }) => ({
      id: job.id,
      kind: job.kind,
      kindLabel: kindLabel(job.kind),
      subject: subjectOf(job, payload),
      error: job.error?.slice(0, ERROR_SHOWN_CHARS) ?? null,
      failedAt: job.failedAt,
    })),
  };
}
export type FailedJobs = Awaited<ReturnType<typeof listFailedJobs>>;

const NO_LONGER_FAILED = "This job is no longer in the failed list: someone may have retried it already.";

/**
 * Queues a dead letter's payload again as a new job (super_admin and admin). Handlers are idempotent, so a
 * retry of work that meanwhile got done changes nothing.
 */
export async function retryFailedJob(actor: Staff, input: { id: string }) {
  assertMayRetry(actor);
  const job = (await listDeadJobs({ limit: FAILED_JOBS_SHOWN })).find((entry) => entry.id === input.id);
  // Two staff members retrying at once: the second finds the entry gone and is told so.
  if (!job || !(await retryDeadJob(job.id))) throw new AppError("NOT_FOUND", NO_LONGER_FAILED);
  await recordAudit(db, actor, "job.retry", { type: "job", id: job.id }, { kind: job.kind, ...payloadOf(job) });
  return { kind: job.kind, kindLabel: kindLabel(job.kind) };
}

/**
 * PayPal events not applied to the ledger: failed (the job is still retrying, or gave up) or received and left
 * untouched for STALLED_AFTER_MS. Newest first.
 */
export async function listStalledPayPalEvents(actor: Staff) {
  const events = await db.payPalEvent.findMany({
    where: {
      OR: [{ state: "failed" }, { state: "received", receivedAt: { lt: new Date(Date.now() - STALLED_AFTER_MS) } }],
    },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: STALLED_EVENTS_SHOWN + 1,
    select: {
      id: true,
      eventId: true,
      type: true,
      state: true,
      outcome: true,
      attempts: true,
      receivedAt: true,
      merchant: { select: { id: true, name: true } },
    },
  });
  return {
    canRetry: hasStaffRole(actor.role, "admin"),
    hasMore: events.length > STALLED_EVENTS_SHOWN,
    events: events.slice(0, STALLED_EVENTS_SHOWN),
  };
}
export type StalledPayPalEvents = Awaited<ReturnType<typeof listStalledPayPalEvents>>;

/** Queues a new "paypal.event" job for a stored event that is not applied yet (super_admin and admin). */
export async function retryPayPalEvent(actor: Staff, input: { id: string }) {
  assertMayRetry(actor);
  const event = await db.payPalEvent.findUnique({
    where: { id: input.id },
    select: { id: true, type: true, state: true, merchant: { select: { name: true } } },
  });
  if (!event) throw new AppError("NOT_FOUND", "PayPal event not found");
  if (event.state === "processed" || event.state === "ignored") {
    throw new AppError("CONFLICT", "This event has been applied meanwhile: there is nothing to retry.");
  }
  // The event's own key is a no-op while its first job is kept (14 days): a staff retry needs a key of its own.
  await enqueue("paypal.event", { eventId: event.id }, { key: `${event.id}:retry:${Date.now()}` });
  await recordAudit(
    db,
    actor,
    "job.retry",
    { type: "paypal_event", id: event.id },
    { kind: "paypal.event", eventId: event.id, type: event.type, ...(event.merchant && { name: event.merchant.name }) },
  );
  return { type: event.type };
}
