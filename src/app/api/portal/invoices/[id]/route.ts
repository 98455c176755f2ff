import type { NextRequest } from "next/server";
import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { refuseUnsafeText } from "~/server/platform/request";
import { invoicePdf } from "~/server/invoices/invoices";
import { buyerOf, SIGN_IN_AGAIN } from "../../_lib/portal-endpoint";

export const dynamic = "force-dynamic";

/** An invoice's PDF, for the signed-in buyer whose payment it is. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const refused = refuseUnsafeText(id);
  if (refused) return refused;
  const email = await buyerOf(request);
  if (!email) return new Response(SIGN_IN_AGAIN, { status: 401 });
  try {
    const { fileName, pdf } = await invoicePdf({ buyerEmail: email }, id);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="${fileName}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    const appError = toAppError(error);
    if (appError) return new Response(appError.userMessage, { status: httpStatusFor(appError) });
    logger.error("invoice download failed", describeError(error));
    return new Response("Something went wrong. Please try again.", { status: 500 });
  }
}
