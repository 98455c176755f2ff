import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { readTextCapped } from "~/server/platform/request";
import { handlePayPalWebhook } from "~/server/payments/paypal-webhooks";

export const dynamic = "force-dynamic";

/** PayPal's events are a few kB; the cap only has to keep a stranger from making us buffer megabytes. */
const MAX_BODY_BYTES = 256 * 1024;

/** PayPal's signature covers the exact bytes it sent, so the body is read raw and never re-serialised first. */
export async function POST(request: Request) {
  try {
    const { status, body } = await handlePayPalWebhook(await readTextCapped(request, MAX_BODY_BYTES), request.headers);
    return Response.json(body, { status });
  } catch (error) {
    const appError = toAppError(error);
    if (appError) return Response.json({ error: appError.userMessage }, { status: httpStatusFor(appError) });
    const requestId = newRequestId();
    logger.error("PayPal webhook failed", { requestId, ...describeError(error) });
    // A 5xx makes PayPal deliver the event again later.
    return Response.json({ error: "Could not process the event.", requestId }, { status: 500 });
  }
}
