// Which database a script or the app uses, and how it gets its schema.
//
// DATABASE_URL set: that server. Not set: the embedded PGlite database under .data/. PGlite is
// one process per data dir, so the process that opened it advertises its server in `<dataDir>.server.json`
// and every other process (admin:create or db:seed while the app runs) connects to that server instead.
//
// The embedded database is a single backend session: give every process ONE connection (pool max 1,
// which createPrismaClient does with `embedded: true`).
import { spawn } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { embeddedDbUrl, startEmbeddedDb } from "./embedded-db";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const defaultDataDir = path.join(repoRoot, ".data", "pglite");

// A first start creates the data dir (~5 s); allow slow machines plenty more.
const WAIT_FOR_OTHER_PROCESS_MS = 60_000;

export interface OpenedDatabase {
  url: string;
  embedded: boolean;
  /** Stops the embedded server if this call started it; otherwise does nothing. */
  close(): Promise<void>;
}

interface Advertisement {
  pid: number;
  /** Absent while that process is still starting its server. */
  port?: number;
}

export async function openDatabase(opts: { dataDir?: string } = {}): Promise<OpenedDatabase> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv) return { url: fromEnv, embedded: false, close: async () => {} };

  const dataDir = path.resolve(opts.dataDir ?? defaultDataDir);
  const advertFile = `${dataDir}.server.json`;
  const deadline = Date.now() + WAIT_FOR_OTHER_PROCESS_MS;

  for (;;) {
    if (claim(advertFile)) break;
    const other = readAdvertisement(advertFile);
    if (other && !isAlive(other.pid)) {
      rmSync(advertFile, { force: true }); // left by a process that died without closing
      continue;
    }
    if (other?.port !== undefined && (await acceptsConnections(other.port))) {
      return { url: embeddedDbUrl(other.port), embedded: true, close: async () => {} };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The embedded database ${dataDir} is held by process ${other?.pid ?? "?"}, whose server does not answer. ` +
          `Stop that process, or delete ${advertFile} if it is not running.`,
      );
    }
    await sleep(200);
  }

  try {
    const server = await startEmbeddedDb({ dataDir });
    writeAdvertisement(advertFile, { pid: process.pid, port: server.port });
    return {
      url: server.url,
      embedded: true,
      async close() {
        rmSync(advertFile, { force: true });
        await server.stop();
      },
    };
  } catch (error) {
    rmSync(advertFile, { force: true });
    throw error;
  }
}

/** Applies pending migrations (`prisma migrate deploy`); throws with the CLI's output on failure. */
export async function migrateDatabase(url: string): Promise<void> {
  const cli = path.join(repoRoot, "scripts", "prisma.mjs");
  // Asynchronous on purpose: the embedded server may be served by this very process.
  const child = spawn(process.execPath, [cli, "migrate", "deploy"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0) throw new Error(`prisma migrate deploy failed (exit ${code}):\n${output}`);
}

/** Creates an empty database on a real PostgreSQL server (tests, CI); returns its URL. */
export async function createFreshDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${identifier(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${identifier(name)} WITH (FORCE)`));
}

function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
  return `"${name}"`;
}

async function onServer<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Atomically takes the data dir for this process; false when another process already has it. */
function claim(file: string): boolean {
  try {
    writeFileSync(file, JSON.stringify({ pid: process.pid } satisfies Advertisement), { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function writeAdvertisement(file: string, advert: Advertisement): void {
  writeFileSync(file, JSON.stringify(advert));
}

function readAdvertisement(file: string): Advertisement | null {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as Partial<Advertisement>;
    return typeof value.pid === "number" ? { pid: value.pid, port: value.port } : null;
  } catch {
    return null; // gone, or being written right now
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.setTimeout(1_000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}
