import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type SandboxPlanInput, createSandboxPlan } from "./catalog";
import { type WebhookDelivery, createDispatcher } from "./deliveries";
import { PayPalError, type SandboxCore, sendJson } from "./http";
import { approveOrder } from "./orders";
import { dashboardCaptureRefund } from "./refunds";
import { dispatch } from "./routes";
import { dashboardSaleRefund } from "./sales";
import { DEFAULT_CALLBACK_TIMEOUT_MS } from "./shipping-callback";
import { createStore } from "./persistence";
import { approveSubscription, billSubscription, expireSubscription } from "./subscription-billing";
import { approveRevision } from "./subscription-revise";
import { ownSubscription } from "./subscriptions";
import { setVaulting } from "./vault";
import { registerWebhook } from "./webhook-registry";
import { type WebhookInput, sendWebhook, signWebhook } from "./webhooks";

export { TEST_ADDRESSES, type TestAddress } from "./addresses";
export { REFUSAL_MESSAGES } from "./shipping-callback";
export type { CallbackCall, Tracker } from "./state";
export { TEST_BUYERS, sandboxAccessToken, sandboxPdtTokenFor, sandboxSecretFor, type TestBuyer } from "./identities";
export { SANDBOX_WEBHOOK_ID, type SignedWebhook, type WebhookInput } from "./webhooks";
export { DEFAULT_RETRY_DELAYS_MS, type WebhookDelivery } from "./deliveries";
export type { SandboxPlanInput } from "./catalog";

export interface PayPalSandboxOptions {
  dataDir?: string;
  /**
   * Waits between webhook delivery attempts; one more attempt than there are delays (default 0.5 s, 1 s, 2 s,
   * 4 s: five attempts). Tests that expect failures pass short ones.
   */
  webhookRetryDelaysMs?: readonly number[];
  /**
   * How long PayPal waits for a merchant's order-update callback before it falls back to the order as created
   * (default 5 s, PayPal's). Tests of a slow merchant pass a short one.
   */
  orderCallbackTimeoutMs?: number;
}

function callbackTimeout(opts: PayPalSandboxOptions): number {
  return opts.orderCallbackTimeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
}

export interface PayPalSandbox {
  /** Serves the whole sandbox at the root of the server it is mounted on. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Test helper: the buyer approves the order (as in the buyer window); buyer ids are in TEST_BUYERS, addresses in
   * TEST_ADDRESSES (default: the last one picked, else us-ca). The approval is made at once unless the merchant's
   * order-update callback must price the address first: await the result for those orders (it rejects as the
   * window refuses).
   */
  approveOrder(orderId: string, buyerId?: string, shipping?: { address?: string; option?: string }): Promise<void>;
  /** Test helper: the buyer approves the subscription: ACTIVE, setup fee and first cycle charged. */
  approveSubscription(subscriptionId: string, buyerId?: string): void;
  /** Test helper: the buyer approves the subscription's pending revise (its new plan, BILLING.SUBSCRIPTION.UPDATED). */
  approveRevision(subscriptionId: string): void;
  /** Test helper: accept this secret (only) for this client id. */
  registerCredentials(clientId: string, clientSecret: string): void;
  /** Test helper: a signed webhook (body + PayPal headers) to post to the app yourself. */
  signWebhook(input: WebhookInput): ReturnType<typeof signWebhook>;
  /** Test helper: sign and POST a webhook event to `url`. */
  sendWebhook(url: string, input: WebhookInput): ReturnType<typeof sendWebhook>;
  /**
   * As the merchant in PayPal's dashboard: an ACTIVE plan of this client, on a new product or on input.productId.
   * Returns the plan id.
   */
  createPlan(input: SandboxPlanInput): string;
  /**
   * As the merchant in PayPal's dashboard: whether this client's app may save buyers' wallets (Vault). Every app
   * may by default; when it may not, an order asking to save one is refused (NOT_ENABLED_TO_VAULT_PAYMENT_SOURCE).
   */
  setVaulting(clientId: string, enabled: boolean): void;
  /** Subscribes `url` to this client's events (default every event, "*"). Returns the webhook id. */
  registerWebhook(clientId: string, url: string, eventTypes?: string[]): string;
  /**
   * The next billing date comes: PayPal charges the next cycle (a sale and PAYMENT.SALE.COMPLETED; returns the
   * sale id) or, with `fail`, the payment fails (BILLING.SUBSCRIPTION.PAYMENT.FAILED, SUSPENDED at the threshold).
   */
  billSubscription(subscriptionId: string, opts?: { fail?: boolean }): string | undefined;
  /** The merchant refunds in PayPal's dashboard (all that is left unless `amount`). Returns the refund id. */
  refundCapture(captureId: string, amount?: string): string;
  refundSale(saleId: string, amount?: string): string;
  /** The subscription expires (BILLING.SUBSCRIPTION.EXPIRED). */
  expireSubscription(subscriptionId: string): void;
  /** Every automatic webhook delivery so far, oldest first. */
  webhookDeliveries(): WebhookDelivery[];
  /** Resolves with the deliveries once `predicate` holds (default: none pending); rejects after `timeoutMs`. */
  waitForWebhookDeliveries(
    predicate?: (deliveries: WebhookDelivery[]) => boolean,
    timeoutMs?: number,
  ): Promise<WebhookDelivery[]>;
  /** Forgets every order, saved wallet, token key, IPN, transaction, plan, webhook and delivery. */
  reset(): void;
  /** Stops webhook deliveries (no further attempt or timer; pending ones resume on the next start) and saves all. */
  close(): void;
}

/** The local PayPal simulator (dev, demo and tests only). `publicUrl()` is the base browsers and the app reach it at. */
export function createPayPalSandbox(opts: PayPalSandboxOptions & { publicUrl: () => string }): PayPalSandbox {
  if (process.env.NODE_ENV === "production") {
    throw new Error("The PayPal sandbox never runs in production (NODE_ENV=production).");
  }
  const store = createStore(opts.dataDir);
  const base = () => opts.publicUrl().replace(/\/+$/, "");
  const deliveries = createDispatcher({ store, base, retryDelaysMs: opts.webhookRetryDelaysMs });
  const callbackTimeoutMs = callbackTimeout(opts);
  const core = (): SandboxCore => ({ store, base: base(), events: deliveries, callbackTimeoutMs });

  async function run(req: IncomingMessage, res: ServerResponse) {
    // Saved before the response is handed to the socket: a client is never told of a change a crash forgets.
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.end = ((...args: unknown[]) => {
      store.save();
      return end(...args);
    }) as ServerResponse["end"];
    // The fake SDK calls the sandbox from the app's pages, another origin.
    res.setHeader("access-control-allow-origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST, PATCH, DELETE, OPTIONS",
        "access-control-allow-headers": "authorization, content-type, paypal-request-id, prefer",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    try {
      await dispatch({ ...core(), req, res }, deliveries);
    } catch (error) {
      if (!(error instanceof PayPalError)) console.error("PayPal sandbox: unexpected error", error);
      const known = error instanceof PayPalError ? error : new PayPalError(500, "INTERNAL_SERVER_ERROR");
      if (res.headersSent) res.destroy();
      else sendJson(res, known.status, known.toBody());
    } finally {
      // Whatever changed after the response.
      store.save();
    }
  }

  /** Runs a test helper's change and saves, as a request would. */
  function change<T>(apply: () => T): T {
    try {
      return apply();
    } finally {
      store.save();
    }
  }

  return {
    handle(req, res) {
      void run(req, res);
    },
    approveOrder(orderId, buyerId = "alex", shipping = {}) {
      // Without a callback to wait for, the approval is made before this returns, as callers without await expect.
      const approving = approveOrder(core(), orderId, buyerId, undefined, undefined, shipping);
      store.save();
      return approving.then(() => store.save());
    },
    approveSubscription(subscriptionId, buyerId = "alex") {
      change(() => approveSubscription(core(), subscriptionId, buyerId));
    },
    approveRevision(subscriptionId) {
      change(() => {
        const sub = ownSubscription(store, subscriptionId, undefined);
        if (!sub.revision) throw new Error(`Subscription ${subscriptionId} has no revision to approve`);
        approveRevision(core(), sub);
      });
    },
    registerCredentials(clientId, clientSecret) {
      change(() => (store.data.credentials[clientId] = clientSecret));
    },
    signWebhook: (input) => signWebhook(store, base(), input),
    sendWebhook: (url, input) => sendWebhook(store, base(), url, input),
    createPlan: (input) => change(() => createSandboxPlan(core(), input).id),
    registerWebhook: (clientId, url, eventTypes = ["*"]) =>
      change(
        () =>
          registerWebhook(
            store,
            clientId,
            url,
            eventTypes.map((name) => ({ name })),
          ).id,
      ),
    setVaulting(clientId, enabled) {
      change(() => setVaulting(store, clientId, enabled));
    },
    billSubscription: (subscriptionId, { fail = false } = {}) =>
      change(() => billSubscription(core(), subscriptionId, fail).sale?.id),
    refundCapture: (captureId, amount) => change(() => dashboardCaptureRefund(core(), captureId, amount).id),
    refundSale: (saleId, amount) => change(() => dashboardSaleRefund(core(), saleId, amount).id),
    expireSubscription(subscriptionId) {
      change(() => expireSubscription(core(), subscriptionId));
    },
    webhookDeliveries: () => deliveries.deliveries(),
    waitForWebhookDeliveries: (predicate, timeoutMs) => deliveries.waitFor(predicate, timeoutMs),
    reset() {
      store.reset();
      deliveries.clear();
    },
    close() {
      deliveries.close();
      store.close();
    },
  };
}

/** Runs the sandbox on its own loopback port (0 = any free one), for tests and scripts. */
export async function startPayPalSandbox(opts: PayPalSandboxOptions & { port?: number } = {}) {
  let url = "";
  const sandbox = createPayPalSandbox({ ...opts, publicUrl: () => url });
  const server = createServer((req, res) => sandbox.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sandbox,
    // The store closes once the requests under way are answered, so their changes are folded in too.
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          sandbox.close();
          resolve();
        }),
      ),
  };
}
