import type { ReactNode } from "react";
import { Money } from "~/components/ui/money";
import type { Currency } from "~/lib/money";

/** An amount in a list cell, with what was refunded of it underneath (and any other note, e.g. a discount). */
export function AmountAfterRefunds({
  amountMinor,
  refundedMinor,
  currency,
  children,
}: {
  amountMinor: number;
  refundedMinor: number;
  currency: Currency;
  children?: ReactNode;
}) {
  return (
    <span className="inline-flex flex-col items-end">
      <Money amountMinor={amountMinor} currency={currency} className="font-medium" />
      {refundedMinor > 0 && (
        <span className="text-xs text-gray-600">
          −<Money amountMinor={refundedMinor} currency={currency} /> refunded
        </span>
      )}
      {children}
    </span>
  );
}
