/**
 * A load balancer takes an instance out of rotation when this fails, and it must be told quickly: a hung
 * database (paused, a dead link) would otherwise hold the probe as long as the driver's own timeouts.
 */
export const HEALTH_TIMEOUT_MS = 2_000;

export type Dependency = "database";

/**
 * Runs every dependency's probe against one deadline. The answer names what failed and nothing else: no error
 * message, host or SQL reaches a caller who may be anyone on the internet.
 */
export async function checkHealth(
  probes: Record<Dependency, () => Promise<unknown>>,
  timeoutMs: number = HEALTH_TIMEOUT_MS,
): Promise<Response> {
  const names = Object.keys(probes) as Dependency[];
  const results = await Promise.all(names.map((name) => withDeadline(probes[name], timeoutMs)));
  const failed = names.filter((_, index) => !results[index]);
  if (failed.length === 0) return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  return Response.json({ status: "unavailable", failed }, { status: 503, headers: { "cache-control": "no-store" } });
}

/** True when the probe succeeded within the deadline; a probe still running past it is left to its own timeouts. */
async function withDeadline(probe: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    const answered = Promise.resolve()
      .then(probe)
      .then(
        () => true,
        () => false,
      );
    return await Promise.race([answered, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
