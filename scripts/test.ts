// `npm test`: every layer (unit, integration, e2e) in one command, then one closing line with the totals.
// Runs on the embedded database by default; with DATABASE_URL, each layer makes its own fresh database on
// that server. `--only unit|int|e2e` runs one layer; `--only db` is the integration layer without the sandbox's
// contract tests, which touch no database (CI's second pass, on the embedded default).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildApp, hasCurrentBuild } from "./lib/app";
import { repoRoot } from "./lib/paths";
import { runNode } from "./lib/run-node";

// `--grep @smoke`: only the browser tests whose title has that tag (CI's journey on the embedded default).
// Spec files after the options (`--only e2e tests/e2e/x.spec.ts`) narrow the browser tests to those files.
const { values, positionals: specFiles } = parseArgs({
  options: { only: { type: "string" }, grep: { type: "string" } },
  allowPositionals: true,
});
const layers = values.only ? [values.only] : ["unit", "int", "e2e"];
// TEST_RESULTS_DIR: where the reports go, so that two runs side by side (CI's two databases) keep their own.
const resultsDir = path.resolve(repoRoot, process.env.TEST_RESULTS_DIR ?? "test-results");

// `failures` names each failed test, printed again under the totals: CI shows only a run's last lines.
type Tally = { passed: number; failed: number; skipped: number; failures: string[] };
const noReport = (layer: string): Tally => ({ passed: 0, failed: 1, skipped: 0, failures: [`${layer}: no report`] });

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as T) : null;
}

async function runVitest(projects: string[]): Promise<{ code: number; tally: Tally }> {
  const output = path.join(resultsDir, `vitest-${projects.join("-")}.json`);
  const projectArgs = projects.flatMap((project) => ["--project", project]);
  const code = await runNode("node_modules/vitest/vitest.mjs", [
    "run",
    ...projectArgs,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${output}`,
  ]);
  const report = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  }>(output);
  return {
    code,
    tally: report
      ? {
          passed: report.numPassedTests,
          failed: report.numFailedTests,
          skipped: report.numPendingTests + report.numTodoTests,
          failures: report.testResults.flatMap((file) => {
            const where = path.relative(repoRoot, file.name);
            const failedTests = file.assertionResults.filter((test) => test.status === "failed");
            // A file that fails to load has no tests to name: name the file.
            if (failedTests.length === 0 && (file as { status?: string }).status === "failed") return [where];
            return failedTests.map((test) => `${where} › ${test.fullName}`);
          }),
        }
      : noReport("vitest"),
  };
}

type PlaywrightSuite = {
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; line: number; ok: boolean }[];
};

function failedSpecs(suite: PlaywrightSuite): string[] {
  const here = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => `${spec.file}:${spec.line} › ${spec.title}`);
  return [...here, ...(suite.suites ?? []).flatMap(failedSpecs)];
}

async function runPlaywright(): Promise<{ code: number; tally: Tally }> {
  if (!hasCurrentBuild()) await buildApp();
  const output = path.join(resultsDir, "e2e.json");
  const code = await runNode("node_modules/@playwright/test/cli.js", [
    "test",
    ...(values.grep ? ["--grep", values.grep] : []),
    ...specFiles,
  ]);
  const report = readJson<{
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites: PlaywrightSuite[];
  }>(output);
  return {
    code,
    tally: report
      ? {
          passed: report.stats.expected + report.stats.flaky,
          failed: report.stats.unexpected,
          skipped: report.stats.skipped,
          failures: report.suites.flatMap(failedSpecs),
        }
      : noReport("playwright"),
  };
}

async function main() {
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const total: Tally = { passed: 0, failed: 0, skipped: 0, failures: [] };
  let failedLayers = 0;
  const vitestProjects = [
    ...(layers.includes("unit") ? ["unit"] : []),
    ...(layers.includes("int") ? ["sandbox", "integration", "integration-isolated"] : []),
    ...(layers.includes("db") ? ["integration", "integration-isolated"] : []),
  ];
  const runs = [];
  if (vitestProjects.length > 0) runs.push(() => runVitest(vitestProjects));
  if (layers.includes("e2e")) runs.push(runPlaywright);
  for (const layer of runs) {
    const { code, tally } = await layer();
    if (code !== 0) failedLayers += 1;
    total.passed += tally.passed;
    total.failed += tally.failed;
    total.skipped += tally.skipped;
    total.failures.push(...tally.failures);
  }
  const failed = Math.max(total.failed, failedLayers > 0 && total.failed === 0 ? 1 : 0);
  for (const failure of total.failures) console.log(`failed: ${failure}`);
  console.log(`\n${total.passed} passed, ${failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
  process.exit(failed > 0 ? 1 : 0);
}

void main();
