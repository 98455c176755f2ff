// The app's Prisma client. No "server-only" import here: scripts (seed, admin:create, tests) run this
// file under tsx, outside Next.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

/**
 * `embedded`: the URL is the embedded PGlite server, a single backend session, so the pool gets ONE
 * connection (see scripts/lib/embedded-db.ts).
 */
export function createPrismaClient(url: string, opts: { embedded: boolean }): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: opts.embedded ? 1 : 10 });
  return new PrismaClient({ adapter });
}

// Read directly until src/env.js owns these two variables. scripts/start.ts sets both when it opens
// the embedded database for the app.
function createFromEnv(): PrismaClient {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error("DATABASE_URL is not set: start the app with `npm run dev` or `npm start`, which provide one.");
  }
  return createPrismaClient(url, { embedded: process.env.EMBEDDED_DB === "1" });
}

// One client per process; in development it also survives hot reloads, on globalThis.
const globalForDb = globalThis as typeof globalThis & { popkitDb?: PrismaClient };
let client: PrismaClient | undefined;

function getDb(): PrismaClient {
  client ??= globalForDb.popkitDb ?? createFromEnv();
  if (process.env.NODE_ENV !== "production") globalForDb.popkitDb = client;
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
