import { env } from "~/env";
import type { PrismaClient } from "~/generated/prisma/client";
import { createPrismaClient } from "~/server/prisma-client";

// One client per process; in development it also survives hot reloads, on globalThis.
const globalForDb = globalThis as typeof globalThis & { popkitDb?: PrismaClient };
let client: PrismaClient | undefined;

function getDb(): PrismaClient {
  client ??= globalForDb.popkitDb ?? createPrismaClient(env.DATABASE_URL, { embedded: env.EMBEDDED_DB });
  if (env.NODE_ENV !== "production") globalForDb.popkitDb = client;
  return client;
}

/** Created on first use, so importing this module needs no database (e.g. `next build`). */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = getDb();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
