// The one way Popkit sends a request to a URL a seller typed (merchant webhooks, the copy of a WPS IPN sent to a
// button's notify_url): one HTTP POST to the address url-guard.ts checked (never to a fresh DNS answer), with a
// hard deadline, no redirects and at most 2 kB of the answer kept.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { env } from "~/env";
import { RefusedWebhookUrl, resolveWebhookTarget, type Lookup, type ResolvedTarget } from "./url-guard";

export const SEND_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 2048;

export interface SendResult {
  /** The HTTP status; null when no answer came (refused address, network error, timeout). */
  statusCode: number | null;
  error: string | null;
  /** The answer's first 2 kB as text. */
  responseBody: string | null;
  durationMs: number;
}

/** Pins the connection to the checked address; TLS still verifies the certificate against the URL's host name. */
function pinnedLookup(target: ResolvedTarget): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/** Whether sellers' URLs may lead to private, loopback and link-local addresses: only in the demo or when allowed. */
export function allowsPrivateTargets(): boolean {
  return env.ALLOW_PRIVATE_WEBHOOK_URLS || env.POPKIT_DEMO;
}

function post(target: ResolvedTarget, headers: Record<string, string>, payload: Buffer, timeoutMs: number) {
  return new Promise<{ statusCode: number; responseBody: string }>((resolve, reject) => {
    const client = target.url.protocol === "https:" ? https : http;
    const request = client.request(target.url, {
      method: "POST",
      headers: { ...headers, "content-length": String(payload.length) },
      lookup: pinnedLookup(target),
      // A fresh connection per request: a pooled socket could still lead to an address checked long ago.
      agent: false,
    });
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds`)),
      timeoutMs,
    );
    request.on("error", (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = () => {
        clearTimeout(deadline);
        resolve({
          statusCode: response.statusCode ?? 0,
          responseBody: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString("utf8"),
        });
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // The status is what counts; the rest of a large answer is not worth waiting for.
        if (size >= MAX_RESPONSE_BYTES) {
          finish();
          response.destroy();
        }
      });
      response.on("end", finish);
      response.on("error", finish);
    });
    request.end(payload);
  });
}

export interface GuardedPostOptions {
  /** allowsPrivateTargets() for a real send; tests pass it explicitly. */
  allowPrivate: boolean;
  /** For tests: resolves host names instead of the system's resolver. */
  lookup?: Lookup;
  timeoutMs?: number;
}

/**
 * POSTs `body` with `headers` (content-type included) to a seller's URL: resolves its host once, refuses it when
 * any address is private or local (unless allowed), connects to the checked address, follows no redirect and
 * gives up after the deadline. Never throws: every outcome is a result to log.
 */
export async function guardedPost(
  url: string,
  headers: Record<string, string>,
  body: string | Uint8Array,
  options: GuardedPostOptions,
): Promise<SendResult> {
  const started = Date.now();
  const took = () => Date.now() - started;
  try {
    const target = await resolveWebhookTarget(url, options);
    const payload = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
    const { statusCode, responseBody } = await post(target, headers, payload, options.timeoutMs ?? SEND_TIMEOUT_MS);
    return { statusCode, error: null, responseBody, durationMs: took() };
  } catch (error) {
    const message =
      error instanceof RefusedWebhookUrl ? error.message : `Request failed: ${(error as Error).message ?? error}`;
    return { statusCode: null, error: message.slice(0, 500), responseBody: null, durationMs: took() };
  }
}

/** One merchant webhook: its signed JSON body through guardedPost; the result is for the delivery log. */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: GuardedPostOptions,
): Promise<SendResult> {
  return guardedPost(
    url,
    { ...headers, "content-type": "application/json", "user-agent": "Popkit-Webhooks/1.0" },
    body,
    options,
  );
}
