import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { handleOAuthToken, issueToken } from "./auth";
import { PayPalError, type RestContext, invalidRequest, readJsonObject, sendJson } from "./http";
import { approveOrder, captureOrder, createOrder, getCapture, getOrder } from "./orders";
import { handleApprovalPage, handleApprovalSubmit } from "./pages";
import { handleSdkScript } from "./sdk-script";
import { createStore } from "./state";
import { approveSubscription, createSubscription, getSubscription } from "./subscriptions";
import {
  type WebhookInput,
  handleCert,
  handleSendWebhook,
  handleVerifyWebhook,
  sendWebhook,
  signWebhook,
} from "./webhooks";
import { handleWebscr, handleWpsAccount, handleWpsPay, handleWpsResend, handleWpsReturn, handleWpsSettle } from "./wps";

export { TEST_BUYERS, sandboxPdtTokenFor, sandboxSecretFor, type TestBuyer } from "./identities";
export { SANDBOX_WEBHOOK_ID, type SignedWebhook, type WebhookInput } from "./webhooks";

type Handler = (ctx: RestContext, params: string[], query: URLSearchParams) => unknown;

const ID = "([A-Za-z0-9-]{1,64})";

const stringField = (body: Record<string, unknown>, key: string) => {
  const value = body[key];
  if (typeof value !== "string" || value === "") {
    throw invalidRequest([
      {
        field: `/${key}`,
        location: "body",
        issue: "MISSING_REQUIRED_PARAMETER",
        description: "A required field / parameter is missing.",
      },
    ]);
  }
  return value;
};

/** Sandbox-only endpoints (under /__sandbox) that the fake SDK, the pay pages and tests call. */
async function approveEndpoint(ctx: RestContext, kind: "orders" | "subscriptions", id: string) {
  const body = await readJsonObject(ctx.req, true);
  const clientId = typeof body.client_id === "string" ? body.client_id : undefined;
  if (kind === "orders") {
    const order = approveOrder(ctx.store, id, body.buyer, clientId);
    sendJson(ctx.res, 200, { id: order.id, status: order.status, payer_id: order.payer!.payer_id, token: order.id });
  } else {
    const sub = approveSubscription(ctx.store, id, body.buyer, clientId);
    sendJson(ctx.res, 200, {
      id: sub.id,
      status: sub.status,
      payer_id: sub.subscriber!.payer_id,
      token: sub.approval_token,
    });
  }
}

const ROUTES: [method: string, path: RegExp, handler: Handler][] = [
  ["POST", /^\/v1\/oauth2\/token$/, (ctx) => handleOAuthToken(ctx.store, ctx.req, ctx.res)],
  ["POST", /^\/v2\/checkout\/orders$/, (ctx) => createOrder(ctx)],
  ["GET", new RegExp(`^/v2/checkout/orders/${ID}$`), (ctx, [id]) => getOrder(ctx, id!)],
  ["POST", new RegExp(`^/v2/checkout/orders/${ID}/capture$`), (ctx, [id]) => captureOrder(ctx, id!)],
  ["GET", new RegExp(`^/v2/payments/captures/${ID}$`), (ctx, [id]) => getCapture(ctx, id!)],
  ["POST", /^\/v1\/billing\/subscriptions$/, (ctx) => createSubscription(ctx)],
  ["GET", new RegExp(`^/v1/billing/subscriptions/${ID}$`), (ctx, [id]) => getSubscription(ctx, id!)],
  ["POST", /^\/v1\/notifications\/verify-webhook-signature$/, (ctx) => handleVerifyWebhook(ctx)],
  ["GET", /^\/v1\/notifications\/certs\/CERT-SANDBOX$/, (ctx) => handleCert(ctx)],
  ["GET", /^\/sdk\/js$/, (ctx, _, query) => handleSdkScript(ctx, query)],
  ["GET", /^\/cgi-bin\/webscr$/, (ctx, _, query) => handleWebscr(ctx, query)],
  ["POST", /^\/cgi-bin\/webscr$/, (ctx, _, query) => handleWebscr(ctx, query)],
  ["GET", /^\/checkoutnow$/, (ctx, _, query) => handleApprovalPage(ctx, query)],
  ["POST", /^\/checkoutnow$/, (ctx) => handleApprovalSubmit(ctx)],
  ["GET", /^\/__sandbox\/health$/, (ctx) => sendJson(ctx.res, 200, { ok: true })],
  [
    "POST",
    /^\/__sandbox\/credentials$/,
    async (ctx) => {
      const body = await readJsonObject(ctx.req);
      const clientId = stringField(body, "client_id");
      ctx.store.data.credentials[clientId] = stringField(body, "client_secret");
      sendJson(ctx.res, 201, { client_id: clientId });
    },
  ],
  [
    "POST",
    /^\/__sandbox\/sdk\/token$/,
    async (ctx) => {
      // The real SDK gets a "facilitator" token from its client id alone; so does the fake one.
      const clientId = stringField(await readJsonObject(ctx.req), "client_id");
      sendJson(ctx.res, 200, { ...issueToken(ctx.store, clientId), token_type: "Bearer" });
    },
  ],
  ["POST", new RegExp(`^/__sandbox/orders/${ID}/approve$`), (ctx, [id]) => approveEndpoint(ctx, "orders", id!)],
  [
    "POST",
    new RegExp(`^/__sandbox/subscriptions/${ID}/approve$`),
    (ctx, [id]) => approveEndpoint(ctx, "subscriptions", id!),
  ],
  ["POST", /^\/__sandbox\/webhooks\/send$/, (ctx) => handleSendWebhook(ctx)],
  ["POST", /^\/__sandbox\/wps\/pay$/, (ctx) => handleWpsPay(ctx)],
  ["POST", /^\/__sandbox\/wps\/account$/, (ctx) => handleWpsAccount(ctx)],
  ["POST", /^\/__sandbox\/wps\/refund$/, (ctx) => handleWpsReturn(ctx, "refund")],
  ["POST", /^\/__sandbox\/wps\/reversal$/, (ctx) => handleWpsReturn(ctx, "reversal")],
  ["POST", /^\/__sandbox\/wps\/complete$/, (ctx) => handleWpsSettle(ctx, "Completed")],
  ["POST", /^\/__sandbox\/wps\/deny$/, (ctx) => handleWpsSettle(ctx, "Denied")],
  ["POST", /^\/__sandbox\/wps\/resend$/, (ctx) => handleWpsResend(ctx)],
];

async function dispatch(ctx: RestContext) {
  const url = new URL(ctx.req.url ?? "/", "http://sandbox.local");
  const method = ctx.req.method ?? "GET";
  const matching = ROUTES.filter(([, path]) => path.test(url.pathname));
  const route = matching.find(([m]) => m === method || (method === "HEAD" && m === "GET"));
  if (route) {
    await route[2](ctx, route[1].exec(url.pathname)!.slice(1), url.searchParams);
    return;
  }
  if (matching.length > 0) {
    const allowed = matching.map(([m]) => m).join(", ");
    ctx.res.setHeader("allow", allowed);
    throw new PayPalError(405, "METHOD_NOT_SUPPORTED", [
      { issue: "METHOD_NOT_SUPPORTED", description: `${method} is not supported on ${url.pathname}; use ${allowed}.` },
    ]);
  }
  throw new PayPalError(404, "RESOURCE_NOT_FOUND", [
    { issue: "INVALID_RESOURCE_ID", description: `The PayPal sandbox has no endpoint at ${method} ${url.pathname}.` },
  ]);
}

export interface PayPalSandbox {
  /** Serves the whole sandbox at the root of the server it is mounted on. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Test helper: the buyer approves the order (as in the buyer window); buyer ids are in TEST_BUYERS. */
  approveOrder(orderId: string, buyerId?: string): void;
  /** Test helper: the buyer approves the subscription, which becomes ACTIVE. */
  approveSubscription(subscriptionId: string, buyerId?: string): void;
  /** Test helper: accept this secret (only) for this client id. */
  registerCredentials(clientId: string, clientSecret: string): void;
  /** Test helper: a signed webhook (body + PayPal headers) to post to the app yourself. */
  signWebhook(input: WebhookInput): ReturnType<typeof signWebhook>;
  /** Test helper: sign and POST a webhook event to `url`. */
  sendWebhook(url: string, input: WebhookInput): ReturnType<typeof sendWebhook>;
  /** Forgets every order, token key, IPN and transaction. */
  reset(): void;
}

/** The local PayPal simulator (dev, demo and tests only). `publicUrl()` is the base browsers and the app reach it at. */
export function createPayPalSandbox(opts: { dataDir?: string; publicUrl: () => string }): PayPalSandbox {
  if (process.env.NODE_ENV === "production") {
    throw new Error("The PayPal sandbox never runs in production (NODE_ENV=production).");
  }
  const store = createStore(opts.dataDir);
  const base = () => opts.publicUrl().replace(/\/+$/, "");

  async function run(req: IncomingMessage, res: ServerResponse) {
    // The fake SDK calls the sandbox from the app's pages, another origin.
    res.setHeader("access-control-allow-origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": "authorization, content-type, paypal-request-id, prefer",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    try {
      await dispatch({ store, base: base(), req, res });
    } catch (error) {
      if (!(error instanceof PayPalError)) console.error("PayPal sandbox: unexpected error", error);
      const known = error instanceof PayPalError ? error : new PayPalError(500, "INTERNAL_SERVER_ERROR");
      if (res.headersSent) res.destroy();
      else sendJson(res, known.status, known.toBody());
    } finally {
      try {
        store.save();
      } catch (error) {
        console.error("PayPal sandbox: cannot save its state", error);
      }
    }
  }

  return {
    handle(req, res) {
      void run(req, res);
    },
    approveOrder(orderId, buyerId = "alex") {
      approveOrder(store, orderId, buyerId);
      store.save();
    },
    approveSubscription(subscriptionId, buyerId = "alex") {
      approveSubscription(store, subscriptionId, buyerId);
      store.save();
    },
    registerCredentials(clientId, clientSecret) {
      store.data.credentials[clientId] = clientSecret;
      store.save();
    },
    signWebhook: (input) => signWebhook(store, base(), input),
    sendWebhook: (url, input) => sendWebhook(store, base(), url, input),
    reset: () => store.reset(),
  };
}

/** Runs the sandbox on its own loopback port (0 = any free one), for tests and scripts. */
export async function startPayPalSandbox(opts: { port?: number; dataDir?: string } = {}) {
  let url = "";
  const sandbox = createPayPalSandbox({ dataDir: opts.dataDir, publicUrl: () => url });
  const server = createServer((req, res) => sandbox.handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sandbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
