import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { readTextCapped } from "~/server/platform/request";
import { answerOrderCallback } from "~/server/checkout/shipping";

export const dynamic = "force-dynamic";

/** A callback carries one purchase unit of a few items: a few kB at most. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * PayPal's order-update callback (the buyer picked an address or a shipping option in PayPal's window). PayPal
 * waits only a few seconds, then falls back to the order as created: this answer reads one row and prices in
 * memory. Any failure answers without prices, which is that same fallback; the capture still checks the amount.
 */
export async function POST(request: Request) {
  try {
    const text = await readTextCapped(request, MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return Response.json({ name: "INVALID_REQUEST", message: "Request is not well-formed." }, { status: 400 });
    }
    const token = new URL(request.url).searchParams.get("token");
    const answer = await answerOrderCallback(token, body);
    return Response.json(answer.body, { status: answer.status });
  } catch (error) {
    const appError = toAppError(error);
    if (appError)
      return Response.json({ name: appError.code, message: appError.userMessage }, { status: httpStatusFor(appError) });
    const requestId = newRequestId();
    logger.error("PayPal order-update callback failed", { requestId, ...describeError(error) });
    return Response.json({ name: "INTERNAL_SERVER_ERROR", requestId }, { status: 500 });
  }
}
