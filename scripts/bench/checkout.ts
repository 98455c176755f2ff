// `npx tsx scripts/bench/checkout.ts [--buyers 200] [--runs 1] [--bursts burst-embedded,...]`: not a test. The
// figure for the thing the product exists for: buyers paying at the same time. 200 buyers start at once, each
// paying through a payment button as the embed script does (scripts/lib/buyers.ts: create the order on our API,
// approve it in the PayPal sandbox, capture, polling while told "being confirmed"; half the buyers close the tab
// after a failed capture or once told "being confirmed"), against two production instances behind the load
// balancer (scripts/lib/cluster.ts) on a fresh database on the PostgreSQL server in BENCH_DATABASE_URL (default
// 127.0.0.1:5432) and, when REDIS_URL is set, Redis. The shop's PayPal webhook is registered, as a set-up store's
// is. Each buyer calls from a loopback address of its own, because our API limits calls per client address (600 a
// minute) and the instances believe the balancer's X-Forwarded-For: two hundred buyers behind one address would be
// refused as one.
//   a. Normal run: orders/s, p50/p95/p99 of create and capture, and the count check on what the app recorded by
//      itself within a minute of the last buyer (the instances still running; this script repairs nothing):
//      transactions == approved orders, no order recorded twice, no capture at PayPal without its transaction
//      (lost). Buyers who closed the tab were told "being confirmed" or nothing yet: recording their payment is
//      the app's job, so it counts. What the reconciliation job would then repair is shown too.
//   b. The same buyers on a new cluster with faults: once half the buyers are done, one instance is killed
//      (SIGKILL) and PostgreSQL "restarts" (down for a few seconds, then up), simulated at the socket by a proxy
//      between the instances and the server (scripts/lib/fault-proxy.ts; the server itself and its other users are
//      left alone). Then the killed instance is started again and the reconciliation job runs as it would find the
//      checkouts (after its 5-minute grace): still no duplicate and nothing lost.
//   c. Bursts (scripts/lib/burst.ts): the embedded default and 2 instances on PostgreSQL, each with and
//      without a SIGKILL mid-capture, `--runs` times each (default 1); nothing repaired by this script.
// A production build is made first if missing or stale (scripts/lib/app.ts, NEXT_DIST_DIR).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { startSandbox } from "../../sandbox/server";
import { createTestDatabase } from "../../tests/support/test-database";
import { buildApp, freePort, hasCurrentBuild } from "../lib/app";
import { capturedAtPayPal, percentile, type BuyerOutcome } from "../lib/buyers";
import { burstScenarios, openShop as openShopAt, runBurstScenarios, startBuyers, watchRecording } from "../lib/burst";
import type { Recording, Shop } from "../lib/burst";
import { tally as tallyOf } from "../lib/burst-report";
import { startCluster, type Cluster } from "../lib/cluster";
import { startFaultProxy, type FaultProxy } from "../lib/fault-proxy";
import { reportGoals, type GoalResult } from "./lib/goals";

const { values: flags } = parseArgs({
  options: {
    buyers: { type: "string", default: "200" },
    runs: { type: "string", default: "1" },
    bursts: { type: "string", default: burstScenarios.map((scenario) => scenario.name).join(",") },
  },
});
const BUYERS = Number(flags.buyers);
const RUNS = Number(flags.runs);
const BURSTS = flags.bursts.split(",").map((name) => name.trim());
const INSTANCES = 2;
const POSTGRES_DOWN_MS = 4000;
/** Buyers paying before each run (not counted), so no instance loads a route module during the measured one. */
const WARMUP_BUYERS = 2 * INSTANCES;
/** reconcileCheckouts looks at up to this many checkouts per call. */
const RECONCILE_BATCH = 200;

type Counts = {
  approved: number;
  captured: number;
  transactions: number;
  duplicates: number;
  lost: number;
  /** Transactions whose order PayPal never captured: money recorded that was not received. */
  unpaid: number;
  /** Approved orders without a transaction (a buyer's capture that never happened, until reconciliation). */
  unrecorded: number;
};

const ms = (value: number | null) => (value === null ? "-" : `${Math.round(value)} ms`);
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

function describeRedis(): string {
  if (!process.env.REDIS_URL) return "none (REDIS_URL not set)";
  const url = new URL(process.env.REDIS_URL);
  return `${url.protocol}//${url.host} (REDIS_URL)`;
}

async function main() {
  if (!Number.isInteger(BUYERS) || BUYERS < 2 || BUYERS > 1000) throw new Error("--buyers must be from 2 to 1000");
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 100) throw new Error("--runs must be from 1 to 100");
  const bursts = burstScenarios.filter((scenario) => BURSTS.includes(scenario.name));
  const unknownBursts = BURSTS.filter(
    (name) => name !== "" && !burstScenarios.some((scenario) => scenario.name === name),
  );
  if (unknownBursts.length > 0) throw new Error(`No such burst: ${unknownBursts.join(", ")}`);
  if (!hasCurrentBuild()) {
    console.log("Building the app (no current build)...");
    await buildApp();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  process.env.DATABASE_URL = serverUrl;
  const database = await createTestDatabase("bench_checkout");
  const sandbox = await startSandbox({ uploadthing: false });
  const paypalUrl = sandbox.paypalUrl!;
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  const port = await freePort();
  const appEnv = {
    ...process.env,
    ...sandbox.env,
    ...secrets,
    NODE_ENV: "production" as const,
    DATABASE_URL: database.url,
    EMBEDDED_DB: "0",
    APP_URL: `http://127.0.0.1:${port}`,
  };
  // This process seeds and reconciles straight against the database and PayPal, with the instances' keys; the
  // app's modules read that environment when they load, so they are imported only now.
  Object.assign(process.env, sandbox.env, secrets, { DATABASE_URL: database.url, NODE_ENV: "development" });
  const { db } = await import("../../src/server/platform/db");
  const { reconcileCheckouts } = await import("../../src/server/checkout/reconciliation");
  const openShop = () => openShopAt(db, paypalUrl, appEnv.APP_URL);

  const startWarmCluster = async (databaseUrl: string) => {
    const cluster = await startCluster({
      instances: INSTANCES,
      port,
      env: { ...appEnv, DATABASE_URL: databaseUrl },
      quiet: true,
    });
    // Addresses after the measured buyers' own, so the warm-up spends none of their rate-limit budget.
    await startBuyers(cluster.url, paypalUrl, await openShop(), WARMUP_BUYERS, { first: BUYERS });
    return cluster;
  };

  const count = async (shop: Shop, outcomes: BuyerOutcome[]): Promise<Counts> => {
    const approved = outcomes.flatMap((outcome) =>
      outcome.orderId && outcome.result !== "approve-failed" ? [outcome.orderId] : [],
    );
    const captured = await capturedAtPayPal(paypalUrl, shop.clientId, approved);
    const transactions = await db.transaction.findMany({
      where: { merchantId: shop.merchantId },
      select: { paypalOrderId: true },
    });
    const recorded = new Set(transactions.map((transaction) => transaction.paypalOrderId));
    return {
      approved: approved.length,
      captured: captured.size,
      transactions: transactions.length,
      duplicates: transactions.length - recorded.size,
      lost: [...captured].filter((orderId) => !recorded.has(orderId)).length,
      unpaid: transactions.filter((transaction) => !captured.has(transaction.paypalOrderId ?? "")).length,
      unrecorded: approved.filter((orderId) => !recorded.has(orderId)).length,
    };
  };

  /** As the job finds them: it leaves checkouts younger than its 5-minute grace to the buyer's own page. */
  const reconcile = async (shop: Shop) => {
    let recorded = 0;
    for (;;) {
      const report = await reconcileCheckouts({
        merchantId: shop.merchantId,
        now: new Date(Date.now() + 6 * 60 * 1000),
      });
      recorded += report.recorded;
      if (report.checked < RECONCILE_BATCH) return recorded;
    }
  };

  const printRun = (outcomes: BuyerOutcome[], elapsedMs: number) => {
    const paid = outcomes.filter((outcome) => outcome.result === "paid").length;
    console.log(
      `  ${paid} of ${outcomes.length} buyers paid in ${seconds(elapsedMs)}: ` +
        `${(paid / (elapsedMs / 1000)).toFixed(1)} orders/s`,
    );
    for (const [label, time] of [
      ["create", "createMs"],
      ["capture", "captureMs"],
    ] as const) {
      const answered = outcomes.flatMap((outcome) => outcome[time] ?? []);
      const at = (p: number) => ms(percentile(answered, p));
      console.log(
        `  ${label.padEnd(8)} p50 ${at(50)}  p95 ${at(95)}  p99 ${at(99)}  (${answered.length} answered 200)`,
      );
    }
    const tally = tallyOf;
    console.log(`  API calls answered by ${tally(outcomes.flatMap((outcome) => outcome.servedBy).sort())}`);
    const failed = outcomes.filter((outcome) => outcome.result !== "paid");
    const retries = outcomes.reduce((sum, outcome) => sum + Math.max(0, outcome.captureAttempts - 1), 0);
    console.log(
      `  gave up: ${tally(failed.map((outcome) => `${outcome.result} (last status ${outcome.lastStatus})`))}; ` +
        `capture retries: ${retries}`,
    );
  };

  /** Counts what PayPal captured and what we recorded, repairs through the reconciliation, and counts again. */
  const countAndRepair = async (shop: Shop, outcomes: BuyerOutcome[]) => {
    const before = await count(shop, outcomes);
    printCounts("before reconciliation", before);
    const recordedByRepair = await reconcile(shop);
    const after = await count(shop, outcomes);
    printCounts(`after reconciliation (${recordedByRepair} recorded by it)`, after);
    return { before, after };
  };

  /** What the app had recorded when the watch ended, and what the buyers of the orders still missing were told. */
  const printWatched = (watched: Recording, outcomes: BuyerOutcome[], lastBuyerAt: number) => {
    const last = Math.max(0, ...[...watched.recordedAt.values()].map((time) => time - lastBuyerAt));
    const missing = outcomes.filter((outcome) => outcome.orderId && !watched.recordedAt.has(outcome.orderId));
    const why = missing.map(
      (outcome) =>
        `${outcome.result} (last status ${outcome.lastStatus}), ` +
        `${watched.captured.has(outcome.orderId!) ? "captured" : "not captured"} at PayPal`,
    );
    console.log(
      `  recorded by the app: ${watched.recordedAt.size} of ${watched.approved} approved orders, the last ` +
        `${seconds(last)} after the last buyer; ${watched.captured.size} captured at PayPal` +
        (missing.length > 0 ? `; not recorded after 60 s: ${tallyOf(why)}` : ""),
    );
  };

  const printCounts = (label: string, counts: Counts) =>
    console.log(
      `  ${label}: ${counts.approved} approved orders, ${counts.captured} captured at PayPal, ` +
        `${counts.transactions} transactions; duplicates ${counts.duplicates}, lost ${counts.lost}, ` +
        `recorded without a capture ${counts.unpaid}, approved but not recorded ${counts.unrecorded}`,
    );

  const goals: GoalResult[] = [];
  let postgres: FaultProxy | null = null;
  let cluster: Cluster | null = null;
  try {
    const databaseUrl = new URL(database.url);
    console.log(
      `${BUYERS} buyers at once, each from its own loopback address; ${INSTANCES} production instances behind the ` +
        `load balancer; PostgreSQL server ${databaseUrl.hostname}:${databaseUrl.port || 5432} (fresh database); ` +
        `Redis: ${describeRedis()}; PayPal: the local sandbox.`,
    );

    console.log(`\na. Normal run`);
    cluster = await startWarmCluster(database.url);
    const normalShop = await openShop();
    let started = performance.now();
    const normal = await startBuyers(cluster.url, paypalUrl, normalShop, BUYERS);
    const lastBuyerAt = Date.now();
    printRun(normal, performance.now() - started);
    // What the app records by itself (buyers' captures and polls, webhooks, its jobs) within a minute of the last
    // buyer, the instances still running; the reconciliation's figures after that are shown, not counted.
    const approvedIds = normal.flatMap((outcome) =>
      outcome.orderId && outcome.result !== "approve-failed" ? [outcome.orderId] : [],
    );
    // A buyer who closed the tab after the balancer refused every capture call (no instance it believed alive)
    // approved an order no instance heard of: the reconciliation's to capture, after its grace. Counted apart.
    const unheard = normal.filter(
      (outcome) => outcome.orderId && outcome.result === "left" && !outcome.captureReachedApp,
    );
    const heard = approvedIds.filter((orderId) => !unheard.some((outcome) => outcome.orderId === orderId));
    const watched = await watchRecording(() => db, paypalUrl, normalShop, approvedIds, heard);
    printWatched(watched, normal, lastBuyerAt);
    await cluster.stop();
    cluster = null;
    const { before: normalCounts } = await countAndRepair(normalShop, normal);
    const refusedCalls = normal
      .flatMap((outcome) => outcome.failures)
      .filter((failure) => failure.includes("No app instance"));
    const refused = normal.filter((outcome) => outcome.result === "create-failed").length;
    goals.push(
      {
        bench: "checkout",
        figure: "normal run: transactions == approved orders whose capture reached the app, within 60 s",
        measured:
          `${watched.transactions} transactions, ${heard.length} such orders (${approvedIds.length} approved, ` +
          `${refused} orders refused)`,
        goal: `equal`,
        isMet: heard.every((orderId) => watched.recordedAt.has(orderId)) && watched.transactions === heard.length,
      },
      {
        bench: "checkout",
        figure: "normal run: API calls the balancer refused with no instance to try",
        measured: `${refusedCalls.length} (${unheard.length} buyers left with their approved order unheard of)`,
        goal: "0",
        isMet: refusedCalls.length === 0,
      },
      {
        bench: "checkout",
        figure: "normal run: duplicates, lost",
        measured: `${normalCounts.duplicates}, ${normalCounts.lost}`,
        goal: "0, 0",
        isMet: normalCounts.duplicates === 0 && normalCounts.lost === 0,
      },
    );

    console.log(
      `\nb. With faults: app-2 killed (SIGKILL) once half the buyers are done, and PostgreSQL restarted at the same ` +
        `moment (simulated at the socket: a proxy between the instances and PostgreSQL resets every connection and ` +
        `refuses new ones for ${seconds(POSTGRES_DOWN_MS)}); then app-2 is started again and reconciliation runs`,
    );
    postgres = await startFaultProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) });
    cluster = await startWarmCluster(postgres.url(database.url));
    const faultShop = await openShop();
    const progress = { count: 0 };
    started = performance.now();
    const buyers = startBuyers(cluster.url, paypalUrl, faultShop, BUYERS, { finished: progress });
    while (progress.count < BUYERS / 2) await sleep(5);
    const victim = cluster.instances[1]!;
    const struckAt = performance.now();
    const doneAtStrike = progress.count;
    const exited = new Promise((resolve) => victim.app!.child.once("exit", resolve));
    victim.app!.child.kill("SIGKILL");
    await exited;
    await postgres.set("down");
    await sleep(POSTGRES_DOWN_MS);
    await postgres.set("up");
    await victim.start();
    const victimBackMs = performance.now() - struckAt;
    const faulted = await buyers;
    printRun(faulted, performance.now() - started);
    console.log(
      `  struck after ${seconds(struckAt - started)}, ${doneAtStrike} buyers done; ` +
        `app-2 answering again ${seconds(victimBackMs)} after the kill`,
    );
    await cluster.stop();
    cluster = null;
    const { after: faultCounts } = await countAndRepair(faultShop, faulted);
    goals.push(
      {
        bench: "checkout",
        figure: "with faults, after recovery: duplicates, lost",
        measured: `${faultCounts.duplicates}, ${faultCounts.lost}`,
        goal: "0, 0",
        isMet: faultCounts.duplicates === 0 && faultCounts.lost === 0,
      },
      {
        bench: "checkout",
        figure: "with faults, after recovery: transactions == approved orders",
        measured: `${faultCounts.transactions} transactions, ${faultCounts.approved} approved orders`,
        goal: "equal",
        isMet: faultCounts.transactions === faultCounts.approved,
      },
    );
    await postgres.close();
    postgres = null;

    if (bursts.length > 0) {
      console.log(`\nc. Bursts, ${RUNS} run(s) each (PayPal: a new sandbox per run)`);
      const result = await runBurstScenarios(bursts, { buyers: BUYERS, runs: RUNS, serverUrl, bench: "checkout" });
      for (const { scenario, seconds } of result.timings) console.log(`  ${scenario}: ${seconds} s`);
      goals.push(...result.goals);
    }
  } finally {
    await cluster?.stop();
    await db.$disconnect();
    await postgres?.close();
    await sandbox.close();
    await database.dispose();
  }
  await reportGoals(goals);
}

main().then(
  // The app's modules loaded here (database pool, job queue, Redis) would keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
