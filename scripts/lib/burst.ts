// The burst: N buyers (default 200) arrive at once and pay through a payment button as the embed does
// (scripts/lib/buyers.ts: create -> approve in the PayPal sandbox -> capture; half the buyers close the tab after
// a failed capture or once told "being confirmed"), each from a loopback address of its own, against a fresh
// target (scripts/lib/burst-targets.ts): the embedded default (one instance) or 2 instances on PostgreSQL, with or
// without a SIGKILL of the app (of one instance) once 60 captures (30 % of the buyers, if fewer) were sent. When
// every buyer has finished, nothing is repaired by this harness: the database is read every 500 ms for up to 60 s
// until every capture PayPal made has its transaction. Run by `npm run faults` and the checkout bench.
import { randomBytes } from "node:crypto";
import { startSandbox } from "../../sandbox/server";
import type { PrismaClient } from "../../src/generated/prisma/client";
import { buyerAddress, buyOnce, capturesAtPayPal, newTracker, type BuyerOutcome, type PayPalCapture } from "./buyers";
import {
  registerShopWebhook,
  startBurstTarget,
  untilHealthy,
  type BurstTarget,
  type BurstTargetKind,
} from "./burst-targets";
import type { GoalResult } from "../bench/lib/goals";
import { burstGoals, printBurstRuns, type BurstFigures } from "./burst-report";

export type BurstScenario = { name: string; target: BurstTargetKind; kill: boolean; what: string };

export const burstScenarios: BurstScenario[] = [
  { name: "burst-embedded", target: "embedded", kill: false, what: "the embedded default, one instance" },
  {
    name: "burst-embedded-kill",
    target: "embedded",
    kill: true,
    what: "the embedded default, the app (and its database) SIGKILLed mid-capture, started again at once",
  },
  { name: "burst-postgres", target: "postgres", kill: false, what: "2 instances on PostgreSQL behind the balancer" },
  {
    name: "burst-postgres-kill",
    target: "postgres",
    kill: true,
    what: "2 instances on PostgreSQL, app-2 SIGKILLed mid-capture, started again at once",
  },
];

export type Shop = { merchantId: string; clientId: string; buttonId: string };

const WINDOW_MS = 60_000;
const POLL_MS = 500;
const KILL_AT_CAPTURES = 60;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A merchant connected to the sandbox, with its webhook registered, and one payment button. */
export async function openShop(db: PrismaClient, paypalUrl: string, appUrl: string): Promise<Shop> {
  const { createMerchant } = await import("../../tests/factories/merchant");
  const { connectPayPal } = await import("../../tests/factories/store-settings");
  const { createPaymentButton } = await import("../../tests/factories/payment-button");
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  await registerShopWebhook(db, { merchantId: merchant.id, clientId }, paypalUrl, appUrl);
  const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });
  return { merchantId: merchant.id, clientId, buttonId: button.id };
}

/**
 * `count` buyers at once, from addresses `first`, `first + 1`, ...; half of them close the tab early: two of every
 * four, so neither kind lines up with the balancer's turns (buyers start in index order, instances alternate).
 */
export function startBuyers(
  appUrl: string,
  paypalUrl: string,
  shop: Shop,
  count: number,
  options: { first?: number; tracker?: ReturnType<typeof newTracker>; finished?: { count: number } } = {},
): Promise<BuyerOutcome[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      buyOnce(appUrl, paypalUrl, shop.buttonId, options.tracker, index % 4 < 2, {
        localAddress: buyerAddress((options.first ?? 0) + index),
      }).then((outcome) => {
        if (options.finished) options.finished.count++;
        return outcome;
      }),
    ),
  );
}

export type Recording = {
  approved: number;
  captured: Map<string, PayPalCapture>;
  /** Each recorded order's transaction, with when it was written (its updatedAt, or when first seen if earlier). */
  recordedAt: Map<string, number>;
  transactions: number;
  duplicates: number;
  /** Transactions whose order PayPal has no completed capture for. */
  withoutCapture: number;
  /** Captured at PayPal, no transaction. */
  unrecorded: number;
  /** Approved by the buyer, not captured at PayPal (nor recorded) when the watch ended. */
  notCaptured: number;
  /** How long the watch ran. */
  watchedMs: number;
};

/**
 * Reads PayPal's captures of `approved` orders and the shop's transactions every 500 ms until every capture and
 * every order of `awaited` (default: all approved) has its transaction, or a minute passed. Repairs nothing: what
 * it reports is the app's.
 */
export async function watchRecording(
  db: () => PrismaClient,
  paypalUrl: string,
  shop: Shop,
  approved: string[],
  awaited: string[] = approved,
): Promise<Recording> {
  const started = Date.now();
  const captured = new Map<string, PayPalCapture>();
  const firstSeen = new Map<string, number>();
  let rows: { paypalOrderId: string | null; updatedAt: Date }[] = [];
  for (;;) {
    const missing = approved.filter((orderId) => !captured.has(orderId));
    for (const [orderId, capture] of await capturesAtPayPal(paypalUrl, shop.clientId, missing)) {
      captured.set(orderId, capture);
    }
    try {
      rows = await db().transaction.findMany({
        where: { merchantId: shop.merchantId },
        select: { paypalOrderId: true, updatedAt: true },
      });
    } catch (error) {
      console.log(`  (reading the transactions failed: ${error instanceof Error ? error.message : String(error)})`);
    }
    const now = Date.now();
    for (const row of rows)
      if (row.paypalOrderId && !firstSeen.has(row.paypalOrderId)) firstSeen.set(row.paypalOrderId, now);
    const isDone = [...awaited, ...captured.keys()].every((orderId) => firstSeen.has(orderId));
    if (isDone || now - started >= WINDOW_MS) {
      const recordedAt = new Map(
        rows.flatMap((row) =>
          row.paypalOrderId
            ? [[row.paypalOrderId, Math.min(row.updatedAt.getTime(), firstSeen.get(row.paypalOrderId)!)] as const]
            : [],
        ),
      );
      return {
        approved: approved.length,
        captured,
        recordedAt,
        transactions: rows.length,
        duplicates: rows.length - recordedAt.size,
        withoutCapture: rows.filter((row) => !captured.has(row.paypalOrderId ?? "")).length,
        unrecorded: [...captured.keys()].filter((orderId) => !recordedAt.has(orderId)).length,
        watchedMs: now - started,
        notCaptured: approved.filter((orderId) => !captured.has(orderId) && !recordedAt.has(orderId)).length,
      };
    }
    await sleep(POLL_MS);
  }
}

/**
 * This process as the seed needs it (the sandbox refuses NODE_ENV=production), and the secrets the app's processes
 * share with it (the seed encrypts the PayPal secret with ENCRYPTION_KEY): the caller's, if it set them already.
 */
function harnessSecrets(): Record<string, string> {
  Object.assign(process.env, { NODE_ENV: "development" });
  process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
  process.env.ENCRYPTION_KEY ??= randomBytes(32).toString("hex");
  // The factories load the app's environment module, which wants a database URL; this process never uses it.
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
  return { AUTH_SECRET: process.env.AUTH_SECRET, ENCRYPTION_KEY: process.env.ENCRYPTION_KEY };
}

/** One run of a scenario on a fresh target and a fresh PayPal sandbox. */
export async function runBurst(
  scenario: BurstScenario,
  options: { buyers: number; run: number; serverUrl: string },
): Promise<BurstFigures> {
  const began = performance.now();
  const secrets = harnessSecrets();
  // PayPal and the SMTP server the receipts go to.
  const sandbox = await startSandbox({ uploadthing: false });
  const paypalUrl = sandbox.paypalUrl!;
  let target: BurstTarget | null = null;
  try {
    const env = { ...sandbox.env, ...secrets };
    target = await startBurstTarget(scenario.target, { env, serverUrl: options.serverUrl });
    console.log(`   run ${options.run}: ${target.describe}; PayPal: the local sandbox, webhooks registered`);
    // A few buyers first (addresses after the measured ones'), so no instance loads a route module in the burst.
    const warmup = await openShop(target.db(), paypalUrl, target.url);
    await startBuyers(target.url, paypalUrl, warmup, 2 * target.instances, { first: options.buyers });
    const shop = await openShop(target.db(), paypalUrl, target.url);

    const tracker = newTracker();
    const finished = { count: 0 };
    const burstStarted = performance.now();
    const burst = startBuyers(target.url, paypalUrl, shop, options.buyers, { tracker, finished });
    let kill: BurstFigures["kill"] = null;
    if (scenario.kill) {
      const strikeAt = Math.min(KILL_AT_CAPTURES, Math.ceil(options.buyers * 0.3));
      while (finished.count < options.buyers && tracker.started < strikeAt) await sleep(5);
      const killedAt = performance.now();
      kill = {
        started: tracker.started,
        inFlight: tracker.inFlight,
        afterMs: killedAt - burstStarted,
        at: Date.now(),
        backAfterMs: 0,
      };
      await target.kill();
      await target.restart();
      kill.backAfterMs = performance.now() - killedAt;
    }
    const outcomes = await burst;
    const burstEnd = Date.now();
    const burstMs = performance.now() - burstStarted;
    const approved = outcomes.flatMap((outcome) =>
      outcome.orderId && outcome.result !== "approve-failed" ? [outcome.orderId] : [],
    );
    // Until PayPal's captures, and the orders of buyers told "paid" or "being confirmed", are recorded.
    const promised = outcomes.flatMap((outcome) =>
      outcome.orderId && (outcome.result === "paid" || outcome.toldConfirming) ? [outcome.orderId] : [],
    );
    const recording = await watchRecording(() => target!.db(), paypalUrl, shop, approved, promised);
    // Still answering after all that (a kill's restart included)?
    await untilHealthy(target.url, () => true, 10_000);
    return {
      scenario: scenario.name,
      run: options.run,
      buyers: options.buyers,
      outcomes,
      recording,
      burstEnd,
      burstMs,
      kill,
      totalMs: performance.now() - began,
    };
  } finally {
    await target?.stop();
    await sandbox.close();
  }
}

/**
 * Each scenario `runs` times, one after the other, printing each run as it ends and then the runs side by side
 * with the worst; the goals come from the worst run. A run that crashes is reported and fails its goals.
 */
export async function runBurstScenarios(
  scenarios: BurstScenario[],
  options: { buyers: number; runs: number; serverUrl: string; bench: string },
): Promise<{ goals: GoalResult[]; timings: { scenario: string; seconds: number }[] }> {
  const goals: GoalResult[] = [];
  const timings: { scenario: string; seconds: number }[] = [];
  for (const scenario of scenarios) {
    console.log(`\n== ${scenario.name}: ${options.buyers} buyers at once, ${scenario.what}`);
    const started = performance.now();
    const runs: BurstFigures[] = [];
    for (let run = 1; run <= options.runs; run++) {
      try {
        runs.push(await runBurst(scenario, { ...options, run }));
        console.log(`-- ${scenario.name}, run ${run} of ${options.runs}`);
        printBurstRuns([runs.at(-1)!]);
      } catch (error) {
        console.error(`-- ${scenario.name}, run ${run} crashed:`, error);
        goals.push({
          bench: options.bench,
          figure: `${scenario.name}: run ${run}`,
          measured: "crashed",
          goal: "runs",
          isMet: false,
        });
      }
    }
    if (runs.length > 1) {
      console.log(`-- ${scenario.name}: ${runs.length} runs and the worst`);
      printBurstRuns(runs);
    }
    if (runs.length > 0) goals.push(...burstGoals(options.bench, scenario.name, runs));
    timings.push({ scenario: scenario.name, seconds: Math.round((performance.now() - started) / 1000) });
  }
  return { goals, timings };
}
