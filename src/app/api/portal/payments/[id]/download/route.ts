import type { NextRequest } from "next/server";
import { toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { consumeRateLimit } from "~/server/platform/rate-limit";
import { clientIp, refuseUnsafeText } from "~/server/platform/request";
import { libraryDownload } from "~/server/library/library";
import { isSameOrigin } from "~/server/platform/request";
import { buyerOf } from "../../../_lib/portal-endpoint";

export const dynamic = "force-dynamic";

/**
 * A purchase's Download button (a plain form POST, so link previews and prefetching never open a window): a
 * fresh grant within the library's limits, then on to /api/download/[grant], which counts the download and hands
 * the file over. A refusal goes back to the purchase's page, which says why.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const refused = refuseUnsafeText(id);
  if (refused) return refused;
  if (!isSameOrigin(request)) return new Response("This request did not come from this site.", { status: 403 });
  const seeOther = (location: string) =>
    new Response(null, {
      status: 303,
      headers: { location, "cache-control": "no-store", "referrer-policy": "no-referrer" },
    });
  const email = await buyerOf(request);
  const page = `/portal/payments/${encodeURIComponent(id)}`;
  if (!email) return seeOther(`/portal/sign-in?next=${encodeURIComponent(page)}`);
  try {
    await consumeRateLimit("publicApiByIp", clientIp(request.headers));
    // A purchase of several files (an order bump of another sell page) names which one.
    const form = await request.formData().catch(() => null);
    const fileId = form?.get("fileId");
    const { grantToken } = await libraryDownload(
      email,
      id,
      typeof fileId === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(fileId) ? fileId : null,
    );
    return seeOther(`/api/download/${grantToken}`);
  } catch (error) {
    if (!toAppError(error)) logger.error("portal download failed", describeError(error));
    return seeOther(`${page}?download=refused`);
  }
}
