import { formatMoney, type Currency } from "~/lib/money";

/** Revenue per currency as "$10.00 · €5.00"; amounts in different currencies are never added together. */
export function formatRevenue(rows: readonly { currency: Currency; amountMinor: number }[]): string {
  if (rows.length === 0) return formatMoney(0, "USD");
  return rows.map((row) => formatMoney(row.amountMinor, row.currency)).join(" · ");
}
