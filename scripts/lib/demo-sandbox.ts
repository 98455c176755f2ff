// The demo's provider sandbox runs inside `npm start`, on ports chosen at start-up. Commands run beside it
// (`npm run reconcile`) must talk to that same sandbox, not to PayPal's real sandbox host: `npm start` leaves
// the sandbox's environment in a file under the data dir while it runs.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { isAlive } from "./database";
import { dataDir } from "./paths";

const advertFile = path.join(dataDir, "sandbox.json");

type Advertisement = { pid: number; env: Record<string, string> };

/** Called by `npm start` once its sandbox runs; the returned function removes the file again. */
export function advertiseSandbox(sandbox: RunningSandbox): () => void {
  writeFileSync(advertFile, JSON.stringify({ pid: process.pid, env: sandbox.env } satisfies Advertisement));
  return () => rmSync(advertFile, { force: true });
}

/**
 * The environment of the demo's running sandbox; when `npm start` is not running, a sandbox of our own on the
 * demo's data dir (its PayPal state is the same files), closed by the caller.
 */
export async function joinDemoSandbox(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  try {
    const advert = JSON.parse(readFileSync(advertFile, "utf8")) as Partial<Advertisement>;
    if (typeof advert.pid === "number" && isAlive(advert.pid) && advert.env) {
      return { env: advert.env, close: async () => {} };
    }
  } catch {
    // no advertisement: `npm start` is not running
  }
  const own = await startSandbox({ dataDir: path.join(dataDir, "sandbox"), uploadthing: false, mail: false });
  return { env: own.env, close: own.close };
}
