/** Next calls this once when a server starts: background work of the app process begins here. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { scheduleAbandonedUploadCleanup } = await import("~/server/storage/cleanup");
  scheduleAbandonedUploadCleanup();
  const { env } = await import("~/env");
  if (env.WORKERS === "1") {
    const { startWorkers } = await import("~/server/jobs");
    const { describeError, logger } = await import("~/server/logger");
    // Not awaited, and retried: a database that is down at boot must not keep the server from answering, nor
    // leave this instance without workers once it is back.
    const start = () =>
      startWorkers().catch((error: unknown) => {
        logger.error("job workers did not start; retrying in 10 s", describeError(error));
        setTimeout(start, 10_000).unref();
      });
    void start();
  }
}
