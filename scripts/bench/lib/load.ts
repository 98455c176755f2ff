// A small closed-loop load generator for the benches: N keep-alive connections, each sending its next GET as soon
// as the previous answer is read (what a browser tab or a busy embedding site does), for a fixed time. The loops
// speak HTTP/1.1 on plain sockets, as wrk and autocannon do: with Node's HTTP client this process was the
// bottleneck of the embed bench (profiled: the app idled 60-70% of an embed run), so its own queueing, and any
// other load on the machine, became the latency it reported. `get` (one request, whole body) keeps Node's client.
import { request, type Agent } from "node:http";
import { connect, type Socket } from "node:net";

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

const HEADER_END = Buffer.from("\r\n\r\n");
const CRLF = Buffer.from("\r\n");

type Tally = { latencies: number[]; errors: number };

/**
 * Reads one response at a time from a connection's bytes: the head, then a body framed by Content-Length or
 * chunked (Node sends no trailers). `push` returns the answer once a whole response is in, else null.
 */
function responseReader() {
  let buffered: Buffer = Buffer.alloc(0);
  let status = 0;
  let isClosing = false;
  let inBody = false;
  let isChunked = false;
  // Body bytes still to skip: the rest of a Content-Length body, or of a chunk with its CRLF.
  let remaining = 0;

  const skip = () => {
    const skipped = Math.min(remaining, buffered.length);
    buffered = buffered.subarray(skipped);
    remaining -= skipped;
    return remaining === 0;
  };
  const finish = () => {
    inBody = false;
    return { status, isClosing };
  };

  return {
    push(chunk: Buffer): { status: number; isClosing: boolean } | null {
      buffered = buffered.length > 0 ? Buffer.concat([buffered, chunk]) : chunk;
      if (!inBody) {
        const end = buffered.indexOf(HEADER_END);
        if (end < 0) return null;
        const head = buffered.toString("latin1", 0, end);
        status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
        isChunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(head);
        isClosing = /\r\nconnection:\s*close/i.test(head);
        if (length === undefined && !isChunked && status !== 204 && status !== 304) {
          throw new Error(`a ${status} answer without Content-Length or chunked body`);
        }
        remaining = isChunked ? 0 : Number(length ?? 0);
        buffered = buffered.subarray(end + HEADER_END.length);
        inBody = true;
      }
      if (!isChunked) return skip() ? finish() : null;
      for (;;) {
        if (!skip()) return null;
        const lineEnd = buffered.indexOf(CRLF);
        if (lineEnd < 0) return null;
        const size = parseInt(buffered.toString("latin1", 0, lineEnd), 16);
        if (size === 0) {
          if (buffered.length < lineEnd + 2 * CRLF.length) return null;
          buffered = buffered.subarray(lineEnd + 2 * CRLF.length);
          return finish();
        }
        buffered = buffered.subarray(lineEnd + CRLF.length);
        remaining = size + CRLF.length;
      }
    },
  };
}

/** One connection asking again and again until the deadline; a dropped connection is counted and reopened. */
function connectionLoop(url: URL, message: Buffer, deadline: number, tally: Tally): Promise<void> {
  return new Promise((resolve) => {
    const open = () => {
      const reader = responseReader();
      let sentAt = 0;
      let isWaiting = false;
      const send = () => {
        isWaiting = true;
        sentAt = performance.now();
        socket.write(message);
      };
      const socket: Socket = connect({ host: url.hostname, port: Number(url.port) || 80, noDelay: true }, send);
      socket.on("data", (chunk: Buffer) => {
        let answer: ReturnType<ReturnType<typeof responseReader>["push"]>;
        try {
          answer = reader.push(chunk);
        } catch {
          socket.destroy();
          return;
        }
        if (!answer) return;
        isWaiting = false;
        const now = performance.now();
        if (answer.status === 200) tally.latencies.push(now - sentAt);
        else tally.errors++;
        // A "Connection: close" answer ends the connection: the next request goes on a new one.
        if (now < deadline && !answer.isClosing) send();
        else socket.destroy();
      });
      socket.on("error", () => undefined);
      socket.on("close", () => {
        if (isWaiting) tally.errors++;
        if (performance.now() < deadline) setImmediate(open);
        else resolve();
      });
    };
    open();
  });
}

/** `connections` loops against `url` for `seconds`; only 200 answers count as successes. */
export async function load(
  label: string,
  url: URL,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const headerLines = Object.entries({ host: url.host, ...options.headers }).map(
    ([name, value]) => `${name}: ${value}\r\n`,
  );
  const message = Buffer.from(`GET ${url.pathname}${url.search} HTTP/1.1\r\n${headerLines.join("")}\r\n`, "latin1");
  const tally: Tally = { latencies: [], errors: 0 };
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.connections }, () => connectionLoop(url, message, deadline, tally)));
  const elapsed = (performance.now() - started) / 1000;
  const latencies = tally.latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    label,
    connections: options.connections,
    requests: latencies.length,
    errors: tally.errors,
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
