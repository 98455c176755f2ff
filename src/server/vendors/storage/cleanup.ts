import { db } from "~/server/platform/db";
import type { JobHandlers } from "~/server/jobs";
import { describeError, logger } from "~/server/platform/logger";
import { deleteUploadedFiles, unusedFileWhere } from "./files";

/**
 * Uploads a merchant never saved (a form left open, a tab closed) would stay in storage forever. Once a day old
 * and still unused, they are deleted; a day is far longer than anyone keeps a form open.
 */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

/** Deletes one batch of abandoned uploads (rows, then the stored files); returns how many went. */
export async function deleteAbandonedUploads(now: Date = new Date()): Promise<number> {
  const abandoned = { createdAt: { lt: new Date(now.getTime() - ABANDONED_AFTER_MS) }, ...unusedFileWhere(now) };
  const candidates = await db.storedFile.findMany({
    where: abandoned,
    orderBy: { createdAt: "asc" },
    take: BATCH,
    select: { id: true },
  });
  if (candidates.length === 0) return 0;

  const ids = candidates.map((file) => file.id);
  const keys = await db.$transaction(async (tx) => {
    // The row lock waits for (and then sees) a page save that attaches one of these files right now, so the
    // re-check below never deletes a file that has just come into use.
    await tx.$queryRaw`SELECT id FROM stored_files WHERE id = ANY(${ids}) FOR UPDATE`;
    const unused = await tx.storedFile.findMany({
      where: { id: { in: ids }, ...abandoned },
      select: { id: true, key: true },
    });
    await tx.storedFile.deleteMany({ where: { id: { in: unused.map((file) => file.id) } } });
    return unused.map((file) => file.key);
  });
  try {
    await deleteUploadedFiles(keys);
  } catch (error) {
    // The rows are gone, so nothing can use these files; they only take space until removed by hand.
    logger.error("Deleting abandoned uploads from storage failed", { keys, ...describeError(error) });
  }
  return keys.length;
}

/** The "uploads.sweep" job (hourly, on one instance at a time): every abandoned upload, a batch at a time. */
export async function sweepAbandonedUploads(now: Date = new Date()): Promise<number> {
  let deleted = 0;
  for (let batch = await deleteAbandonedUploads(now); batch > 0; batch = await deleteAbandonedUploads(now)) {
    deleted += batch;
    if (batch < BATCH) break;
  }
  if (deleted > 0) logger.info("Deleted abandoned uploads", { count: deleted });
  return deleted;
}

/** Storage's scheduled job, run by the workers (src/server/job-handlers.ts). */
export const uploadJobHandlers = {
  "uploads.sweep": async () => {
    await sweepAbandonedUploads();
  },
} satisfies Partial<JobHandlers>;
