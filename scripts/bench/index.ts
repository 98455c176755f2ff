// `npm run bench [-- --only embed,sell-page] [--runs 3] [--buyers 200] [--bursts burst-embedded,...]`: not a test. Runs the benches one after another, each in its own
// process (each starts its own servers), passes their output through, and ends with a summary: how each bench
// ended, then every goal with its figure and "met" or "not met". The dashboard and checkout benches need a
// PostgreSQL server (BENCH_DATABASE_URL, default 127.0.0.1:5432) and are skipped when none answers. The exit code is non-zero only
// when a bench crashed: a missed goal is a figure to read, not a failure (nothing here is a test). --runs, --buyers
// and --bursts go to the checkout bench (scripts/bench/checkout.ts): how often and how large its bursts are.
import { spawn } from "node:child_process";
import { connect } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { repoRoot } from "../lib/paths";
import { isGoalsMessage, verdict, type GoalResult } from "./lib/goals";

const benches = ["embed", "sell-page", "dashboard", "checkout"] as const;
type Bench = (typeof benches)[number];
const needsPostgresServer: readonly Bench[] = ["dashboard", "checkout"];

const { values: flags } = parseArgs({
  options: {
    only: { type: "string" },
    runs: { type: "string" },
    buyers: { type: "string" },
    bursts: { type: "string" },
  },
});
/** The options only the checkout bench takes. */
const checkoutArgs = (["runs", "buyers", "bursts"] as const).flatMap((name) =>
  flags[name] === undefined ? [] : [`--${name}`, flags[name]],
);
const selected = flags.only ? flags.only.split(",").map((name) => name.trim()) : [...benches];
const unknown = selected.filter((name) => !(benches as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(", ")} (known: ${benches.join(", ")})`);
  process.exit(2);
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

/** Why the bench cannot run here, or null when it can. */
async function missing(bench: Bench): Promise<string | null> {
  if (!needsPostgresServer.includes(bench)) return null;
  const serverUrl = new URL(process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  const host = serverUrl.hostname || "127.0.0.1";
  const port = Number(serverUrl.port || 5432);
  return (await reachable(host, port))
    ? null
    : `no PostgreSQL server answers at ${host}:${port} (set BENCH_DATABASE_URL to one)`;
}

const goals: GoalResult[] = [];

function run(bench: Bench): Promise<number> {
  // process.execArgv carries tsx's loader, so the child runs the TypeScript file the same way. The IPC channel
  // brings its goals (lib/goals.ts).
  const file = path.join(repoRoot, "scripts/bench", `${bench}.ts`);
  const args = bench === "checkout" ? checkoutArgs : [];
  const child = spawn(process.execPath, [...process.execArgv, file, ...args], {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    cwd: repoRoot,
  });
  child.on("message", (message) => {
    if (isGoalsMessage(message)) goals.push(...message.goals);
  });
  return new Promise((resolve) => {
    child.on("error", () => resolve(1));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ");
  for (const row of rows) console.log(line(row).trimEnd());
}

const summary: { bench: string; result: string; seconds: number }[] = [];
for (const bench of selected as Bench[]) {
  console.log(`\n===== ${bench} =====`);
  const reason = await missing(bench);
  if (reason) {
    console.log(`Skipped: ${reason}.`);
    summary.push({ bench, result: "skipped", seconds: 0 });
    continue;
  }
  const started = performance.now();
  const code = await run(bench);
  const seconds = Math.round((performance.now() - started) / 1000);
  summary.push({ bench, result: code === 0 ? "ran" : `crashed (exit ${code})`, seconds });
}
console.log("\n===== summary =====");
printTable([
  ["bench", "result", "time"],
  ...summary.map(({ bench, result, seconds }) => [bench, result, `${seconds} s`]),
]);
if (goals.length > 0) {
  console.log("");
  printTable([
    ["bench", "figure", "measured", "goal", ""],
    ...goals.map((goal) => [goal.bench, goal.figure, goal.measured, goal.goal, verdict(goal)]),
  ]);
  const missed = goals.filter((goal) => !goal.isMet).length;
  console.log(`\n${goals.length - missed} of ${goals.length} goals met.`);
}
process.exit(summary.some((entry) => entry.result.startsWith("crashed")) ? 1 : 0);
