import type { z } from "zod";
import { AppError, httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { assertSafeText, clientIp, readTextCapped } from "~/server/platform/request";
import { preflight, PUBLIC_CORS } from "../../_lib/public-cors";

// The JSON endpoints the embed script calls from merchants' sites, thin wrappers over the checkout services.
// Any origin may call them: they use no cookies and trust nothing from the caller (prices and outcomes come
// from our database and PayPal).

/** Our inputs are a couple of ids; anything much larger is not a checkout call. */
const MAX_BODY_BYTES = 4096;

/** Seconds a buyer's page waits before asking again, after "busy" or "being confirmed". */
const RETRY_AFTER_SECONDS = "2";

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { ...PUBLIC_CORS, "cache-control": "no-store", ...headers } });
}

function errorJson(error: AppError) {
  return json(
    httpStatusFor(error),
    { error: { code: error.code, message: error.userMessage, ...(error.issue && { issue: error.issue }) } },
    error.code === "BUSY" ? { "retry-after": RETRY_AFTER_SECONDS } : {},
  );
}

/**
 * A result still being worked on (a capture PayPal may have taken that is not recorded yet) is 202 Accepted: the
 * page asks again after Retry-After.
 */
function resultJson(result: unknown) {
  const isConfirming = (result as { status?: unknown } | null)?.status === "confirming";
  return isConfirming ? json(202, result, { "retry-after": RETRY_AFTER_SECONDS }) : json(200, result);
}

/**
 * The per-address budget; a limiter whose store (the database or Redis) fails lets the call through: refusing
 * every buyer because a counter is unreachable would turn an outage of the counter into one of checkout.
 */
async function withinBudget(request: Request): Promise<void> {
  try {
    await consumeRateLimit("publicApiByIp", clientIp(request.headers));
  } catch (error) {
    if (toAppError(error)) throw error;
    logger.warn("rate limit store unavailable; call allowed", describeError(error));
  }
}

export { preflight };

/** POST handler: JSON body -> schema -> service; every failure is a JSON error a buyer's page can show. */
export function jsonEndpoint<S extends z.ZodType>(
  schema: S,
  run: (input: z.infer<S>, request: Request) => Promise<unknown>,
  /** Runs first, before the call touches the database: throws to refuse it (e.g. "busy"). */
  admit: () => void = () => {},
) {
  return async function POST(request: Request): Promise<Response> {
    try {
      admit();
      await withinBudget(request);
      const text = await readTextCapped(request, MAX_BODY_BYTES);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return errorJson(new AppError("INVALID", "The request body must be JSON."));
      }
      assertSafeText(body);
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        return errorJson(new AppError("INVALID", parsed.error.issues[0]?.message ?? "The request is not valid."));
      }
      return resultJson(await run(parsed.data, request));
    } catch (error) {
      const appError = toAppError(error);
      if (appError) return errorJson(appError);
      const requestId = newRequestId();
      logger.error("checkout endpoint failed", {
        path: new URL(request.url).pathname,
        requestId,
        ...describeError(error),
      });
      return json(500, {
        error: { code: "INTERNAL", message: `Something went wrong. Please try again. (reference ${requestId})` },
      });
    }
  };
}
