import type { StoredDelivery, Store, WebhookDelivery } from "./state";
import { type WebhookInput, signWebhook } from "./webhooks";

export type { WebhookDelivery } from "./state";

// Automatic webhook delivery: every state change the sandbox makes is signed for, and POSTed to, each webhook the
// owning client registered for that event, as PayPal does. Deliveries are part of the state, so a restarted
// sandbox goes on retrying the ones that were pending.

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
  /** The state was reset, deliveries and all: tells whoever waits. */
  clear(): void;
  /** Stops every delivery: no further attempt, no timer left behind (the stored ones resume on the next start). */
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
  const queues = new Map<string, Promise<void>>();
  const sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  const requests = new Set<AbortController>();
  const watchers = new Set<() => void>();
  let closed = false;

  // Once closed, nothing is pending here; the stored deliveries stay pending for the next start.
  const log = () =>
    Object.values(opts.store.data.webhookDeliveries).map(
      ({ chain: _chain, message: _message, retry_at: _retryAt, ...entry }): WebhookDelivery => ({
        ...entry,
        pending: entry.pending && !closed,
      }),
    );

  /** Saves the entry's progress and tells the waiters. */
  const changed = () => {
    opts.store.save();
    watchers.forEach((check) => check());
  };

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

  /** The listener's answer, or why there was none. */
  async function attempt(
    url: string,
    message: NonNullable<StoredDelivery["message"]>,
  ): Promise<{ ok: boolean; status: number | null; error?: string }> {
    const controller = new AbortController();
    requests.add(controller);
    const timer = setTimeout(() => controller.abort(new Error("timed out")), ATTEMPT_TIMEOUT_MS).unref();
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: message.headers,
        body: message.body,
        redirect: "manual",
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      return { ok: response.ok, status: response.status };
    } catch (error) {
      const cause = (error as Error & { cause?: { code?: string } }).cause;
      return { ok: false, status: null, error: cause?.code ?? (error as Error).message };
    } finally {
      clearTimeout(timer);
      requests.delete(controller);
    }
  }

  /** `entry` is read from the store, so its changes are saved. */
  async function deliver(entry: StoredDelivery) {
    // A macrotask away from the change, so the response to the call that made it goes out first; after a restart,
    // what was left of the wait.
    await sleep(Math.max(0, (entry.retry_at ?? 0) - Date.now()));
    while (!closed && entry.message) {
      entry.attempts++;
      delete entry.retry_at;
      // Saved before the attempt: a sandbox killed during it does not forget that the event went out.
      opts.store.save();
      const outcome = await attempt(entry.url, entry.message);
      // close() cut the attempt short: that is no answer from the listener.
      if (closed) return;
      entry.last_status = outcome.status;
      if (outcome.error === undefined) delete entry.last_error;
      else entry.last_error = outcome.error;
      if (outcome.ok) {
        entry.delivered = true;
        break;
      }
      const delay = retryDelays[entry.attempts - 1];
      if (delay === undefined) break;
      entry.retry_at = Date.now() + delay;
      changed();
      await sleep(delay);
    }
    if (closed) return;
    entry.pending = false;
    delete entry.message;
    changed();
  }

  /** Queues behind earlier deliveries of the same chain to the same webhook. */
  function enqueue(entry: StoredDelivery) {
    const key = `${entry.webhook_id} ${entry.chain}`;
    const queued = (queues.get(key) ?? Promise.resolve()).then(() => deliver(entry));
    queues.set(key, queued);
    void queued.then(() => {
      if (queues.get(key) === queued) queues.delete(key);
    });
  }

  for (const entry of Object.values(opts.store.data.webhookDeliveries)) if (entry.pending) enqueue(entry);

  return {
    emit(clientId, chain, event) {
      if (closed) return;
      const stored = opts.store.data.webhookDeliveries;
      const hooks = Object.values(opts.store.data.webhooks).filter(
        (hook) =>
          hook.clientId === clientId && (hook.event_types.includes("*") || hook.event_types.includes(event.event_type)),
      );
      for (const hook of hooks) {
        const signed = signWebhook(opts.store, opts.base(), { ...event, webhook_id: hook.id });
        const id = String(signed.event.id);
        stored[id] = {
          event_id: id,
          event_type: event.event_type,
          resource_id: String(event.resource.id),
          webhook_id: hook.id,
          url: hook.url,
          attempts: 0,
          last_status: null,
          delivered: false,
          pending: true,
          chain,
          message: { body: signed.body, headers: signed.headers },
        };
        enqueue(stored[id]!);
      }
      watchers.forEach((check) => check());
    },

    deliveries: log,

    waitFor(predicate = (all) => all.every((d) => !d.pending), timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const finish = (error?: Error) => {
          watchers.delete(check);
          clearTimeout(timer);
          if (error) reject(error);
          else resolve(log());
        };
        const check = () => {
          if (predicate(log())) finish();
        };
        const timer = setTimeout(
          () =>
            finish(
              new Error(
                `No matching webhook deliveries within ${timeoutMs} ms; deliveries: ${JSON.stringify(log(), null, 1)}`,
              ),
            ),
          timeoutMs,
        ).unref();
        watchers.add(check);
        check();
      });
    },

    clear() {
      watchers.forEach((check) => check());
    },

    close() {
      closed = true;
      for (const sleeper of sleepers) {
        clearTimeout(sleeper.timer);
        sleeper.wake();
      }
      sleepers.clear();
      for (const request of requests) request.abort(new Error("sandbox closed"));
      watchers.forEach((check) => check());
    },
  };
}
