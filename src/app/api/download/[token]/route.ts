import { escapeHtml } from "~/lib/html";
import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { clientAddress, clientIp, refuseUnsafeText } from "~/server/platform/request";
import { startDownload } from "~/server/library/downloads";

export const dynamic = "force-dynamic";

// Never cached, never indexed, and the token-bearing address is not passed on to the storage host.
const privateHeaders = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-robots-tag": "noindex",
};

/** A small page for a refused download: browsers land here by following the link. */
function refusal(status: number, message: string) {
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>Download unavailable</title></head><body style="font-family:system-ui,sans-serif;text-align:center;` +
    `padding:4rem 1rem"><h1>Download unavailable</h1><p>${message}</p><p><a href="/">Return to Home</a></p></body></html>`;
  return new Response(html, { status, headers: { ...privateHeaders, "content-type": "text/html; charset=utf-8" } });
}

/**
 * The only way to the purchased file. Checks the grant (not revoked, not expired, purchase still
 * completed, downloads left), counts the download and redirects to a short-lived signed storage address.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const refused = refuseUnsafeText(token);
  if (refused) return refused;
  try {
    await consumeRateLimit("publicApiByIp", clientIp(request.headers));
    const { url } = await startDownload(token, {
      ip: clientAddress(request.headers),
      userAgent: request.headers.get("user-agent"),
    });
    return new Response(null, { status: 302, headers: { ...privateHeaders, location: url } });
  } catch (error) {
    const appError = toAppError(error);
    if (appError) return refusal(httpStatusFor(appError), escapeHtml(appError.userMessage));
    const requestId = newRequestId();
    logger.error("download failed", { requestId, ...describeError(error) });
    return refusal(500, `The download could not start (reference ${requestId}). Please try again.`);
  }
}
