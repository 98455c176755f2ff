import { Redis } from "ioredis";
import { env } from "~/env";
import { describeError, logger } from "~/server/platform/logger";

// Redis is optional (REDIS_URL): with it, rate limits and cache messages go through Redis; without it, through
// PostgreSQL (src/server/platform/rate-limit.ts, src/server/platform/cache-bus.ts). Keys and channels start with REDIS_KEY_PREFIX so
// several deployments (or test runs) can share one server.

/** A key or channel name in this deployment's namespace. */
export const redisKey = (name: string) => `${env.REDIS_KEY_PREFIX}:${name}`;

/**
 * A new connection to REDIS_URL. Commands fail at once while it is down (no offline queue): a rate limit falls
 * back to PostgreSQL and a cache message to the caches' own expiry, instead of requests waiting on Redis.
 */
export function connectRedis(purpose: string, url = env.REDIS_URL!): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    // A Redis that stops answering without closing the connection still looks "ready": without a deadline a
    // sign-in would wait for TCP to give up (minutes) instead of counting in PostgreSQL.
    commandTimeout: 500,
    // Reconnects forever, at most every 2 s: Redis coming back must not need an app restart.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  let down = false;
  client.on("error", (error: unknown) => {
    // Once per outage, not once per reconnect attempt.
    if (down) return;
    down = true;
    logger.warn("redis unavailable", { purpose, ...describeError(error) });
  });
  client.on("ready", () => {
    if (down) logger.info("redis available again", { purpose });
    down = false;
  });
  return client;
}

const globalForRedis = globalThis as typeof globalThis & { popkitRedis?: Redis };

/** The process's connection for commands (rate limits, publishing), or null without REDIS_URL. */
export function sharedRedis(): Redis | null {
  if (!env.REDIS_URL) return null;
  return (globalForRedis.popkitRedis ??= connectRedis("commands"));
}
