import Link from "next/link";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { DisputeStatus } from "~/features/disputes/disputes-table";
import { disputeReasonLabels, disputeStageLabels, labelOf } from "~/schemas/disputes";
import type { RouterOutputs } from "~/trpc/react";

type PaymentDispute = RouterOutputs["merchant"]["payments"]["get"]["disputes"][number];

/** The cases against one payment, on its detail page. */
export function DisputeList({ disputes }: { disputes: PaymentDispute[] }) {
  return (
    <ul className="divide-y divide-gray-100">
      {disputes.map((dispute) => (
        <li key={dispute.id} className="space-y-1 px-5 py-3 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Link
              href={`/dashboard/disputes/${encodeURIComponent(dispute.id)}`}
              className="text-brand-700 focus-visible:outline-brand-600 rounded font-medium hover:underline focus-visible:outline-2"
            >
              {labelOf(disputeReasonLabels, dispute.reason)} · {labelOf(disputeStageLabels, dispute.stage)}
            </Link>
            <Money amountMinor={dispute.amountMinor} currency={dispute.currency} />
          </div>
          <DisputeStatus status={dispute.status} outcome={dispute.outcome} />
          <p className="text-xs text-gray-600">
            PayPal case <span className="font-mono">{dispute.paypalDisputeId}</span>, opened{" "}
            <DateTime value={dispute.openedAt} />
            {dispute.sellerResponseDueAt && dispute.status !== "RESOLVED" && (
              <>
                ; answer by <DateTime value={dispute.sellerResponseDueAt} />
              </>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
