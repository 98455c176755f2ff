// The figures of burst runs (scripts/lib/burst.ts): one column per run and the worst across runs, and the goals of
// a burst (0 buyers charged and told "failed", 0 payments unrecorded one minute after the burst, 0 duplicates).
import type { GoalResult } from "../bench/lib/goals";
import { percentile, type BuyerOutcome } from "./buyers";
import type { Recording } from "./burst";

export type BurstFigures = {
  scenario: string;
  run: number;
  buyers: number;
  outcomes: BuyerOutcome[];
  recording: Recording;
  /** Date.now() when the last buyer finished. */
  burstEnd: number;
  burstMs: number;
  /** `at`: Date.now() of the kill. */
  kill: { started: number; inFlight: number; afterMs: number; at: number; backAfterMs: number } | null;
  /** The whole run: start-up, warm-up, burst, the minute of watching, not the stop. */
  totalMs: number;
};

const seconds = (ms: number | null) => (ms === null ? "-" : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? "-" : `${Math.round(ms)}`);

export function tally(values: (string | number)[]): string {
  const counts = new Map<string | number, number>();
  for (const value of [...values].sort()) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} x${count}`).join(", ") || "none";
}

/** The key figures of one run, as numbers (null: not measurable in this run). */
export function keyFigures(figures: BurstFigures) {
  const { outcomes, recording } = figures;
  const charged = (outcome: BuyerOutcome) => outcome.orderId !== null && recording.captured.has(outcome.orderId);
  const count = (test: (outcome: BuyerOutcome) => boolean) => outcomes.filter(test).length;
  const recordedTimes = [...recording.recordedAt.values()];
  const captureToRecord = [...recording.captured].flatMap(([orderId, capture]) => {
    const recordedAt = recording.recordedAt.get(orderId);
    return recordedAt === undefined ? [] : [Math.max(0, recordedAt - Date.parse(capture.createTime))];
  });
  return {
    paid: count((outcome) => outcome.result === "paid"),
    toldConfirming: count((outcome) => outcome.toldConfirming),
    stillConfirming: count((outcome) => outcome.result === "confirming"),
    left: count((outcome) => outcome.result === "left"),
    toldFailed: count((outcome) => outcome.result === "capture-failed"),
    createFailed: count((outcome) => outcome.result === "create-failed"),
    busyGaveUp: count((outcome) => outcome.result === "create-failed" && outcome.lastStatus === 503),
    busyAnswers: outcomes.reduce((sum, outcome) => sum + outcome.busyAnswers, 0),
    captureErrors: outcomes.reduce((sum, o) => sum + o.captureStatuses.filter((s) => s === 0 || s >= 500).length, 0),
    chargedToldFailed: count((o) => charged(o) && !["paid", "confirming", "left"].includes(o.result)),
    chargedLeft: count((outcome) => charged(outcome) && outcome.result === "left"),
    captured: recording.captured.size,
    recordedAtEnd: recordedTimes.filter((time) => time <= figures.burstEnd).length,
    unrecorded: recording.unrecorded,
    notCaptured: recording.notCaptured,
    duplicates: recording.duplicates,
    withoutCapture: recording.withoutCapture,
    lastRecordedAfterMs:
      recording.unrecorded > 0 ? null : Math.max(0, ...recordedTimes.map((time) => time - figures.burstEnd)),
    // What the kill was for: payments PayPal had taken that the app had not written yet (PayPal's times are whole
    // seconds, cut: a capture is surely before the kill when a second after its time still is).
    capturedBeforeKillRecordedAfter: figures.kill
      ? [...recording.captured].filter(
          ([orderId, capture]) =>
            Date.parse(capture.createTime) + 1000 <= figures.kill!.at &&
            (recording.recordedAt.get(orderId) ?? Infinity) > figures.kill!.at,
        ).length
      : null,
    worstCaptureToRecordMs: captureToRecord.length ? Math.max(...captureToRecord) : null,
    p95CaptureToRecordMs: percentile(captureToRecord, 95),
  };
}

type Row = { label: string; cell: (figures: BurstFigures) => string; worst?: (runs: BurstFigures[]) => string };

const maxOf = (get: (k: ReturnType<typeof keyFigures>) => number | null, show: (n: number | null) => string) => {
  return (runs: BurstFigures[]) => {
    const values = runs.map((run) => get(keyFigures(run)));
    return show(values.some((value) => value === null) ? null : Math.max(...(values as number[])));
  };
};

const figureRow = (
  label: string,
  get: (k: ReturnType<typeof keyFigures>) => number | null,
  show: (n: number | null) => string = (n) => String(n ?? "-"),
  worstIsLowest = false,
): Row => ({
  label,
  cell: (figures) => show(get(keyFigures(figures))),
  worst: worstIsLowest
    ? (runs) => show(Math.min(...runs.map((run) => get(keyFigures(run)) ?? Infinity)))
    : maxOf(get, show),
});

function latencyRow(label: string, time: "createMs" | "captureAnswerMs" | "captureMs"): Row {
  const values = (figures: BurstFigures) => figures.outcomes.flatMap((outcome) => outcome[time] ?? []);
  const show = (all: number[]) => [50, 95, 99].map((p) => millis(percentile(all, p))).join(" / ");
  return { label, cell: (figures) => show(values(figures)), worst: (runs) => show(runs.flatMap(values)) };
}

export const burstRows: Row[] = [
  { label: "buyers", cell: (figures) => String(figures.buyers) },
  {
    label: "SIGKILL: captures sent (in flight), at; back after",
    cell: ({ kill }) =>
      kill ? `${kill.started} (${kill.inFlight}), ${seconds(kill.afterMs)}; ${seconds(kill.backAfterMs)}` : "-",
  },
  { label: "burst: first buyer -> last buyer done", cell: (figures) => seconds(figures.burstMs) },
  figureRow("told paid", (k) => k.paid, undefined, true),
  figureRow('told "being confirmed" (ever)', (k) => k.toldConfirming),
  figureRow('still "being confirmed" when they stopped asking', (k) => k.stillConfirming),
  figureRow("left while the page retried silently (retry=false)", (k) => k.left),
  figureRow('told "failed" at capture', (k) => k.toldFailed),
  figureRow("orders refused", (k) => k.createFailed),
  figureRow("  of which refused BUSY 4 times in a row", (k) => k.busyGaveUp),
  figureRow("BUSY answers to creating an order", (k) => k.busyAnswers),
  {
    label: "capture answers (HTTP status x count; 0: dropped)",
    cell: (figures) => tally(figures.outcomes.flatMap((outcome) => outcome.captureStatuses)),
  },
  figureRow("capture answers 5xx or dropped", (k) => k.captureErrors),
  figureRow("captured at PayPal", (k) => k.captured),
  figureRow("  of which before the SIGKILL, recorded after it", (k) => k.capturedBeforeKillRecordedAfter),
  figureRow("recorded when the burst ended", (k) => k.recordedAtEnd, undefined, true),
  figureRow('GOAL charged and told "failed"', (k) => k.chargedToldFailed),
  figureRow("charged, left after a 5xx/dropped capture", (k) => k.chargedLeft),
  figureRow("GOAL unrecorded 60 s after the burst", (k) => k.unrecorded),
  figureRow("approved, not captured at PayPal when the watch ended", (k) => k.notCaptured),
  figureRow("GOAL duplicates", (k) => k.duplicates),
  figureRow("recorded without a PayPal capture", (k) => k.withoutCapture),
  figureRow("last payment recorded, after the burst end (- : not all)", (k) => k.lastRecordedAfterMs, seconds),
  figureRow("PayPal capture -> recorded, worst (±1 s)", (k) => k.worstCaptureToRecordMs, seconds),
  figureRow("PayPal capture -> recorded, p95 (±1 s)", (k) => k.p95CaptureToRecordMs, seconds),
  latencyRow("create ms p50 / p95 / p99", "createMs"),
  latencyRow("capture first 200/202, ms p50 / p95 / p99", "captureAnswerMs"),
  latencyRow("capture until paid, ms p50 / p95 / p99", "captureMs"),
  { label: "watched the database for", cell: (figures) => seconds(figures.recording.watchedMs) },
  { label: "whole run (start, burst, watch)", cell: (figures) => seconds(figures.totalMs) },
];

export function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ")}`.trimEnd());
}

/** One column per run, and the worst across them when there are several. */
export function printBurstRuns(runs: BurstFigures[]) {
  const several = runs.length > 1;
  const header = ["figure", ...runs.map((run) => `run ${run.run}`), ...(several ? ["worst"] : [])];
  printTable([
    header,
    ...burstRows.map((row) => [
      row.label,
      ...runs.map((run) => row.cell(run)),
      ...(several ? [row.worst?.(runs) ?? ""] : []),
    ]),
  ]);
  for (const run of runs) {
    const failures = run.outcomes.flatMap((outcome) => outcome.failures);
    console.log(`  run ${run.run}, failed calls to our API (what, status, why x count): ${tally(failures)}`);
  }
}

/** The goals of one scenario, from the worst of its runs. */
export function burstGoals(bench: string, scenario: string, runs: BurstFigures[]): GoalResult[] {
  const worst = (get: (k: ReturnType<typeof keyFigures>) => number) =>
    Math.max(...runs.map((run) => get(keyFigures(run))));
  const over = `${runs.length} run${runs.length > 1 ? "s" : ""}, ${runs[0]?.buyers ?? 0} buyers`;
  const goal = (figure: string, value: number): GoalResult => ({
    bench,
    figure: `${scenario}: ${figure}`,
    measured: `${value} (worst of ${over})`,
    goal: "0",
    isMet: value === 0,
  });
  return [
    goal(
      'buyers charged and told "failed"',
      worst((k) => k.chargedToldFailed),
    ),
    goal(
      "captured at PayPal, unrecorded 60 s after the burst",
      worst((k) => k.unrecorded),
    ),
    goal(
      "duplicates (and transactions without a capture)",
      worst((k) => k.duplicates + k.withoutCapture),
    ),
  ];
}
