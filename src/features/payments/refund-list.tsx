import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import type { Currency } from "~/lib/money";

type RefundRow = {
  id: string;
  paypalRefundId: string;
  kind: "refund" | "reversal";
  source: "dashboard" | "paypal";
  amountMinor: number;
  currency: Currency;
  paypalStatus: string;
  reason: string | null;
  createdAt: Date;
};

/**
 * Who moved the money back: the seller here, the seller in PayPal, or PayPal itself (a dispute, a chargeback). A
 * reversal of negative amount is PayPal giving it back (a case the seller won, a cancelled reversal).
 */
function whoOf(refund: RefundRow) {
  if (refund.kind === "reversal") return refund.amountMinor < 0 ? "PayPal (returned to you)" : "PayPal (reversal)";
  return refund.source === "dashboard" ? "Dashboard" : "PayPal";
}

/** A payment's refunds and reversals, oldest first: amount, date, who, reason and PayPal's refund id. */
export function RefundList({ refunds }: { refunds: RefundRow[] }) {
  if (refunds.length === 0) return <p className="py-4 text-sm text-gray-600">No refunds.</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {refunds.map((refund) => {
        const status = refund.paypalStatus.toUpperCase();
        return (
          <li key={refund.id} className="space-y-1 py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2">
                <Money amountMinor={Math.abs(refund.amountMinor)} currency={refund.currency} className="font-medium" />
                <Badge tone={refund.kind !== "reversal" ? "gray" : refund.amountMinor < 0 ? "green" : "red"}>
                  {whoOf(refund)}
                </Badge>
                {status !== "COMPLETED" && (
                  <Badge tone={status === "PENDING" ? "yellow" : "red"}>
                    {status.charAt(0) + status.slice(1).toLowerCase()}
                  </Badge>
                )}
              </span>
              <span className="text-xs text-gray-600">
                <DateTime value={refund.createdAt} />
              </span>
            </div>
            <p className="text-gray-700">{refund.reason ?? <span className="text-gray-600">No reason given</span>}</p>
            <p className="text-xs text-gray-600">
              PayPal refund ID <span className="font-mono break-all text-gray-900">{refund.paypalRefundId}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
