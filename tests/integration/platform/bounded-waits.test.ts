import { createServer, type Socket } from "node:net";
import { describe, expect, it, onTestFinished } from "vitest";
import { checkHealth, HEALTH_TIMEOUT_MS } from "~/app/api/health/check";
import { GET as health } from "~/app/api/health/route";
import type { PrismaClient } from "~/generated/prisma/client";
import { createPayPalClient } from "~/server/vendors/paypal/client";
import { createPrismaClient, DB_TIMEOUTS, poolOf, type DbTimeouts } from "~/server/platform/prisma-client";

// A database that hangs (paused, a dead link) fails requests within seconds, and /api/health
// says so within 2 s. The hung database is a TCP server on loopback that never answers (or answers the
// connection handshake and then nothing), so the real database is never disturbed.

/**
 * A client of a PostgreSQL server that accepts connections and then goes silent; `handshake`: after logging in.
 * At the end of the test the server drops its connections first, so the client's pending queries end at once.
 */
async function hungClient(opts: { handshake: boolean }, timeouts?: Partial<DbTimeouts>): Promise<PrismaClient> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    if (opts.handshake) {
      // The startup packet, answered with AuthenticationOk and ReadyForQuery (idle); every query after it hangs.
      socket.once("data", () => {
        const authenticationOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
        const readyForQuery = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
        socket.write(Buffer.concat([authenticationOk, readyForQuery]));
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const prisma = createPrismaClient(`postgresql://popkit@127.0.0.1:${port}/popkit?sslmode=disable`, {
    embedded: false,
    timeouts,
  });
  onTestFinished(async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
    await prisma.$disconnect().catch(() => undefined);
  });
  return prisma;
}

function client(url: string, timeouts?: Partial<DbTimeouts>, embedded = false): PrismaClient {
  const prisma = createPrismaClient(url, { embedded, timeouts });
  onTestFinished(() => prisma.$disconnect().catch(() => undefined));
  return prisma;
}

/** How long `promise` took to settle, and its error (null when it succeeded). */
async function timed(promise: Promise<unknown>) {
  const started = performance.now();
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason as Error,
  );
  return { ms: performance.now() - started, error };
}

describe("database timeouts", () => {
  it("gives every client connect, statement and query limits that leave legitimate queries alone", () => {
    const { options } = poolOf(client("postgresql://popkit@127.0.0.1:1/popkit"));
    expect(options).toMatchObject({
      connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
      statement_timeout: DB_TIMEOUTS.statementMs,
      query_timeout: DB_TIMEOUTS.queryMs,
    });
    // Far above the slowest dashboard query (< 400 ms), the server's cancel before the client's, and a hung
    // database answered well before the 25 s the issue measured.
    expect(DB_TIMEOUTS.statementMs).toBeGreaterThanOrEqual(10_000);
    expect(DB_TIMEOUTS.queryMs).toBeGreaterThan(DB_TIMEOUTS.statementMs);
    expect(DB_TIMEOUTS.connectMs + DB_TIMEOUTS.queryMs).toBeLessThan(25_000);
  });

  it("fails a query on a database that accepts connections but never answers within the connect limit", async () => {
    const prisma = await hungClient({ handshake: false });
    const { ms, error } = await timed(prisma.$queryRaw`SELECT 1`);
    expect(error?.message).toMatch(/timeout/i);
    expect(ms).toBeGreaterThanOrEqual(DB_TIMEOUTS.connectMs - 100);
    expect(ms).toBeLessThan(DB_TIMEOUTS.connectMs + 1_500);
  });

  it("fails a query on a connection that went silent within the query limit", async () => {
    const prisma = await hungClient({ handshake: true }, { queryMs: 1_000 });
    const { ms, error } = await timed(prisma.$queryRaw`SELECT 1`);
    expect(error?.message).toMatch(/timeout/i);
    expect(ms).toBeLessThan(2_500);
  });

  it("cuts a statement that runs past the limit, and the next query works", async () => {
    const embedded = process.env.EMBEDDED_DB === "1";
    const prisma = client(process.env.DATABASE_URL!, { statementMs: 500, queryMs: 1_500 }, embedded);
    const { ms, error } = await timed(prisma.$queryRaw`SELECT pg_sleep(3)`);
    // PostgreSQL cancels it itself; PGlite enforces no statement_timeout (no timers in WASM), so there the
    // client's query limit ends the wait.
    expect(error?.message).toMatch(embedded ? /timeout/i : /statement timeout/);
    expect(ms).toBeLessThan(embedded ? 2_500 : 1_500);
    if (embedded) await new Promise((resolve) => setTimeout(resolve, 3_000)); // PGlite finishes the sleep first
    await expect(prisma.$queryRaw`SELECT 1 AS one`).resolves.toEqual([{ one: 1 }]);
  });
});

describe("GET /api/health", () => {
  it("answers 200 when the database answers", async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 naming the database within 2 s when the database hangs, with no internals", async () => {
    for (const handshake of [false, true]) {
      const prisma = await hungClient({ handshake });
      const started = performance.now();
      const response = await checkHealth({ database: () => prisma.$queryRaw`SELECT 1` });
      const ms = performance.now() - started;
      expect(response.status).toBe(503);
      expect(await response.text()).toBe(JSON.stringify({ status: "unavailable", failed: ["database"] }));
      expect(ms).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(HEALTH_TIMEOUT_MS + 500);
    }
  });

  it("answers 503 at once when the database refuses, without its error", async () => {
    const prisma = client("postgresql://popkit@127.0.0.1:1/popkit?sslmode=disable");
    const started = performance.now();
    const response = await checkHealth({ database: () => prisma.$queryRaw`SELECT 1` });
    expect(performance.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS);
    expect(response.status).toBe(503);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "unavailable", failed: ["database"] });
  });
});

describe("PayPal calls", () => {
  type Call = { method: string; path: string; requestId: string | null };

  /** A PayPal that answers the token, then each API call with the next of `answers` (a status or a thrown error). */
  function fakePayPal(answers: (number | Error)[], body: unknown = {}) {
    const calls: Call[] = [];
    const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = new Headers(init?.headers);
      if (url.pathname === "/v1/oauth2/token") return Response.json({ access_token: "token", expires_in: 32_400 });
      calls.push({ method: init?.method ?? "GET", path: url.pathname, requestId: headers.get("paypal-request-id") });
      const answer = answers.shift() ?? 200;
      if (answer instanceof Error) throw answer;
      return Response.json(answer === 200 ? body : { name: "INTERNAL_SERVER_ERROR" }, { status: answer });
    }) as typeof globalThis.fetch;
    // A client id of its own: access tokens are cached per API base and credentials.
    const paypal = createPayPalClient({
      apiBase: "https://paypal.test",
      clientId: `client-${Math.random()}`,
      secret: "secret",
      fetch,
    });
    return { paypal, calls };
  }

  const order = {
    id: "5O190127TN364715T",
    status: "COMPLETED",
    purchase_units: [
      {
        amount: { currency_code: "USD", value: "10.00" },
        custom_id: "button",
        payments: {
          captures: [
            { id: "3C679366HH908993F", status: "COMPLETED", amount: { currency_code: "USD", value: "10.00" } },
          ],
        },
      },
    ],
  };

  it("tries a GET once more after a 5xx or a dropped connection, and no more", async () => {
    const blip = fakePayPal([503], order);
    await expect(blip.paypal.getOrder(order.id)).resolves.toMatchObject({ id: order.id, status: "COMPLETED" });
    expect(blip.calls).toHaveLength(2);

    const dropped = fakePayPal([new TypeError("fetch failed")], order);
    await expect(dropped.paypal.getOrder(order.id)).resolves.toMatchObject({ id: order.id });
    expect(dropped.calls).toHaveLength(2);

    const down = fakePayPal([503, 503, 200], order);
    await expect(down.paypal.getOrder(order.id)).rejects.toMatchObject({ code: "UPSTREAM" });
    expect(down.calls).toHaveLength(2);
  });

  it("retries a capture with the same PayPal-Request-Id, so PayPal replays instead of capturing twice", async () => {
    const { paypal, calls } = fakePayPal([502], order);
    await expect(paypal.captureOrder(order.id, { requestId: "popkit-capture-x" })).resolves.toMatchObject({
      capture: { id: "3C679366HH908993F" },
    });
    expect(calls.map((call) => call.requestId)).toEqual(["popkit-capture-x", "popkit-capture-x"]);
  });

  it("does not retry a POST without a request id, nor any call that timed out", async () => {
    const cancel = fakePayPal([503]);
    await expect(cancel.paypal.cancelSubscription("I-SUB", "bye")).rejects.toMatchObject({ code: "UPSTREAM" });
    expect(cancel.calls).toHaveLength(1);

    const slow = fakePayPal([new DOMException("The operation was aborted due to timeout", "TimeoutError")], order);
    await expect(slow.paypal.getOrder(order.id)).rejects.toMatchObject({ code: "UPSTREAM" });
    expect(slow.calls).toHaveLength(1);
  });
});
