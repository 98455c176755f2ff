import { createHash } from "node:crypto";
import type {
  BillingSubscriptionsV1,
  CheckoutOrdersV2,
  CreateOrderRequestBody,
  OrderResponseBody,
} from "@paypal/paypal-js";
import { type Currency, currencies, toDecimalString, toMinorUnits } from "~/lib/money";
import { AppError } from "~/server/errors";

type OrderSchemas = CheckoutOrdersV2["components"]["schemas"];
// paypal-js 11.2's SubscriptionResponseBody is the *plan* schema by mistake; this is the subscription one.
type SubscriptionResponse = BillingSubscriptionsV1["components"]["schemas"]["subscription"];
type PayPalErrorBody = { name?: string; debug_id?: string; details?: OrderSchemas["error_details"][] };

export type OrderStatus = OrderSchemas["order_status"];
export type CaptureStatus = NonNullable<OrderSchemas["capture_status"]["status"]>;
export type SubscriptionStatus = NonNullable<SubscriptionResponse["status"]>;

export interface PayPalMoney {
  currency: Currency;
  valueMinor: number;
}

export interface PayPalPayer {
  payerId: string;
  email: string | null;
  givenName: string | null;
  surname: string | null;
}

export interface PayPalCapture {
  id: string;
  /** PENDING and DECLINED come back as a successful (201) capture call: the caller must branch on this. */
  status: CaptureStatus;
  /** PayPal's reason for a PENDING or DENIED capture, e.g. PENDING_REVIEW. */
  statusReason: string | null;
  amount: PayPalMoney;
  customId: string | null;
}

export interface PayPalOrder {
  id: string;
  status: OrderStatus;
  amount: PayPalMoney;
  customId: string | null;
  /** Known once the buyer has approved. */
  payer: PayPalPayer | null;
  /** Present once the order is captured. */
  capture: PayPalCapture | null;
}

export interface CapturedOrder extends PayPalOrder {
  capture: PayPalCapture;
}

export interface CreatedOrder {
  id: string;
  status: OrderStatus;
  /** Where to send the buyer in the redirect flow (the JS SDK needs only the id). */
  approveUrl: string | null;
}

export interface PayPalSubscription {
  id: string;
  status: SubscriptionStatus;
  planId: string;
  customId: string | null;
  startTime: string | null;
  subscriber: PayPalPayer | null;
}

export interface PayPalClientConfig {
  apiBase: string;
  clientId: string;
  secret: string;
  fetch?: typeof fetch;
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

const TIMEOUT_MS = 15_000;
/** Renew a token this long before PayPal says it expires, so no call races its expiry. */
const TOKEN_MARGIN_SECONDS = 300;
/** PayPal caps purchase_units[].description at 127 characters; a long product name must not block a sale. */
const MAX_DESCRIPTION = 127;

const NOT_RESPONDING = "PayPal is not responding. Please try again.";
const CREDENTIALS_REJECTED =
  "PayPal rejected the seller's PayPal credentials (client ID or secret). The seller needs to update them in Store Settings.";
const PAYMENT_FAILED_DEFAULT =
  "PayPal could not complete this payment. Please try again or use another payment method.";

/** Buyer-readable sentences for PayPal's 422 issues; any other issue gets PAYMENT_FAILED_DEFAULT. */
const PAYMENT_FAILED_MESSAGES: Record<string, string> = {
  INSTRUMENT_DECLINED: "Your payment method was declined. Please try another one.",
  PAYER_CANNOT_PAY: "Your PayPal account cannot be used for this payment. Please try another payment method.",
  TRANSACTION_REFUSED: "PayPal refused this payment. Please try another payment method.",
  ORDER_NOT_APPROVED: "The payment has not been approved in PayPal yet. Please approve it and try again.",
  PAYER_ACTION_REQUIRED: "PayPal needs you to finish approving the payment. Please try again.",
  ORDER_ALREADY_CAPTURED: "This payment has already been completed.",
  ORDER_COMPLETED_OR_VOIDED: "This payment is already completed or was cancelled.",
  ORDER_EXPIRED: "This payment session has expired. Please start again.",
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: "Too many payment attempts. Please try again later.",
};

/**
 * Access tokens per (API base, client id, secret). The secret's hash is part of the key so that a corrected or
 * rotated secret never rides on a token obtained with another one; the secret itself is never stored here.
 */
const tokenCache = new Map<string, { value: string; expiresAt: number }>();

const upstream = (cause: unknown) => new AppError("UPSTREAM", NOT_RESPONDING, { cause });

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A field PayPal always sends; without it the answer is unusable. */
function required<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null || value === "") {
    throw upstream(new Error(`PayPal's answer has no ${what}`));
  }
  return value;
}

function toMoney(money: OrderSchemas["money"] | undefined, what: string): PayPalMoney {
  const currency = required(money?.currency_code, `${what} currency`) as Currency;
  const valueMinor = currencies.includes(currency) ? toMinorUnits(required(money?.value, what), currency) : null;
  if (valueMinor === null) throw upstream(new Error(`PayPal's ${what} is not an amount we handle`));
  return { currency, valueMinor };
}

function toPayer(
  payerId: string | undefined,
  email: string | undefined,
  name: { given_name?: string; surname?: string } | undefined,
): PayPalPayer | null {
  if (!payerId) return null;
  return { payerId, email: email ?? null, givenName: name?.given_name ?? null, surname: name?.surname ?? null };
}

function toOrder(order: OrderResponseBody): PayPalOrder {
  const unit = required(order.purchase_units?.[0], "purchase unit");
  const capture = unit.payments?.captures?.[0];
  // payment_source.paypal is current; the top-level payer is deprecated but still the only source in older answers.
  const wallet = order.payment_source?.paypal;
  return {
    id: required(order.id, "order id"),
    status: required(order.status, "order status"),
    amount: toMoney(unit.amount, "order amount"),
    customId: unit.custom_id ?? null,
    payer: wallet?.account_id
      ? toPayer(wallet.account_id, wallet.email_address, wallet.name)
      : toPayer(order.payer?.payer_id, order.payer?.email_address, order.payer?.name),
    capture: capture
      ? {
          id: required(capture.id, "capture id"),
          status: required(capture.status, "capture status"),
          statusReason: capture.status_details?.reason ?? null,
          amount: toMoney(capture.amount, "capture amount"),
          customId: capture.custom_id ?? null,
        }
      : null,
  };
}

/** Maps a non-2xx PayPal answer; the cause carries PayPal's debug_id for support, never a token or secret. */
function errorFor(request: string, status: number, text: string): AppError {
  const body = parseJsonObject(text) as PayPalErrorBody | undefined;
  const issue = body?.details?.[0]?.issue;
  const cause = new Error(
    `PayPal ${request} answered ${status} ${body?.name ?? "(no JSON body)"}${issue ? ` ${issue}` : ""}` +
      ` (debug_id ${body?.debug_id ?? "none"})`,
  );
  switch (status) {
    case 422:
      return new AppError("PAYMENT_FAILED", (issue && PAYMENT_FAILED_MESSAGES[issue]) ?? PAYMENT_FAILED_DEFAULT, {
        cause,
        issue,
      });
    // PayPal answers 403 for another merchant's order: to us that is simply not found.
    case 403:
    case 404:
      return new AppError("NOT_FOUND", "PayPal could not find that payment.", { cause });
    case 400:
      return new AppError("INVALID", "PayPal did not accept the payment details.", { cause, issue });
    default:
      return upstream(cause);
  }
}

export function createPayPalClient(config: PayPalClientConfig) {
  const apiBase = config.apiBase.replace(/\/+$/, "");
  const cacheKey = `${apiBase} ${config.clientId} ${createHash("sha256").update(config.secret).digest("hex")}`;
  const doFetch = config.fetch ?? fetch;

  async function send(method: "GET" | "POST", path: string, headers: Record<string, string>, body?: string) {
    try {
      const response = await doFetch(`${apiBase}${path}`, {
        method,
        headers: { accept: "application/json", ...headers },
        body,
        // Order and subscription states change under us: Next's fetch cache must never answer for PayPal.
        cache: "no-store",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      throw upstream(error);
    }
  }

  async function accessToken(): Promise<string> {
    const cached = tokenCache.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.value;
    const basic = Buffer.from(`${config.clientId}:${config.secret}`).toString("base64");
    const { status, text } = await send(
      "POST",
      "/v1/oauth2/token",
      { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      "grant_type=client_credentials",
    );
    if (status === 401) {
      const error = (parseJsonObject(text)?.error as string | undefined) ?? "no error code";
      throw new AppError("UPSTREAM", CREDENTIALS_REJECTED, {
        cause: new Error(`PayPal rejected client id ${config.clientId} (${error})`),
      });
    }
    if (status < 200 || status > 299) throw errorFor("POST /v1/oauth2/token", status, text);
    const body = parseJsonObject(text);
    const value = body?.access_token;
    const expiresIn = body?.expires_in;
    if (typeof value !== "string" || typeof expiresIn !== "number") {
      throw upstream(new Error("PayPal's token answer has no access_token or expires_in"));
    }
    tokenCache.set(cacheKey, { value, expiresAt: Date.now() + (expiresIn - TOKEN_MARGIN_SECONDS) * 1000 });
    return value;
  }

  async function api<T>(
    method: "GET" | "POST",
    path: string,
    options: { body?: string; requestId?: string; prefer?: string } = {},
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
      if (options.body !== undefined) headers["content-type"] = "application/json";
      if (options.requestId) headers["paypal-request-id"] = options.requestId;
      if (options.prefer) headers.prefer = options.prefer;
      const { status, text } = await send(method, path, headers, options.body);
      // A cached token can be revoked or expire early: drop it and try once more with a fresh one.
      if (status === 401 && attempt === 1) {
        tokenCache.delete(cacheKey);
        continue;
      }
      if (status < 200 || status > 299) throw errorFor(`${method} ${path}`, status, text);
      const body = parseJsonObject(text);
      if (!body) throw upstream(new Error(`PayPal ${method} ${path} answered ${status} without a JSON object`));
      return body as T;
    }
  }

  return {
    /** Creates a CAPTURE order; a repeated requestId returns the same order instead of a second one. */
    async createOrder(input: {
      amount: { currency: Currency; valueMinor: number };
      customId: string;
      description?: string;
      requestId: string;
      returnUrl?: string;
      cancelUrl?: string;
    }): Promise<CreatedOrder> {
      const { amount, returnUrl, cancelUrl } = input;
      const request: CreateOrderRequestBody = {
        intent: "CAPTURE",
        purchase_units: [
          {
            amount: { currency_code: amount.currency, value: toDecimalString(amount.valueMinor, amount.currency) },
            custom_id: input.customId,
            ...(input.description && { description: input.description.slice(0, MAX_DESCRIPTION) }),
          },
        ],
        ...((returnUrl || cancelUrl) && {
          payment_source: { paypal: { experience_context: { return_url: returnUrl, cancel_url: cancelUrl } } },
        }),
      };
      const order = await api<OrderResponseBody>("POST", "/v2/checkout/orders", {
        body: JSON.stringify(request),
        requestId: input.requestId,
      });
      // The approve link is "payer-action" when payment_source is sent, "approve" otherwise.
      const approve = order.links?.find((link) => link.rel === "payer-action" || link.rel === "approve");
      return {
        id: required(order.id, "order id"),
        status: required(order.status, "order status"),
        approveUrl: approve?.href ?? null,
      };
    },

    async getOrder(orderId: string): Promise<PayPalOrder> {
      return toOrder(await api<OrderResponseBody>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`));
    },

    /** Captures an approved order; a repeated requestId replays the first capture's answer. */
    async captureOrder(orderId: string, options: { requestId: string }): Promise<CapturedOrder> {
      const order = toOrder(
        await api<OrderResponseBody>("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          body: "{}",
          requestId: options.requestId,
          // The minimal answer may leave out custom_id and the payer, which the transaction row needs.
          prefer: "return=representation",
        }),
      );
      return { ...order, capture: required(order.capture, "capture") };
    },

    async getSubscription(subscriptionId: string): Promise<PayPalSubscription> {
      const sub = await api<SubscriptionResponse>(
        "GET",
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}`,
      );
      return {
        id: required(sub.id, "subscription id"),
        status: required(sub.status, "subscription status"),
        planId: required(sub.plan_id, "plan id"),
        customId: sub.custom_id ?? null,
        startTime: sub.start_time ?? null,
        subscriber: toPayer(sub.subscriber?.payer_id, sub.subscriber?.email_address, sub.subscriber?.name),
      };
    },

    /**
     * Asks PayPal whether a webhook delivery is genuine. False when a signature header is missing or the body is
     * not a JSON object; a PayPal outage throws (so the delivery fails and PayPal retries it later).
     */
    async verifyWebhookSignature(input: { headers: Headers; rawBody: string; webhookId: string }): Promise<boolean> {
      const fields = {
        auth_algo: input.headers.get("paypal-auth-algo"),
        cert_url: input.headers.get("paypal-cert-url"),
        transmission_id: input.headers.get("paypal-transmission-id"),
        transmission_sig: input.headers.get("paypal-transmission-sig"),
        transmission_time: input.headers.get("paypal-transmission-time"),
        webhook_id: input.webhookId,
      };
      if (Object.values(fields).some((value) => !value) || !parseJsonObject(input.rawBody)) return false;
      // The signature covers the exact bytes PayPal sent, and re-serialising can change them (number formats,
      // escapes), so the raw event is spliced in verbatim; it parsed as one JSON object, so the result is valid JSON.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${input.rawBody}}`;
      const result = await api<{ verification_status?: string }>("POST", "/v1/notifications/verify-webhook-signature", {
        body,
      });
      return result.verification_status === "SUCCESS";
    },
  };
}
