import { apiListPaymentsQuery } from "~/schemas/public-api";
import { listApiPayments } from "~/server/public-api/payments";
import { json, readQuery, withApiKey } from "~/server/public-api/http";

export const dynamic = "force-dynamic";

/** GET /api/v1/payments: the key's store's payments, newest first, by cursor (limit, starting_after) and filters. */
export async function GET(request: Request) {
  return withApiKey(
    request,
    { scope: "read", allowedQuery: Object.keys(apiListPaymentsQuery.shape) },
    (caller, query) =>
      listApiPayments(caller.merchantId, readQuery(apiListPaymentsQuery, query)).then((list) => json(list)),
  );
}
