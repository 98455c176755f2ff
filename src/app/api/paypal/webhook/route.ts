import { describeError, logger, newRequestId } from "~/server/logger";
import { handlePayPalWebhook } from "~/server/services/paypal-webhooks";

export const dynamic = "force-dynamic";

/** PayPal's signature covers the exact bytes it sent, so the body is read raw and never re-serialised first. */
export async function POST(request: Request) {
  try {
    const { status, body } = await handlePayPalWebhook(await request.text(), request.headers);
    return Response.json(body, { status });
  } catch (error) {
    const requestId = newRequestId();
    logger.error("PayPal webhook failed", { requestId, ...describeError(error) });
    // A 5xx makes PayPal deliver the event again later.
    return Response.json({ error: "Could not process the event.", requestId }, { status: 500 });
  }
}
