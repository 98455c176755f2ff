import { dateWindowOf } from "~/app/dashboard/payments/list-params";
import { toDecimalString } from "~/lib/money";
import { taxReport, type TaxReportRow } from "~/server/payments/tax-report";
import { csvResponse, exportRequest } from "../csv-export";

export const dynamic = "force-dynamic";

const header = [
  "Month",
  "Country",
  "State or province",
  "Reverse charge",
  "Currency",
  "Payments",
  "Net sales",
  "Shipping",
  "Tax",
  "Gross",
  "Refunded",
  "Tax refunded",
  "Tax after refunds",
] as const;

function line(row: TaxReportRow) {
  const money = (minor: number) => toDecimalString(minor, row.currency);
  return [
    row.month,
    row.country,
    row.region,
    row.reverseCharge ? "Yes" : "",
    row.currency,
    row.payments,
    money(row.netMinor),
    money(row.shippingMinor),
    money(row.taxMinor),
    money(row.grossMinor),
    money(row.refundedMinor),
    money(row.refundedTaxMinor),
    money(row.taxMinor - row.refundedTaxMinor),
  ];
}

async function* once(rows: Promise<TaxReportRow[]>) {
  yield await rows;
}

/**
 * GET /api/exports/tax-report?range=&from=&to= : the Tax report as CSV, by month (the store's time zone), place and
 * currency, for filing (a US state's sales tax return, the EU OSS return). Only the signed-in merchant's payments.
 */
export async function GET(request: Request) {
  const input = await exportRequest(request);
  if (input instanceof Response) return input;
  const { merchantId, timeZone, params } = input;
  const window = await dateWindowOf(params, timeZone);
  return csvResponse("tax-report", header, once(taxReport(merchantId, { ...window, timeZone })), line);
}
