// A small closed-loop load generator for the benches: N keep-alive connections, each sending its next GET as soon
// as the previous answer is read (what a browser tab or a busy embedding site does), for a fixed time.
import { Agent, request } from "node:http";

export type Response = { status: number; body: Buffer; headers: Record<string, unknown> };

export function get(url: URL, agent: Agent, headers: Record<string, string> = {}) {
  return new Promise<Response>((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export type LoadResult = {
  label: string;
  connections: number;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
};

/** `connections` loops against `url` for `seconds`; only 200 answers count as successes. */
export async function load(
  label: string,
  url: URL,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const { status } = await get(url, agent, options.headers);
          if (status === 200) latencies.push(performance.now() - t0);
          else errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    label,
    connections: options.connections,
    requests: latencies.length,
    errors,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

export function formatRun(run: LoadResult, labelWidth = 13): string {
  return (
    `  ${run.label.padEnd(labelWidth)} ${run.perSecond.toFixed(0).padStart(6)} req/s  p50 ${ms(run.p50)}  ` +
    `p95 ${ms(run.p95)}  p99 ${ms(run.p99)}  max ${ms(run.max)}  (${run.requests} ok, ${run.errors} errors)`
  );
}
