import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { nextBin, repoRoot } from "./paths";

const distDir = () => path.join(repoRoot, process.env.NEXT_DIST_DIR || ".next");
const sourceStampFile = () => path.join(distDir(), "popkit-source-stamp");
const buildInputs = ["src", "public", "next.config.js", "postcss.config.js", "tsconfig.json", "package-lock.json"];

/** A fingerprint of everything a build is made from (paths, sizes, modification times). */
function sourceStamp(): string {
  const hash = createHash("sha256");
  const visit = (relative: string) => {
    const absolute = path.join(repoRoot, relative);
    if (!existsSync(absolute)) return;
    const stat = statSync(absolute);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(absolute).sort()) {
        if (entry !== "generated") visit(path.join(relative, entry));
      }
    } else {
      hash.update(`${relative}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  buildInputs.forEach(visit);
  return hash.digest("hex");
}

/** True when a build exists and was made from the sources as they are now. */
export function hasCurrentBuild(): boolean {
  const stampFile = sourceStampFile();
  return (
    existsSync(path.join(distDir(), "BUILD_ID")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === sourceStamp()
  );
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], { cwd: repoRoot, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`next ${args[0]} exited with ${code}`))));
  });
}

/** `next build` needs no runtime secrets or database: those are checked when the server starts. */
export async function buildApp(): Promise<void> {
  await run(["build"], {
    ...process.env,
    NODE_ENV: "production",
    SKIP_ENV_VALIDATION: "1",
    NEXT_TELEMETRY_DISABLED: "1",
  });
  // Taken after the build: next build may itself touch tsconfig.json.
  writeFileSync(sourceStampFile(), sourceStamp());
}

/** A port nothing listens on right now, for an app, sandbox or test server of our own. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RunningApp = { url: string; child: ChildProcess; stop(): Promise<void> };

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not become healthy within ${timeoutMs / 1000}s`);
}

/**
 * Starts the production server (scripts/serve.ts: Next behind the embed script's front door) or `next dev`, with
 * the given environment, and waits until /api/health answers.
 */
export async function startApp(options: {
  port: number;
  host?: string;
  env: NodeJS.ProcessEnv;
  dev?: boolean;
  quiet?: boolean;
}): Promise<RunningApp> {
  const host = options.host ?? "127.0.0.1";
  const where = ["--port", String(options.port), "--hostname", host];
  const args = options.dev
    ? [nextBin, "dev", ...where]
    : ["--import", "tsx", path.join(repoRoot, "scripts/serve.ts"), ...where];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...options.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: options.quiet ? ["ignore", "ignore", "inherit"] : "inherit",
  });
  const url = `http://${host === "0.0.0.0" ? "localhost" : host}:${options.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5000).unref();
    });
  try {
    await waitForHealth(url, child, options.dev ? 120_000 : 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop };
}
