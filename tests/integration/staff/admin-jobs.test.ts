import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { listDeadJobs, stopWorkers } from "~/server/jobs";
import { deadLetterQueue } from "~/server/jobs/queue";
import { STALLED_AFTER_MS } from "~/server/staff/jobs";
import { createMerchant } from "../../factories/merchant";
import { createPayPalEvent } from "../../factories/paypal-event";
import { createSaasUser } from "../../factories/saas-user";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller, staffCaller } from "../../support/callers";
import { rejectionOf } from "../../support/rejection";

// The Background Jobs page's procedures: dead letters of the app's queue and PayPal events not applied. No
// workers run in this file, so every job it queues stays where the test can see it (and is removed after).

type Role = "operator" | "admin" | "super_admin";

async function staffOf(role: Role) {
  const staff = await createSaasUser(db, { role });
  return { staff, admin: staffCaller(staff).admin };
}

async function failure(promise: Promise<unknown>) {
  const error = await rejectionOf<unknown>(promise);
  if (!(error instanceof TRPCError)) throw error;
  return { code: error.code, message: error.message };
}

/**
 * A dead letter as pg-boss writes one when a job exhausts its retries (failJobs' dlq_jobs insert in pg-boss
 * 10): a new job in the kind's dead-letter queue with the failed job's data and output, in state 'created'.
 */
async function insertDeadLetter(kind: string, data: object, error: string): Promise<string> {
  const rows: { id: string }[] = await db.$queryRawUnsafe(
    `INSERT INTO pgboss.job (name, data, output, retry_limit, keep_until)
     VALUES ($1, $2::jsonb, $3::jsonb, 0, now() + interval '14 days') RETURNING id::text`,
    deadLetterQueue(kind),
    JSON.stringify(data),
    JSON.stringify({ name: "Error", message: error, stack: `Error: ${error}\n    at handler` }),
  );
  return rows[0]!.id;
}

/** Jobs of `kind` whose payload field `field` is `value`, in any state. */
function jobsFor(kind: string, field: string, value: string): Promise<{ id: string; state: string }[]> {
  return db.$queryRawUnsafe(
    `SELECT id::text, state::text FROM pgboss.job WHERE name = $1 AND data->>$2 = $3 ORDER BY created_on`,
    kind,
    field,
    value,
  );
}

const created: { field: string; value: string }[] = [];

beforeAll(async () => {
  // Starts the app's queue: pg-boss creates its schema and the queues (with their dead-letter partitions).
  await listDeadJobs();
});

afterAll(async () => {
  // A later file's workers must not run what this file queued.
  for (const { field, value } of created) {
    await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE data->>$1 = $2`, field, value);
  }
  await stopWorkers();
});

async function failedPayPalEvent() {
  const merchant = await createMerchant(db);
  const event = await createPayPalEvent(db, merchant.id, {
    type: "PAYMENT.CAPTURE.REFUNDED",
    state: "failed",
    outcome: "The refunded payment is not recorded yet; retrying.",
    attempts: 11,
    body: JSON.stringify({ resource: { payer: { email_address: "buyer@example.test" } } }),
  });
  created.push({ field: "eventId", value: event.id });
  return { merchant, event };
}

describe("admin.jobs.listFailed", () => {
  it("shows each dead letter in words with what it was about, and no merchant secrets or bodies", async () => {
    const { merchant, event } = await failedPayPalEvent();
    const eventJob = await insertDeadLetter("paypal.event", { eventId: event.id }, "PayPal unreachable");

    const txnId = unique("TXN");
    const message = await db.wpsIpnMessage.create({
      data: { body: Buffer.from(`txn_id=${txnId}&payer_email=buyer%40example.test`), txnId, reason: "PayPal down" },
    });
    created.push({ field: "messageId", value: message.id });
    const ipnJob = await insertDeadLetter("wps.ipn", { messageId: message.id }, "connect ECONNREFUSED");

    const delivery = await db.webhookDelivery.create({
      data: {
        id: unique("msg_"),
        merchantId: merchant.id,
        url: "https://user:pass@hooks.example.test/popkit?token=s3cret#frag",
        eventType: "payment.completed",
        payload: JSON.stringify({ secret: "body-secret" }),
        state: "failed",
        attempts: 13,
        lastStatusCode: 500,
      },
    });
    created.push({ field: "deliveryId", value: delivery.id });
    const deliveryJob = await insertDeadLetter(
      "merchant-webhook.deliver",
      { deliveryId: delivery.id },
      `Webhook delivery ${delivery.id} failed: The URL answered HTTP 500`,
    );
    const gone = unique("gone");
    created.push({ field: "eventId", value: gone });
    const goneJob = await insertDeadLetter("paypal.event", { eventId: gone }, "boom");

    const { admin } = await staffOf("operator");
    const result = await admin.jobs.listFailed();
    expect(result.canRetry).toBe(false);
    const ours = new Map(result.jobs.map((job) => [job.id, job]));

    expect(ours.get(eventJob)).toEqual({
      id: eventJob,
      kind: "paypal.event",
      kindLabel: "PayPal webhook event",
      subject: {
        summary: "PAYMENT.CAPTURE.REFUNDED",
        merchant: { id: merchant.id, name: merchant.name },
        detail: "The refunded payment is not recorded yet; retrying.",
      },
      error: "PayPal unreachable",
      failedAt: expect.any(Date),
    });
    expect(ours.get(ipnJob)).toMatchObject({
      kindLabel: "WPS IPN message",
      subject: { summary: `Transaction ${txnId}`, merchant: null, detail: "PayPal down" },
      error: "connect ECONNREFUSED",
    });
    expect(ours.get(deliveryJob)).toMatchObject({
      kindLabel: "Merchant webhook delivery",
      subject: {
        summary: "payment.completed to https://hooks.example.test/popkit",
        merchant: { id: merchant.id, name: merchant.name },
        detail: "13 attempts, last: HTTP 500",
      },
    });
    expect(ours.get(goneJob)?.subject).toEqual({
      summary: "The stored record no longer exists",
      merchant: null,
      detail: null,
    });
    const shown = JSON.stringify(result);
    for (const secret of ["s3cret", "user:pass", "body-secret", "buyer@example.test", "buyer%40example.test"]) {
      expect(shown).not.toContain(secret);
    }
    // Newest first.
    const order = result.jobs.map((job) => job.id).filter((id) => ours.has(id) && [eventJob, goneJob].includes(id));
    expect(order).toEqual([goneJob, eventJob]);
  });

  it("refuses a signed-out caller and a merchant", async () => {
    const merchant = await createMerchant(db);
    for (const caller of [anonymousCaller(), merchantCaller(merchant)]) {
      expect(await failure(caller.admin.jobs.listFailed())).toEqual({
        code: "UNAUTHORIZED",
        message: "User not authenticated",
      });
    }
  });
});

describe("admin.jobs.retry", () => {
  it("lets an admin queue a dead letter again: the entry goes, a new job of its kind waits, an audit row says so", async () => {
    const { event } = await failedPayPalEvent();
    const id = await insertDeadLetter("paypal.event", { eventId: event.id }, "PayPal unreachable");
    const { staff, admin } = await staffOf("admin");
    expect((await admin.jobs.listFailed()).canRetry).toBe(true);

    expect(await admin.jobs.retry({ id })).toEqual({ kind: "paypal.event", kindLabel: "PayPal webhook event" });

    expect((await listDeadJobs()).map((job) => job.id)).not.toContain(id);
    expect(await jobsFor("paypal.event", "eventId", event.id)).toEqual([{ id: expect.any(String), state: "created" }]);
    const audit = await db.auditLog.findMany({ where: { action: "job.retry", targetId: id } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: staff.id,
        actorUsername: staff.username,
        targetType: "job",
        details: { kind: "paypal.event", eventId: event.id },
      }),
    ]);

    // A second click (or a colleague's) finds nothing left to retry.
    expect(await failure(admin.jobs.retry({ id }))).toEqual({
      code: "NOT_FOUND",
      message: "This job is no longer in the failed list: someone may have retried it already.",
    });
    expect(await failure(admin.jobs.retry({ id: "not-a-job" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await jobsFor("paypal.event", "eventId", event.id)).toHaveLength(1);
  });

  it("refuses operators (they read only), merchants and signed-out callers, and leaves the entry", async () => {
    const { event } = await failedPayPalEvent();
    const id = await insertDeadLetter("paypal.event", { eventId: event.id }, "PayPal unreachable");
    const { admin: operator } = await staffOf("operator");
    const merchant = await createMerchant(db);

    expect(await failure(operator.jobs.retry({ id }))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this.",
    });
    for (const caller of [anonymousCaller(), merchantCaller(merchant)]) {
      expect(await failure(caller.admin.jobs.retry({ id }))).toMatchObject({ code: "UNAUTHORIZED" });
    }
    expect((await listDeadJobs()).map((job) => job.id)).toContain(id);
    expect(await jobsFor("paypal.event", "eventId", event.id)).toEqual([]);
    expect(await db.auditLog.count({ where: { action: "job.retry", targetId: id } })).toBe(0);
  });

  it("answers a clear error for an empty id", async () => {
    const { admin } = await staffOf("super_admin");
    expect(await failure(admin.jobs.retry({ id: "" }))).toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("admin.jobs.listStalledPayPalEvents", () => {
  it("lists failed events and received ones older than 10 minutes, newest first, with merchant and outcome", async () => {
    const merchant = await createMerchant(db);
    const now = Date.now();
    const failed = await createPayPalEvent(db, merchant.id, {
      state: "failed",
      outcome: "Could not apply the event; retrying.",
      attempts: 3,
      receivedAt: new Date(now - 60_000),
    });
    const stuck = await createPayPalEvent(db, merchant.id, {
      state: "received",
      receivedAt: new Date(now - STALLED_AFTER_MS - 60_000),
    });
    const fresh = await createPayPalEvent(db, merchant.id, { state: "received", receivedAt: new Date(now - 5_000) });
    const applied = await createPayPalEvent(db, merchant.id, { state: "processed", receivedAt: new Date(now) });

    const { admin } = await staffOf("operator");
    const result = await admin.jobs.listStalledPayPalEvents();
    expect(result.canRetry).toBe(false);
    const ours = result.events.filter((event) => [failed, stuck, fresh, applied].some((row) => row.id === event.id));
    expect(ours).toEqual([
      {
        id: failed.id,
        eventId: failed.eventId,
        type: "PAYMENT.CAPTURE.COMPLETED",
        state: "failed",
        outcome: "Could not apply the event; retrying.",
        attempts: 3,
        receivedAt: failed.receivedAt,
        merchant: { id: merchant.id, name: merchant.name },
      },
      expect.objectContaining({ id: stuck.id, state: "received", attempts: 0 }),
    ]);
    expect(JSON.stringify(result)).not.toContain('"body"');
  });
});

describe("admin.jobs.retryPayPalEvent", () => {
  it("queues a new job for a failed event even while its first job is kept, audited", async () => {
    const { merchant, event } = await failedPayPalEvent();
    const { staff, admin } = await staffOf("super_admin");
    expect((await admin.jobs.listStalledPayPalEvents()).canRetry).toBe(true);

    await admin.jobs.retryPayPalEvent({ id: event.id });
    await admin.jobs.retryPayPalEvent({ id: event.id });

    expect(await jobsFor("paypal.event", "eventId", event.id)).toEqual([
      { id: expect.any(String), state: "created" },
      { id: expect.any(String), state: "created" },
    ]);
    const audit = await db.auditLog.findMany({ where: { action: "job.retry", targetId: event.id } });
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorId: staff.id,
      targetType: "paypal_event",
      details: { kind: "paypal.event", eventId: event.id, type: event.type, name: merchant.name },
    });
  });

  it("refuses an event already applied, an unknown id, operators and merchants", async () => {
    const merchant = await createMerchant(db);
    const applied = await createPayPalEvent(db, merchant.id, { state: "processed" });
    const { event } = await failedPayPalEvent();
    const { admin } = await staffOf("admin");
    const { admin: operator } = await staffOf("operator");

    expect(await failure(admin.jobs.retryPayPalEvent({ id: applied.id }))).toEqual({
      code: "CONFLICT",
      message: "This event has been applied meanwhile: there is nothing to retry.",
    });
    expect(await failure(admin.jobs.retryPayPalEvent({ id: unique("nope") }))).toEqual({
      code: "NOT_FOUND",
      message: "PayPal event not found",
    });
    expect(await failure(operator.jobs.retryPayPalEvent({ id: event.id }))).toEqual({
      code: "FORBIDDEN",
      message: "You do not have permission to do this.",
    });
    expect(await failure(merchantCaller(merchant).admin.jobs.retryPayPalEvent({ id: event.id }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await jobsFor("paypal.event", "eventId", event.id)).toEqual([]);
    expect(await jobsFor("paypal.event", "eventId", applied.id)).toEqual([]);
  });
});
