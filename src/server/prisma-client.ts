// No "server-only" and no env here: scripts (start, seed, admin:create) and tests build clients with this
// under tsx, outside Next, before the app's environment exists.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "~/generated/prisma/client";

// Symbol.for: Next evaluates this module once per router bundle; the key must be the same in each copy.
const POOL = Symbol.for("popkit.pgPool");

/**
 * `embedded`: the URL is the embedded PGlite server, a single backend session, so the pool gets ONE
 * connection (see scripts/lib/embedded-db.ts).
 */
export function createPrismaClient(url: string, opts: { embedded: boolean }): PrismaClient {
  // Built here rather than inside PrismaPg so the job queue can share it (poolOf): on the embedded database a
  // second pool would be a second connection, which PGlite's single session cannot serve side by side.
  const pool = new pg.Pool({ connectionString: url, max: opts.embedded ? 1 : 10 });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  Object.defineProperty(client, POOL, { value: pool });
  return client;
}

/** The pg pool under a client made by createPrismaClient (also through a Proxy that forwards properties). */
export function poolOf(client: PrismaClient): pg.Pool {
  const pool = (client as unknown as Record<symbol, pg.Pool | undefined>)[POOL];
  if (!pool) throw new Error("this PrismaClient was not made by createPrismaClient");
  return pool;
}
