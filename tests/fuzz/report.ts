import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { preview } from "./arbitraries";
import type { StateTracker } from "./state";

/** What one call answered, in HTTP terms. */
export type Outcome = { status: number; code: string; message: string };

/** An error and the first frame of our own code it came from: what a findings line needs. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return preview(error);
  const frame = error.stack?.split("\n").find((line) => line.includes("/src/") && !line.includes("node_modules"));
  const message = error.message.split("\n").filter(Boolean).slice(0, 3).join(" ").slice(0, 300);
  return `${error.name}: ${message}${frame ? ` @ ${frame.trim()}` : ""}`;
}

export type Finding = { kind: "5xx" | "state change on refusal" | "harness error"; message: string; example: string };

export type TargetReport = {
  name: string;
  cases: number;
  /** Answers by HTTP status, e.g. { "200": 3, "400": 12 }. */
  statuses: Record<string, number>;
  durationMs: number;
  /** Distinct failures seen (the first one shrunk to a minimal input), empty when the target held. */
  findings: Finding[];
  seed: number;
};

export const DEFAULT_SEED = 1414;

/** An answer slower than this is a failure of its own: a proxy in front would have answered 504 by then. */
const ANSWER_TIMEOUT_MS = 15_000;

function withinTimeout(answer: Promise<Outcome>): Promise<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 504, code: "HANG", message: `no answer within ${ANSWER_TIMEOUT_MS / 1000} s` }),
      ANSWER_TIMEOUT_MS,
    );
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}

/** The run's settings: cases per target (FUZZ_RUNS), base seed (FUZZ_SEED) and an optional target filter (FUZZ_ONLY). */
export function fuzzSettings(defaultRuns: number) {
  const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
  const only = process.env.FUZZ_ONLY ?? "";
  return {
    runs: Number.isFinite(runs) && runs > 0 ? Math.floor(runs) : defaultRuns,
    seed: Number.isFinite(seed) ? seed : DEFAULT_SEED,
    /** Whether a target is part of this run (FUZZ_ONLY: comma-separated names or prefixes). */
    includes: (name: string) => !only || only.split(",").some((part) => name.startsWith(part.trim())),
  };
}

/** Each target its own seed from the run's, so targets do not all draw the same sequence. */
export function seedFor(base: number, name: string): number {
  let hash = 0x811c9dc5;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash ^ base) | 0;
}

class FuzzFailure extends Error {
  constructor(readonly finding: Omit<Finding, "example">) {
    super(`${finding.kind}: ${finding.message}`);
  }
}

/** Ids, numbers and stack positions vary between inputs of the same bug: left out when telling failures apart. */
const shapeOf = (message: string) => message.replace(/[A-Za-z0-9_-]{16,}|\d+/g, "#").slice(0, 160);

/**
 * Runs one target's property with fast-check: every answer below 500, and a refusal (4xx) leaves every table as
 * it was. Records the answers and each distinct failure, and returns instead of throwing, so the caller can
 * report all targets before failing the test.
 */
export async function runTarget<T>(options: {
  name: string;
  arbitrary: fc.Arbitrary<T>;
  numRuns: number;
  seed: number;
  /** Without one (e2e, where other specs write at the same time), only the status is checked. */
  tracker?: StateTracker;
  run: (value: T) => Promise<Outcome>;
}): Promise<TargetReport> {
  const { tracker, run } = options;
  const statuses: Record<string, number> = {};
  const findings = new Map<string, Finding>();
  let cases = 0;
  const started = performance.now();
  const property = fc.asyncProperty(options.arbitrary, async (value) => {
    const before = await tracker?.snapshot();
    const outcome = await withinTimeout(run(value));
    cases += 1;
    statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    let failure: Omit<Finding, "example"> | null = null;
    if (outcome.status >= 500) {
      failure = { kind: "5xx", message: `${outcome.status} ${outcome.code}: ${outcome.message}` };
    } else if (outcome.status >= 400 && tracker && before) {
      const changed = await tracker.changesSince(before);
      if (changed.length > 0) {
        failure = {
          kind: "state change on refusal",
          message: `${outcome.status} ${outcome.code} "${outcome.message.slice(0, 120)}" yet changed ${changed.join(", ")}`,
        };
      }
    }
    if (failure) {
      const key = `${failure.kind} ${shapeOf(failure.message)}`;
      if (!findings.has(key)) findings.set(key, { ...failure, example: fc.stringify(value) });
      throw new FuzzFailure(failure);
    }
  });
  const details = await fc.check(property, { numRuns: options.numRuns, seed: options.seed });
  if (details.failed && details.counterexample) {
    const shrunk = fc.stringify(details.counterexample[0]);
    const error = details.errorInstance;
    if (error instanceof FuzzFailure) {
      // The shrunk input replaces the first input seen for the same failure: it is the one worth reading.
      const key = `${error.finding.kind} ${shapeOf(error.finding.message)}`;
      findings.set(key, { ...error.finding, example: shrunk });
    } else {
      findings.set(`harness ${String(error)}`, { kind: "harness error", message: String(error), example: shrunk });
    }
  }
  return {
    name: options.name,
    cases,
    statuses,
    durationMs: Math.round(performance.now() - started),
    findings: [...findings.values()],
    seed: options.seed,
  };
}

/** The message a failing target's test shows: every distinct failure with its (shrunk) input and the replay line. */
export function failureMessage(report: TargetReport, baseSeed: number): string {
  const lines = report.findings.map(
    (finding) => `- ${finding.kind}: ${finding.message}\n    input: ${finding.example}`,
  );
  return [
    `${report.name}: ${report.findings.length} failure(s) in ${report.cases} cases`,
    ...lines,
    `replay: FUZZ_SEED=${baseSeed} FUZZ_ONLY=${report.name}`,
  ].join("\n");
}

/** With FUZZ_REPORT (a directory, set by `npm run fuzz`), each target's figures are appended there for the summary. */
export function saveReport(layer: string, report: TargetReport) {
  const directory = process.env.FUZZ_REPORT;
  if (!directory) return;
  mkdirSync(directory, { recursive: true });
  appendFileSync(path.join(directory, `${layer}.jsonl`), `${JSON.stringify({ layer, ...report })}\n`);
}
