// `npx tsx scripts/bench/embed.ts [--seconds 10] [--connections 200]`: not a test. How the embed script endpoint
// GET /api/button/{id}.js holds up under load next to a static file of the same size served by the same app, in
// one run: throughput and latency percentiles at 200 concurrent keep-alive connections, their ratio, and the
// loader's size gzipped. Goal (issue 4): at least 80% of the static file's throughput, p99 under 50 ms, loader
// at most 3 KB gzipped. The app runs as in production (scripts/serve.ts): the embed script is answered by its
// front door, the static file by Next, both without compression (neither request asks for it).
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
import { brotliCompressSync, gzipSync } from "node:zlib";
import { repoRoot } from "../lib/paths";
import { formatRun, get, load, ms, type LoadResult } from "./lib/load";
import { startBenchStack } from "./lib/stack";

const { values: flags } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "200" },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const WARMUP_SECONDS = 3;
// tsconfig.json, eslint.config.js and .gitignore leave this name pattern out, so a build, type check or lint
// running meanwhile never sees the file.
const STATIC_NAME = `bench-embed-static-${randomBytes(4).toString("hex")}.js`;
const publicDir = path.join(repoRoot, "public");
const staticFile = path.join(publicDir, STATIC_NAME);

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
    const onWire = await get(embedUrl, agent, { "accept-encoding": "gzip" });
    writeFileSync(staticFile, script.body);
    const staticUrl = new URL(`/${STATIC_NAME}`, stack.appUrl);
    const twin = await get(staticUrl, agent);
    if (twin.status !== 200 || twin.body.length !== script.body.length) {
      throw new Error(`the static twin answered ${twin.status} with ${twin.body.length} bytes`);
    }
    agent.destroy();

    console.log(`\nEmbed loader (GET /api/button/{id}.js, before the PayPal SDK):`);
    console.log(
      `  ${script.body.length} bytes raw, ${gzipSync(script.body).length} bytes gzipped (zlib default level),`,
    );
    console.log(`  ${brotliCompressSync(script.body).length} bytes brotli; the app sends it with content-encoding`);
    console.log(`  ${String(onWire.headers["content-encoding"] ?? "none")}: ${onWire.body.length} bytes on the wire.`);
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
    for (let round = 0; round < 2; round++) {
      runs.push(await load("static file", staticUrl, options));
      runs.push(await load("embed script", embedUrl, options));
    }
    for (const run of runs) console.log(formatRun(run));
    const total = (label: string) => {
      const mine = runs.filter((run) => run.label === label);
      return {
        perSecond: mine.reduce((sum, run) => sum + run.perSecond, 0) / mine.length,
        p99: Math.max(...mine.map((run) => run.p99)),
      };
    };
    const embed = total("embed script");
    const stat = total("static file");
    const ratio = embed.perSecond / stat.perSecond;
    console.log(
      `\nEmbed script vs static file: ${(ratio * 100).toFixed(0)}% of the throughput ` +
        `(${embed.perSecond.toFixed(0)} vs ${stat.perSecond.toFixed(0)} req/s); embed p99 ${ms(embed.p99)} ` +
        `(goal: >= 80%, p99 < 50 ms).`,
    );
  } finally {
    rmSync(staticFile, { force: true });
    await stack.close();
  }
}

await main();
// Keep-alive agents and the browser launcher may leave handles open; the figures are printed.
process.exit(0);
