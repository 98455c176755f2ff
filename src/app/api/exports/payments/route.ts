import { dateWindowOf, paymentFiltersOf } from "~/app/dashboard/payments/list-params";
import { toDecimalString } from "~/lib/money";
import { sellingToolLabels } from "~/lib/selling-tools";
import { listPaymentsSchema } from "~/schemas/payments";
import { paymentExportBatches, type PaymentListRow } from "~/server/payments/payments";
import { csvResponse, exportRequest, plainResponse } from "../csv-export";

export const dynamic = "force-dynamic";

const header = [
  "Date",
  "Transaction ID",
  "PayPal order ID",
  "PayPal subscription ID",
  "Status",
  "Item",
  "Buyer name",
  "Buyer email",
  "PayPal payer ID",
  "Currency",
  "Amount",
  "Refunded",
  "Net",
  "PayPal fee",
  "Source",
  "Popkit payment ID",
  // Appended so spreadsheets built on the earlier columns keep working.
  "Discount code",
  "Discount",
  "Selling tool",
  "Ship to",
  "Shipping",
  "Tax",
  "VAT country",
  "Buyer VAT number",
] as const;

function line(row: PaymentListRow) {
  const money = (amountMinor: number | null) =>
    amountMinor === null ? null : toDecimalString(amountMinor, row.currency);
  return [
    row.createdAt.toISOString(),
    row.paypalId,
    row.paypalOrderId,
    row.paypalSubscriptionId,
    row.status,
    row.item,
    row.payerName,
    row.payerEmail,
    row.payerId,
    row.currency,
    money(row.amountMinor),
    money(row.refundedMinor),
    money(row.amountMinor - row.refundedMinor),
    money(row.feeMinor),
    row.source === "wps" ? "WPS button" : "Smart button",
    row.id,
    row.discountCodeText,
    row.discountCodeText ? money(row.discountMinor) : null,
    row.sellingTool ? sellingToolLabels[row.sellingTool] : null,
    row.shipTo ? [row.shipTo.name, ...row.shipTo.lines].filter(Boolean).join(", ") : null,
    row.shippingMinor > 0 ? money(row.shippingMinor) : null,
    row.taxMinor > 0 ? money(row.taxMinor) : null,
    row.taxCountry,
    row.buyerVatId,
  ];
}

/**
 * GET /api/exports/payments?q=&status=&range=&from=&to= : the Payments page's filtered list as CSV, newest first,
 * with amounts as decimals beside their currency. Only the signed-in merchant's payments, ever.
 */
export async function GET(request: Request) {
  const input = await exportRequest(request);
  if (input instanceof Response) return input;
  const { merchantId, timeZone, params } = input;
  const parsed = listPaymentsSchema.safeParse({
    ...paymentFiltersOf(params),
    ...(await dateWindowOf(params, timeZone)),
  });
  if (!parsed.success) return plainResponse(400, parsed.error.issues[0]?.message ?? "Please correct the filters.");
  const { q, status, from, to } = parsed.data;
  return csvResponse("payments", header, paymentExportBatches(merchantId, { q, status, from, to }), line);
}
