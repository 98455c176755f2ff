import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to argon2id (RFC 9106's recommended variant) with OWASP-grade cost settings.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", not crash the sign-in.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so response times do not reveal which accounts exist. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hash("popkit-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
