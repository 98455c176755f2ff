import type { z } from "zod";
import { AppError, httpStatusFor, toAppError } from "~/server/errors";
import { describeError, logger, newRequestId } from "~/server/logger";
import { consumeRateLimit } from "~/server/rate-limit";
import { assertSafeText, clientIp, readTextCapped } from "~/server/request";

// The JSON endpoints the embed script calls from merchants' sites, thin wrappers over the checkout services.
// Any origin may call them: they use no cookies and trust nothing from the caller (prices and outcomes come
// from our database and PayPal), so CORS `*` exposes nothing.

const CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type",
  "access-control-max-age": "600",
};

/** Our inputs are a couple of ids; anything much larger is not a checkout call. */
const MAX_BODY_BYTES = 4096;

function json(status: number, body: unknown) {
  return Response.json(body, { status, headers: { ...CORS, "cache-control": "no-store" } });
}

function errorJson(error: AppError) {
  return json(httpStatusFor(error), {
    error: { code: error.code, message: error.userMessage, ...(error.issue && { issue: error.issue }) },
  });
}

export function preflight() {
  return new Response(null, { status: 204, headers: CORS });
}

/** POST handler: JSON body -> schema -> service; every failure is a JSON error a buyer's page can show. */
export function jsonEndpoint<S extends z.ZodType>(
  schema: S,
  run: (input: z.infer<S>, request: Request) => Promise<unknown>,
) {
  return async function POST(request: Request): Promise<Response> {
    try {
      await consumeRateLimit("publicApiByIp", clientIp(request.headers));
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
      return json(200, await run(parsed.data, request));
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
