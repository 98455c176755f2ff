import { createHash, randomBytes } from "node:crypto";

// The random tokens of links and sessions that grant something (downloads, sign-in links, portal sessions, account
// e-mails, upsell offers): 32 random bytes, URL-safe; only their SHA-256 is stored, so a database leak hands out no
// working link.

export const newSecretToken = () => randomBytes(32).toString("base64url");
export const hashSecretToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** A token-shaped string, so junk from a URL never reaches the database. */
export const looksLikeSecretToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
