// Runs the project's Prisma CLI (the `postinstall` hook and the db:* scripts go through here).
// - `prisma generate` needs a well-formed DATABASE_URL even though it never connects.
// - The 6.19 CLI idles 10-60 s after finishing: scripts/lib/unref-timers.cjs is preloaded to prevent it.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const unrefTimers = fileURLToPath(new URL("./lib/unref-timers.cjs", import.meta.url));

/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, POPKIT_PRISMA_NO_DATABASE: undefined };
if (!env.DATABASE_URL) {
  // prisma.config.ts sees this flag and uses throw-away in-memory databases instead of a server.
  env.DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/postgres";
  env.POPKIT_PRISMA_NO_DATABASE = "1";
}
env.NODE_OPTIONS = [env.NODE_OPTIONS, `--require ${JSON.stringify(unrefTimers)}`].filter(Boolean).join(" ");

const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: "inherit", env });
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
