import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { clientIp, refuseUnsafeText } from "~/server/platform/request";
import { recordSellPageView } from "~/server/sell-pages/public-page";

export const dynamic = "force-dynamic";

/**
 * POST (a `navigator.sendBeacon` from /digital-sell/{id}): counts the buyer's view for the page's conversion rate.
 * Counted from the browser rather than at render, so crawlers and link previews that never run scripts stay out.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const refused = refuseUnsafeText(id);
  if (refused) return refused;
  try {
    const ip = clientIp(request.headers);
    await consumeRateLimit("publicApiByIp", ip);
    const counted = await recordSellPageView(id, { ip, userAgent: request.headers.get("user-agent") ?? "" });
    return new Response(null, { status: counted ? 204 : 404, headers: { "cache-control": "no-store" } });
  } catch (error) {
    const appError = toAppError(error);
    if (appError) return new Response(null, { status: httpStatusFor(appError) });
    // A lost view is not worth a buyer-visible error; the log keeps it.
    logger.error("sell page view not recorded", { id, ...describeError(error) });
    return new Response(null, { status: 500 });
  }
}
