import { Prisma } from "~/generated/prisma/client";
import type { Currency } from "~/lib/money";
import { placeOf } from "~/lib/places";
import { db } from "~/server/platform/db";
import { utcTimestamp } from "~/server/payments/payments";

// The Tax report: what a store sold and charged in tax, by month (in the store's time zone) and by where the buyer
// is (country, and state or province where zones name them; a digital order's EU VAT country; reverse-charge sales
// to EU businesses apart), per currency, with refunds deducted. The sales tax
// return (a US state's, the EU OSS return) is filed from these totals.

export type TaxReportRow = {
  month: string;
  country: string;
  region: string;
  /** EU businesses with a VAT number: no VAT charged, the buyer accounts for it (kept out of the OSS return). */
  reverseCharge: boolean;
  currency: Currency;
  payments: number;
  /** Items after discounts, before tax (tax inside prices that included it is taken out). */
  netMinor: number;
  shippingMinor: number;
  taxMinor: number;
  grossMinor: number;
  refundedMinor: number;
  /** The tax of what was refunded, in proportion: what is left to declare is taxMinor less this. */
  refundedTaxMinor: number;
};

type Grouped = {
  month: string;
  country: string;
  region: string | null;
  reverseCharge: boolean;
  currency: Currency;
  payments: bigint;
  gross: bigint;
  shipping: bigint;
  addedTax: bigint;
  includedTax: bigint;
  refunded: bigint;
  refundedTax: bigint;
};

/** Payments that were paid (whatever was refunded since) and went to an address, or were taxed by EU VAT. */
export async function taxReport(
  merchantId: string,
  { from, to, timeZone }: { from?: Date; to?: Date; timeZone: string },
): Promise<TaxReportRow[]> {
  const window = [
    from ? Prisma.sql`AND t.created_at >= ${utcTimestamp(from)}` : Prisma.empty,
    to ? Prisma.sql`AND t.created_at < ${utcTimestamp(to)}` : Prisma.empty,
  ];
  const rows = await db.$queryRaw<Grouped[]>`
    SELECT to_char((t.created_at AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone}, 'YYYY-MM') AS month,
           coalesce(t.shipping_country, t.tax_country) AS country, t.shipping_region AS region,
           t.buyer_vat_id IS NOT NULL AS "reverseCharge", t.currency::text AS currency,
           count(*) AS payments, sum(t.amount_minor) AS gross, sum(t.shipping_minor) AS shipping,
           sum(t.tax_minor) AS "addedTax",
           sum((SELECT coalesce(sum(l.tax_minor), 0) FROM payment_lines l
                 WHERE l.transaction_id = t.id AND l.tax_included)) AS "includedTax",
           sum(t.refunded_minor) AS refunded,
           sum(round((t.tax_minor + (SELECT coalesce(sum(l.tax_minor), 0) FROM payment_lines l
                                      WHERE l.transaction_id = t.id AND l.tax_included))::numeric
                     * t.refunded_minor / greatest(t.amount_minor, 1))) AS "refundedTax"
      FROM transactions t
     WHERE t.merchant_id = ${merchantId}
       AND t.status IN ('completed', 'partially_refunded', 'refunded')
       AND (t.shipping_country IS NOT NULL OR t.tax_country IS NOT NULL)
       ${window[0]} ${window[1]}
     GROUP BY 1, 2, 3, 4, 5
     ORDER BY 1, 2, 3, 4, 5`;
  // Regions as PayPal wrote them ("CA", "California") are one state; elsewhere the country is the place.
  const merged = new Map<string, TaxReportRow>();
  for (const row of rows) {
    const place = placeOf({ countryCode: row.country, region: row.region });
    const region = place.region?.split("-")[1] ?? "";
    const key = [row.month, place.country, region, row.reverseCharge, row.currency].join("|");
    const sum = merged.get(key) ?? {
      month: row.month,
      country: place.country,
      region,
      reverseCharge: row.reverseCharge,
      currency: row.currency,
      payments: 0,
      netMinor: 0,
      shippingMinor: 0,
      taxMinor: 0,
      grossMinor: 0,
      refundedMinor: 0,
      refundedTaxMinor: 0,
    };
    const tax = Number(row.addedTax) + Number(row.includedTax);
    sum.payments += Number(row.payments);
    sum.grossMinor += Number(row.gross);
    sum.shippingMinor += Number(row.shipping);
    sum.taxMinor += tax;
    sum.netMinor += Number(row.gross) - Number(row.shipping) - tax;
    sum.refundedMinor += Number(row.refunded);
    sum.refundedTaxMinor += Number(row.refundedTax);
    merged.set(key, sum);
  }
  const order = (row: TaxReportRow) => [row.month, row.country, row.region, row.reverseCharge, row.currency].join("|");
  return [...merged.values()].sort((a, b) => order(a).localeCompare(order(b)));
}
