// Prisma CLI configuration. Prisma 6.19's native schema engine would be downloaded from Prisma's servers,
// which are unreachable here, so migrations run on its WASM schema engine through a pg driver adapter
// (`engine: "js"`). Run the CLI through `node scripts/prisma.mjs`, never `npx prisma`.
//
// Where the migrations run:
// - DATABASE_URL set: that server. The shadow database `migrate dev` / `migrate diff --from-migrations`
//   need is created and dropped here; on the embedded PGlite server (one database, one session) it is a
//   throw-away in-memory PGlite instead.
// - DATABASE_URL not set (scripts/prisma.mjs then sets POPKIT_PRISMA_NO_DATABASE): the main and the shadow
//   database are throw-away in-memory PGlites. Enough for `migrate diff` (db:drift, or `--script` to write
//   a new migration's SQL), not for `migrate dev`.
//
// New migration: `migrate dev --name <name>` against a development database. The 6.19.3 WASM engine fails
// it ("shadow DB must be provided through an external factory") when it first has to apply pending
// migrations to that database: run `migrate deploy` first.
import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { defineConfig } from "prisma/config";
import { startEmbeddedDb } from "./scripts/lib/embedded-db";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
// A multi-statement script (a migration) returns one result per statement.
type Queryable = { performIO(query: unknown): Promise<pg.QueryResult | pg.QueryResult[]> };

const PG_CHAR = 18;
const PG_NAME = 19;
const PG_TEXT = 25;

/**
 * Workaround for https://github.com/prisma/prisma/issues/27403: the WASM schema engine cannot read
 * PostgreSQL's internal `name` and `"char"` columns (catalog queries return them) from a driver adapter.
 * They are plain text, so report them as text. Remove when that issue is fixed.
 */
function reportNamesAsText<T extends object>(queryable: T): T {
  const io = queryable as unknown as Queryable;
  const performIO = io.performIO.bind(io);
  io.performIO = async (query) => {
    const result = await performIO(query);
    for (const { fields } of Array.isArray(result) ? result : [result]) {
      for (const field of fields) {
        if (field.dataTypeID === PG_CHAR || field.dataTypeID === PG_NAME) field.dataTypeID = PG_TEXT;
      }
    }
    return result;
  };
  return queryable;
}

/**
 * The adapter runs a migration by splitting it on every ";", which breaks a function body (`$$ ... ; ... $$`,
 * e.g. the hourly-totals triggers). PostgreSQL parses a multi-statement script itself when it is sent as one
 * simple query, and runs it as one implicit transaction, so a failed migration leaves nothing half-applied.
 */
function runScriptsWhole(adapter: Adapter): Adapter {
  const driver = adapter.underlyingDriver() as pg.Pool;
  adapter.executeScript = async (script) => {
    await driver.query(script);
  };
  return adapter;
}

function patchAdapter(adapter: Adapter): Adapter {
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => reportNamesAsText(await startTransaction(isolationLevel));
  return reportNamesAsText(runScriptsWhole(adapter));
}

function afterDispose(adapter: Adapter, cleanup: () => Promise<void>): Adapter {
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await dispose();
    await cleanup();
  };
  return adapter;
}

/**
 * Separate pg fields, not `connectionString`: pg lets a connection string override the `database` field,
 * so the adapter's shadow database would silently be the main database.
 */
function pgFields(url: string): pg.PoolConfig {
  const parsed = new URL(url);
  return {
    // The CLI never disposes its main connection: idle pooled connections must not keep it alive.
    allowExitOnIdle: true,
    host: decodeURIComponent(parsed.hostname),
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username) || undefined,
    password: decodeURIComponent(parsed.password) || undefined,
    database: decodeURIComponent(parsed.pathname.slice(1)) || undefined,
    ssl: sslOf(parsed.searchParams.get("sslmode")),
  };
}

function sslOf(sslmode: string | null): pg.ClientConfig["ssl"] {
  if (!sslmode || sslmode === "disable") return false;
  // "no-verify" as in pg's own URL parser; every other mode verifies the server's certificate.
  return sslmode === "no-verify" ? { rejectUnauthorized: false } : true;
}

async function withClient<T>(fields: pg.PoolConfig, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(fields);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A throw-away in-memory PGlite, served like the embedded database. */
async function inMemoryAdapter(): Promise<Adapter> {
  // Not kept alive: the CLI never disposes its main connection.
  const embedded = await startEmbeddedDb({ dataDir: ":memory:", keepAlive: false });
  const adapter = await new PrismaPg({ ...pgFields(embedded.url), max: 1 }).connect();
  return afterDispose(patchAdapter(adapter), () => embedded.stop());
}

class MigrationAdapterFactory extends PrismaPg {
  constructor(private readonly fields: pg.PoolConfig) {
    super(fields);
  }

  override async connect(): Promise<Adapter> {
    return patchAdapter(await super.connect());
  }

  /**
   * The adapter's own shadow database is dropped while its pool still holds it, so the drop fails:
   * create it here and drop it (WITH (FORCE)) after the pool has ended.
   */
  override async connectToShadowDb(): Promise<Adapter> {
    const version = await withClient(
      this.fields,
      async (c) => (await c.query<{ v: string }>("SELECT version() AS v")).rows[0]?.v,
    );
    // PGlite serves one database in one session: CREATE DATABASE there would not give a separate one.
    if (version?.includes("wasm32")) return inMemoryAdapter();

    const database = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
    await withClient(this.fields, (c) => c.query(`CREATE DATABASE "${database}"`));
    const adapter = await new PrismaPg({ ...this.fields, database }).connect();
    return afterDispose(patchAdapter(adapter), async () => {
      await withClient(this.fields, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
    });
  }
}

class InMemoryAdapterFactory extends PrismaPg {
  constructor() {
    super({});
  }

  override connect(): Promise<Adapter> {
    return inMemoryAdapter();
  }

  override connectToShadowDb(): Promise<Adapter> {
    return inMemoryAdapter();
  }
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url || process.env.POPKIT_PRISMA_NO_DATABASE === "1") return new InMemoryAdapterFactory();
    return new MigrationAdapterFactory(pgFields(url));
  },
});
