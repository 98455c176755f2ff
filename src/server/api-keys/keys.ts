import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type { createApiKeySchema } from "~/schemas/api-keys";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { hashSecretToken } from "~/server/platform/secret-tokens";

// A store's keys to the public REST API. A key is shown once, when it is made; only its SHA-256 is kept (a leak of
// the database hands out no working key), with a prefix that tells keys apart in lists. "pk_live_" or "pk_test_"
// follows the store's PayPal environment, so a key says which money it touches.

export const MAX_KEYS_PER_STORE = 20;
export const API_KEY_NOT_FOUND = "API key not found.";
const PREFIX_SHOWN = 12;

/** A key's shape: pk_live_ or pk_test_ and 32 URL-safe characters; anything else is never looked up. */
export const looksLikeApiKey = (key: string) => /^pk_(live|test)_[A-Za-z0-9_-]{32}$/.test(key);

const keySelect = {
  id: true,
  name: true,
  scope: true,
  prefix: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

/** The store's keys, newest first (revoked ones too: the list says when). */
export function listApiKeys(merchantId: string) {
  return db.apiKey.findMany({ where: { merchantId }, select: keySelect, orderBy: { createdAt: "desc" } });
}

/** Makes a key and answers it in full, the only time it is ever shown. */
export async function createApiKey(merchantId: string, input: z.output<typeof createApiKeySchema>) {
  const live = await db.apiKey.count({ where: { merchantId, revokedAt: null } });
  if (live >= MAX_KEYS_PER_STORE) {
    throw new AppError("CONFLICT", `A store has at most ${MAX_KEYS_PER_STORE} keys: revoke one first.`);
  }
  const settings = await db.storeSettings.findUnique({ where: { merchantId }, select: { paypalEnvironment: true } });
  const key = `pk_${settings?.paypalEnvironment === "live" ? "live" : "test"}_${randomBytes(24).toString("base64url")}`;
  const row = await db.apiKey.create({
    data: {
      merchantId,
      name: input.name,
      scope: input.scope,
      prefix: key.slice(0, PREFIX_SHOWN),
      keyHash: hashSecretToken(key),
    },
    select: keySelect,
  });
  return { ...row, key };
}

/** Revokes one of the store's keys: it stops working at once, on every instance (each request reads the row). */
export async function revokeApiKey(merchantId: string, id: string) {
  const { count } = await db.apiKey.updateMany({
    where: { id, merchantId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0 && !(await db.apiKey.findFirst({ where: { id, merchantId }, select: { id: true } }))) {
    throw new AppError("NOT_FOUND", API_KEY_NOT_FOUND);
  }
  return { revoked: true };
}

/** The live key a request presents, or null; marks it used (at most once a minute). */
export async function findLiveApiKey(key: string, now = new Date()) {
  if (!looksLikeApiKey(key)) return null;
  const row = await db.apiKey.findUnique({
    where: { keyHash: hashSecretToken(key) },
    select: { id: true, merchantId: true, scope: true, revokedAt: true, lastUsedAt: true },
  });
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > 60_000) {
    await db.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return { id: row.id, merchantId: row.merchantId, scope: row.scope };
}
