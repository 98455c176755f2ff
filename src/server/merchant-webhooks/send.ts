// One HTTP POST of a merchant webhook, to the address url-guard.ts checked (never to a fresh DNS answer), with a
// hard deadline, no redirects and at most 2 kB of the answer kept.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
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

function post(target: ResolvedTarget, headers: Record<string, string>, body: string) {
  return new Promise<{ statusCode: number; responseBody: string }>((resolve, reject) => {
    const payload = Buffer.from(body, "utf8");
    const client = target.url.protocol === "https:" ? https : http;
    const request = client.request(target.url, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(payload.length),
        "user-agent": "Popkit-Webhooks/1.0",
      },
      lookup: pinnedLookup(target),
      // A fresh connection per request: a pooled socket could still lead to an address checked long ago.
      agent: false,
    });
    const deadline = setTimeout(
      () => request.destroy(new Error(`No answer within ${SEND_TIMEOUT_MS / 1000} seconds`)),
      SEND_TIMEOUT_MS,
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

/** Resolves, checks and POSTs; never throws: every outcome is a result for the delivery log. `lookup`: tests. */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; lookup?: Lookup },
): Promise<SendResult> {
  const started = Date.now();
  const took = () => Date.now() - started;
  try {
    const target = await resolveWebhookTarget(url, options);
    const { statusCode, responseBody } = await post(target, headers, body);
    return { statusCode, error: null, responseBody, durationMs: took() };
  } catch (error) {
    const message =
      error instanceof RefusedWebhookUrl ? error.message : `Request failed: ${(error as Error).message ?? error}`;
    return { statusCode: null, error: message.slice(0, 500), responseBody: null, durationMs: took() };
  }
}
