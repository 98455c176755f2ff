import { createHmac, hkdfSync } from "node:crypto";
import { env } from "~/env";
import { encryptSecret } from "~/server/platform/crypto";
import { normalizeKey } from "~/server/licenses/key-format";

let lookupKey: Buffer | null = null;

/**
 * What a key is looked up by: HMAC-SHA-256 under a key derived from ENCRYPTION_KEY, so the database holds nothing
 * that finds a key without the server's secret, and the lookup is one unique-index probe whatever the guess.
 */
export function keyHashOf(key: string): string {
  lookupKey ??= Buffer.from(hkdfSync("sha256", Buffer.from(env.ENCRYPTION_KEY, "hex"), "", "popkit license keys", 32));
  return createHmac("sha256", lookupKey).update(normalizeKey(key)).digest("hex");
}

/** The columns a key is stored as: its lookup hash, the key encrypted, and its last four characters. */
export function storedKey(key: string) {
  const normalized = normalizeKey(key);
  return { keyHash: keyHashOf(normalized), keyEncrypted: encryptSecret(normalized), keyHint: normalized.slice(-4) };
}
