import { formatMoney, type Currency } from "~/lib/money";
import { cn } from "~/lib/cn";

/** An amount in its own currency, en-US style, with figures that line up in columns. */
export function Money({
  amountMinor,
  currency,
  className,
}: {
  amountMinor: number;
  currency: Currency;
  className?: string;
}) {
  return <span className={cn("tabular-nums", className)}>{formatMoney(amountMinor, currency)}</span>;
}
