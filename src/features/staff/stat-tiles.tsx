import { DollarSign, type LucideIcon } from "lucide-react";
import { StatTile } from "~/components/ui/stat-tile";
import { formatRevenue } from "~/features/staff/format";
import type { Currency } from "~/lib/money";

/** A staff overview's count, e.g. the platform's merchants or one merchant's transactions. */
export function CountTile({
  label,
  count,
  icon: Icon,
  hint,
}: {
  label: string;
  count: number;
  icon: LucideIcon;
  hint?: string;
}) {
  return (
    <StatTile label={label} value={count.toLocaleString("en-US")} hint={hint} icon={<Icon className="size-5" />} />
  );
}

/** Completed payments' revenue, one figure per currency (never added across currencies). */
export function RevenueTile({
  label,
  revenueByCurrency,
  className,
}: {
  label: string;
  revenueByCurrency: readonly { currency: Currency; amountMinor: number }[];
  className?: string;
}) {
  return (
    <StatTile
      label={label}
      value={formatRevenue(revenueByCurrency)}
      hint="Completed payments, per currency"
      icon={<DollarSign className="size-5" />}
      className={className}
    />
  );
}
