import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { enqueue } from "~/server/jobs";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { clientIp, readBodyCapped } from "~/server/platform/request";
import { MAX_IPN_BYTES, storeWpsIpnMessage } from "~/server/wps/ipn";

export const dynamic = "force-dynamic";

/**
 * PayPal's IPN listener (the form's notify_url). The message is kept byte for byte (the post-back must repeat it
 * unchanged) and queued; PayPal gets its empty 200 at once, and the "wps.ipn" job verifies and records it.
 * A message stored before (PayPal resending it) is answered 200 and not stored again; a new one over the limits
 * per address or in all is answered 429, and one whose id a message not verified yet holds 409: either is stored
 * nowhere, and PayPal sends it again later.
 */
export async function POST(request: Request) {
  try {
    const body = await readBodyCapped(request, MAX_IPN_BYTES);
    if (body.length === 0) return new Response(null, { status: 400 });
    const message = await storeWpsIpnMessage(body, request.headers.get("content-type"), {
      ip: clientIp(request.headers),
    });
    // Queued again while unfinished: a no-op while its job exists (the key), and the repair when a store was
    // answered 500 because the queue failed.
    if (!message.isFinished) await enqueue("wps.ipn", { messageId: message.id }, { key: message.id });
    return new Response(null, { status: 200 });
  } catch (error) {
    // Too large (413), holding text we refuse to store (400): PayPal never sends either. Over the limits (429), or
    // its id held by a message not verified yet (409): PayPal sends it again later.
    const appError = toAppError(error);
    if (appError) return new Response(null, { status: httpStatusFor(appError) });
    const requestId = newRequestId();
    logger.error("WPS IPN could not be queued", { requestId, ...describeError(error) });
    // Anything but 200 makes PayPal send the message again later.
    return new Response(null, { status: 500 });
  }
}
