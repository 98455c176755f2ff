import type { Store } from "./state";
import { type SignedWebhook, type WebhookInput, signWebhook } from "./webhooks";

// Automatic webhook delivery: every state change the sandbox makes is signed for, and POSTed to, each webhook the
// owning client registered for that event, as PayPal does.

/** One event on its way to one registered webhook, as GET /__sandbox/webhooks/deliveries lists it. */
export interface WebhookDelivery {
  event_id: string;
  event_type: string;
  resource_id: string;
  webhook_id: string;
  url: string;
  attempts: number;
  /** The last answer's HTTP status; null before the first answer or when the last attempt got none. */
  last_status: number | null;
  /** Why the last attempt got no answer (connection refused, timeout). */
  last_error?: string;
  delivered: boolean;
  /** More attempts are coming. */
  pending: boolean;
}

export type SandboxEvent = Omit<WebhookInput, "webhook_id">;

export interface EventSink {
  /**
   * Queues `event` for the client's webhooks. Events of one `chain` (an order, a subscription: the resource and
   * what hangs off it) reach each webhook in the order emitted.
   */
  emit(clientId: string, chain: string, event: SandboxEvent): void;
}

export interface Dispatcher extends EventSink {
  deliveries(): WebhookDelivery[];
  waitFor(predicate?: (deliveries: WebhookDelivery[]) => boolean, timeoutMs?: number): Promise<WebhookDelivery[]>;
  /** Forgets the log (the state reset forgets the webhooks). */
  clear(): void;
  /** Stops every delivery: no further attempt, no timer left behind. */
  close(): void;
}

/** After the first attempt: 0.5 s, 1 s, 2 s, 4 s, so five attempts in all. */
export const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000];
const ATTEMPT_TIMEOUT_MS = 10_000;

export function createDispatcher(opts: {
  store: Store;
  base: () => string;
  retryDelaysMs?: readonly number[];
}): Dispatcher {
  const retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let log: WebhookDelivery[] = [];
  const queues = new Map<string, Promise<void>>();
  const sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  const requests = new Set<AbortController>();
  const watchers = new Set<() => void>();
  let closed = false;

  const changed = () => watchers.forEach((check) => check());

  // Timers are unref'd: a pending retry never keeps a test run or a script alive.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const sleeper = {
        timer: setTimeout(() => {
          sleepers.delete(sleeper);
          resolve();
        }, ms).unref(),
        wake: resolve,
      };
      sleepers.add(sleeper);
    });

  async function attempt(entry: WebhookDelivery, signed: SignedWebhook) {
    const controller = new AbortController();
    requests.add(controller);
    const timer = setTimeout(() => controller.abort(new Error("timed out")), ATTEMPT_TIMEOUT_MS).unref();
    try {
      const response = await fetch(entry.url, {
        method: "POST",
        headers: signed.headers,
        body: signed.body,
        redirect: "manual",
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      entry.last_status = response.status;
      delete entry.last_error;
      return response.ok;
    } catch (error) {
      entry.last_status = null;
      const cause = (error as Error & { cause?: { code?: string } }).cause;
      entry.last_error = cause?.code ?? (error as Error).message;
      return false;
    } finally {
      clearTimeout(timer);
      requests.delete(controller);
    }
  }

  async function deliver(entry: WebhookDelivery, signed: SignedWebhook) {
    // A macrotask away from the change, so the response to the call that made it goes out first.
    await sleep(0);
    for (let retry = 0; !closed; retry++) {
      entry.attempts++;
      if (await attempt(entry, signed)) {
        entry.delivered = true;
        break;
      }
      const delay = retryDelays[retry];
      if (delay === undefined) break;
      changed();
      await sleep(delay);
    }
    entry.pending = false;
    changed();
  }

  return {
    emit(clientId, chain, event) {
      if (closed) return;
      const hooks = Object.values(opts.store.data.webhooks).filter(
        (hook) =>
          hook.clientId === clientId && (hook.event_types.includes("*") || hook.event_types.includes(event.event_type)),
      );
      for (const hook of hooks) {
        const signed = signWebhook(opts.store, opts.base(), { ...event, webhook_id: hook.id });
        const entry: WebhookDelivery = {
          event_id: String(signed.event.id),
          event_type: event.event_type,
          resource_id: String(event.resource.id),
          webhook_id: hook.id,
          url: hook.url,
          attempts: 0,
          last_status: null,
          delivered: false,
          pending: true,
        };
        log.push(entry);
        const key = `${hook.id} ${chain}`;
        const queued = (queues.get(key) ?? Promise.resolve()).then(() => deliver(entry, signed));
        queues.set(key, queued);
        void queued.then(() => {
          if (queues.get(key) === queued) queues.delete(key);
        });
      }
      changed();
    },

    deliveries: () => log.map((entry) => ({ ...entry })),

    waitFor(predicate = (all) => all.every((d) => !d.pending), timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const finish = (error?: Error) => {
          watchers.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(log.map((entry) => ({ ...entry })));
        };
        const check = () => {
          if (predicate(log.map((entry) => ({ ...entry })))) finish();
        };
        const timer = setTimeout(
          () =>
            finish(
              new Error(
                `No matching webhook deliveries within ${timeoutMs} ms; deliveries: ${JSON.stringify(log, null, 1)}`,
              ),
            ),
          timeoutMs,
        ).unref();
        watchers.add(check);
        check();
      });
    },

    clear() {
      log = [];
      changed();
    },

    close() {
      closed = true;
      for (const sleeper of sleepers) {
        clearTimeout(sleeper.timer);
        sleeper.wake();
      }
      sleepers.clear();
      for (const request of requests) request.abort(new Error("sandbox closed"));
      for (const entry of log) entry.pending = false;
      changed();
    },
  };
}
