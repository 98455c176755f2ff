// Buyers paying through a payment button the way the embed script does it (src/embed/payment-button-checkout.ts):
// create the order on our API, approve it in the PayPal window (the local sandbox), capture on our API and retry a
// capture that failed for a retryable reason after 1, 2, 4 and 8 s. Used by the fault runs and the benches; the
// final count asks PayPal (the sandbox) what it captured and the database what was recorded.
import { Agent, request } from "node:http";
import { sandboxAccessToken } from "../../sandbox/paypal";

export type BuyerOutcome = {
  orderId: string | null;
  /** "paid", or where the buyer gave up: create, approve or capture (with the last status seen). */
  result: "paid" | "create-failed" | "approve-failed" | "capture-failed";
  lastStatus: number | null;
  createMs: number | null;
  captureMs: number | null;
  captureAttempts: number;
  /** The instances that answered this buyer's calls to our API (a balancer's x-popkit-instance header). */
  servedBy: string[];
};

type Answer = { status: number; json: Record<string, unknown>; instance: string | null };

const CAPTURE_RETRY_WAITS_MS = [1000, 2000, 4000, 8000];
const REQUEST_TIMEOUT_MS = 30_000;

const parseJson = (text: string) => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * POST through node:http on an agent bound to a source address: fetch cannot choose one without the undici
 * package. Our API limits calls per client address, so buyers who stand for different people need their own.
 */
function postThrough(agent: Agent, url: string, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    const req = request(
      url,
      { method: "POST", agent, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          const instance = res.headers["x-popkit-instance"];
          resolve({
            status: res.statusCode ?? 0,
            json: parseJson(text),
            instance: typeof instance === "string" ? instance : null,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function postJson(url: string, body: unknown, agent: Agent | null): Promise<Answer> {
  try {
    if (agent) return await postThrough(agent, url, JSON.stringify(body));
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json, instance: response.headers.get("x-popkit-instance") };
  } catch {
    // A dropped connection or a timeout: the embed treats it as retryable, as a 5xx.
    return { status: 0, json: {}, instance: null };
  }
}

/**
 * A distinct loopback address for buyer `index` (127.0.1.1, 127.0.1.2, ...): Linux routes all of 127.0.0.0/8 to
 * the loopback interface, so a client can connect from any of them with no set-up.
 */
export function buyerAddress(index: number): string {
  return `127.0.${1 + Math.floor(index / 250)}.${1 + (index % 250)}`;
}

const retryable = (status: number) => status === 0 || status >= 500;

/** How many buyers are waiting on a capture right now: what a fault striking "mid-capture" hits. */
export type CaptureTracker = { inFlight: number };

export async function buyOnce(
  appUrl: string,
  paypalUrl: string,
  buttonId: string,
  tracker: CaptureTracker = { inFlight: 0 },
  /** false: the buyer closes the tab after the first failed capture, leaving the repair to reconciliation. */
  retry = true,
  /** The buyer's own source address (see buyerAddress); by default, this machine's usual one. */
  options: { localAddress?: string } = {},
): Promise<BuyerOutcome> {
  const agent = options.localAddress ? new Agent({ keepAlive: true, localAddress: options.localAddress }) : null;
  try {
    return await buy(appUrl, paypalUrl, buttonId, tracker, retry, agent);
  } finally {
    agent?.destroy();
  }
}

async function buy(
  appUrl: string,
  paypalUrl: string,
  buttonId: string,
  tracker: CaptureTracker,
  retry: boolean,
  agent: Agent | null,
): Promise<BuyerOutcome> {
  const outcome: BuyerOutcome = {
    orderId: null,
    result: "create-failed",
    lastStatus: null,
    createMs: null,
    captureMs: null,
    captureAttempts: 0,
    servedBy: [],
  };
  const post = async (url: string, body: unknown) => {
    const answer = await postJson(url, body, agent);
    if (answer.instance && url.startsWith(appUrl)) outcome.servedBy.push(answer.instance);
    return answer;
  };
  let started = performance.now();
  const created = await post(`${appUrl}/api/checkout/orders`, { buttonId });
  outcome.lastStatus = created.status;
  if (created.status !== 200 || typeof created.json.orderId !== "string") return outcome;
  outcome.createMs = performance.now() - started;
  outcome.orderId = created.json.orderId;

  const approved = await post(`${paypalUrl}/__sandbox/orders/${encodeURIComponent(outcome.orderId)}/approve`, {
    buyer: "alex",
  });
  if (approved.status !== 200) {
    outcome.result = "approve-failed";
    outcome.lastStatus = approved.status;
    return outcome;
  }

  started = performance.now();
  for (let attempt = 0; ; attempt++) {
    outcome.captureAttempts++;
    tracker.inFlight++;
    const captured = await post(`${appUrl}/api/checkout/capture`, { buttonId, orderId: outcome.orderId });
    tracker.inFlight--;
    outcome.lastStatus = captured.status;
    if (captured.status === 200) {
      outcome.result = "paid";
      outcome.captureMs = performance.now() - started;
      return outcome;
    }
    const wait = retry ? CAPTURE_RETRY_WAITS_MS[attempt] : undefined;
    if (!retryable(captured.status) || wait === undefined) {
      outcome.result = "capture-failed";
      return outcome;
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** The order ids PayPal (the sandbox) holds a completed capture for, out of `orderIds`. */
export async function capturedAtPayPal(paypalUrl: string, clientId: string, orderIds: string[]): Promise<Set<string>> {
  const token = await sandboxAccessToken(paypalUrl, clientId);
  const captured = new Set<string>();
  for (const orderId of orderIds) {
    const response = await fetch(`${paypalUrl}/v2/checkout/orders/${encodeURIComponent(orderId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const order = (await response.json()) as {
      purchase_units?: { payments?: { captures?: { status: string }[] } }[];
    };
    const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
    if (captures.some((capture) => capture.status === "COMPLETED")) captured.add(orderId);
  }
  return captured;
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
