// Helpers for the PayPal sandbox contract tests: raw HTTP calls as an app makes them, fresh merchants, and a local
// webhook listener.
import { randomUUID } from "node:crypto";
import { type IncomingHttpHeaders, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import { sandboxSecretFor, startPayPalSandbox } from "../../sandbox/paypal";

type Running = Awaited<ReturnType<typeof startPayPalSandbox>>;

export interface CallInit extends RequestInit {
  token?: string;
  json?: unknown;
}

/** A JSON call; the body is parsed when there is one. */
export function caller(sandbox: () => Running) {
  return async function call(path: string, init: CallInit = {}) {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (json !== undefined) headers.set("content-type", "application/json");
    const response = await fetch(`${sandbox().url}${path}`, {
      method: json === undefined ? "GET" : "POST",
      ...rest,
      headers,
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read PayPal's JSON freely
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as any };
  };
}

/**
 * A PayPal sandbox of the test file's own, started before its tests and closed after them: `sandbox()` is the
 * running one (once the tests run), `call` makes JSON calls to it.
 */
export function paypalSandboxPerFile(options: Parameters<typeof startPayPalSandbox>[0] = {}) {
  let running: Running | undefined;
  beforeAll(async () => {
    running = await startPayPalSandbox(options);
  });
  afterAll(() => running?.close());
  const sandbox = () => {
    if (!running) throw new Error("the PayPal sandbox starts before the file's tests");
    return running;
  };
  return { sandbox, call: caller(sandbox) };
}

/** A new merchant app (client id) and a bearer token for it. */
export async function newMerchant(sandbox: Running) {
  const clientId = `client-${randomUUID()}`;
  const response = await fetch(`${sandbox.url}/v1/oauth2/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${sandboxSecretFor(clientId)}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  return { clientId, token: ((await response.json()) as { access_token: string }).access_token };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the parsed event, read freely
  event: any;
}

/**
 * A local webhook listener. `answer` picks each request's HTTP status (default 200); `received` lists what came in,
 * and `next(n)` resolves once n requests have arrived. It closes when the test that opened it finishes.
 */
export async function listen(answer: (count: number) => number = () => 200) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body, event: JSON.parse(body) });
      res.writeHead(answer(received.length)).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/paypal`;
  async function next(count: number, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} webhooks arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return received.slice(0, count);
  }
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  onTestFinished(close);
  return { url, received, next, close };
}

/** The body of POST /v1/notifications/verify-webhook-signature for a received delivery. */
export const verification = (delivery: Received, webhookId: string) => ({
  auth_algo: delivery.headers["paypal-auth-algo"],
  cert_url: delivery.headers["paypal-cert-url"],
  transmission_id: delivery.headers["paypal-transmission-id"],
  transmission_sig: delivery.headers["paypal-transmission-sig"],
  transmission_time: delivery.headers["paypal-transmission-time"],
  webhook_id: webhookId,
  webhook_event: delivery.event,
});

/** A plan body as the Subscriptions API takes it: monthly, optional trial and setup fee. */
export function planBody(productId: string, overrides: Record<string, unknown> = {}) {
  return {
    product_id: productId,
    name: "Club",
    billing_cycles: [
      {
        frequency: { interval_unit: "MONTH", interval_count: 1 },
        tenure_type: "REGULAR",
        sequence: 1,
        total_cycles: 0,
        pricing_scheme: { fixed_price: { currency_code: "USD", value: "10.00" } },
      },
    ],
    payment_preferences: { payment_failure_threshold: 2 },
    ...overrides,
  };
}

export interface CallbackRequest {
  url: string;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body PayPal sent, read freely
  body: any;
}

/** How the merchant answers one order-update callback: a status, a JSON body (or raw text), after a delay. */
export interface CallbackAnswer {
  status?: number;
  json?: unknown;
  text?: string;
  delayMs?: number;
}

/**
 * A merchant's order-update callback endpoint: `answer` decides each answer (default 200 with no body), `received`
 * lists PayPal's requests. Its URL carries the merchant's own token, as PayPal's calls are not signed. It closes
 * when the test that opened it finishes.
 */
export async function merchantCallback(answer: (request: CallbackRequest) => CallbackAnswer = () => ({})) {
  const received: CallbackRequest[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      const request = { url: req.url ?? "", headers: req.headers, body: JSON.parse(text) as unknown };
      received.push(request);
      const reply = answer(request);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
        res.end(reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json)));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/paypal/order-callback?token=merchant-secret`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  onTestFinished(() => (server.listening ? close() : undefined));
  return { url, received, close };
}
