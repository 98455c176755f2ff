// What a burst run (scripts/lib/burst.ts) pays against, each fresh for the run, with a database connection of the
// run's own to seed a shop and count what was recorded:
//   embedded - the default a fresh clone has: ONE production instance on the embedded PostgreSQL (EMBEDDED_DB=1)
//              on a new data dir, run by scripts/lib/embedded-app.ts as `npm start` runs it. "Killed" is SIGKILL
//              to its process group (the app and its database together, as a crash of `npm start` or its
//              container); it is then started again on the same data dir and port.
//   postgres - two production instances behind the balancer (scripts/lib/cluster.ts, as the checkout bench runs
//              them) on a new database on the PostgreSQL server in `serverUrl`. "Killed" is SIGKILL to app-2,
//              started again on its port at once.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sandboxAccessToken } from "../../sandbox/paypal";
import type { PrismaClient } from "../../src/generated/prisma/client";
import { createPrismaClient } from "../../src/server/platform/prisma-client";
import { freePort } from "./app";
import { startCluster } from "./cluster";
import { createFreshDatabase, dropDatabase, migrateDatabase } from "./database";
import { embeddedDbUrl } from "./embedded-db";
import { repoRoot } from "./paths";

export type BurstTargetKind = "embedded" | "postgres";

export type BurstTarget = {
  /** Where buyers, PayPal's webhooks and the balancer health checks reach the app (its APP_URL). */
  url: string;
  describe: string;
  instances: number;
  /** This run's connection to the target's database (a new one after the embedded app was started again). */
  db(): PrismaClient;
  /** SIGKILL: the app, or one instance of a cluster. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Starts what kill() ended again, on the same port and data; resolves once /api/health answers. */
  restart(): Promise<void>;
  /** Stops everything and throws the database away. */
  stop(): Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls /api/health until it answers 200 (any process: `alive` says whether to keep waiting); the wait in ms. */
export async function untilHealthy(url: string, alive: () => boolean = () => true, timeoutMs = 180_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (!alive()) throw new Error(`the app at ${url} exited while starting`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
      await response.body?.cancel();
      if (response.ok) return performance.now() - started;
    } catch {
      // not answering yet
    }
    await sleep(100);
  }
  throw new Error(`the app at ${url} did not answer /api/health within ${timeoutMs / 1000} s`);
}

/** The environment every app process of a burst gets: the caller's (sandbox, secrets) in production mode. */
export function appEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra, NODE_ENV: "production" };
}

export async function startBurstTarget(
  kind: BurstTargetKind,
  options: { env: Record<string, string>; serverUrl: string },
): Promise<BurstTarget> {
  return kind === "embedded" ? startEmbedded(options.env) : startPostgres(options.env, options.serverUrl);
}

async function startEmbedded(extraEnv: Record<string, string>): Promise<BurstTarget> {
  const root = mkdtempSync(path.join(tmpdir(), "popkit-burst-"));
  const dataDir = path.join(root, "pglite");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // POPKIT_DEMO as `npm start` sets it without NODE_ENV=production.
  const env = appEnvironment({ ...extraEnv, APP_URL: url, POPKIT_DEMO: "1" });
  let host: ChildProcess | null = null;
  let client: PrismaClient | null = null;
  const killGroup = () => {
    if (host?.pid !== undefined && host.exitCode === null && host.signalCode === null) {
      try {
        process.kill(-host.pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
  };
  // A harness that dies must not leave the detached group (app and database) running.
  process.on("exit", killGroup);
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const launch = async () => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(repoRoot, "scripts/lib/embedded-app.ts")], {
      cwd: repoRoot,
      detached: true,
      env: { ...env, POPKIT_DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    host = child;
    await untilHealthy(url, () => child.exitCode === null && child.signalCode === null);
    // Where openDatabase advertised the embedded server (scripts/lib/database.ts).
    const advert = JSON.parse(readFileSync(`${dataDir}.server.json`, "utf8")) as { port: number };
    client = createPrismaClient(embeddedDbUrl(advert.port), { embedded: true });
  };
  const dropClient = async () => {
    await client?.$disconnect().catch(() => undefined);
    client = null;
  };

  try {
    await launch();
  } catch (error) {
    killGroup();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    describe: "1 production instance on the embedded PostgreSQL (EMBEDDED_DB=1, a new data dir), as npm start runs it",
    instances: 1,
    db: () => client!,
    async kill() {
      const child = host!;
      killGroup();
      await exited(child);
      await dropClient();
    },
    restart: launch,
    async stop() {
      await dropClient();
      const child = host!;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(killGroup, 15_000);
        await exited(child);
        clearTimeout(timer);
      }
      process.off("exit", killGroup);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function startPostgres(extraEnv: Record<string, string>, serverUrl: string): Promise<BurstTarget> {
  const name = `popkit_burst_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const databaseUrl = await createFreshDatabase(serverUrl, name);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const client = createPrismaClient(databaseUrl, { embedded: false });
  const dispose = async () => {
    await client.$disconnect().catch(() => undefined);
    await dropDatabase(serverUrl, name);
  };
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  try {
    await migrateDatabase(databaseUrl);
    cluster = await startCluster({
      instances: 2,
      port,
      env: appEnvironment({ ...extraEnv, APP_URL: url, DATABASE_URL: databaseUrl, EMBEDDED_DB: "0" }),
      quiet: true,
    });
  } catch (error) {
    await dispose();
    throw error;
  }
  const victim = cluster.instances[1]!;
  const server = new URL(serverUrl);
  return {
    url,
    describe:
      `2 production instances behind the balancer on PostgreSQL ${server.hostname}:${server.port || 5432} ` +
      `(a new database)${process.env.REDIS_URL ? ", Redis (REDIS_URL)" : ""}`,
    instances: 2,
    db: () => client,
    async kill() {
      const child = victim.app!.child;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    },
    async restart() {
      await victim.start();
    },
    async stop() {
      await cluster.stop();
      await dispose();
    },
  };
}

/**
 * Subscribes the app's webhook URL to every event of the shop's PayPal app (in the sandbox) and saves its id in
 * Store Settings, as a seller following the set-up does (and `npm start`'s demo seed does): PayPal's
 * PAYMENT.CAPTURE.COMPLETED then reaches the app.
 */
export async function registerShopWebhook(
  db: PrismaClient,
  shop: { merchantId: string; clientId: string },
  paypalUrl: string,
  appUrl: string,
): Promise<void> {
  const token = await sandboxAccessToken(paypalUrl, shop.clientId);
  const response = await fetch(`${paypalUrl}/v1/notifications/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ url: `${appUrl}/api/paypal/webhook`, event_types: [{ name: "*" }] }),
  });
  if (!response.ok) throw new Error(`registering the webhook: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  await db.storeSettings.update({ where: { merchantId: shop.merchantId }, data: { paypalWebhookId: id } });
}
