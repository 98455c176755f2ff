import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createCacheBus, type CacheBus, type CacheBusTransport, type CacheName } from "~/server/platform/cache-bus";

// Two buses stand for two app instances: each has its own caches, as each process does. The transports are the
// real servers the machine runs (Redis on 6379, the PostgreSQL server on 5432), whatever database this run uses.
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const POSTGRES_URL = process.env.TEST_POSTGRES_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

const transports: CacheBusTransport[] = [
  { kind: "redis", url: REDIS_URL },
  { kind: "postgres", url: POSTGRES_URL },
];

let buses: CacheBus[] = [];
afterEach(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  buses = [];
});

function instance(transport: CacheBusTransport, channel: string) {
  const pages = new LRUCache<string, string>({ max: 100 });
  const scripts = new LRUCache<string, string>({ max: 100 });
  const caches = new Map<CacheName, LRUCache<string, string>>([
    ["sell-page", pages],
    ["embed-script", scripts],
  ]);
  const bus = createCacheBus(transport, caches, channel);
  buses.push(bus);
  return { bus, pages, scripts };
}

async function eventually(check: () => boolean, withinMs = 1000) {
  const deadline = Date.now() + withinMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(transports)("cache messages through $kind", (transport) => {
  it("drops an entry on every instance within a second, and every entry for null", async () => {
    const channel = `test-cache-${randomBytes(6).toString("hex")}`;
    const a = instance(transport, channel);
    const b = instance(transport, channel);
    await Promise.all([a.bus.ready, b.bus.ready]);
    for (const { pages, scripts } of [a, b]) {
      pages.set("p1", "old page").set("p2", "other page");
      scripts.set("s1", "old script");
    }

    a.bus.forget("sell-page", "p1");
    // The writer's own instance forgets before the call returns.
    expect(a.pages.has("p1")).toBe(false);
    const started = performance.now();
    await eventually(() => !b.pages.has("p1"));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(b.pages.get("p2")).toBe("other page");
    expect(b.scripts.get("s1")).toBe("old script");

    b.bus.forget("embed-script", null);
    await eventually(() => a.scripts.size === 0);
    expect(a.pages.get("p2")).toBe("other page");
  });

  it("ignores messages that are not its own shape", async () => {
    const channel = `test-cache-${randomBytes(6).toString("hex")}`;
    const a = instance(transport, channel);
    await a.bus.ready;
    a.pages.set("p1", "page");
    const garbage = ["not json", JSON.stringify({ from: "x", cache: "users", key: "p1" }), JSON.stringify([1])];
    if (transport.kind === "redis") {
      const { Redis } = await import("ioredis");
      const raw = new Redis(REDIS_URL);
      for (const text of garbage) await raw.publish(channel, text);
      raw.disconnect();
    } else {
      const raw = new pg.Client(POSTGRES_URL);
      await raw.connect();
      for (const text of garbage) await raw.query("SELECT pg_notify($1, $2)", [channel, text]);
      await raw.end();
    }
    // A real message sent after the garbage arrives after it: once it has, the garbage was read and ignored.
    const b = instance(transport, channel);
    await b.bus.ready;
    a.pages.set("p2", "page");
    b.bus.forget("sell-page", "p2");
    await eventually(() => !a.pages.has("p2"));
    expect(a.pages.get("p1")).toBe("page");
  });
});

describe("cache messages through postgres, after a lost connection", () => {
  it("reconnects, and drops everything it may have missed meanwhile", async () => {
    const channel = `test-cache-${randomBytes(6).toString("hex")}`;
    const transport: CacheBusTransport = { kind: "postgres", url: POSTGRES_URL };
    const a = instance(transport, channel);
    const b = instance(transport, channel);
    await Promise.all([a.bus.ready, b.bus.ready]);
    b.pages.set("p1", "page");

    // PostgreSQL ends every session listening on the channel (a restart, a failover).
    const admin = new pg.Client(POSTGRES_URL);
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query = $1",
        [`LISTEN "${channel}"`],
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    await eventually(() => !b.pages.has("p1"), 5000);

    // And it hears messages again.
    b.pages.set("p2", "page");
    await eventually(() => {
      a.bus.forget("sell-page", "p2");
      return !b.pages.has("p2");
    }, 5000);
  });
});
