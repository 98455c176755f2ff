// The queue engine: pg-boss on the app's own PostgreSQL, driven by a registry of kinds (kinds.ts). A kind is data
// (payload, retry policy, expiry, schedule); its handler is handed over only when workers start, so enqueueing needs
// no handler and jobs/ imports no domain. The app's one queue is built in index.ts; tests build their own with
// test-only kinds.
import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { describeError, logger } from "~/server/platform/logger";

export interface RetryPolicy {
  /** Retries after the first attempt; then the job is failed and copied to the kind's dead-letter queue. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  /** Doubles the delay each retry (pg-boss adds jitter). */
  retryBackoff: boolean;
}

export interface JobKindDefinition<P> {
  payload: z.ZodType<P>;
  retry: RetryPolicy;
  /** A running job older than this counts as failed (a crashed worker) and is retried. */
  expireInSeconds: number;
  /**
   * A cron expression (UTC): the kind also runs on this schedule with an empty payload. pg-boss keeps one
   * schedule per kind in the database, so many instances still run it once per tick.
   */
  schedule?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry maps each kind to its own payload type
export type KindRegistry = Record<string, JobKindDefinition<any>>;
export type PayloadOf<R extends KindRegistry, K extends keyof R> = R[K] extends JobKindDefinition<infer P> ? P : never;

/** Runs one job. Must be idempotent: a job can run again after a crash, an expiry or a staff retry. */
export type JobHandler<P> = (payload: P) => Promise<void>;

/**
 * One handler per kind of the registry, taking that kind's payload: a kind left out, or a handler for another
 * payload, does not compile.
 */
export type HandlersOf<R extends KindRegistry> = { [K in keyof R]: JobHandler<PayloadOf<R, K>> };

export type QueueConnection =
  /** PostgreSQL: pg-boss opens its own small pool. */
  | { connectionString: string }
  /** The embedded database: the app's one-connection pool, shared (a second connection cannot run beside it). */
  | { pool: pg.Pool };

export interface QueueOptions<R extends KindRegistry> {
  connection: QueueConnection;
  kinds: R;
  /** How often an idle worker looks for work; an enqueue in this process wakes its worker at once anyway. */
  pollingIntervalSeconds?: number;
}

export interface DeadJob {
  /** The dead-letter entry's id, for retryDeadJob. */
  id: string;
  kind: string;
  payload: unknown;
  /** The last attempt's error message. */
  error: string | null;
  failedAt: Date;
}

export interface JobQueue<R extends KindRegistry> {
  /** Connects and creates or updates the queues of every kind (pg-boss creates its schema on first start). */
  start(): Promise<void>;
  /** Works every kind in this process with its handler. */
  startWorkers(handlers: HandlersOf<R>): Promise<void>;
  /** Stops taking work and waits up to `timeoutMs` for running jobs; an unfinished one is retried later. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  enqueue<K extends keyof R & string>(kind: K, payload: PayloadOf<R, K>, options?: EnqueueOptions): Promise<void>;
  listDeadJobs(options?: { limit?: number }): Promise<DeadJob[]>;
  retryDeadJob(id: string): Promise<boolean>;
}

export interface EnqueueOptions {
  /** The same key for the same kind again is a no-op while the first job is kept (14 days by default). */
  key?: string;
}

export function deadLetterQueue(kind: string): string {
  return `${kind}.dead`;
}

// A fixed namespace: the same kind and key give the same id in every process and every release.
const KEY_NAMESPACE = "popkit.jobs:";

/** A UUID (version 5 layout) from the kind and key, so pg-boss refuses a second job with it. */
export function jobIdFromKey(kind: string, key: string): string {
  const bytes = createHash("sha1").update(`${KEY_NAMESPACE}${kind}\u0000${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createJobQueue<R extends KindRegistry>(options: QueueOptions<R>): JobQueue<R> {
  const { connection, kinds } = options;
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss(
    "pool" in connection
      ? {
          db: { executeSql: (text, values) => connection.pool.query(text, values) },
          // The defaults poll every 30-60 s; the embedded database answers these in well under a millisecond.
          cronMonitorIntervalSeconds: 1,
          cronWorkerIntervalSeconds: 1,
        }
      : { connectionString: connection.connectionString, max: 4 },
  );
  boss.on("error", (error) => logger.error("job queue error", describeError(error)));
  const workerIds = new Map<string, string>();
  let started: Promise<void> | null = null;

  function definition(kind: string): JobKindDefinition<unknown> {
    const found = Object.hasOwn(kinds, kind) ? kinds[kind] : undefined;
    if (!found) throw new Error(`Unknown job kind "${kind}"`);
    return found;
  }

  async function createQueues() {
    for (const [kind, def] of Object.entries(kinds)) {
      const dead = deadLetterQueue(kind);
      // Dead letters are kept for staff to see: no retries of their own, nobody works them.
      await boss.createQueue(dead, { name: dead, retryLimit: 0 });
      const policy = { name: kind, ...def.retry, expireInSeconds: def.expireInSeconds, deadLetter: dead };
      // createQueue leaves an existing queue as it was: updateQueue carries a changed policy over.
      await boss.createQueue(kind, policy);
      await boss.updateQueue(kind, policy);
      if (def.schedule) await boss.schedule(kind, def.schedule, {}, { tz: "UTC" });
    }
  }

  function ensureStarted(): Promise<void> {
    started ??= (async () => {
      await boss.start();
      await createQueues();
    })().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  }

  return {
    start: ensureStarted,

    async startWorkers(handlers) {
      // The types already demand every handler; this names the kind when a caller got round them.
      const byKind = handlers as Record<string, JobHandler<unknown> | undefined>;
      const missing = Object.keys(kinds).filter((kind) => typeof byKind[kind] !== "function");
      if (missing.length > 0) throw new Error(`No handler for job kind(s) ${missing.join(", ")}`);
      await ensureStarted();
      for (const [kind, def] of Object.entries(kinds)) {
        if (workerIds.has(kind)) continue;
        const handler = byKind[kind]!;
        const id = await boss.work(kind, { batchSize: 1, pollingIntervalSeconds }, async (jobs) => {
          // pg-boss waits a whole polling interval after every fetch, even one that found work: a backlog then
          // drains at one job per interval. Found work means more may wait, so the worker fetches again at once.
          const workerId = workerIds.get(kind);
          if (workerId) boss.notifyWorker(workerId);
          for (const job of jobs) {
            try {
              await handler(def.payload.parse(job.data));
            } catch (error) {
              logger.warn("job failed", { kind, jobId: job.id, ...describeError(error) });
              throw error;
            }
          }
        });
        workerIds.set(kind, id);
      }
    },

    async stop({ timeoutMs = 25_000 } = {}) {
      if (!started) return;
      await started.catch(() => {});
      // close: pg-boss ends only a pool it opened itself; the shared embedded pool stays the app's to close.
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
      workerIds.clear();
      started = null;
    },

    async enqueue(kind, payload, { key } = {}) {
      const def = definition(kind);
      const data = def.payload.parse(payload) as object;
      await ensureStarted();
      await boss.send(kind, data, { id: key === undefined ? randomUUID() : jobIdFromKey(kind, key) });
      const workerId = workerIds.get(kind);
      if (workerId) boss.notifyWorker(workerId);
    },

    async listDeadJobs({ limit = 100 } = {}) {
      await ensureStarted();
      const names = Object.keys(kinds).map(deadLetterQueue);
      const { rows } = await boss.getDb().executeSql(
        `SELECT id, name, data, output, created_on FROM pgboss.job
          WHERE name = ANY($1::text[]) AND state = 'created' ORDER BY created_on DESC LIMIT $2`,
        [names, limit],
      );
      return (rows as { id: string; name: string; data: unknown; output: unknown; created_on: Date }[]).map((row) => ({
        id: row.id,
        kind: row.name.slice(0, -".dead".length),
        payload: row.data,
        error: errorMessage(row.output),
        failedAt: row.created_on,
      }));
    },

    async retryDeadJob(id) {
      if (!UUID.test(id)) return false;
      await ensureStarted();
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT name, data FROM pgboss.job WHERE id = $1 AND name = ANY($2::text[]) AND state = 'created'`,
          [id, Object.keys(kinds).map(deadLetterQueue)],
        );
      const entry = rows[0] as { name: string; data: object } | undefined;
      if (!entry) return false;
      const kind = entry.name.slice(0, -".dead".length);
      // A fresh id: the failed original still holds the key's id. Sent before the entry goes, so a crash in
      // between leaves a duplicate (harmless, handlers are idempotent) rather than a lost job.
      await boss.send(kind, entry.data, { id: randomUUID() });
      await boss.deleteJob(entry.name, id);
      const workerId = workerIds.get(kind);
      if (workerId) boss.notifyWorker(workerId);
      return true;
    },
  };
}

function errorMessage(output: unknown): string | null {
  if (output && typeof output === "object" && "message" in output && typeof output.message === "string") {
    return output.message;
  }
  return null;
}
