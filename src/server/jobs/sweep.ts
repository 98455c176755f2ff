// What the every-minute sweeps look for: work recorded with its cause (a mail, a webhook delivery) whose job was
// never queued because the process died right after the commit.

/** Never tried and recorded over a minute ago: long enough for the job queued after the commit to have run. */
export function neverTriedBefore(now: Date) {
  return { attempts: 0, createdAt: { lt: new Date(now.getTime() - 60_000) } };
}

/** The oldest first, 500 a sweep (the next minute's sweep takes the rest); only the ids, to queue. */
export const sweepBatch = { orderBy: { createdAt: "asc" as const }, take: 500, select: { id: true as const } };

/**
 * Queues the jobs of the rows a sweep found (a row whose job was queued after all keeps it: the job's key makes
 * this a no-op for it); how many there were.
 */
export async function queueForgotten(forgotten: Promise<{ id: string }[]>, queue: (ids: string[]) => Promise<void>) {
  const rows = await forgotten;
  await queue(rows.map((row) => row.id));
  return rows.length;
}
