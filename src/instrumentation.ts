/** Next calls this once when a server starts: background work of the app process begins here. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Other instances' cache messages (src/server/platform/cache-bus.ts); it reconnects by itself and never blocks serving.
  const { startCacheBus } = await import("~/server/platform/cache-bus");
  void startCacheBus();
  const { env } = await import("~/env");
  if (env.WORKERS === "1") {
    const { enqueue, startWorkers } = await import("~/server/jobs");
    // Every domain's handlers: only an instance that runs workers loads them here.
    const { jobHandlers } = await import("~/server/job-handlers");
    const { describeError, logger } = await import("~/server/platform/logger");
    // Not awaited, and retried: a database that is down at boot must not keep the server from answering, nor
    // leave this instance without workers once it is back.
    const start = () =>
      startWorkers(jobHandlers)
        // The previous process may have died mid-capture: what PayPal took meanwhile is recorded now, not at the
        // next scheduled pass.
        .then(() => enqueue("checkouts.reconcile", { afterStart: true }))
        .catch((error: unknown) => {
          logger.error("job workers did not start; retrying in 10 s", describeError(error));
          setTimeout(start, 10_000).unref();
        });
    void start();
  }
}
