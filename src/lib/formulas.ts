import { settledStatuses } from "~/lib/ledger";
import type { Currency } from "~/lib/money";

/** Completed transactions as a rounded percentage of all transactions; 0 when there are none. */
export function successRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
}

/**
 * Revenue is the sum of completed amounts, kept per currency because amounts in different currencies
 * cannot be added without an exchange rate. Takes rows or per-status aggregates alike; output is sorted by
 * currency so it is stable.
 */
/**
 * Revenue is captured minus refunded: settled payments (completed, partially refunded, refunded) add
 * what PayPal captured, and refunds come as rows of status "refunded" with negative amounts.
 */
const isSettled = (status: string) => (settledStatuses as readonly string[]).includes(status);

/** How many payments succeeded: settled ones, a later refund notwithstanding (refund rows count 0). */
export function settledCount(rows: readonly { status: string; count: number }[]): number {
  return rows.filter((row) => isSettled(row.status)).reduce((sum, row) => sum + row.count, 0);
}

export function revenueByCurrency(
  rows: readonly { status: string; currency: Currency; amountMinor: number }[],
): { currency: Currency; amountMinor: number }[] {
  const totals = new Map<Currency, number>();
  for (const row of rows) {
    if (!isSettled(row.status)) continue;
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amountMinor);
  }
  return [...totals]
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Change from `previous` to `current` in percent, or null when there is no previous figure to compare with. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** "+12.5% vs previous period", "-3.0% vs previous period", or "—" when there is nothing to compare. */
export function formatPercentChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return "—";
  const rounded = Math.round(change * 10) / 10;
  // -0.04 rounds to -0 and would print "-0.0%".
  const value = rounded === 0 ? 0 : rounded;
  return `${value > 0 ? "+" : ""}${value.toFixed(1)}% vs previous period`;
}

/** A change between two rates in percentage points: "+0.5 pts vs previous period", or "—". */
export function formatPointChange(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return "—";
  const rounded = Math.round(change * 10) / 10;
  const value = rounded === 0 ? 0 : rounded;
  return `${value > 0 ? "+" : ""}${value.toFixed(1)} pts vs previous period`;
}

/** Completed payments per checkout started, in percent to one decimal; null when no checkout started. */
export function conversionRate(completed: number, started: number): number | null {
  if (started <= 0) return null;
  return Math.round((completed / started) * 1000) / 10;
}

/**
 * The discount relative to the original price, rounded; null when the original is not above the price
 * (the badge is then not shown).
 */
export function discountPercent(originalMinor: number, priceMinor: number): number | null {
  if (!(originalMinor > priceMinor) || originalMinor <= 0) return null;
  return Math.round(((originalMinor - priceMinor) / originalMinor) * 100);
}
