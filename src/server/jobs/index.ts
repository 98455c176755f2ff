// The app's durable job queue: enqueue work that must survive a crash, a redeploy or a database
// hiccup; workers run it with retries, and what exhausts its retries waits in dead letters for staff.
import { env } from "~/env";
import { db } from "~/server/platform/db";
import { poolOf } from "~/server/platform/prisma-client";
import { type JobHandlers, type JobKind, type JobKinds, type JobPayloads, jobKinds } from "./kinds";
import { createJobQueue, type DeadJob, type EnqueueOptions, type JobQueue } from "./queue";

export type { DeadJob, JobHandlers, JobKind, JobPayloads };
export { stopWorkers } from "./shutdown";

// On globalThis like the db client: Next evaluates this module once per router bundle, and shutdown.ts (loaded
// by scripts/serve.ts, outside the bundles) must reach the same queue to stop it on SIGTERM.
const globalForJobs = globalThis as typeof globalThis & { popkitJobs?: JobQueue<JobKinds> };

function queue(): JobQueue<JobKinds> {
  globalForJobs.popkitJobs ??= createJobQueue({
    connection: env.EMBEDDED_DB ? { pool: poolOf(db) } : { connectionString: env.DATABASE_URL },
    kinds: jobKinds,
  });
  return globalForJobs.popkitJobs;
}

/**
 * Queues work that must not be lost; the same `key` for the same kind again is a no-op. Call it after the
 * transaction that produced the work commits: on the embedded database a send from inside an open
 * transaction would wait for the one connection that transaction holds.
 */
export async function enqueue<K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<void> {
  await queue().enqueue(kind, payload, options);
}

/**
 * Runs the workers of every kind in this process (src/instrumentation.ts, unless WORKERS=0), each with its
 * domain's handler: pass `jobHandlers` from src/server/job-handlers.ts.
 */
export async function startWorkers(handlers: JobHandlers): Promise<void> {
  await queue().startWorkers(handlers);
}

/** Jobs that exhausted their retries, newest first, for the staff portal. */
export async function listDeadJobs(options: { limit?: number } = {}): Promise<DeadJob[]> {
  return queue().listDeadJobs(options);
}

/** Queues a dead job's payload again as a new job; false when no dead job has this id. */
export async function retryDeadJob(id: string): Promise<boolean> {
  return queue().retryDeadJob(id);
}
