// `npm run fuzz`: the property-based fuzz tests at full size. The same files `npm test` runs small
// (tests/integration/api/fuzz-procedures.test.ts, fuzz-routes.test.ts, tests/e2e/fuzz-pages.spec.ts) with many cases
// each, then one table: cases per procedure, route and page, the 5xx answers and refusals that changed the
// database, and the time. FUZZ_RUNS (cases per procedure and route), FUZZ_PAGE_RUNS (per page), FUZZ_SEED (to
// replay a run) and FUZZ_ONLY (one target) pass through; DATABASE_URL runs it on that PostgreSQL server.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { DEFAULT_SEED, type TargetReport } from "../tests/fuzz/report";
import { buildApp, hasCurrentBuild } from "./lib/app";
import { repoRoot } from "./lib/paths";
import { runNode } from "./lib/run-node";

const runs = process.env.FUZZ_RUNS ?? "300";
const pageRuns = process.env.FUZZ_PAGE_RUNS ?? "200";
const seed = process.env.FUZZ_SEED ?? String(DEFAULT_SEED);
const reportDir = path.join(repoRoot, "test-results", "fuzz");

type Row = TargetReport & { layer: string };

function readReports(): Row[] {
  if (!existsSync(reportDir)) return [];
  return readdirSync(reportDir)
    .filter((file) => file.endsWith(".jsonl"))
    .flatMap((file) => readFileSync(path.join(reportDir, file), "utf8").split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as Row);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const count = (row: Row, kind: string) => row.findings.filter((finding) => finding.kind === kind).length;

function summary(rows: Row[], elapsedMs: number): { text: string; failures: number } {
  const width = Math.max(...rows.map((row) => row.name.length), 6);
  const lines = [
    `${"layer".padEnd(10)} ${"target".padEnd(width)} ${"cases".padStart(6)} ${"5xx".padStart(4)} ${"state".padStart(5)} ${"time".padStart(7)}`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.layer.padEnd(10)} ${row.name.padEnd(width)} ${String(row.cases).padStart(6)} ` +
        `${String(count(row, "5xx")).padStart(4)} ${String(count(row, "state change on refusal")).padStart(5)} ` +
        `${seconds(row.durationMs).padStart(7)}`,
    );
  }
  const total = (pick: (row: Row) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  const fiveHundreds = total((row) => count(row, "5xx"));
  const stateChanges = total((row) => count(row, "state change on refusal"));
  const harness = total((row) => count(row, "harness error"));
  lines.push("");
  for (const layer of [...new Set(rows.map((row) => row.layer))]) {
    const of = rows.filter((row) => row.layer === layer);
    lines.push(
      `${layer}: ${of.length} targets, ${of.reduce((sum, row) => sum + row.cases, 0)} cases, ` +
        `5xx found = ${of.reduce((sum, row) => sum + count(row, "5xx"), 0)}`,
    );
  }
  lines.push(
    `total: ${total((row) => row.cases)} cases, 5xx found = ${fiveHundreds}, ` +
      `state changes on refusal = ${stateChanges}${harness ? `, harness errors = ${harness}` : ""}, ` +
      `time ${Math.floor(elapsedMs / 60_000)}m${Math.round((elapsedMs % 60_000) / 1000)}s (seed ${seed})`,
  );
  const findings = rows.flatMap((row) =>
    row.findings.map((finding) => `- ${row.name}: ${finding.kind}: ${finding.message}\n    input: ${finding.example}`),
  );
  if (findings.length)
    lines.push("", "findings (shrunk inputs; replay with FUZZ_SEED and FUZZ_ONLY=<target>):", ...findings);
  return { text: lines.join("\n"), failures: findings.length };
}

async function main() {
  const started = Date.now();
  rmSync(reportDir, { recursive: true, force: true });
  const env = { ...process.env, FUZZ_RUNS: runs, FUZZ_PAGE_RUNS: pageRuns, FUZZ_SEED: seed, FUZZ_REPORT: reportDir };
  console.log(`fuzz: seed ${seed}, ${runs} cases per procedure and route, ${pageRuns} per page`);

  const vitest = await runNode(
    "node_modules/vitest/vitest.mjs",
    [
      "run",
      "--project",
      "integration",
      "--project",
      "integration-isolated",
      "tests/integration/api/fuzz-procedures.test.ts",
      "tests/integration/api/fuzz-routes.test.ts",
    ],
    env,
  );
  if (!hasCurrentBuild()) await buildApp();
  const playwright = await runNode(
    "node_modules/@playwright/test/cli.js",
    ["test", "tests/e2e/fuzz-pages.spec.ts", "--reporter=line"],
    env,
  );

  const rows = readReports();
  const { text, failures } = summary(rows, Date.now() - started);
  console.log(`\n${text}`);
  const runnerFailed = (vitest !== 0 || playwright !== 0) && failures === 0;
  if (runnerFailed) console.log("\na test runner failed outside the fuzz properties: see its output above");
  process.exit(failures > 0 || runnerFailed || rows.length === 0 ? 1 : 0);
}

void main();
