import { invoicePdf } from "~/server/invoices/invoices";
import { httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { refuseUnsafeText } from "~/server/platform/request";
import { exportRequest, plainResponse } from "../../csv-export";

export const dynamic = "force-dynamic";

/**
 * GET /api/exports/invoices/{id}: one invoice version's PDF, for the signed-in merchant whose store was paid.
 * Another store's invoice is 404, like one that does not exist.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const refused = refuseUnsafeText(id);
  if (refused) return refused;
  const input = await exportRequest(request);
  if (input instanceof Response) return input;
  try {
    const { fileName, pdf } = await invoicePdf({ merchantId: input.merchantId }, id);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        // The number's prefix is the seller's own text: only plain file-name characters reach the header.
        "content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
        "cache-control": "private, no-store",
      },
    });
  } catch (error) {
    const appError = toAppError(error);
    if (appError) return plainResponse(httpStatusFor(appError), appError.userMessage);
    const requestId = newRequestId();
    logger.error("invoice PDF failed", { requestId, ...describeError(error) });
    return plainResponse(500, `The invoice could not be made (reference ${requestId}). Please try again.`);
  }
}
