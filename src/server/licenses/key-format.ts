import { randomBytes } from "node:crypto";

// Crockford's base32 (no I, L, O, U): nothing a buyer can misread when copying a key by hand.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const GROUPS = 7;
const GROUP_LENGTH = 4;

/**
 * A new key: 28 characters of Crockford base32 from the operating system's random source (140 bits), in groups
 * of four, after the seller's prefix: APP-7K2M-Q9XD-...
 */
export function generateKey(prefix: string): string {
  const bytes = randomBytes(GROUPS * GROUP_LENGTH);
  // 256 is a multiple of 32, so each byte modulo 32 is uniform: 5 random bits per character.
  const characters = Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]);
  const groups = [];
  for (let start = 0; start < characters.length; start += GROUP_LENGTH) {
    groups.push(characters.slice(start, start + GROUP_LENGTH).join(""));
  }
  return `${prefix}${groups.join("-")}`;
}

/** A key as the API and searches take it: surrounding spaces are never part of one. */
export const normalizeKey = (key: string) => key.trim();
