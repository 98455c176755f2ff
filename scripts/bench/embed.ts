// `npx tsx scripts/bench/embed.ts [--seconds 10] [--connections 200]`: not a test. How the embed script endpoint
// GET /api/button/{id}.js holds up under load next to a static file of the same size served by the same app, in
// one run: throughput and latency percentiles at 200 concurrent keep-alive connections, their ratio, and the
// loader's size gzipped. Goal (issue 4): at least 80% of the static file's throughput, p99 under 50 ms, loader
// at most 3 KB gzipped.
//
// It starts everything itself: a fresh database (the server named by DATABASE_URL if set, else the embedded
// PostgreSQL), the PayPal sandbox, a production build of the app (built first if missing or stale) with one
// merchant and one button. The static file is written to public/ before the app starts, because `next start`
// serves only the public files it finds at start-up, and removed afterwards.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { buildApp, hasCurrentBuild, startApp } from "../lib/app";
import { repoRoot } from "../lib/paths";
import { startSandbox } from "../../sandbox/server";
import { createTestDatabase } from "../../tests/support/test-database";

const { values: flags } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "200" },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const WARMUP_SECONDS = 3;
const STATIC_NAME = `bench-embed-static-${randomBytes(4).toString("hex")}.js`;
const publicDir = path.join(repoRoot, "public");
const staticFile = path.join(publicDir, STATIC_NAME);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function get(url: URL, agent: Agent, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

type Result = {
  label: string;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
};

/** CONNECTIONS loops, each sending its next request as soon as the previous answer is read. */
async function load(label: string, url: URL, seconds: number): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const { status } = await get(url, agent);
          if (status === 200) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    label,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  if (!hasCurrentBuild()) {
    console.log("Building the app (no current build)...");
    await buildApp();
  }
  const database = await createTestDatabase("bench");
  const sandbox = await startSandbox({ uploadthing: false });
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const appEnv = {
    ...process.env,
    ...secrets,
    ...sandbox.env,
    NODE_ENV: "production" as const,
    DATABASE_URL: database.url,
    EMBEDDED_DB: database.embedded ? "1" : "0",
    APP_URL: appUrl,
  };
  // The factories encrypt the PayPal secret with src/env.js's key: give this process the app's environment first.
  Object.assign(process.env, appEnv, { NODE_ENV: "development" });
  const { createPrismaClient } = await import("../../src/server/prisma-client");
  const { createMerchant } = await import("../../tests/factories/merchant");
  const { connectPayPal } = await import("../../tests/factories/store-settings");
  const { createPaymentButton } = await import("../../tests/factories/payment-button");
  const client = createPrismaClient(database.url, { embedded: database.embedded });
  const merchant = await createMerchant(client);
  const { clientId } = await connectPayPal(client, merchant.id);
  const button = await createPaymentButton(client, merchant.id, {
    name: "Bench Pattern Pack",
    description: "Twelve patterns",
    paypalClientId: clientId,
    successUrl: "https://shop.example.com/thank-you",
    cancelUrl: "https://shop.example.com/cart",
  });
  await client.$disconnect();

  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const createdPublicDir = !existsSync(publicDir);
  try {
    // The static twin: written before start-up (see the header), same byte length as the script.
    mkdirSync(publicDir, { recursive: true });
    writeFileSync(staticFile, "/* size placeholder */\n");
    app = await startApp({ port, env: appEnv, quiet: true });
    const agent = new Agent({ keepAlive: true });
    const embedUrl = new URL(`/api/button/${button.id}.js`, appUrl);
    const script = await get(embedUrl, agent);
    if (script.status !== 200) throw new Error(`the embed script answered ${script.status}`);
    const onWire = await get(embedUrl, agent, { "accept-encoding": "gzip" });
    writeFileSync(staticFile, script.body);
    const staticUrl = new URL(`/${STATIC_NAME}`, appUrl);
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
        `database ${database.embedded ? "embedded PostgreSQL (PGlite)" : "PostgreSQL server"}.`,
    );
    await load("warm-up static", staticUrl, WARMUP_SECONDS);
    await load("warm-up embed", embedUrl, WARMUP_SECONDS);
    // Alternating runs, so drift on a shared machine hits both sides alike.
    const runs: Result[] = [];
    for (let round = 0; round < 2; round++) {
      runs.push(await load("static file", staticUrl, SECONDS));
      runs.push(await load("embed script", embedUrl, SECONDS));
    }
    for (const run of runs) {
      console.log(
        `  ${run.label.padEnd(13)} ${run.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(run.p50)}  ` +
          `p99 ${ms(run.p99)}  max ${ms(run.max)}  (${run.requests} ok, ${run.errors} errors)`,
      );
    }
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
    // Only an empty public/ that this run created goes again; anything else in it is someone's.
    if (createdPublicDir && readdirSync(publicDir).length === 0) rmdirSync(publicDir);
    await app?.stop();
    await sandbox.close();
    await database.dispose();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
