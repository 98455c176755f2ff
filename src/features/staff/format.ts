import { formatMoney, type Currency } from "~/lib/money";

// Staff pages print times in UTC: the transaction date filters are UTC days, and server and browser render the
// same text (no hydration mismatch between the server's and the viewer's time zones).

export function formatDateTime(date: Date): string {
  return `${date.toLocaleString("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" })} UTC`;
}

export function formatDate(date: Date): string {
  return date.toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "medium" });
}

/** Revenue per currency as "$10.00 · €5.00"; amounts in different currencies are never added together. */
export function formatRevenue(rows: readonly { currency: Currency; amountMinor: number }[]): string {
  if (rows.length === 0) return formatMoney(0, "USD");
  return rows.map((row) => formatMoney(row.amountMinor, row.currency)).join(" · ");
}
