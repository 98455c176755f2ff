import { getApiPayment } from "~/server/public-api/payments";
import { json, problem, withApiKey } from "~/server/public-api/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/payments/{id}: one of the key's store's payments, with its lines and refunds. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return withApiKey(request, { scope: "read" }, async (caller) => {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return problem(404, "not-found", "Not found.", "No payment has this id.");
    return json(await getApiPayment(caller.merchantId, id));
  });
}
