// The durable job queue (src/server/jobs) on the run's database: the embedded one through the app's own pool,
// or PostgreSQL through a connection string, exactly as the app builds it.
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { db } from "~/server/platform/db";
import { enqueue, stopWorkers } from "~/server/jobs";
import {
  createJobQueue,
  jobIdFromKey,
  type JobHandler,
  type JobKindDefinition,
  type JobQueue,
  type KindRegistry,
} from "~/server/jobs/queue";
import { poolOf } from "~/server/platform/prisma-client";

const connection = () =>
  process.env.EMBEDDED_DB === "1" ? { pool: poolOf(db) } : { connectionString: process.env.DATABASE_URL! };

const queues: JobQueue<KindRegistry>[] = [];

function testQueue<R extends KindRegistry>(kinds: R): JobQueue<R> {
  const queue = createJobQueue({ connection: connection(), kinds, pollingIntervalSeconds: 0.5 });
  queues.push(queue as unknown as JobQueue<KindRegistry>);
  return queue;
}

const tagged = z.object({ tag: z.string() });

/** A kind of tagged jobs; each test gets its own queue name so runs never see each other's jobs. */
function kind(retry = { retryLimit: 0, retryDelay: 0, retryBackoff: false }): JobKindDefinition<{ tag: string }> {
  return { payload: tagged, retry, expireInSeconds: 60 };
}

/** A handler that notes each job's tag in `seen`. */
const recordTo =
  (seen: string[]): JobHandler<{ tag: string }> =>
  async ({ tag }) =>
    void seen.push(tag);

const uniqueKind = (label: string) => `test.${label}.${randomUUID().slice(0, 8)}`;

async function jobRows(name: string): Promise<{ state: string; data: { tag: string } }[]> {
  return db.$queryRawUnsafe(`SELECT state, data FROM pgboss.job WHERE name = $1 ORDER BY created_on`, name);
}

const until = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop({ timeoutMs: 1000 })));
});

afterAll(async () => {
  await stopWorkers();
});

describe("the job queue", () => {
  it("runs the handler of an enqueued job with its payload", async () => {
    const name = uniqueKind("runs");
    const seen: string[] = [];
    const queue = testQueue({ [name]: kind() });
    await queue.startWorkers({ [name]: recordTo(seen) });

    await queue.enqueue(name, { tag: "hello" });

    await until(() => expect(seen).toEqual(["hello"]));
    await until(async () => expect((await jobRows(name)).map((row) => row.state)).toEqual(["completed"]));
  });

  it("drains a backlog without waiting a polling interval between jobs", async () => {
    const name = uniqueKind("backlog");
    const seen: string[] = [];
    // An interval longer than the test's wait: only fetching again at once after found work can finish in time.
    const queue = createJobQueue({
      connection: connection(),
      kinds: { [name]: kind() },
      pollingIntervalSeconds: 60,
    });
    queues.push(queue as unknown as JobQueue<KindRegistry>);
    const tags = Array.from({ length: 20 }, (_, index) => `job-${index}`);
    for (const tag of tags) await queue.enqueue(name, { tag });
    await queue.startWorkers({ [name]: recordTo(seen) });

    // All of them, in time; pg-boss promises no order among jobs queued in the same millisecond.
    await until(() => expect([...seen].sort()).toEqual([...tags].sort()));
  });

  it("makes a second job with the same key a no-op", async () => {
    const name = uniqueKind("key");
    const seen: string[] = [];
    const queue = testQueue({ [name]: kind() });

    await queue.enqueue(name, { tag: "first" }, { key: "payment:1" });
    await queue.enqueue(name, { tag: "second" }, { key: "payment:1" });
    await queue.enqueue(name, { tag: "other" }, { key: "payment:2" });
    await queue.startWorkers({ [name]: recordTo(seen) });

    // One worker takes one job at a time, oldest first: once "other" ran, any earlier job has too.
    await until(() => expect(seen).toContain("other"));
    expect(seen).toEqual(["first", "other"]);
    expect((await jobRows(name)).map((row) => row.data.tag)).toEqual(["first", "other"]);
  });

  it("derives the same job id from a key in every process, and different ids across kinds", () => {
    expect(jobIdFromKey("wps.ipn", "m1")).toBe(jobIdFromKey("wps.ipn", "m1"));
    expect(jobIdFromKey("wps.ipn", "m1")).not.toBe(jobIdFromKey("email", "m1"));
    expect(jobIdFromKey("wps.ipn", "m1")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("retries a failing job, then puts it in dead letters, from where staff can retry it", async () => {
    const name = uniqueKind("fails");
    let attempts = 0;
    let healed = false;
    const queue = testQueue({ [name]: kind({ retryLimit: 2, retryDelay: 0, retryBackoff: false }) });
    await queue.startWorkers({
      [name]: async () => {
        attempts += 1;
        if (!healed) throw new Error(`PayPal unreachable (attempt ${attempts})`);
      },
    });
    await queue.enqueue(name, { tag: "doomed" });

    await until(async () => {
      const dead = (await queue.listDeadJobs()).filter((job) => job.kind === name);
      expect(dead).toEqual([
        {
          id: expect.any(String),
          kind: name,
          payload: { tag: "doomed" },
          error: "PayPal unreachable (attempt 3)",
          failedAt: expect.any(Date),
        },
      ]);
    });
    // The first attempt and retryLimit retries, no more.
    expect(attempts).toBe(3);
    expect((await jobRows(name)).map((row) => row.state)).toEqual(["failed"]);

    const [dead] = (await queue.listDeadJobs()).filter((job) => job.kind === name);
    healed = true;
    expect(await queue.retryDeadJob(dead!.id)).toBe(true);
    await until(() => expect(attempts).toBe(4));
    expect((await queue.listDeadJobs()).filter((job) => job.kind === name)).toEqual([]);
    await until(async () => expect((await jobRows(name)).map((row) => row.state)).toEqual(["failed", "completed"]));

    expect(await queue.retryDeadJob(dead!.id)).toBe(false);
    expect(await queue.retryDeadJob("not-a-uuid")).toBe(false);
  });

  it("keeps an enqueued job across a restart of the queue and runs it after", async () => {
    const name = uniqueKind("restart");
    const seen: string[] = [];
    const kinds = { [name]: kind() };

    // Enqueued with no handler anywhere: sending needs only the kind's data.
    const before = testQueue(kinds);
    await before.enqueue(name, { tag: "survivor" });
    await before.stop();
    expect(seen).toEqual([]);

    const after = testQueue(kinds);
    await after.startWorkers({ [name]: recordTo(seen) });
    await until(() => expect(seen).toEqual(["survivor"]));
  });

  it("lets a running job finish before stop resolves", async () => {
    const name = uniqueKind("graceful");
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const queue = testQueue({ [name]: kind() });
    await queue.startWorkers({
      [name]: async () => {
        started();
        await released;
        events.push("job finished");
      },
    });
    await queue.enqueue(name, { tag: "slow" });
    await running;

    const stopped = queue.stop().then(() => events.push("stopped"));
    release();
    await stopped;

    expect(events).toEqual(["job finished", "stopped"]);
    expect((await jobRows(name)).map((row) => row.state)).toEqual(["completed"]);
  });

  it("refuses an unknown kind or a bad payload with a clear error", async () => {
    const name = uniqueKind("checked");
    const queue = testQueue({ [name]: kind() });
    await expect(queue.enqueue(`${name}.nope`, { tag: "x" })).rejects.toThrow(`Unknown job kind "${name}.nope"`);
    await expect(queue.enqueue(name, { tag: 1 } as unknown as { tag: string })).rejects.toThrow(/tag/);
  });

  it("refuses to start workers without a handler for every kind", async () => {
    const name = uniqueKind("unhandled");
    const queue = testQueue({ [name]: kind() });
    // The types demand every handler; this is a caller that got round them.
    await expect(queue.startWorkers({} as never)).rejects.toThrow(`No handler for job kind(s) ${name}`);
  });
});

describe("the app's enqueue", () => {
  it("queues a wps.ipn job once per key", async () => {
    const messageId = `ipn-${randomUUID()}`;
    await enqueue("wps.ipn", { messageId }, { key: messageId });
    await enqueue("wps.ipn", { messageId }, { key: messageId });

    const rows: { id: string }[] = await db.$queryRawUnsafe(
      `SELECT id FROM pgboss.job WHERE name = 'wps.ipn' AND data->>'messageId' = $1`,
      messageId,
    );
    expect(rows).toEqual([{ id: jobIdFromKey("wps.ipn", messageId) }]);
    // No workers run here; a later file's workers must not meet a message that was never stored.
    await db.$executeRawUnsafe(`DELETE FROM pgboss.job WHERE name = 'wps.ipn' AND id = $1::uuid`, rows[0]!.id);
  });
});
