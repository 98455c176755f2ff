import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { EventSink } from "./deliveries";
import type { Store } from "./state";

/**
 * What changes state: the state, the public base URL, the webhook events the changes emit, and how long PayPal
 * waits for a merchant's order-update callback.
 */
export interface SandboxCore {
  store: Store;
  base: string;
  events: EventSink;
  callbackTimeoutMs: number;
}

/** What every handler gets: the core and the exchange. */
export interface RestContext extends SandboxCore {
  req: IncomingMessage;
  res: ServerResponse;
}

const MAX_BODY_BYTES = 1_000_000;

export interface ErrorDetail {
  field?: string;
  value?: string;
  location?: "body" | "path" | "query" | "header";
  issue: string;
  description: string;
}

const ERROR_MESSAGES = {
  INVALID_REQUEST: "Request is not well-formed, syntactically incorrect, or violates schema.",
  AUTHENTICATION_FAILURE:
    "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
  NOT_AUTHORIZED: "Authorization failed due to insufficient permissions.",
  RESOURCE_NOT_FOUND: "The specified resource does not exist.",
  METHOD_NOT_SUPPORTED: "The server does not implement the requested HTTP method.",
  UNPROCESSABLE_ENTITY:
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
  INTERNAL_SERVER_ERROR: "An internal server error has occurred.",
  // The v1 APIs (payments, webhooks) name the error itself rather than its HTTP class.
  VALIDATION_ERROR: "Invalid request - see details",
  INVALID_RESOURCE_ID: "Requested resource ID was not found.",
  TRANSACTION_REFUSED: "This request was refused.",
  TRANSACTION_ALREADY_REFUNDED: "Refund transaction refused - this transaction has already been refunded.",
  WEBHOOK_URL_ALREADY_EXISTS: "Webhook URL already exists.",
  WEBHOOK_NUMBER_LIMIT_EXCEEDED: "The webhook's number limit has exceeded.",
} as const;

/** An error answered in PayPal's REST error shape: {name, message, debug_id, details, links}. */
export class PayPalError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: keyof typeof ERROR_MESSAGES,
    readonly details: ErrorDetail[] = [],
    /** Where one API words a shared error name its own way. */
    readonly errorMessage: string = ERROR_MESSAGES[errorName],
  ) {
    super(details[0]?.description ?? errorMessage);
  }

  toBody() {
    const issue = this.details[0]?.issue;
    return {
      name: this.errorName,
      message: this.errorMessage,
      debug_id: randomBytes(7).toString("hex").slice(0, 13),
      details: this.details,
      links: [
        {
          href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? this.errorName}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    };
  }
}

export const invalidRequest = (details: ErrorDetail[]) => new PayPalError(400, "INVALID_REQUEST", details);
export const unprocessable = (details: ErrorDetail[]) => new PayPalError(422, "UNPROCESSABLE_ENTITY", details);
export const notFound = (id?: string) =>
  new PayPalError(404, "RESOURCE_NOT_FOUND", [
    {
      ...(id === undefined ? {} : { value: id }),
      location: "path",
      issue: "INVALID_RESOURCE_ID",
      description: "Specified resource ID does not exist. Please check the resource ID and try again.",
    },
  ]);
export const permissionDenied = () =>
  new PayPalError(403, "NOT_AUTHORIZED", [
    {
      issue: "PERMISSION_DENIED",
      description: "You do not have permission to access or perform operations on this resource.",
    },
  ]);

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw invalidRequest([
        { issue: "MAX_BODY_SIZE_EXCEEDED", description: `The request body exceeds ${MAX_BODY_BYTES} bytes.` },
      ]);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const malformedJson = () =>
  invalidRequest([
    { location: "body", issue: "MALFORMED_REQUEST_JSON", description: "The request JSON is not well formed." },
  ]);

/** Reads a JSON body; an empty body is `fallback` when the endpoint allows one (PayPal's capture does). */
export async function readJson(req: IncomingMessage, fallback?: unknown): Promise<unknown> {
  const raw = (await readBody(req)).toString("utf8");
  if (raw.trim() === "") {
    if (fallback !== undefined) return fallback;
    throw malformedJson();
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw malformedJson();
  }
}

/** Reads a JSON object body; an empty body is `{}` only when the endpoint allows it. */
export async function readJsonObject(req: IncomingMessage, allowEmpty = false): Promise<Record<string, unknown>> {
  const parsed = await readJson(req, allowEmpty ? {} : undefined);
  if (!isObject(parsed)) throw malformedJson();
  return parsed;
}

/** Reads a JSON array body (a JSON Patch). */
export async function readJsonArray(req: IncomingMessage): Promise<unknown[]> {
  const parsed = await readJson(req);
  if (!Array.isArray(parsed)) throw malformedJson();
  return parsed;
}

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req)).toString("utf8"));
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const wantsRepresentation = (req: IncomingMessage) =>
  /return=representation/.test(String(req.headers.prefer ?? ""));

/** A v2 create's 201: the whole resource for `Prefer: return=representation`, else PayPal's minimal id, status, links. */
export function created(req: IncomingMessage, full: { id: string; status: string; links: unknown[] }) {
  const body = wantsRepresentation(req) ? full : { id: full.id, status: full.status, links: full.links };
  return { status: 201, body };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, body: string, contentType = "text/plain; charset=utf-8") {
  res.writeHead(status, { "content-type": contentType, "cache-control": "no-store" });
  res.end(body);
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  sendText(res, status, html, "text/html; charset=utf-8");
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
