// `npx tsx scripts/bench/dashboard.ts [--explain] [--keep] [--reuse URL]` — not a test: how fast the dashboard home and the
// payment-button analytics answer for a merchant with 1,000,000 transactions, on the real PostgreSQL
// (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres). It creates its own database,
// fills it in SQL with generate_series, times the real service functions (p50/p95 over 30 runs after warm-up)
// and drops the database again. Goal: p95 under 100 ms per call, in every time zone sellers live in (the
// daily view in zones a half or three quarters of an hour off UTC too). --explain prints each query's plan; --keep
// leaves the filled database in place and --reuse URL times such a database again without refilling it.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { Client as PgClient } from "pg";
import { reportGoals, type GoalResult } from "./lib/goals";

const { values: flags } = parseArgs({
  options: {
    explain: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
  },
});

const TRANSACTIONS = 1_000_000;
const CHECKOUT_SESSIONS = 1_250_000;
const OTHER_MERCHANTS_TRANSACTIONS = 200_000;
const SUBSCRIPTIONS = 5_000;
const BUTTONS = 20;
const HISTORY_DAYS = 730;
const RUNS = 30;
const WARMUP = 3;
const P95_GOAL_MS = 100;

const merchantId = "bench-merchant";
const benchIds = { merchantId, hotButtonId: "bench-button-0", typicalButtonId: "bench-button-3" };

async function main() {
  if (flags.reuse) return run(flags.reuse, false);
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const { createFreshDatabase, dropDatabase, migrateDatabase } = await import("../lib/database");
  const name = `popkit_bench_dashboard_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const url = await createFreshDatabase(serverUrl, name);
  console.log(`database ${name}`);
  try {
    await migrateDatabase(url);
    await run(url, true);
  } finally {
    if (flags.keep) console.log(`kept ${url}`);
    else await dropDatabase(serverUrl, name);
  }
}

async function run(url: string, fill: boolean) {
  // What src/env.js validates when the services load; nothing here uses the secrets.
  Object.assign(process.env, {
    DATABASE_URL: url,
    EMBEDDED_DB: "0",
    NODE_ENV: "development",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  });
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaClient } = await import("../../src/generated/prisma/client");
  const pg = (await import("pg")).default;

  // The app's `db` reuses a client left on globalThis (its hot-reload hook): give it one that reports its SQL,
  // so --explain shows the plans of exactly the queries the services send.
  const queries: { query: string; params: string }[] = [];
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 10 }),
    log: [{ emit: "event", level: "query" }],
  });
  prisma.$on("query", (event) => queries.push({ query: event.query, params: event.params }));
  (globalThis as { popkitDb?: unknown }).popkitDb = prisma;
  const { getDashboard } = await import("../../src/server/analytics/analytics");
  const { getButtonAnalytics } = await import("../../src/server/analytics/pop-analytics");

  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    if (fill) await seed(sql);
    const ids = benchIds;

    const scenarios: { label: string; call: () => Promise<unknown> }[] = [
      ...(["mtd", "30d", "90d"] as const).map((range) => ({
        label: `analytics.dashboard ${range} daily`,
        call: () => getDashboard(ids.merchantId, { range, granularity: "day", timeZone: "UTC" }),
      })),
      {
        label: "analytics.dashboard 90d weekly (America/New_York)",
        call: () => getDashboard(ids.merchantId, { range: "90d", granularity: "week", timeZone: "America/New_York" }),
      },
      // Zones whose local midnight cuts a UTC hour: UTC+5:30, UTC+5:45, and UTC-3:30 (UTC-2:30 in summer).
      ...["Asia/Kolkata", "Asia/Kathmandu", "America/St_Johns"].map((timeZone) => ({
        label: `analytics.dashboard 90d daily (${timeZone})`,
        call: () => getDashboard(ids.merchantId, { range: "90d", granularity: "day", timeZone }),
      })),
      {
        label: "analytics.dashboard 90d monthly",
        call: () => getDashboard(ids.merchantId, { range: "90d", granularity: "month", timeZone: "UTC" }),
      },
      ...(["7d", "30d", "90d", "all"] as const).map((period) => ({
        label: `analytics.forButton ${period} (hot button, 40% of rows)`,
        call: () => getButtonAnalytics(ids.merchantId, { buttonId: ids.hotButtonId, period }),
      })),
      {
        label: "analytics.forButton all (typical button, ~3% of rows)",
        call: () => getButtonAnalytics(ids.merchantId, { buttonId: ids.typicalButtonId, period: "all" }),
      },
    ];

    const results = [];
    const goals: GoalResult[] = [];
    for (const scenario of scenarios) {
      for (let index = 0; index < WARMUP; index += 1) await scenario.call();
      const times: number[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const started = performance.now();
        await scenario.call();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const p50 = percentile(times, 50);
      const p95 = percentile(times, 95);
      results.push({ scenario: scenario.label, "p50 ms": round(p50), "p95 ms": round(p95) });
      goals.push({
        bench: "dashboard",
        figure: `${scenario.label}, p95`,
        measured: `${round(p95)} ms`,
        goal: `< ${P95_GOAL_MS} ms`,
        isMet: p95 < P95_GOAL_MS,
      });

      if (flags.explain) {
        queries.length = 0;
        await scenario.call();
        console.log(`\n=== ${scenario.label}`);
        for (const { query, params } of queries) {
          const plan = await sql.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${query}`, JSON.parse(params));
          console.log(`${query.replace(/\s+/g, " ").slice(0, 160)}...`);
          for (const row of plan.rows as { "QUERY PLAN": string }[]) console.log(`  ${row["QUERY PLAN"]}`);
        }
      }
    }
    console.log(
      `\n${TRANSACTIONS.toLocaleString("en-US")} transactions and ${CHECKOUT_SESSIONS.toLocaleString("en-US")} ` +
        `checkout sessions for one merchant over ${HISTORY_DAYS} days (+${OTHER_MERCHANTS_TRANSACTIONS.toLocaleString("en-US")} ` +
        `for other merchants), ${SUBSCRIPTIONS.toLocaleString("en-US")} subscriptions; ${RUNS} runs after ${WARMUP} warm-up runs each:`,
    );
    console.table(results);
    await reportGoals(goals);
  } finally {
    await sql.end();
    await prisma.$disconnect();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function round(value: number) {
  return Math.round(value * 10) / 10;
}

/** Fills the database in SQL (through the hourly-totals triggers): about 3 to 4 minutes on a 2-core machine. */
async function seed(sql: PgClient) {
  const started = performance.now();
  await sql.query(`
    INSERT INTO users (id, email, name, updated_at) VALUES
      ('${merchantId}', 'bench@example.test', 'Bench Merchant', now()),
      ('bench-other', 'other@example.test', 'Other Merchant', now());
    INSERT INTO merchants (id, email, name, updated_at) VALUES
      ('${merchantId}', 'bench@example.test', 'Bench Merchant', now()),
      ('bench-other', 'other@example.test', 'Other Merchant', now());
    INSERT INTO payment_buttons (id, merchant_id, name, paypal_client_id, amount_minor, currency, payment_type, updated_at)
      SELECT 'bench-button-' || b, '${merchantId}', 'Button ' || b, 'client', 1000,
             (CASE WHEN b = 7 THEN 'EUR' ELSE 'USD' END)::"Currency", 'one-time', now()
      FROM generate_series(0, ${BUTTONS - 1}) b;
    INSERT INTO payment_buttons (id, merchant_id, name, paypal_client_id, amount_minor, currency, payment_type, updated_at)
      VALUES ('bench-other-button', 'bench-other', 'Other', 'client', 1000, 'USD', 'one-time', now());
  `);
  // Rows arrive in time order, as real payments do, spread evenly over the last HISTORY_DAYS days; every sixth
  // row belongs to another merchant. Button 0 is "hot" (40% of the merchant's rows); the rest share the
  // remainder. Statuses: 85% completed, 8% failed, 5% pending, 2% refunded.
  const total = TRANSACTIONS + OTHER_MERCHANTS_TRANSACTIONS;
  await sql.query(`
    INSERT INTO transactions (id, merchant_id, button_id, paypal_order_id, amount_minor, currency, status, created_at, updated_at)
    SELECT 'bench-tx-' || g,
           CASE WHEN other THEN 'bench-other' ELSE '${merchantId}' END,
           CASE WHEN other THEN 'bench-other-button' ELSE 'bench-button-' || button END,
           'BENCH-ORDER-' || g,
           500 + ((g::bigint * 7919) % 19500)::int,
           (CASE WHEN button = 7 AND NOT other THEN 'EUR' ELSE 'USD' END)::"Currency",
           (CASE WHEN r < 85 THEN 'completed' WHEN r < 93 THEN 'failed' WHEN r < 98 THEN 'pending' ELSE 'refunded' END)::"TransactionStatus",
           ts, ts
    FROM (
      SELECT g, g % 6 = 5 AS other, (CASE WHEN g % 5 < 2 THEN 0 ELSE 1 + g % ${BUTTONS - 1} END) AS button,
             (g * 37) % 100 AS r,
             (now() AT TIME ZONE 'UTC') - interval '${HISTORY_DAYS} days' * (1 - g::float8 / ${total}) AS ts
      FROM generate_series(1, ${total}) g
    ) rows;
  `);
  await sql.query(`
    INSERT INTO checkout_sessions (id, merchant_id, button_id, paypal_order_id, amount_minor, currency, created_at)
    SELECT 'bench-cs-' || g, '${merchantId}', 'bench-button-' || (g % ${BUTTONS}), 'BENCH-SESSION-' || g, 1000, 'USD',
           (now() AT TIME ZONE 'UTC') - interval '${HISTORY_DAYS} days' * (1 - g::float8 / ${CHECKOUT_SESSIONS})
    FROM generate_series(1, ${CHECKOUT_SESSIONS}) g;
    INSERT INTO subscriptions (id, merchant_id, button_id, paypal_subscription_id, plan_id, status, amount_minor, currency, created_at, updated_at, cancelled_at)
    SELECT 'bench-sub-' || g, '${merchantId}', 'bench-button-1', 'I-BENCH-' || g, 'P-BENCH',
           (CASE WHEN g % 10 < 7 THEN 'active' WHEN g % 10 < 9 THEN 'cancelled' ELSE 'suspended' END)::"SubscriptionStatus",
           1500, 'USD', ts, ts + interval '10 days', CASE WHEN g % 10 IN (7, 8) THEN ts + interval '10 days' END
    FROM (SELECT g, (now() AT TIME ZONE 'UTC') - interval '${HISTORY_DAYS} days' * (1 - g::float8 / ${SUBSCRIPTIONS}) AS ts
          FROM generate_series(1, ${SUBSCRIPTIONS}) g) rows;
  `);
  // A production database gets this from autovacuum; without it the planner has no statistics yet.
  await sql.query("VACUUM ANALYZE");
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
