// Buyers paying through a payment button the way the embed script does it (src/embed/payment-button.ts): create
// the order on our API, approve it in the PayPal window (the local sandbox), capture on our API and retry a
// capture that failed for a retryable reason after 1, 2, 4 and 8 s. Used by the fault runs and the benches; the
// final count asks PayPal (the sandbox) what it captured and the database what was recorded.
import { sandboxAccessToken } from "../../sandbox/paypal";

export type BuyerOutcome = {
  orderId: string | null;
  /** "paid", or where the buyer gave up: create, approve or capture (with the last status seen). */
  result: "paid" | "create-failed" | "approve-failed" | "capture-failed";
  lastStatus: number | null;
  createMs: number | null;
  captureMs: number | null;
  captureAttempts: number;
};

const CAPTURE_RETRY_WAITS_MS = [1000, 2000, 4000, 8000];
const REQUEST_TIMEOUT_MS = 30_000;

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json };
  } catch {
    // A dropped connection or a timeout: the embed treats it as retryable, as a 5xx.
    return { status: 0, json: {} };
  }
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
): Promise<BuyerOutcome> {
  const outcome: BuyerOutcome = {
    orderId: null,
    result: "create-failed",
    lastStatus: null,
    createMs: null,
    captureMs: null,
    captureAttempts: 0,
  };
  let started = performance.now();
  const created = await postJson(`${appUrl}/api/checkout/orders`, { buttonId });
  outcome.lastStatus = created.status;
  if (created.status !== 200 || typeof created.json.orderId !== "string") return outcome;
  outcome.createMs = performance.now() - started;
  outcome.orderId = created.json.orderId;

  const approved = await postJson(`${paypalUrl}/__sandbox/orders/${encodeURIComponent(outcome.orderId)}/approve`, {
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
    const captured = await postJson(`${appUrl}/api/checkout/capture`, { buttonId, orderId: outcome.orderId });
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
