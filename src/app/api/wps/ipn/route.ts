import { enqueue } from "~/server/jobs";
import { describeError, logger, newRequestId } from "~/server/logger";
import { MAX_IPN_BYTES, storeWpsIpnMessage } from "~/server/services/wps-ipn";

export const dynamic = "force-dynamic";

/** The body's bytes, or null past `limit` (read no further than that, whatever Content-Length claims). */
async function readBounded(request: Request, limit: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * PayPal's IPN listener (the form's notify_url). The message is kept byte for byte (the post-back must repeat it
 * unchanged) and queued; PayPal gets its empty 200 at once, and the "wps.ipn" job verifies and records it.
 */
export async function POST(request: Request) {
  const body = await readBounded(request, MAX_IPN_BYTES);
  if (body === null) return new Response(null, { status: 413 });
  if (body.length === 0) return new Response(null, { status: 400 });
  try {
    const messageId = await storeWpsIpnMessage(body, request.headers.get("content-type"));
    await enqueue("wps.ipn", { messageId }, { key: messageId });
    return new Response(null, { status: 200 });
  } catch (error) {
    const requestId = newRequestId();
    logger.error("WPS IPN could not be queued", { requestId, ...describeError(error) });
    // Anything but 200 makes PayPal send the message again later.
    return new Response(null, { status: 500 });
  }
}
