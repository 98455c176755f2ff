// Import-free on purpose: scripts/serve.ts loads this outside Next's bundles to stop the workers on SIGTERM,
// before the process exits and the database goes away, without pulling in the env or the database client.

interface Stoppable {
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

const globalForJobs = globalThis as typeof globalThis & { popkitJobs?: Stoppable };

/**
 * Stops taking jobs and waits for running ones (up to `timeoutMs`; one cut short is retried later). Call it
 * before the database pool closes. A no-op when nothing started the queue in this process.
 */
export async function stopWorkers(options: { timeoutMs?: number } = {}): Promise<void> {
  const running = globalForJobs.popkitJobs;
  if (!running) return;
  delete globalForJobs.popkitJobs;
  await running.stop(options);
}
