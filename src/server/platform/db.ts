import { env } from "~/env";
import type { PrismaClient } from "~/generated/prisma/client";
import { createPrismaClient, poolOf } from "~/server/platform/prisma-client";

// One client (one pool) per process, kept on globalThis: Next bundles this module separately for the App Router
// and the Pages Router (src/pages), and in development hot reloads evaluate it again.
const globalForDb = globalThis as typeof globalThis & { popkitDb?: PrismaClient };

function getDb(): PrismaClient {
  globalForDb.popkitDb ??= createPrismaClient(env.DATABASE_URL, { embedded: env.EMBEDDED_DB });
  return globalForDb.popkitDb;
}

/** Created on first use, so importing this module needs no database (e.g. `next build`). */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const target = getDb();
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});

/** Requests of this process waiting for a database connection: how far behind the database is right now. */
export function databaseQueueLength(): number {
  return poolOf(getDb()).waitingCount;
}
