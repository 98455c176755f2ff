import { dateWindowOf } from "~/app/dashboard/payments/list-params";
import { toDecimalString } from "~/lib/money";
import { textParam } from "~/lib/search-params";
import { listCustomersSchema } from "~/schemas/payments";
import { customerExportBatches, type CustomerListRow } from "~/server/payments/customers";
import { csvResponse, exportRequest, plainResponse } from "../csv-export";

export const dynamic = "force-dynamic";

const header = [
  "Email",
  "Name",
  "Currency",
  "Orders",
  "Lifetime value",
  "Refunded",
  "First payment",
  "Last payment",
] as const;

function line(row: CustomerListRow) {
  return [
    row.email,
    row.name,
    row.currency,
    row.payments,
    toDecimalString(row.spentMinor, row.currency),
    toDecimalString(row.refundedMinor, row.currency),
    row.firstPaymentAt.toISOString(),
    row.lastPaymentAt.toISOString(),
  ];
}

/**
 * GET /api/exports/customers?q=&range=&from=&to= : the Customers page's filtered list as CSV, one row per buyer
 * and currency, by e-mail. Lifetime value is net of refunds. Only the signed-in merchant's buyers, ever.
 */
export async function GET(request: Request) {
  const input = await exportRequest(request);
  if (input instanceof Response) return input;
  const { merchantId, timeZone, params } = input;
  const parsed = listCustomersSchema.safeParse({
    q: textParam(params.q),
    ...(await dateWindowOf(params, timeZone)),
  });
  if (!parsed.success) return plainResponse(400, parsed.error.issues[0]?.message ?? "Please correct the filters.");
  const { q, from, to } = parsed.data;
  return csvResponse("customers", header, customerExportBatches(merchantId, { q, from, to }), line);
}
