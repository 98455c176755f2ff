// `npx tsx scripts/bench/embed.ts [--seconds 10] [--connections 200] [--runs 3]`: not a test. How the embed script
// endpoint GET /api/button/{id}.js holds up under load next to a static file of the same size served by the same
// app: throughput and latency percentiles at 200 concurrent keep-alive connections in alternating runs, their
// ratio, and the loader's size on the wire as a browser gets it (brotli) and as a gzip-only client does. Goals
// (issues 4 and 15): at least 80% of the static file's throughput, p99 under 50 ms in each of three consecutive
// runs, the loader at most 1.7 KB on the wire. The app runs as in production (scripts/serve.ts): the embed script
// is answered by its front door, the static file by Next, both without compression under load (the requests do
// not ask for it, so neither side compresses per request).
//
// It starts everything itself: a fresh database (the server named by DATABASE_URL if set, else the embedded
// PostgreSQL), the PayPal sandbox, a production build of the app (built first if missing or stale) with one
// merchant and one button. The static file is written to public/ before the app starts, because Next
// serves only the public files it finds at start-up, and removed afterwards.
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../lib/paths";
import { reportGoals } from "./lib/goals";
import { formatRun, get, load, ms, type LoadResult } from "./lib/load";
import { startBenchStack } from "./lib/stack";

const { values: flags } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "200" },
    runs: { type: "string", default: "3" },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const RUNS = Number(flags.runs);
const WARMUP_SECONDS = 3;
const RATIO_GOAL = 0.8;
const P99_GOAL_MS = 50;
const WIRE_GOAL_BYTES = Math.floor(1.7 * 1024);
// What Chrome and Firefox send; a gzip-only client stands for the rest.
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";
// tsconfig.json, eslint.config.js and .gitignore leave this name pattern out, so a build, type check or lint
// running meanwhile never sees the file.
const STATIC_NAME = `bench-embed-static-${randomBytes(4).toString("hex")}.js`;
const publicDir = path.join(repoRoot, "public");
const staticFile = path.join(publicDir, STATIC_NAME);

const bytes = (count: number) => `${count.toLocaleString("en-US")} B`;

async function main() {
  const stack = await startBenchStack("bench", { uploadthing: false });
  try {
    const { createMerchant } = await import("../../tests/factories/merchant");
    const { connectPayPal } = await import("../../tests/factories/store-settings");
    const { createPaymentButton } = await import("../../tests/factories/payment-button");
    const merchant = await createMerchant(stack.db);
    const { clientId } = await connectPayPal(stack.db, merchant.id);
    const button = await createPaymentButton(stack.db, merchant.id, {
      name: "Bench Pattern Pack",
      description: "Twelve patterns",
      paypalClientId: clientId,
      successUrl: "https://shop.example.com/thank-you",
      cancelUrl: "https://shop.example.com/cart",
    });

    // The static twin: written before start-up (see the header), same byte length as the script.
    writeFileSync(staticFile, "/* size placeholder */\n");
    await stack.startApp();
    const agent = new Agent({ keepAlive: true });
    const embedUrl = new URL(`/api/button/${button.id}.js`, stack.appUrl);
    const script = await get(embedUrl, agent);
    if (script.status !== 200) throw new Error(`the embed script answered ${script.status}`);
    const browser = await get(embedUrl, agent, { "accept-encoding": BROWSER_ENCODINGS });
    const gzipOnly = await get(embedUrl, agent, { "accept-encoding": "gzip" });
    writeFileSync(staticFile, script.body);
    const staticUrl = new URL(`/${STATIC_NAME}`, stack.appUrl);
    const twin = await get(staticUrl, agent);
    if (twin.status !== 200 || twin.body.length !== script.body.length) {
      throw new Error(`the static twin answered ${twin.status} with ${twin.body.length} bytes`);
    }
    agent.destroy();

    const coding = (response: typeof browser) => String(response.headers["content-encoding"] ?? "identity");
    console.log(`\nEmbed loader (GET /api/button/{id}.js, before the PayPal SDK), ${bytes(script.body.length)} raw:`);
    console.log(
      `  a browser ("${BROWSER_ENCODINGS}") gets ${coding(browser)}: ${bytes(browser.body.length)} on the wire`,
    );
    console.log(`  a gzip-only client gets ${coding(gzipOnly)}: ${bytes(gzipOnly.body.length)} on the wire`);
    console.log(
      `\nLoad: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up, ` +
        `database ${stack.databaseLabel}.`,
    );
    const options = { seconds: SECONDS, connections: CONNECTIONS };
    const warmUp = { seconds: WARMUP_SECONDS, connections: CONNECTIONS };
    await load("warm-up static", staticUrl, warmUp);
    await load("warm-up embed", embedUrl, warmUp);
    // Alternating runs, so drift on a shared machine hits both sides alike.
    const runs: LoadResult[] = [];
    for (let round = 0; round < RUNS; round++) {
      runs.push(await load("static file", staticUrl, options));
      runs.push(await load("embed script", embedUrl, options));
    }
    for (const run of runs) console.log(formatRun(run));
    const of = (label: string) => runs.filter((run) => run.label === label);
    const perSecond = (mine: LoadResult[]) => mine.reduce((sum, run) => sum + run.perSecond, 0) / mine.length;
    const embed = of("embed script");
    const ratio = perSecond(embed) / perSecond(of("static file"));

    await reportGoals([
      {
        bench: "embed",
        figure: "loader on the wire to a browser",
        measured:
          `${bytes(browser.body.length)} ${coding(browser)} ` +
          `(gzip-only client: ${bytes(gzipOnly.body.length)} ${coding(gzipOnly)})`,
        goal: `<= 1.7 KB (${bytes(WIRE_GOAL_BYTES)})`,
        isMet: browser.body.length <= WIRE_GOAL_BYTES,
      },
      {
        bench: "embed",
        figure: "embed script vs static file, throughput",
        measured:
          `${(ratio * 100).toFixed(0)}% (${perSecond(embed).toFixed(0)} vs ` +
          `${perSecond(of("static file")).toFixed(0)} req/s)`,
        goal: `>= ${RATIO_GOAL * 100}%`,
        isMet: ratio >= RATIO_GOAL,
      },
      {
        bench: "embed",
        figure: `embed script p99, ${embed.length} consecutive runs`,
        measured: embed.map((run) => ms(run.p99)).join(", "),
        goal: `< ${P99_GOAL_MS} ms in each of ${RUNS}`,
        isMet: embed.every((run) => run.p99 < P99_GOAL_MS),
      },
    ]);
  } finally {
    rmSync(staticFile, { force: true });
    await stack.close();
  }
}

await main();
// Keep-alive agents may leave handles open; the figures are printed.
process.exit(0);
