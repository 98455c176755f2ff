import { httpStatusFor, toAppError } from "~/server/errors";
import { enqueue } from "~/server/jobs";
import { describeError, logger, newRequestId } from "~/server/logger";
import { readBodyCapped } from "~/server/request";
import { MAX_IPN_BYTES, storeWpsIpnMessage } from "~/server/services/wps-ipn";

export const dynamic = "force-dynamic";

/**
 * PayPal's IPN listener (the form's notify_url). The message is kept byte for byte (the post-back must repeat it
 * unchanged) and queued; PayPal gets its empty 200 at once, and the "wps.ipn" job verifies and records it.
 */
export async function POST(request: Request) {
  try {
    const body = await readBodyCapped(request, MAX_IPN_BYTES);
    if (body.length === 0) return new Response(null, { status: 400 });
    const messageId = await storeWpsIpnMessage(body, request.headers.get("content-type"));
    await enqueue("wps.ipn", { messageId }, { key: messageId });
    return new Response(null, { status: 200 });
  } catch (error) {
    // Too large (413) or holding text we refuse to store (400): PayPal never sends either.
    const appError = toAppError(error);
    if (appError) return new Response(null, { status: httpStatusFor(appError) });
    const requestId = newRequestId();
    logger.error("WPS IPN could not be queued", { requestId, ...describeError(error) });
    // Anything but 200 makes PayPal send the message again later.
    return new Response(null, { status: 500 });
  }
}
