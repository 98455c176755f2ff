// No "server-only" and no env here: scripts (start, seed, admin:create) and tests build clients with this
// under tsx, outside Next, before the app's environment exists.
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
