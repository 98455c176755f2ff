import type { PrismaClient } from "../../src/generated/prisma/client";
import { jobKinds } from "../../src/server/jobs/kinds";

// Tables a refused request may legitimately write: the rate limiter counts a request before the input is read,
// by design (a flood of invalid requests must still be limited).
const ignoredTables = new Set(["rate_limits", "_prisma_migrations"]);

// Work a request queued counts too: the jobs of the kinds requests enqueue. Scheduled kinds are left out, since
// pg-boss adds one of those every cron tick whatever the requests do.
const requestJobKinds = Object.entries(jobKinds)
  .filter(([, kind]) => !kind.schedule)
  .map(([name]) => name);

export type Fingerprint = { xmax: string; tables: Map<string, string> };

/**
 * "No state change on refusal", kept cheap: every table's row count and a sum of its rows' hashes, and the queued
 * jobs, recomputed only when PostgreSQL's next transaction id has moved (a read-only call assigns none, so most
 * refusals cost one tiny query). Not scoped to one merchant: a refusal must not write anyone's rows.
 */
export function stateTracker(db: PrismaClient) {
  let tables: string[] | undefined;
  let known: Fingerprint | undefined;

  async function xmax(): Promise<string> {
    const [row] = await db.$queryRawUnsafe<{ xmax: string }[]>(
      "select pg_snapshot_xmax(pg_current_snapshot())::text as xmax",
    );
    return row!.xmax;
  }

  async function contents(): Promise<Map<string, string>> {
    tables ??= (
      await db.$queryRawUnsafe<{ name: string }[]>(
        "select table_name::text as name from information_schema.tables " +
          "where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
      )
    )
      .map((row) => row.name)
      .filter((name) => !ignoredTables.has(name));
    const query = tables
      .map(
        (name) =>
          `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as sig from "${name}" t`,
      )
      .join(" union all ");
    const rows = await db.$queryRawUnsafe<{ name: string; sig: string }[]>(query);
    const [queue] = await db.$queryRawUnsafe<{ present: boolean }[]>(
      "select to_regclass('pgboss.job') is not null as present",
    );
    // The queue's tables appear with the first job ever queued: until then there are simply no jobs.
    const [jobs] = queue!.present
      ? await db.$queryRawUnsafe<{ sig: string }[]>(
          "select count(*)::text || ':' || coalesce(sum(hashtext(id::text)::bigint), 0)::text as sig " +
            "from pgboss.job where name = any($1::text[])",
          requestJobKinds,
        )
      : [{ sig: "0:0" }];
    return new Map([...rows.map((row): [string, string] => [row.name, row.sig]), ["pgboss.job", jobs!.sig]]);
  }

  return {
    /** The state now; taken before a call. */
    async snapshot(): Promise<Fingerprint> {
      const now = await xmax();
      if (known?.xmax !== now) known = { xmax: now, tables: await contents() };
      return known;
    },
    /** The tables whose rows differ from `before` (empty when nothing changed), as "table (rows a -> b)". */
    async changesSince(before: Fingerprint): Promise<string[]> {
      const now = await xmax();
      if (now === before.xmax) return [];
      known = { xmax: now, tables: await contents() };
      const changed: string[] = [];
      for (const [name, sig] of known.tables) {
        const previous = before.tables.get(name);
        if (previous !== sig) changed.push(`${name} (rows ${previous?.split(":")[0]} -> ${sig.split(":")[0]})`);
      }
      return changed;
    },
  };
}

export type StateTracker = ReturnType<typeof stateTracker>;
