// Buyers paying through a payment button the way the embed script does it (src/embed/payment-button-checkout.ts):
// create the order on our API, approve it in the PayPal window (the local sandbox), capture on our API.
// - A capture that failed for a retryable reason (a 5xx, a dropped connection) is retried after 1, 2, 4 and 8 s,
//   silently: the page says nothing until the last one failed.
// - A capture answered 202 {"status":"confirming"} (PayPal may have the money, we have not recorded it yet) is asked
//   again every Retry-After seconds (default 2) until 200 or a definitive 4xx, for up to 3 minutes. The buyer is
//   told the payment was received and is being confirmed: never a failure.
// - An order refused with 503 BUSY (the server saturated, before any money moved) is created again after
//   Retry-After, up to 3 times.
// Used by the fault runs and the benches; the final count asks PayPal (the sandbox) what it captured and the
// database what was recorded.
import { Agent, request } from "node:http";
import { sandboxAccessToken } from "../../sandbox/paypal";

export type BuyerResult =
  | "paid"
  /** Told "received, being confirmed" and still so when the buyer stopped asking: not a failure message. */
  | "confirming"
  /** Closed the tab (retry=false) after a retryable failure, while the page was still silently retrying. */
  | "left"
  /** Told the payment failed: a definitive 4xx, a 200 with a failed status, or every retry failed. */
  | "capture-failed"
  | "create-failed"
  | "approve-failed";

export type BuyerOutcome = {
  orderId: string | null;
  result: BuyerResult;
  lastStatus: number | null;
  /** From the first create call to the order id (BUSY waits included). */
  createMs: number | null;
  /** From the first capture call to its first answer that was a 200 or a 202. */
  captureAnswerMs: number | null;
  /** From the first capture call to the 200 (polling after a 202 included). */
  captureMs: number | null;
  captureAttempts: number;
  /** Every HTTP status our capture endpoint answered this buyer (0: dropped or timed out). */
  captureStatuses: number[];
  /**
   * False while every capture call was refused before reaching an instance: the balancer had none it believed
   * alive ("No app instance is answering"), or the connection was refused (the app not running). The app cannot
   * know of such a buyer's approval until its reconciliation looks (after its grace).
   */
  captureReachedApp: boolean;
  /** Each failed call to our API: "stage status reason", e.g. "capture 502 The app instance did not answer". */
  failures: string[];
  /** Whether any capture answer was 202 "confirming". */
  toldConfirming: boolean;
  /** 503 BUSY answers to creating the order. */
  busyAnswers: number;
  /** Date.now() when the buyer stopped (paid, gave up, or stopped polling). */
  finishedAt: number;
  /** The instances that answered this buyer's calls to our API (a balancer's x-popkit-instance header). */
  servedBy: string[];
};

type Answer = {
  status: number;
  json: Record<string, unknown>;
  instance: string | null;
  retryAfter: string | null;
  /** Why a call failed: our error's message, the start of another body, or the socket's error code. */
  reason: string | null;
};

const CAPTURE_RETRY_WAITS_MS = [1000, 2000, 4000, 8000];
const BUSY_RETRIES = 3;
const CONFIRMING_FOR_MS = 3 * 60_000;
const DEFAULT_RETRY_AFTER_S = 2;
/** A browser's fetch has no deadline of its own: this one only keeps a hung run from hanging for ever. */
const REQUEST_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const parseJson = (text: string) => {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

function toAnswer(status: number, text: string, header: (name: string) => string | null): Answer {
  const json = parseJson(text);
  const message = (json.error as { message?: unknown } | undefined)?.message;
  return {
    status,
    json,
    instance: header("x-popkit-instance"),
    retryAfter: header("retry-after"),
    reason: status < 300 ? null : typeof message === "string" ? message : text.slice(0, 80),
  };
}

/** Retry-After in milliseconds: a number of seconds (what our API sends), else the default. */
function retryAfterMs(answer: Answer): number {
  const seconds = Number(answer.retryAfter);
  return (
    (answer.retryAfter !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_RETRY_AFTER_S) * 1000
  );
}

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
          resolve(
            toAnswer(res.statusCode ?? 0, text, (name) => {
              const value = res.headers[name];
              return typeof value === "string" ? value : null;
            }),
          );
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
    return toAnswer(response.status, await response.text(), (name) => response.headers.get(name));
  } catch (error) {
    // A dropped connection or a timeout: the embed treats it as retryable, as a 5xx.
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
    return { status: 0, json: {}, instance: null, retryAfter: null, reason: String(code) };
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
const isBusy = (answer: Answer) =>
  answer.status === 503 && (answer.json.error as { code?: unknown } | undefined)?.code === "BUSY";
const isConfirming = (answer: Answer) => answer.status === 202 && answer.json.status === "confirming";
/** What the embed shows as paid (src/embed/payment-button-checkout.ts: completed or pending). */
const isPaid = (answer: Answer) =>
  answer.status === 200 && (answer.json.status === "completed" || answer.json.status === "pending");

/**
 * What a fault striking "mid-capture" hits: buyers waiting on a capture answer right now, and buyers who have
 * sent their first capture (answered or still in flight).
 */
export type CaptureTracker = { inFlight: number; started: number };

export const newTracker = (): CaptureTracker => ({ inFlight: 0, started: 0 });

export async function buyOnce(
  appUrl: string,
  paypalUrl: string,
  buttonId: string,
  tracker: CaptureTracker = newTracker(),
  /**
   * false: the buyer closes the tab after the first failed capture (leaving the repair to the app), or once told
   * "being confirmed" (it stops polling, as a tab closed then would).
   */
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
    captureAnswerMs: null,
    captureMs: null,
    captureAttempts: 0,
    captureStatuses: [],
    captureReachedApp: false,
    failures: [],
    toldConfirming: false,
    busyAnswers: 0,
    finishedAt: 0,
    servedBy: [],
  };
  const post = async (url: string, body: unknown) => {
    const answer = await postJson(url, body, agent);
    if (answer.instance && url.startsWith(appUrl)) outcome.servedBy.push(answer.instance);
    if (answer.reason !== null && url.startsWith(appUrl)) {
      const reason = answer.reason.replace(/\(reference [^)]*\)/, "(reference ...)");
      outcome.failures.push(`${url.endsWith("capture") ? "capture" : "create"} ${answer.status} ${reason}`);
    }
    return answer;
  };
  const finish = (result: BuyerResult) => {
    outcome.result = result;
    outcome.finishedAt = Date.now();
    return outcome;
  };

  let started = performance.now();
  let created = await post(`${appUrl}/api/checkout/orders`, { buttonId });
  while (isBusy(created) && outcome.busyAnswers < BUSY_RETRIES) {
    outcome.busyAnswers++;
    await sleep(retryAfterMs(created));
    created = await post(`${appUrl}/api/checkout/orders`, { buttonId });
  }
  if (isBusy(created)) outcome.busyAnswers++;
  outcome.lastStatus = created.status;
  if (created.status !== 200 || typeof created.json.orderId !== "string") return finish("create-failed");
  outcome.createMs = performance.now() - started;
  outcome.orderId = created.json.orderId;

  const approved = await post(`${paypalUrl}/__sandbox/orders/${encodeURIComponent(outcome.orderId)}/approve`, {
    buyer: "alex",
  });
  if (approved.status !== 200) {
    outcome.lastStatus = approved.status;
    return finish("approve-failed");
  }

  started = performance.now();
  let confirmingSince: number | null = null;
  for (let failures = 0; ; ) {
    outcome.captureAttempts++;
    if (outcome.captureAttempts === 1) tracker.started++;
    tracker.inFlight++;
    const captured = await post(`${appUrl}/api/checkout/capture`, { buttonId, orderId: outcome.orderId });
    tracker.inFlight--;
    outcome.lastStatus = captured.status;
    outcome.captureStatuses.push(captured.status);
    const refusedAtTheDoor =
      (captured.status === 502 && captured.reason?.startsWith("No app instance is answering")) ||
      (captured.status === 0 && captured.reason === "ECONNREFUSED");
    if (!refusedAtTheDoor) outcome.captureReachedApp = true;
    const answered = isPaid(captured) || isConfirming(captured);
    if (answered && outcome.captureAnswerMs === null) outcome.captureAnswerMs = performance.now() - started;
    if (isPaid(captured)) {
      outcome.captureMs = performance.now() - started;
      return finish("paid");
    }
    if (isConfirming(captured)) {
      outcome.toldConfirming = true;
      confirmingSince ??= performance.now();
      if (!retry || performance.now() - confirmingSince >= CONFIRMING_FOR_MS) return finish("confirming");
      failures = 0;
      await sleep(retryAfterMs(captured));
      continue;
    }
    // Told "being confirmed" before, the page keeps asking through our hiccups within its 3 minutes.
    if (retryable(captured.status) && confirmingSince !== null) {
      if (!retry || performance.now() - confirmingSince >= CONFIRMING_FOR_MS) return finish("confirming");
      await sleep(retryAfterMs(captured));
      continue;
    }
    if (!retryable(captured.status)) return finish("capture-failed");
    const wait = CAPTURE_RETRY_WAITS_MS[failures++];
    if (!retry) return finish("left");
    if (wait === undefined) return finish("capture-failed");
    await sleep(wait);
  }
}

export type PayPalCapture = { captureId: string; createTime: string };

/** PayPal's (the sandbox's) completed capture of each of `orderIds` that has one: its id and create_time. */
export async function capturesAtPayPal(
  paypalUrl: string,
  clientId: string,
  orderIds: string[],
): Promise<Map<string, PayPalCapture>> {
  const token = await sandboxAccessToken(paypalUrl, clientId);
  const captured = new Map<string, PayPalCapture>();
  // A few at a time: the watch after a burst asks about a few hundred orders every half second.
  const queue = [...orderIds];
  const ask = async (orderId: string) => {
    const response = await fetch(`${paypalUrl}/v2/checkout/orders/${encodeURIComponent(orderId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const order = (await response.json()) as {
      purchase_units?: { payments?: { captures?: { id: string; status: string; create_time: string }[] } }[];
    };
    const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
    const completed = captures.find((capture) => capture.status === "COMPLETED");
    if (completed) captured.set(orderId, { captureId: completed.id, createTime: completed.create_time });
  };
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let orderId = queue.shift(); orderId !== undefined; orderId = queue.shift()) await ask(orderId);
    }),
  );
  // In the order asked, as callers list them.
  return new Map(orderIds.flatMap((orderId) => (captured.has(orderId) ? [[orderId, captured.get(orderId)!]] : [])));
}

/** The order ids PayPal (the sandbox) holds a completed capture for, out of `orderIds`. */
export async function capturedAtPayPal(paypalUrl: string, clientId: string, orderIds: string[]): Promise<Set<string>> {
  return new Set((await capturesAtPayPal(paypalUrl, clientId, orderIds)).keys());
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
