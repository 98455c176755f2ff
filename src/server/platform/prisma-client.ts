// No "server-only" and no env here: scripts (start, seed, admin:create) and tests build clients with this
// under tsx, outside Next, before the app's environment exists.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "~/generated/prisma/client";

// Symbol.for: Next evaluates this module once per router bundle; the key must be the same in each copy.
const POOL = Symbol.for("popkit.pgPool");

/**
 * Bounded waits: a database that hangs (paused, a dead link) must fail a request within seconds,
 * not hold it until the OS gives up on the socket.
 * - connectMs: a new connection's TCP connect, TLS and startup; a healthy server answers in milliseconds.
 * - statementMs: PostgreSQL cancels a statement running longer (server side, so the connection stays usable).
 *   The slowest dashboard query takes < 400 ms on a million payments (README, bench); CSV exports page through
 *   keyset batches, so no single statement of theirs runs long. Migrations run through the Prisma CLI's own
 *   connection (prisma.config.ts) and the bench fills its database through its own pg client: neither is bound.
 * - queryMs: the client gives up on an answer; statement_timeout cannot help when the server or the link is
 *   hung (it is enforced by the server), so this is the backstop, a little after the server's own limit.
 * A DATABASE_URL query parameter `statement_timeout` or `query_timeout` (milliseconds) overrides these for a
 * deployment (pg reads them from the URL); a script running one long maintenance statement passes `timeouts`.
 *
 * The embedded database (PGlite) runs in the app's own process: a statement there blocks the event loop until
 * it ends, and PGlite enforces no statement_timeout (no timer interrupts in WASM). These limits then only apply
 * to a process connected to another process's embedded server (admin:create, db:seed while the app runs).
 */
export const DB_TIMEOUTS = { connectMs: 5_000, statementMs: 15_000, queryMs: 17_000 } as const;

/**
 * The embedded database serves one connection, so under a burst every request queues for it: the queue IS the
 * load, and a short wait turns a busy minute into failed captures of payments PayPal already took. Waits there
 * are long (a request that reaches the front of the queue runs in milliseconds) and interactive transactions
 * wait for the connection as long as any other query; the checkout refuses new orders before this queue gets
 * this long (src/server/checkout-admission.ts). Not a hang guard: PGlite runs in-process and cannot hang apart
 * from the app.
 */
export const EMBEDDED_WAIT_MS = 60_000;

export type DbTimeouts = { connectMs: number; statementMs: number; queryMs: number };

/**
 * `embedded`: the URL is the embedded PGlite server, a single backend session, so the pool gets ONE
 * connection (see scripts/lib/embedded-db.ts).
 */
export function createPrismaClient(
  url: string,
  opts: { embedded: boolean; timeouts?: Partial<DbTimeouts> },
): PrismaClient {
  const timeouts = { ...DB_TIMEOUTS, ...opts.timeouts };
  // Built here rather than inside PrismaPg so the job queue can share it (poolOf): on the embedded database a
  // second pool would be a second connection, which PGlite's single session cannot serve side by side.
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.embedded ? 1 : 10,
    // pg-pool applies this to the wait for a free connection too, not only to opening one.
    connectionTimeoutMillis: opts.embedded ? Math.max(timeouts.connectMs, EMBEDDED_WAIT_MS) : timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
  });
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    // Prisma's defaults (2 s to get a connection, 5 s to finish) fail a transaction that merely queued behind a
    // burst; the statement and query limits above still bound a hung database.
    transactionOptions: opts.embedded
      ? { maxWait: EMBEDDED_WAIT_MS, timeout: EMBEDDED_WAIT_MS }
      : { maxWait: timeouts.connectMs, timeout: timeouts.queryMs },
  });
  Object.defineProperty(client, POOL, { value: pool });
  return client;
}

/** The pg pool under a client made by createPrismaClient (also through a Proxy that forwards properties). */
export function poolOf(client: PrismaClient): pg.Pool {
  const pool = (client as unknown as Record<symbol, pg.Pool | undefined>)[POOL];
  if (!pool) throw new Error("this PrismaClient was not made by createPrismaClient");
  return pool;
}
