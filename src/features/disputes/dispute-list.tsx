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
            <span className="font-medium text-gray-900">
              {labelOf(disputeReasonLabels, dispute.reason)} · {labelOf(disputeStageLabels, dispute.stage)}
            </span>
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
