// Every bench ends with its goals, each with the figure measured and whether this run met it. Run by `npm run bench`
// (scripts/bench/index.ts), a bench also hands them to the index over the IPC channel the index opens to it, for
// the summary table at the end; run on its own, it only prints them.

export type GoalResult = {
  bench: string;
  figure: string;
  measured: string;
  goal: string;
  isMet: boolean;
};

export type GoalsMessage = { kind: "bench-goals"; goals: GoalResult[] };

export function isGoalsMessage(message: unknown): message is GoalsMessage {
  return (message as GoalsMessage | null)?.kind === "bench-goals" && Array.isArray((message as GoalsMessage).goals);
}

export const verdict = (goal: GoalResult) => (goal.isMet ? "met" : "not met");

/** Prints the goals and, under the index, sends them there (resolves once the index has them). */
export async function reportGoals(goals: GoalResult[]): Promise<void> {
  console.log("\nGoals:");
  for (const goal of goals) {
    console.log(`  ${goal.figure}: ${goal.measured} (goal: ${goal.goal}): ${verdict(goal)}`);
  }
  const send = process.send?.bind(process);
  if (!send) return;
  const message: GoalsMessage = { kind: "bench-goals", goals };
  await new Promise<void>((resolve, reject) => {
    send(message, undefined, {}, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}
