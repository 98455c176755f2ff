import { AppError, httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { clientIp, readBodyCapped, refuseUnsafeText } from "~/server/platform/request";
import { libraryDownload } from "~/server/library/library";

export const dynamic = "force-dynamic";

/** The form holds one purchase id; a multipart one adds its boundaries. */
const MAX_BODY_BYTES = 4096;

/**
 * The library's Download button (a plain form POST, so link previews and prefetching never open a window): a
 * fresh grant for the purchase, then on to /api/download/[grant], which counts the download and hands the file
 * over. A refusal goes back to the library, which says why.
 */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const refused = refuseUnsafeText(token);
  if (refused) return refused;
  const back = (query: string) =>
    new Response(null, {
      status: 303,
      headers: { location: `/library/${encodeURIComponent(token)}?${query}`, "cache-control": "no-store" },
    });
  let form: FormData | null = null;
  try {
    // The capped bytes through the standard form parser (urlencoded or multipart, as the request says).
    const body = await readBodyCapped(request, MAX_BODY_BYTES);
    const contentType = request.headers.get("content-type") ?? "";
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (error instanceof AppError) return new Response(error.userMessage, { status: httpStatusFor(error) });
  }
  const purchase = form?.get("purchase");
  if (typeof purchase !== "string" || !/^[a-z0-9]{1,40}$/i.test(purchase)) return back("refused=unknown");
  try {
    await consumeRateLimit("publicApiByIp", clientIp(request.headers));
    const { grantToken } = await libraryDownload(token, purchase);
    return new Response(null, {
      status: 303,
      headers: {
        location: `/api/download/${grantToken}`,
        "cache-control": "no-store",
        "referrer-policy": "no-referrer",
      },
    });
  } catch (error) {
    if (!toAppError(error)) logger.error("library download failed", describeError(error));
    return back(`refused=${encodeURIComponent(purchase)}`);
  }
}
