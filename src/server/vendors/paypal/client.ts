import { createHash } from "node:crypto";
import type {
  BillingSubscriptionsV1,
  CheckoutOrdersV2,
  CreateOrderRequestBody,
  OrderResponseBody,
} from "@paypal/paypal-js";
import { type Currency, currencies, toDecimalString, toMinorUnits } from "~/lib/money";
import { AppError } from "~/server/platform/errors";

type OrderSchemas = CheckoutOrdersV2["components"]["schemas"];
type BillingSchemas = BillingSubscriptionsV1["components"]["schemas"];
// paypal-js 11.2's SubscriptionResponseBody is the *plan* schema by mistake; this is the subscription one.
type SubscriptionResponse = BillingSchemas["subscription"];
type PlanResponse = BillingSchemas["plan"];
type PlanRequest = BillingSchemas["plan_request_POST"];
type TransactionsResponse = BillingSchemas["transactions_list"];
type RefundResponse = OrderSchemas["refund"];
/** v1 Payments (sales of a subscription): paypal-js ships no types for it; the fields we read, per PayPal's spec. */
type SaleRefundResponse = {
  id?: string;
  state?: "pending" | "completed" | "cancelled" | "failed";
  amount?: { total?: string; currency?: string };
  sale_id?: string;
  create_time?: string;
};
/** Catalog Products v1: paypal-js ships no types for it; the fields we send and read, per PayPal's spec. */
type ProductRequest = { name: string; description?: string; type: "DIGITAL" };
type ProductResponse = { id?: string };
type PayPalErrorBody = { name?: string; debug_id?: string; details?: OrderSchemas["error_details"][] };

export type OrderStatus = OrderSchemas["order_status"];
export type CaptureStatus = NonNullable<OrderSchemas["capture_status"]["status"]>;
export type SubscriptionStatus = NonNullable<SubscriptionResponse["status"]>;

export interface PayPalMoney {
  currency: Currency;
  valueMinor: number;
}

export interface PayPalPayer {
  /** PayPal may leave it out (e.g. a guest card payment): the e-mail and name are still kept. */
  payerId: string | null;
  email: string | null;
  givenName: string | null;
  surname: string | null;
}

export interface PayPalCapture {
  id: string;
  /** PayPal's fee, when PayPal reports it (seller_receivable_breakdown.paypal_fee). */
  fee: PayPalMoney | null;
  /** PENDING and DECLINED come back as a successful (201) capture call: the caller must branch on this. */
  status: CaptureStatus;
  /** PayPal's reason for a PENDING or DENIED capture, e.g. PENDING_REVIEW. */
  statusReason: string | null;
  amount: PayPalMoney;
  customId: string | null;
  createTime: string | null;
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
  /** billing_info: when PayPal bills next, its last payment, and failures since the last success. */
  nextBillingTime: string | null;
  lastPaymentTime: string | null;
  failedPaymentsCount: number;
  lastFailedPaymentTime: string | null;
}

/** One payment of a subscription, as GET /v1/billing/subscriptions/{id}/transactions lists it. */
export interface PayPalSubscriptionSale {
  id: string;
  /** COMPLETED, DECLINED, PARTIALLY_REFUNDED, PENDING or REFUNDED. */
  status: string;
  amount: PayPalMoney;
  fee: PayPalMoney | null;
  time: string;
  payerEmail: string | null;
  payerName: string | null;
}

export type PlanIntervalUnit = "DAY" | "WEEK" | "MONTH" | "YEAR";

export interface PayPalPlan {
  id: string;
  status: "CREATED" | "INACTIVE" | "ACTIVE";
  /** The REGULAR cycle's fixed price (what each renewal charges). */
  price: PayPalMoney;
  intervalUnit: PlanIntervalUnit;
  intervalCount: number;
}

export interface PayPalRefund {
  id: string;
  /** PayPal's refund status, upper case: COMPLETED, PENDING, FAILED or CANCELLED. */
  status: string;
  amount: PayPalMoney;
  createTime: string | null;
}

export interface PayPalClientConfig {
  apiBase: string;
  clientId: string;
  secret: string;
  fetch?: typeof fetch;
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

const TIMEOUT_MS = 15_000;
/**
 * An idempotent call (a GET, a POST carrying PayPal-Request-Id, or one that changes nothing at PayPal) is tried
 * once more after a dropped connection or a 5xx, the blips a retry fixes. Not after a timeout: that attempt has
 * used the buyer's patience already, and the buyer's page retries the capture itself with the same request id.
 */
const RETRY_DELAY_MS = 500;
/** Renew a token this long before PayPal says it expires, so no call races its expiry. */
const TOKEN_MARGIN_SECONDS = 300;
/** PayPal caps purchase_units[].description at 127 characters; a long product name must not block a sale. */
const MAX_DESCRIPTION = 127;

const NOT_RESPONDING = "PayPal is not responding. Please try again.";
/** The issue of the error a rejected client id or secret throws (Store Settings branches on it). */
export const CREDENTIALS_REJECTED_ISSUE = "CREDENTIALS_REJECTED";
const CREDENTIALS_REJECTED =
  "PayPal rejected the seller's PayPal credentials (client ID or secret). The seller needs to update them in Store Settings.";
const SELLER_SETUP_REFUSED =
  "PayPal refused this for the seller's PayPal app: the seller needs to enable it for their REST app in PayPal's developer dashboard (or check the app's permissions).";
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
  if (!payerId && !email && !name?.given_name && !name?.surname) return null;
  return {
    payerId: payerId ?? null,
    email: email ?? null,
    givenName: name?.given_name ?? null,
    surname: name?.surname ?? null,
  };
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
    payer:
      wallet?.account_id || wallet?.email_address
        ? toPayer(wallet.account_id, wallet.email_address, wallet.name)
        : toPayer(order.payer?.payer_id, order.payer?.email_address, order.payer?.name),
    capture: capture
      ? {
          id: required(capture.id, "capture id"),
          fee: capture.seller_receivable_breakdown?.paypal_fee
            ? toMoney(capture.seller_receivable_breakdown.paypal_fee, "PayPal fee")
            : null,
          status: required(capture.status, "capture status"),
          statusReason: capture.status_details?.reason ?? null,
          amount: toMoney(capture.amount, "capture amount"),
          customId: capture.custom_id ?? null,
          createTime: capture.create_time ?? null,
        }
      : null,
  };
}

export function toSubscription(sub: SubscriptionResponse): PayPalSubscription {
  const billing = sub.billing_info;
  return {
    id: required(sub.id, "subscription id"),
    status: required(sub.status, "subscription status"),
    planId: required(sub.plan_id, "plan id"),
    customId: sub.custom_id ?? null,
    startTime: sub.start_time ?? null,
    subscriber: toPayer(sub.subscriber?.payer_id, sub.subscriber?.email_address, sub.subscriber?.name),
    nextBillingTime: billing?.next_billing_time ?? null,
    lastPaymentTime: billing?.last_payment?.time ?? null,
    failedPaymentsCount: billing?.failed_payments_count ?? 0,
    lastFailedPaymentTime: billing?.last_failed_payment?.time ?? null,
  };
}

function toPlan(plan: PlanResponse): PayPalPlan {
  const regular = plan.billing_cycles?.find((cycle) => cycle.tenure_type === "REGULAR");
  const price = regular?.pricing_scheme?.fixed_price;
  return {
    id: required(plan.id, "plan id"),
    status: required(plan.status, "plan status"),
    price: toMoney(price ? { currency_code: price.currency_code, value: price.value } : undefined, "plan price"),
    intervalUnit: required(regular?.frequency.interval_unit, "plan interval"),
    intervalCount: regular?.frequency.interval_count ?? 1,
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
    // PayPal answers 403 when the seller's app lacks a permission or feature (e.g. subscriptions or refunds
    // not enabled on the REST app): only the seller can fix that, in their PayPal developer dashboard.
    case 403:
      return new AppError("FORBIDDEN", SELLER_SETUP_REFUSED, { cause, issue });
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

  async function send(
    method: "GET" | "POST",
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    idempotent: boolean,
  ) {
    for (let attempt = 1; ; attempt++) {
      const canRetry = idempotent && attempt === 1;
      try {
        const response = await doFetch(`${apiBase}${path}`, {
          method,
          headers: { accept: "application/json", ...headers },
          body,
          // Order and subscription states change under us: Next's fetch cache must never answer for PayPal.
          cache: "no-store",
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        const answer = { status: response.status, text: await response.text() };
        if (!(canRetry && answer.status >= 500)) return answer;
      } catch (error) {
        if (!canRetry || (error as { name?: unknown } | null)?.name === "TimeoutError") throw upstream(error);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
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
      // A second token for the same credentials changes nothing.
      true,
    );
    if (status === 401) {
      const error = (parseJsonObject(text)?.error as string | undefined) ?? "no error code";
      throw new AppError("UPSTREAM", CREDENTIALS_REJECTED, {
        cause: new Error(`PayPal rejected client id ${config.clientId} (${error})`),
        issue: CREDENTIALS_REJECTED_ISSUE,
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
    /**
     * allowEmpty: a 204 (no body) is the answer, as for a subscription's cancel. readOnly: a POST that changes
     * nothing at PayPal (a signature check), so it may be retried like a GET.
     */
    options: { body?: string; requestId?: string; prefer?: string; allowEmpty?: boolean; readOnly?: boolean } = {},
  ): Promise<T> {
    const idempotent = method === "GET" || Boolean(options.requestId) || options.readOnly === true;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
      if (options.body !== undefined) headers["content-type"] = "application/json";
      if (options.requestId) headers["paypal-request-id"] = options.requestId;
      if (options.prefer) headers.prefer = options.prefer;
      const { status, text } = await send(method, path, headers, options.body, idempotent);
      // A cached token can be revoked or expire early: drop it and try once more with a fresh one.
      if (status === 401 && attempt === 1) {
        tokenCache.delete(cacheKey);
        continue;
      }
      if (status < 200 || status > 299) throw errorFor(`${method} ${path}`, status, text);
      if (options.allowEmpty && text.trim() === "") return {} as T;
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
        // Everything sold here is digital or a service: PayPal must not ask the buyer for a shipping address.
        purchase_units: [
          {
            amount: { currency_code: amount.currency, value: toDecimalString(amount.valueMinor, amount.currency) },
            custom_id: input.customId,
            ...(input.description && { description: input.description.slice(0, MAX_DESCRIPTION) }),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: { shipping_preference: "NO_SHIPPING", return_url: returnUrl, cancel_url: cancelUrl },
          },
        },
      };
      const order = await api<OrderResponseBody>("POST", "/v2/checkout/orders", {
        body: JSON.stringify(request),
        requestId: input.requestId,
      });
      // The approve link is "payer-action" when payment_source is sent (always here), "approve" in older answers.
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
      return toSubscription(sub);
    },

    /** The subscription's payments between two instants (PayPal lists at most the last 3 years). */
    async listSubscriptionSales(subscriptionId: string, from: Date, to: Date): Promise<PayPalSubscriptionSale[]> {
      const query = new URLSearchParams({ start_time: from.toISOString(), end_time: to.toISOString() });
      const result = await api<TransactionsResponse>(
        "GET",
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/transactions?${query}`,
      );
      return (result.transactions ?? []).map((sale) => ({
        id: required(sale.id, "sale id"),
        status: required(sale.status, "sale status"),
        amount: toMoney(sale.amount_with_breakdown?.gross_amount, "sale amount"),
        fee: sale.amount_with_breakdown?.fee_amount ? toMoney(sale.amount_with_breakdown.fee_amount, "sale fee") : null,
        time: required(sale.time, "sale time"),
        payerEmail: sale.payer_email ?? null,
        payerName: [sale.payer_name?.given_name, sale.payer_name?.surname].filter(Boolean).join(" ") || null,
      }));
    },

    /** Cancels a subscription at PayPal (204); PayPal refuses one already cancelled or expired (422). */
    async cancelSubscription(subscriptionId: string, reason: string): Promise<void> {
      await api("POST", `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, {
        body: JSON.stringify({ reason: reason.slice(0, 127) }),
        allowEmpty: true,
      });
    },

    async getPlan(planId: string): Promise<PayPalPlan> {
      return toPlan(await api<PlanResponse>("GET", `/v1/billing/plans/${encodeURIComponent(planId)}`));
    },

    /** Creates a catalog product (what a plan is attached to): its id. A repeated requestId returns the same one. */
    async createProduct(input: { name: string; description?: string; type: "DIGITAL"; requestId: string }) {
      const request: ProductRequest = {
        // PayPal caps the name at 127 characters and the description at 256.
        name: input.name.slice(0, 127),
        ...(input.description && { description: input.description.slice(0, 256) }),
        type: input.type,
      };
      const product = await api<ProductResponse>("POST", "/v1/catalogs/products", {
        body: JSON.stringify(request),
        requestId: input.requestId,
      });
      return { id: required(product.id, "product id") };
    },

    /**
     * Creates an ACTIVE plan of one regular cycle at a fixed price, billed until cancelled. A repeated requestId
     * returns the same plan instead of a second one.
     */
    async createPlan(input: {
      productId: string;
      name: string;
      price: PayPalMoney;
      intervalUnit: PlanIntervalUnit;
      intervalCount: number;
      requestId: string;
    }): Promise<PayPalPlan> {
      const request: PlanRequest = {
        product_id: input.productId,
        name: input.name.slice(0, 127),
        status: "ACTIVE",
        billing_cycles: [
          {
            frequency: { interval_unit: input.intervalUnit, interval_count: input.intervalCount },
            tenure_type: "REGULAR",
            sequence: 1,
            total_cycles: 0,
            pricing_scheme: {
              fixed_price: {
                currency_code: input.price.currency,
                value: toDecimalString(input.price.valueMinor, input.price.currency),
              },
            },
          },
        ],
        payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
      };
      const plan = await api<PlanResponse>("POST", "/v1/billing/plans", {
        body: JSON.stringify(request),
        requestId: input.requestId,
        // The minimal answer has no billing cycles, which toPlan reads the price and interval from.
        prefer: "return=representation",
      });
      return toPlan(plan);
    },

    /**
     * Refunds a capture (Orders v2) in full (no amount) or in part. A repeated requestId returns the first
     * refund instead of a second one.
     */
    async refundCapture(
      captureId: string,
      input: { amount?: PayPalMoney; noteToPayer?: string; requestId: string },
    ): Promise<PayPalRefund> {
      const body = {
        ...(input.amount && {
          amount: {
            currency_code: input.amount.currency,
            value: toDecimalString(input.amount.valueMinor, input.amount.currency),
          },
        }),
        ...(input.noteToPayer && { note_to_payer: input.noteToPayer.slice(0, 255) }),
      };
      const refund = await api<RefundResponse>(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        {
          body: JSON.stringify(body),
          requestId: input.requestId,
          prefer: "return=representation",
        },
      );
      return {
        id: required(refund.id, "refund id"),
        status: required(refund.status, "refund status"),
        amount: toMoney(refund.amount, "refund amount"),
        createTime: refund.create_time ?? null,
      };
    },

    /** Refunds a subscription's sale (v1 Payments), in full or in part; idempotent on requestId. */
    async refundSale(
      saleId: string,
      input: { amount?: PayPalMoney; reason?: string; requestId: string },
    ): Promise<PayPalRefund> {
      const body = {
        ...(input.amount && {
          amount: {
            total: toDecimalString(input.amount.valueMinor, input.amount.currency),
            currency: input.amount.currency,
          },
        }),
        ...(input.reason && { description: input.reason.slice(0, 255) }),
      };
      const refund = await api<SaleRefundResponse>("POST", `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`, {
        body: JSON.stringify(body),
        requestId: input.requestId,
      });
      return {
        id: required(refund.id, "refund id"),
        status: required(refund.state, "refund state").toUpperCase(),
        amount: toMoney(
          { currency_code: refund.amount?.currency ?? "", value: refund.amount?.total ?? "" },
          "refund amount",
        ),
        createTime: refund.create_time ?? null,
      };
    },

    /** Checks the credentials by asking for a token (what saving them in Store Settings does). */
    async checkCredentials(): Promise<void> {
      tokenCache.delete(cacheKey);
      await accessToken();
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
        readOnly: true,
      });
      return result.verification_status === "SUCCESS";
    },
  };
}
