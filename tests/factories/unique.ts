import { randomBytes } from "node:crypto";

/** A short value no other factory call returns, so tests never collide on unique columns. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString("hex")}`;
}
