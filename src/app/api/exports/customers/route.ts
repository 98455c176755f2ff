import { dateWindowOf } from "~/app/dashboard/payments/list-params";
import { toDecimalString } from "~/lib/money";
import { textParam } from "~/lib/search-params";
import { listCustomersSchema } from "~/schemas/merchant-payments";
import { customerExportBatches, type CustomerListRow } from "~/server/services/customers";
import { csvResponse, exportingMerchant, plainResponse, searchParamsOf } from "../csv-export";

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
  const merchant = await exportingMerchant();
  if (!merchant) return plainResponse(401, "User not authenticated");
  const params = searchParamsOf(request);
  const parsed = listCustomersSchema.safeParse({
    q: textParam(params.q),
    ...(await dateWindowOf(params, merchant.timeZone)),
  });
  if (!parsed.success) return plainResponse(400, parsed.error.issues[0]?.message ?? "Please correct the filters.");
  const { q, from, to } = parsed.data;
  return csvResponse("customers", header, customerExportBatches(merchant.merchantId, { q, from, to }), line);
}
