// `npx tsx scripts/bench/checkout.ts [--buyers 200]`: not a test. Issue 15's figure for the thing the product exists
// for: buyers paying at the same time. 200 buyers start at once, each paying through a payment button as the embed
// script does (scripts/lib/buyers.ts: create the order on our API, approve it in the PayPal sandbox, capture; every
// other buyer closes the tab after a failed capture instead of retrying), against two production instances behind
// the load balancer (scripts/lib/cluster.ts) on a fresh database on the PostgreSQL server in BENCH_DATABASE_URL
// (default 127.0.0.1:5432) and, when REDIS_URL is set, Redis. Each buyer calls from a loopback address of its own,
// because our API limits calls per client address (600 a minute) and the instances believe the balancer's
// X-Forwarded-For: two hundred buyers behind one address would be refused as one.
//   a. Normal run: orders/s, p50/p95/p99 of create and capture, and the count check on what the buyers' own path
//      recorded: transactions == approved orders, no order recorded twice, no capture at PayPal without its
//      transaction (lost). What the reconciliation job would then repair is shown too.
//   b. The same buyers on a new cluster with faults: once half the buyers are done, one instance is killed
//      (SIGKILL) and PostgreSQL "restarts" (down for a few seconds, then up), simulated at the socket by a proxy
//      between the instances and the server (scripts/lib/fault-proxy.ts; the server itself and its other users are
//      left alone). Then the killed instance is started again and the reconciliation job runs as it would find the
//      checkouts (after its 5-minute grace): still no duplicate and nothing lost.
// A production build is made first if missing or stale (scripts/lib/app.ts, NEXT_DIST_DIR).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { startSandbox } from "../../sandbox/server";
import { createTestDatabase } from "../../tests/support/test-database";
import { buildApp, freePort, hasCurrentBuild } from "../lib/app";
import { buyerAddress, buyOnce, capturedAtPayPal, percentile, type BuyerOutcome } from "../lib/buyers";
import { startCluster, type Cluster } from "../lib/cluster";
import { startFaultProxy, type FaultProxy } from "../lib/fault-proxy";
import { reportGoals, type GoalResult } from "./lib/goals";

const { values: flags } = parseArgs({ options: { buyers: { type: "string", default: "200" } } });
const BUYERS = Number(flags.buyers);
const INSTANCES = 2;
const POSTGRES_DOWN_MS = 4000;
/** Buyers paying before each run (not counted), so no instance loads a route module during the measured one. */
const WARMUP_BUYERS = 2 * INSTANCES;
/** reconcileCheckouts looks at up to this many checkouts per call. */
const RECONCILE_BATCH = 200;

type Shop = { merchantId: string; clientId: string; buttonId: string };

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
  const { db } = await import("../../src/server/db");
  const { reconcileCheckouts } = await import("../../src/server/services/reconciliation");
  const { createMerchant } = await import("../../tests/factories/merchant");
  const { connectPayPal } = await import("../../tests/factories/store-settings");
  const { createPaymentButton } = await import("../../tests/factories/payment-button");

  const openShop = async (): Promise<Shop> => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });
    return { merchantId: merchant.id, clientId, buttonId: button.id };
  };

  /** Starts the buyers at once; `finished` counts those done, for a fault to strike halfway. */
  const startBuyers = (cluster: Cluster, shop: Shop, progress: { finished: number }, count: number, first = 0) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        buyOnce(cluster.url, paypalUrl, shop.buttonId, undefined, index % 2 === 0, {
          localAddress: buyerAddress(first + index),
        }).then((outcome) => {
          progress.finished++;
          return outcome;
        }),
      ),
    );

  const startWarmCluster = async (databaseUrl: string) => {
    const cluster = await startCluster({
      instances: INSTANCES,
      port,
      env: { ...appEnv, DATABASE_URL: databaseUrl },
      quiet: true,
    });
    // Addresses after the measured buyers' own, so the warm-up spends none of their rate-limit budget.
    await startBuyers(cluster, await openShop(), { finished: 0 }, WARMUP_BUYERS, BUYERS);
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
    const tally = (values: (string | number)[]) => {
      const counts = new Map<string | number, number>();
      values.forEach((value) => counts.set(value, (counts.get(value) ?? 0) + 1));
      return [...counts].map(([value, count]) => `${value} x${count}`).join(", ") || "none";
    };
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
    const normal = await startBuyers(cluster, normalShop, { finished: 0 }, BUYERS);
    printRun(normal, performance.now() - started);
    await cluster.stop();
    cluster = null;
    // The buyers' own path must record every payment; the reconciliation's figures are shown, not counted.
    const { before: normalCounts } = await countAndRepair(normalShop, normal);
    goals.push(
      {
        bench: "checkout",
        figure: "normal run: transactions == approved orders",
        measured: `${normalCounts.transactions} transactions, ${normalCounts.approved} approved orders`,
        goal: `equal (${BUYERS})`,
        isMet: normalCounts.transactions === normalCounts.approved && normalCounts.approved === BUYERS,
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
    const progress = { finished: 0 };
    started = performance.now();
    const buyers = startBuyers(cluster, faultShop, progress, BUYERS);
    while (progress.finished < BUYERS / 2) await sleep(5);
    const victim = cluster.instances[1]!;
    const struckAt = performance.now();
    const doneAtStrike = progress.finished;
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
