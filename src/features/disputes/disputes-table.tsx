"use client";

import { ShieldAlert } from "lucide-react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { ListEmpty } from "~/features/payments/list-empty";
import { paymentHref } from "~/features/payments/links";
import { useCurrentHref } from "~/features/payments/use-current-href";
import {
  deadlineText,
  disputeOutcomeLabels,
  disputeReasonLabels,
  disputeStageLabels,
  disputeStatusLabels,
  labelOf,
} from "~/schemas/disputes";
import type { RouterOutputs } from "~/trpc/react";

type Dispute = RouterOutputs["merchant"]["disputes"]["list"]["rows"][number];

const column = columnHelperFor<Dispute>();

/** Red while PayPal waits for the seller, yellow while it waits for anyone else, gray once resolved. */
function statusTone(status: string): BadgeTone {
  if (status === "WAITING_FOR_SELLER_RESPONSE") return "red";
  return status === "RESOLVED" ? "gray" : "yellow";
}

/** A case's status badge, and its outcome once resolved. */
export function DisputeStatus({ status, outcome }: { status: string; outcome: string | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={statusTone(status)}>{labelOf(disputeStatusLabels, status)}</Badge>
      {outcome && <span className="text-xs text-gray-700">{labelOf(disputeOutcomeLabels, outcome)}</span>}
    </span>
  );
}

function columnsFor(from: string): ColumnsOf<Dispute> {
  return [
    column.primary("deadline", "Deadline", (row) =>
      row.daysLeft === null ? (
        <span className="text-gray-600">—</span>
      ) : (
        <span className={row.daysLeft <= 3 ? "font-semibold text-red-700" : "text-gray-900"}>
          {deadlineText(row.daysLeft)}
          {row.sellerResponseDueAt && (
            <span className="block text-xs font-normal text-gray-600">
              <DateTime value={row.sellerResponseDueAt} />
            </span>
          )}
        </span>
      ),
    ),
    column.shown("reason", "Reason", (row) => (
      <span className="text-gray-900">
        <RowLink href={`/dashboard/disputes/${encodeURIComponent(row.id)}`}>
          {labelOf(disputeReasonLabels, row.reason)}
        </RowLink>
        <span className="block font-mono text-xs text-gray-600">{row.paypalDisputeId}</span>
      </span>
    )),
    column.shown("stage", "Stage", (row) => <Badge tone="blue">{labelOf(disputeStageLabels, row.stage)}</Badge>),
    column.shown("status", "Status", (row) => <DisputeStatus status={row.status} outcome={row.outcome} />),
    column.shown("payment", "Payment", (row) =>
      row.transaction ? (
        <RowLink href={paymentHref(row.transaction.id, from)}>
          {row.transaction.payerName ?? row.transaction.payerEmail ?? "Payment"}
        </RowLink>
      ) : (
        <span className="text-gray-600">Not recorded in Popkit</span>
      ),
    ),
    column.right("amount", "Disputed", (row) => <Money amountMinor={row.amountMinor} currency={row.currency} />),
  ] as ColumnsOf<Dispute>;
}

/** PayPal's cases against the store's payments, open ones first by deadline. */
export function DisputesTable({ rows, caption }: { rows: Dispute[]; caption: string }) {
  const from = useCurrentHref();
  return (
    <DataTable
      label={caption}
      caption={caption}
      columns={columnsFor(from)}
      data={rows}
      getRowId={(row) => row.id}
      empty={
        <ListEmpty
          icon={<ShieldAlert className="size-6" />}
          noun="disputes"
          description="When a buyer opens a case at PayPal against one of your payments, it appears here with PayPal's deadline for your answer."
        />
      }
    />
  );
}
