import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it, vi } from "vitest";

// With REDIS_URL, every instance counts in Redis; while Redis is unreachable the same limits count in the database.
// Each case loads the app's modules afresh with its own REDIS_URL (src/env.js reads the environment on import).
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function loadWithRedis(url: string, prefix: string) {
  vi.resetModules();
  vi.stubEnv("REDIS_URL", url);
  vi.stubEnv("REDIS_KEY_PREFIX", prefix);
  delete (globalThis as { popkitRedis?: Redis }).popkitRedis;
  const rateLimit = await import("~/server/platform/rate-limit");
  const { db } = await import("~/server/platform/db");
  const { sharedRedis } = await import("~/server/platform/redis");
  return { ...rateLimit, db, redis: sharedRedis()! };
}

afterEach(() => {
  (globalThis as { popkitRedis?: Redis }).popkitRedis?.disconnect();
  delete (globalThis as { popkitRedis?: Redis }).popkitRedis;
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("rate limits with REDIS_URL", () => {
  it("count in Redis, shared by every connection, and refuse over the budget", async () => {
    const prefix = `test-${randomBytes(6).toString("hex")}`;
    const { consumeRateLimit, MAIL_PER_ADDRESS_PER_HOUR, db, redis } = await loadWithRedis(REDIS_URL, prefix);
    // Until its connection is up a process counts in the database, as during an outage (the next case).
    if (redis.status !== "ready") await new Promise((resolve) => redis.once("ready", resolve));
    const address = `buyer-${prefix}@example.com`;
    for (let i = 0; i < MAIL_PER_ADDRESS_PER_HOUR; i++) await consumeRateLimit("mailByAddress", address);
    await expect(consumeRateLimit("mailByAddress", address)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please try again in 60 minutes.",
    });

    // Another instance: its own connection to the same Redis sees the same count.
    const other = new Redis(REDIS_URL);
    try {
      const keys = await other.keys(`${prefix}:rate:mail-address*`);
      expect(keys).toHaveLength(1);
      expect(Number(await other.get(keys[0]!))).toBe(MAIL_PER_ADDRESS_PER_HOUR + 1);
      expect(await other.ttl(keys[0]!)).toBeGreaterThan(3500);
    } finally {
      other.disconnect();
    }
    expect(await db.rateLimit.count({ where: { key: { contains: address } } })).toBe(0);
  });

  it("count in the database while Redis cannot be reached, instead of failing or letting everything through", async () => {
    const prefix = `test-${randomBytes(6).toString("hex")}`;
    // Nothing listens on port 1.
    const { consumeRateLimit, MAIL_PER_ADDRESS_PER_HOUR, db } = await loadWithRedis("redis://127.0.0.1:1", prefix);
    const address = `buyer-${prefix}@example.com`;
    for (let i = 0; i < MAIL_PER_ADDRESS_PER_HOUR; i++) await consumeRateLimit("mailByAddress", address);
    await expect(consumeRateLimit("mailByAddress", address)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    expect(await db.rateLimit.count({ where: { key: { contains: address } } })).toBe(1);
  });
});
