import type { NextRequest } from "next/server";
import type { z } from "zod";
import { AppError, httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { assertSafeText, clientIp, isSameOrigin, readTextCapped } from "~/server/platform/request";
import { buyerCookie, portalEmail } from "~/server/portal/sessions";

// The customer portal's JSON endpoints, called by its own pages with the buyer's session cookie. The cookie is
// SameSite=Lax, so no other site's form acts with it; a request another site's script sends is refused by its
// Origin as well.

const MAX_BODY_BYTES = 4096;
export const SIGN_IN_AGAIN = "Your session has ended. Please sign in again.";

const json = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });
const errorJson = (error: AppError) =>
  json(httpStatusFor(error), { error: { code: error.code, message: error.userMessage } });

/** The signed-in buyer's e-mail, or null. */
export const buyerOf = (request: NextRequest) => portalEmail(request.cookies.get(buyerCookie())?.value);

/** POST handler: same origin, a live buyer session, JSON body -> schema -> action; errors are plain sentences. */
export function portalEndpoint<S extends z.ZodType, P>(
  schema: S,
  run: (input: z.infer<S>, email: string, params: P) => Promise<unknown>,
) {
  return async function POST(request: NextRequest, context: { params: Promise<P> }): Promise<Response> {
    try {
      if (!isSameOrigin(request)) throw new AppError("FORBIDDEN", "This request did not come from this site.");
      const email = await buyerOf(request);
      if (!email) throw new AppError("UNAUTHORIZED", SIGN_IN_AGAIN);
      await consumeRateLimit("publicApiByIp", clientIp(request.headers));
      const text = await readTextCapped(request, MAX_BODY_BYTES);
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        throw new AppError("INVALID", "The request body must be JSON.");
      }
      assertSafeText(body);
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        throw new AppError("INVALID", parsed.error.issues[0]?.message ?? "The request is not valid.");
      return json(200, (await run(parsed.data, email, await context.params)) ?? {});
    } catch (error) {
      const appError = toAppError(error);
      if (appError) return errorJson(appError);
      const requestId = newRequestId();
      logger.error("portal endpoint failed", {
        path: new URL(request.url).pathname,
        requestId,
        ...describeError(error),
      });
      return json(500, { error: { message: `Something went wrong. Please try again. (reference ${requestId})` } });
    }
  };
}
