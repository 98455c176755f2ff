import { randomUUID } from "node:crypto";
import pg from "pg";
import { env } from "~/env";
import { connectRedis, redisKey, sharedRedis } from "~/server/platform/redis";
import { describeError, logger } from "~/server/platform/logger";

// What buyers load most (embed scripts, sell pages) is read through a few seconds of memory in each instance
// (nothing another instance needs). A write that changes what buyers see calls forgetCached(): the entry
// goes here at once and a message tells every other instance to drop it too, within milliseconds: through Redis
// pub/sub with REDIS_URL, else PostgreSQL's NOTIFY on the app's own database. The embedded database is one process,
// so there is no one to tell. If a message is lost (Redis or PostgreSQL briefly gone), the caches' own expiry (5 s)
// still bounds the staleness, and a subscriber that reconnects drops everything, since it may have missed some.

export type CacheName = "embed-script" | "wps-embed-script" | "sell-page";
type Forgettable = { delete(key: string): unknown; clear(): void };
type Caches = Map<CacheName, Forgettable>;
type Message = { from: string; cache: CacheName; key: string | null };

const CACHE_NAMES: readonly CacheName[] = ["embed-script", "wps-embed-script", "sell-page"];
const RECONNECT_MS = 1_000;
const HEARTBEAT_MS = 10_000;

export type CacheBus = {
  forget(cache: CacheName, key: string | null): void;
  /** Resolves once this bus hears other instances (at once for the local bus). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type CacheBusTransport = { kind: "redis"; url: string } | { kind: "postgres"; url: string } | { kind: "local" };

function parse(text: string): Message | null {
  try {
    const message = JSON.parse(text) as Partial<Message>;
    if (typeof message.from !== "string" || !CACHE_NAMES.includes(message.cache as CacheName)) return null;
    if (message.key !== null && typeof message.key !== "string") return null;
    return message as Message;
  } catch {
    return null;
  }
}

function apply(caches: Caches, cache: CacheName, key: string | null) {
  const target = caches.get(cache);
  if (key === null) target?.clear();
  else target?.delete(key);
}

/** A bus over one transport, applying what other buses send to `caches`. */
export function createCacheBus(transport: CacheBusTransport, caches: Caches, channel: string): CacheBus {
  const from = randomUUID();
  const heard = (text: string) => {
    const message = parse(text);
    if (message && message.from !== from) apply(caches, message.cache, message.key);
  };
  const forgetAll = () => caches.forEach((cache) => cache.clear());
  let publish: (text: string) => Promise<unknown> = async () => {};
  let ready: Promise<void> = Promise.resolve();
  let close = async () => {};

  if (transport.kind === "redis") {
    const publisher = sharedRedisFor(transport.url);
    const subscriber = connectRedis("cache messages", transport.url);
    let subscribedOnce = false;
    const subscribed = new Promise<void>((resolve) => {
      // On every (re)connection: what was published while this instance was away is gone, so drop everything.
      subscriber.on("ready", () => {
        subscriber.subscribe(channel).then(
          () => {
            if (subscribedOnce) forgetAll();
            subscribedOnce = true;
            resolve();
          },
          () => {
            // The connection went again: the next "ready" tries again.
          },
        );
      });
    });
    const publisherReady =
      publisher.client.status === "ready"
        ? Promise.resolve()
        : new Promise<void>((resolve) => publisher.client.once("ready", () => resolve()));
    ready = Promise.all([subscribed, publisherReady]).then(() => {});
    subscriber.on("message", (_channel: string, text: string) => heard(text));
    publish = (text) => publisher.client.publish(channel, text);
    close = async () => {
      subscriber.disconnect();
      publisher.release();
    };
  } else if (transport.kind === "postgres") {
    let client: pg.Client | undefined;
    let closed = false;
    let connectedOnce = false;
    let timer: NodeJS.Timeout | undefined;
    let markReady = () => {};
    ready = new Promise<void>((resolve) => (markReady = resolve));
    // LISTEN needs a session of its own: a pooled connection goes back to the pool between queries.
    let down = false;
    let heartbeat: NodeJS.Timeout | undefined;
    const listen = async () => {
      const next = new pg.Client({
        connectionString: transport.url,
        connectionTimeoutMillis: 5_000,
        query_timeout: 5_000,
        keepAlive: true,
      });
      const retry = (error: unknown) => {
        if (closed || client !== next) return;
        client = undefined;
        clearInterval(heartbeat);
        next.removeAllListeners();
        next.on("error", () => {});
        void next.end().catch(() => {});
        // Once per outage, not once per attempt.
        if (!down) logger.warn("cache messages: PostgreSQL connection lost, reconnecting", describeError(error));
        down = true;
        timer = setTimeout(() => void listen(), RECONNECT_MS);
      };
      // A connection that went silent (a server gone without a word) would otherwise stay deaf until TCP gives up.
      heartbeat = setInterval(() => void next.query("SELECT 1").catch(retry), HEARTBEAT_MS);
      heartbeat.unref();
      client = next;
      next.on("error", retry);
      next.on("end", () => retry(new Error("connection ended")));
      next.on("notification", (notification) => {
        if (notification.payload) heard(notification.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN "${channel}"`);
        if (connectedOnce) forgetAll();
        if (down) logger.info("cache messages: PostgreSQL connection back");
        connectedOnce = true;
        down = false;
        markReady();
      } catch (error) {
        retry(error);
      }
    };
    void listen();
    // Sent on the listening session itself (a session may NOTIFY while it LISTENs): no pool connection is held.
    publish = async (text) => {
      if (!client || !connectedOnce) throw new Error("not connected to PostgreSQL");
      await client.query("SELECT pg_notify($1, $2)", [channel, text]);
    };
    close = async () => {
      closed = true;
      clearTimeout(timer);
      clearInterval(heartbeat);
      const last = client;
      last?.removeAllListeners("end");
      client = undefined;
      await last?.end().catch(() => {});
    };
  }

  return {
    forget(cache, key) {
      apply(caches, cache, key);
      if (transport.kind === "local") return;
      publish(JSON.stringify({ from, cache, key } satisfies Message)).catch((error: unknown) => {
        logger.warn("cache message not sent; other instances catch up within 5 s", {
          cache,
          ...describeError(error),
        });
      });
    },
    ready,
    close,
  };
}

/** The command connection for `url`: the process's shared one when it is REDIS_URL's (tests pass their own). */
function sharedRedisFor(url: string) {
  const shared = url === env.REDIS_URL ? sharedRedis() : null;
  if (shared) return { client: shared, release: () => {} };
  const own = connectRedis("cache messages (publish)", url);
  return { client: own, release: () => own.disconnect() };
}

// One registry and one bus per process, on globalThis: Next bundles the modules that own caches once for the App
// Router and once for the Pages Router, and the front door (scripts/serve.ts) loads its own copy of embed-script.ts.
const globalForBus = globalThis as typeof globalThis & { popkitCaches?: Caches; popkitCacheBus?: CacheBus };
const caches = (globalForBus.popkitCaches ??= new Map());

function processBus(): CacheBus {
  const transport: CacheBusTransport = env.REDIS_URL
    ? { kind: "redis", url: env.REDIS_URL }
    : env.EMBEDDED_DB
      ? { kind: "local" }
      : { kind: "postgres", url: env.DATABASE_URL };
  return (globalForBus.popkitCacheBus ??= createCacheBus(transport, caches, redisKey("cache")));
}

/** Makes `cache` one that forgetCached() reaches on every instance; returns it. */
export function registerCache<T extends Forgettable>(name: CacheName, cache: T): T {
  caches.set(name, cache);
  return cache;
}

/** After a write buyers would see: drops `key` (null: every entry) from `cache` here and on every instance. */
export function forgetCached(cache: CacheName, key: string | null) {
  processBus().forget(cache, key);
}

/** Starts hearing other instances (src/instrumentation.ts, once per server). */
export function startCacheBus(): Promise<void> {
  return processBus().ready;
}
