import { formatMoney, type Currency } from "~/lib/money";

type IntervalUnit = "DAY" | "WEEK" | "MONTH" | "YEAR";

const units: Record<IntervalUnit, string> = { DAY: "day", WEEK: "week", MONTH: "month", YEAR: "year" };

/** A plan's price and cycle as sellers say it: "$10.00 / month", "$25.00 every 3 months". */
export function planLabel(plan: {
  amountMinor: number;
  currency: Currency;
  intervalUnit: IntervalUnit;
  intervalCount: number;
}): string {
  const price = formatMoney(plan.amountMinor, plan.currency);
  const unit = units[plan.intervalUnit];
  return plan.intervalCount <= 1 ? `${price} / ${unit}` : `${price} every ${plan.intervalCount} ${unit}s`;
}

/** How a subscriber is named in lists and dialogs: the name PayPal gave, else the e-mail. */
export function subscriberName(row: { payerName: string | null; payerEmail: string | null }): string {
  return row.payerName ?? row.payerEmail ?? "Unknown buyer";
}
