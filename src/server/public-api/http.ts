import type { z } from "zod";
import { env } from "~/env";
import type { ApiKeyScope } from "~/generated/prisma/enums";
import { findLiveApiKey } from "~/server/api-keys/keys";
import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { consumeBudget, isRateLimitSpent } from "~/server/platform/rate-limit";
import { clientIp, refuseUnsafeText } from "~/server/platform/request";

// The public REST API's edge (/api/v1): a store's API key as a Bearer token, its scope and rate limit
// (RateLimit-* headers, 429 with Retry-After), and every refusal as RFC 9457 problem+json with a stable `type` per
// error: never a stack, a query or an internal path. Each endpoint then calls the dashboard's own service function.

export interface ApiCaller {
  merchantId: string;
  keyId: string;
  scope: ApiKeyScope;
}

/** A stable problem type per error: a URI under the API's own reference page. */
const problemType = (slug: string) => `${env.APP_URL.replace(/\/+$/, "")}/docs/api#problem-${slug}`;

export function problem(
  status: number,
  slug: string,
  title: string,
  detail?: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return new Response(JSON.stringify({ type: problemType(slug), title, status, ...(detail && { detail }), ...extra }), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...headers },
  });
}

const SLUG_OF_STATUS: Record<number, [slug: string, title: string]> = {
  400: ["invalid-request", "The request is not valid."],
  401: ["unauthorized", "A valid API key is required."],
  403: ["forbidden", "This API key may not do that."],
  404: ["not-found", "Not found."],
  409: ["conflict", "The request conflicts with the current state."],
  413: ["too-large", "The request body is too large."],
  429: ["rate-limited", "Too many requests."],
  502: ["upstream", "PayPal could not be reached."],
};

/** A request the endpoint refuses with this problem (thrown from inside an endpoint, answered by withApiKey). */
export class Refusal extends Error {
  constructor(readonly response: Response) {
    super("refused");
  }
}

/**
 * The query parameters as `schema` reads them; a parameter given twice, or a value the schema refuses, is a 400
 * problem naming each parameter with its message.
 */
export function readQuery<S extends z.ZodType>(schema: S, query: URLSearchParams): z.output<S> {
  const repeated = [...new Set([...query.keys()].filter((key) => query.getAll(key).length > 1))];
  const parsed = schema.safeParse(Object.fromEntries(query));
  const errors = [
    ...repeated.map((parameter) => ({ parameter, message: "Give this parameter once." })),
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ parameter: issue.path.join("."), message: issue.message }))),
  ];
  if (errors.length > 0) {
    throw new Refusal(problem(400, "invalid-request", "The request is not valid.", errors[0]!.message, { errors }));
  }
  return parsed.data as z.output<S>;
}

/** JSON with the API's headers. */
export function json(body: unknown, headers: Record<string, string> = {}, status = 200) {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/**
 * Runs an endpoint for the key in `Authorization: Bearer`, with at least `scope`. Query parameters other than
 * `allowedQuery` are refused (400), an unknown or revoked key is 401 (30 misses an hour per address, then 429), a
 * read key writing is 403, and every answer carries the key's RateLimit-* headers.
 */
export async function withApiKey(
  request: Request,
  options: { scope: ApiKeyScope; allowedQuery?: readonly string[] },
  run: (caller: ApiCaller, query: URLSearchParams) => Promise<Response>,
): Promise<Response> {
  try {
    const url = new URL(request.url);
    const refused = refuseUnsafeText([...url.searchParams]);
    if (refused)
      return problem(
        400,
        "invalid-request",
        "The request is not valid.",
        "Text contains characters that are not allowed.",
      );
    const unknown = [...url.searchParams.keys()].filter((key) => !(options.allowedQuery ?? []).includes(key));
    if (unknown.length > 0) {
      return problem(
        400,
        "unknown-parameter",
        "Unknown query parameter.",
        `Not a parameter of this endpoint: ${unknown.join(", ")}.`,
      );
    }
    const ip = clientIp(request.headers);
    if (await isRateLimitSpent("restApiMissesByIp", ip)) {
      return problem(
        429,
        "rate-limited",
        "Too many requests.",
        "Too many unknown API keys from this address; try again later.",
        {},
        { "retry-after": "3600" },
      );
    }
    const header = request.headers.get("authorization") ?? "";
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? "";
    const key = token ? await findLiveApiKey(token) : null;
    if (!key) {
      await consumeBudget("restApiMissesByIp", ip);
      return problem(
        401,
        "unauthorized",
        "A valid API key is required.",
        "Send a live key as Authorization: Bearer pk_....",
        {},
        { "www-authenticate": "Bearer" },
      );
    }
    const budget = await consumeBudget("restApiByKey", key.id);
    const limitHeaders = {
      "ratelimit-limit": String(budget.limit),
      "ratelimit-remaining": String(budget.remaining),
      "ratelimit-reset": String(budget.resetSeconds),
    };
    if (!budget.allowed) {
      return problem(
        429,
        "rate-limited",
        "Too many requests.",
        "This key's rate limit is spent.",
        {},
        { ...limitHeaders, "retry-after": String(budget.resetSeconds) },
      );
    }
    if (options.scope === "write" && key.scope !== "write") {
      return problem(
        403,
        "forbidden",
        "This API key may not do that.",
        "This key may only read; make a read and write key in Store Settings.",
        {},
        limitHeaders,
      );
    }
    let response: Response;
    try {
      response = await run({ merchantId: key.merchantId, keyId: key.id, scope: key.scope }, url.searchParams);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      response = error.response;
    }
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    return response;
  } catch (error) {
    const appError = toAppError(error);
    if (appError) {
      const status = httpStatusFor(appError);
      const [slug, title] = SLUG_OF_STATUS[status] ?? ["error", "The request failed."];
      return problem(status, slug, title, appError.userMessage);
    }
    const requestId = newRequestId();
    logger.error("public API request failed", {
      requestId,
      path: new URL(request.url).pathname,
      ...describeError(error),
    });
    return problem(500, "internal", "Something went wrong on our side.", `Reference ${requestId}.`, {
      request_id: requestId,
    });
  }
}
