import { db } from "~/server/db";
import { describeError, logger } from "~/server/logger";
import { deleteUploadedFiles, unusedFileWhere } from "./files";

/**
 * Uploads a merchant never saved (a form left open, a tab closed) would stay in storage forever. Once a day old
 * and still unused, they are deleted; a day is far longer than anyone keeps a form open.
 */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

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

let scheduled = false;

/** Sweeps hourly in the server process (started from src/instrumentation.ts); each instance may, it's idempotent. */
export function scheduleAbandonedUploadCleanup() {
  if (scheduled) return;
  scheduled = true;
  const sweep = async () => {
    try {
      let deleted = 0;
      for (let batch = await deleteAbandonedUploads(); batch > 0; batch = await deleteAbandonedUploads()) {
        deleted += batch;
        if (batch < BATCH) break;
      }
      if (deleted > 0) logger.info("Deleted abandoned uploads", { count: deleted });
    } catch (error) {
      logger.error("Abandoned upload cleanup failed", describeError(error));
    }
  };
  setTimeout(() => void sweep(), 60_000).unref();
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
}
