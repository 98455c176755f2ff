import { createHash } from "node:crypto";
import { type Currency, currencies, toMinorUnits } from "~/lib/money";
import { AppError } from "~/server/platform/errors";
import type {
  OrderSchemas,
  PayPalClientConfig,
  PayPalErrorBody,
  PayPalMoney,
  PayPalPayer,
} from "~/server/vendors/paypal/types";

const TIMEOUT_MS = 15_000;
/**
 * An idempotent call (a GET, a POST carrying PayPal-Request-Id, or one that changes nothing at PayPal) is tried
 * once more after a dropped connection or a 5xx, the blips a retry fixes. Not after a timeout: that attempt has
 * used the buyer's patience already, and the buyer's page retries the capture itself with the same request id.
 */
const RETRY_DELAY_MS = 500;
/** Renew a token this long before PayPal says it expires, so no call races its expiry. */
const TOKEN_MARGIN_SECONDS = 300;
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

export function parseJsonObject(text: string): Record<string, unknown> | undefined {
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
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null || value === "") {
    throw upstream(new Error(`PayPal's answer has no ${what}`));
  }
  return value;
}

export function toMoney(money: OrderSchemas["money"] | undefined, what: string): PayPalMoney {
  const currency = required(money?.currency_code, `${what} currency`) as Currency;
  const valueMinor = currencies.includes(currency) ? toMinorUnits(required(money?.value, what), currency) : null;
  if (valueMinor === null) throw upstream(new Error(`PayPal's ${what} is not an amount we handle`));
  return { currency, valueMinor };
}

export function toPayer(
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

/**
 * PayPal's REST API with one seller's credentials: `api` sends a call with a cached OAuth token, retries what is
 * safe to retry and maps PayPal's errors; the orders, billing, refunds and webhook calls are built on it.
 */
export function createPayPalApi(config: PayPalClientConfig) {
  const apiBase = config.apiBase.replace(/\/+$/, "");
  const cacheKey = `${apiBase} ${config.clientId} ${createHash("sha256").update(config.secret).digest("hex")}`;
  const doFetch = config.fetch ?? fetch;

  async function send(
    method: "GET" | "POST" | "DELETE",
    path: string,
    headers: Record<string, string>,
    body: string | FormData | undefined,
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
    method: "GET" | "POST" | "DELETE",
    path: string,
    /**
     * allowEmpty: a 204 (no body) is the answer, as for a subscription's cancel. readOnly: a POST that changes
     * nothing at PayPal (a signature check), so it may be retried like a GET.
     */
    options: {
      body?: string;
      /** A multipart body (a dispute's evidence files); fetch writes its content type with the boundary. */
      form?: FormData;
      requestId?: string;
      prefer?: string;
      allowEmpty?: boolean;
      readOnly?: boolean;
    } = {},
  ): Promise<T> {
    const idempotent =
      method === "GET" || method === "DELETE" || Boolean(options.requestId) || options.readOnly === true;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { authorization: `Bearer ${await accessToken()}` };
      if (options.body !== undefined) headers["content-type"] = "application/json";
      if (options.requestId) headers["paypal-request-id"] = options.requestId;
      if (options.prefer) headers.prefer = options.prefer;
      const { status, text } = await send(method, path, headers, options.form ?? options.body, idempotent);
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
    api,
    /** Checks the credentials by asking for a token (what saving them in Store Settings does). */
    async checkCredentials(): Promise<void> {
      tokenCache.delete(cacheKey);
      await accessToken();
    },
  };
}

export type PayPalApi = ReturnType<typeof createPayPalApi>["api"];
