// Test-side calls to the run's PayPal sandbox over HTTP (its base URL is PAYPAL_API_BASE_SANDBOX), doing what
// the buyer's PayPal window and PayPal's own servers do in production.
import { sandboxAccessToken, type WebhookDelivery } from "../../sandbox/paypal";

const base = () => {
  // Integration runs point the app's own setting at the sandbox; e2e specs get the run's sandbox separately.
  const url = process.env.PAYPAL_API_BASE_SANDBOX ?? process.env.E2E_PAYPAL_SANDBOX_URL;
  if (!url) throw new Error("PAYPAL_API_BASE_SANDBOX is not set: run through the integration or e2e setup");
  return url.replace(/\/+$/, "");
};

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base()}${path}`, {
    method: init.method ?? "POST",
    headers: { "content-type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Test buyers: alex approves; the others decline the card, have the capture declined, or leave it pending. */
export type SandboxBuyer = "alex" | "declined-card" | "capture-declined" | "pending";

/**
 * The buyer approves the order in the PayPal window (signed in to PayPal as `email`, when given), shipping to one of
 * the sandbox's test addresses (`us-ca` unless given) with a shipping option, when the order ships.
 */
export function approveOrder(
  orderId: string,
  buyer: SandboxBuyer = "alex",
  email?: string,
  shipping: { address?: string; option?: string } = {},
) {
  return call(`/__sandbox/orders/${encodeURIComponent(orderId)}/approve`, { body: { buyer, email, ...shipping } });
}

/** The buyer picks an address (and option) in PayPal's window: PayPal calls the seller's order-update callback. */
export function chooseShipping(orderId: string, address: string, option?: string) {
  return call(`/__sandbox/orders/${encodeURIComponent(orderId)}/shipping`, { body: { address, option } });
}

const accessToken = (clientId: string) => sandboxAccessToken(base(), clientId);

/** What the buyer's browser does through the JS SDK: creates a subscription to a plan (APPROVAL_PENDING). */
export async function createSubscription(clientId: string, planId: string, customId?: string) {
  const token = await accessToken(clientId);
  const sub = await call("/v1/billing/subscriptions", {
    headers: { authorization: `Bearer ${token}` },
    body: { plan_id: planId, ...(customId && { custom_id: customId }) },
  });
  return sub.id as string;
}

/** The buyer approves the subscription, which becomes ACTIVE. */
export function approveSubscription(subscriptionId: string, buyer: SandboxBuyer = "alex") {
  return call(`/__sandbox/subscriptions/${encodeURIComponent(subscriptionId)}/approve`, { body: { buyer } });
}

/**
 * PayPal delivering a signed webhook event to `url` (signed for SANDBOX_WEBHOOK_ID unless `webhookId` is given).
 * Answers the delivery's status and body as the sandbox saw them.
 */
export async function sendWebhook(
  url: string,
  event: { event_type: string; resource: Record<string, unknown>; webhook_id?: string },
) {
  const result = await call("/__sandbox/webhooks/send", { body: { url, ...event } });
  return result as { event: Record<string, unknown>; delivery: { status: number; body: string } };
}

export const sandboxApiBase = base;

/**
 * An ACTIVE plan of `clientId`'s PayPal app (what a seller sets up in PayPal): its id. It is on a product of its
 * own, or on the product of the plan `sameProductAs`, since PayPal moves a subscription only between plans of one
 * product.
 */
export async function createPlan(
  clientId: string,
  plan: {
    price: string;
    currency?: string;
    intervalUnit?: "DAY" | "WEEK" | "MONTH" | "YEAR";
    intervalCount?: number;
    paymentFailureThreshold?: number;
    sameProductAs?: string;
  },
): Promise<string> {
  const productId = plan.sameProductAs === undefined ? undefined : await productOf(clientId, plan.sameProductAs);
  const created = await call("/__sandbox/plans", {
    body: {
      client_id: clientId,
      price: plan.price,
      currency: plan.currency ?? "USD",
      interval_unit: plan.intervalUnit ?? "MONTH",
      interval_count: plan.intervalCount ?? 1,
      payment_failure_threshold: plan.paymentFailureThreshold,
      product_id: productId,
    },
  });
  return created.id as string;
}

/** The product of `clientId`'s plan, as PayPal's GET shows it. */
async function productOf(clientId: string, planId: string) {
  const token = await accessToken(clientId);
  const plan = await call(`/v1/billing/plans/${encodeURIComponent(planId)}`, {
    method: "GET",
    headers: { authorization: `Bearer ${token}` },
  });
  return plan.product_id as string;
}

/** Registers `url` as a webhook of `clientId`'s PayPal app for every event: its webhook id. */
export async function registerWebhook(clientId: string, url: string) {
  const created = await call("/__sandbox/webhooks", { body: { client_id: clientId, url } });
  return created.id as string;
}

/** PayPal charges the subscription's next cycle (a sale and PAYMENT.SALE.COMPLETED), or fails to (`fail`). */
export function billSubscription(subscriptionId: string, options: { fail?: boolean } = {}) {
  return call(`/__sandbox/subscriptions/${encodeURIComponent(subscriptionId)}/bill`, { body: options });
}

/** The seller refunds in PayPal's own dashboard (all that is left unless `amount`, e.g. "5.00"). */
export function refundAtPayPal(kind: "captures" | "sales", id: string, amount?: string) {
  return call(`/__sandbox/${kind}/${encodeURIComponent(id)}/refund`, { body: amount ? { amount } : {} });
}

/** What the sandbox lists at /__sandbox/webhooks/deliveries. */
export type SandboxDelivery = WebhookDelivery;

/** Waits until the sandbox delivered (2xx) an event matching `match` to a registered webhook. */
export async function waitForDelivery(match: (delivery: SandboxDelivery) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${base()}/__sandbox/webhooks/deliveries`);
    const deliveries = (await response.json()) as SandboxDelivery[];
    const found = deliveries.find((delivery) => delivery.delivered && match(delivery));
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`No matching webhook delivery; the sandbox has ${JSON.stringify(deliveries.slice(-5))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** PayPal captures an approved order without us (what our capture would have done before our write failed). */
export async function captureAtPayPal(clientId: string, orderId: string) {
  const token = await accessToken(clientId);
  return call(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
    headers: { authorization: `Bearer ${token}`, prefer: "return=representation" },
    body: {},
  });
}

/** The app's "Save payment methods" setting at PayPal: off, PayPal refuses to save buyers' wallets. */
export function setVaulting(clientId: string, enabled: boolean) {
  return call("/__sandbox/vault", { body: { client_id: clientId, enabled } });
}

/** The buyer removes the wallet an order's capture saved (in their PayPal account's settings). */
export async function deleteWalletAtPayPal(clientId: string, orderId: string) {
  const order = (await orderAtPayPal(clientId, orderId)) as {
    payment_source?: { paypal?: { attributes?: { vault?: { id?: string } } } };
  };
  const id = order.payment_source?.paypal?.attributes?.vault?.id ?? "";
  await fetch(`${base()}/v3/vault/payment-tokens/${encodeURIComponent(id)}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${await accessToken(clientId)}` },
  });
}

/** Whether PayPal still holds the saved wallet (Vault v3 payment token) an order's capture saved. */
export async function walletSavedAtPayPal(clientId: string, orderId: string): Promise<boolean | null> {
  const order = (await orderAtPayPal(clientId, orderId)) as {
    payment_source?: { paypal?: { attributes?: { vault?: { id?: string } } } };
  };
  const id = order.payment_source?.paypal?.attributes?.vault?.id;
  if (!id) return null;
  const response = await fetch(`${base()}/v3/vault/payment-tokens/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${await accessToken(clientId)}` },
  });
  return response.ok;
}

/** The order as PayPal's GET shows it to `clientId`'s app (its purchase unit's items, breakdown and shipping). */
export async function orderAtPayPal(clientId: string, orderId: string) {
  const token = await accessToken(clientId);
  return call(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, {
    method: "GET",
    headers: { authorization: `Bearer ${token}` },
  }) as Promise<{
    purchase_units: {
      amount: { value: string; breakdown?: Record<string, { value: string }> };
      items?: { name: string; quantity: string; unit_amount: { value: string } }[];
      shipping?: {
        name?: { full_name?: string };
        address?: Record<string, string>;
        options?: { id: string; label: string; amount?: { value: string }; selected: boolean }[];
        trackers?: { id: string; status: string }[];
      };
    }[];
    status: string;
  }>;
}

/** The subscription as PayPal's GET shows it to `clientId`'s app. */
export async function subscriptionAtPayPal(clientId: string, subscriptionId: string) {
  const token = await accessToken(clientId);
  const response = await fetch(`${base()}/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    status: string;
    plan_id: string;
    custom_id?: string;
    status_change_note?: string;
    plan_overridden: boolean;
    plan?: { taxes?: { percentage: string; inclusive: boolean } };
  };
}

/** The seller's app acts at PayPal directly (not through Popkit): cancel, suspend or activate. */
export async function changeAtPayPal(
  clientId: string,
  subscriptionId: string,
  action: "cancel" | "suspend" | "activate",
) {
  const token = await accessToken(clientId);
  const response = await fetch(`${base()}/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/${action}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ reason: `${action} at PayPal` }),
  });
  if (response.status !== 204) throw new Error(`${action} answered ${response.status}`);
}

/** The buyer approves (or cancels) a plan change on the page behind a revise's approve link: where PayPal sends them. */
export async function answerRevision(approveUrl: string, action: "approve" | "cancel" = "approve") {
  const url = new URL(approveUrl);
  const response = await fetch(`${url.origin}${url.pathname}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ba_token: url.searchParams.get("ba_token") ?? "", action }).toString(),
    redirect: "manual",
  });
  if (response.status !== 303) throw new Error(`the approval page answered ${response.status}`);
  return response.headers.get("location")!;
}

export type DisputeReason =
  | "MERCHANDISE_OR_SERVICE_NOT_RECEIVED"
  | "MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED"
  | "UNAUTHORISED"
  | "CREDIT_NOT_PROCESSED"
  | "DUPLICATE_TRANSACTION"
  | "INCORRECT_AMOUNT"
  | "PAYMENT_BY_OTHER_MEANS"
  | "CANCELED_RECURRING_BILLING"
  | "PROBLEM_WITH_REMITTANCE"
  | "OTHER";

/** A dispute as PayPal's GET /v1/customer/disputes/{id} shows it (the fields tests read). */
export interface DisputeAtPayPal {
  dispute_id: string;
  create_time: string;
  update_time: string;
  reason: DisputeReason;
  status: string;
  dispute_state: string;
  dispute_life_cycle_stage: "INQUIRY" | "CHARGEBACK" | "PRE_ARBITRATION" | "ARBITRATION";
  dispute_amount: { currency_code: string; value: string };
  seller_response_due_date?: string;
  dispute_outcome?: { outcome_code: string; amount_refunded?: { currency_code: string; value: string } };
  messages?: { posted_by: "BUYER" | "SELLER"; time_posted: string; content: string }[];
  evidences?: { evidence_type: string; notes?: string; documents?: { name: string }[]; source: string; date: string }[];
  links: { href: string; rel: string; method: string }[];
}

/**
 * The buyer opens a case at PayPal against a capture (CUSTOMER.DISPUTE.CREATED): an inquiry unless `stage`, for the
 * amount left of the capture unless `amount` (e.g. "5.00"), with `dueInDays` (default 10; 0 = due now, negative =
 * passed) for the seller to answer. A CHARGEBACK takes the money at once (PAYMENT.CAPTURE.REVERSED). `silent`: the
 * case changes but PayPal sends no webhook, as happens; the app finds it by pulling.
 */
export async function openDispute(
  captureId: string,
  options: {
    reason?: DisputeReason;
    stage?: "INQUIRY" | "CHARGEBACK";
    amount?: string;
    dueInDays?: number;
    buyerMessage?: string;
    silent?: boolean;
  } = {},
) {
  const dispute = await call(`/__sandbox/captures/${encodeURIComponent(captureId)}/dispute`, {
    body: {
      reason: options.reason ?? "MERCHANDISE_OR_SERVICE_NOT_RECEIVED",
      stage: options.stage,
      amount: options.amount,
      due_in_days: options.dueInDays,
      buyer_message: options.buyerMessage,
      silent: options.silent,
    },
  });
  return dispute as unknown as DisputeAtPayPal;
}

/**
 * PayPal decides the case (CUSTOMER.DISPUTE.RESOLVED): for the buyer it takes the money if it had not yet
 * (PAYMENT.CAPTURE.REVERSED first); for the seller it gives back what it took.
 */
export async function resolveDispute(
  disputeId: string,
  favour: "SELLER" | "BUYER",
  options: { silent?: boolean } = {},
) {
  const dispute = await call(`/__sandbox/disputes/${encodeURIComponent(disputeId)}/resolve`, {
    body: { favour, silent: options.silent },
  });
  return dispute as unknown as DisputeAtPayPal;
}

/**
 * PayPal moves the case along (CUSTOMER.DISPUTE.UPDATED): a new status or later stage (past INQUIRY PayPal takes the
 * money, PAYMENT.CAPTURE.REVERSED), a buyer's message, a new deadline for the seller.
 */
export async function updateDispute(
  disputeId: string,
  changes: {
    status?: "OPEN" | "WAITING_FOR_BUYER_RESPONSE" | "WAITING_FOR_SELLER_RESPONSE" | "UNDER_REVIEW" | "OTHER";
    stage?: "INQUIRY" | "CHARGEBACK" | "PRE_ARBITRATION" | "ARBITRATION";
    buyerMessage?: string;
    dueInDays?: number;
    silent?: boolean;
  },
) {
  const dispute = await call(`/__sandbox/disputes/${encodeURIComponent(disputeId)}/update`, {
    body: {
      status: changes.status,
      stage: changes.stage,
      buyer_message: changes.buyerMessage,
      due_in_days: changes.dueInDays,
      silent: changes.silent,
    },
  });
  return dispute as unknown as DisputeAtPayPal;
}

/**
 * The case as PayPal shows it, plus what only the sandbox knows: whose it is, the money PayPal holds back for it,
 * the evidence files the seller uploaded (metadata) and the note of an accepted claim.
 */
export async function disputeAtPayPal(disputeId: string) {
  const dispute = await call(`/__sandbox/disputes/${encodeURIComponent(disputeId)}`, { method: "GET" });
  return dispute as unknown as DisputeAtPayPal & {
    sandbox: {
      client_id: string;
      capture_id: string;
      reversed: string;
      evidence_files: { name: string; content_type: string; size: number; sha256: string }[];
      accept_claim_note: string | null;
    };
  };
}
