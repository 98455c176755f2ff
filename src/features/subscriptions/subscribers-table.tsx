"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { Repeat } from "lucide-react";
import { DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { ListEmpty } from "~/features/payments/list-empty";
import { useCurrentHref } from "~/features/payments/use-current-href";
import type { RouterOutputs } from "~/trpc/react";
import { CancelSubscriptionButton } from "./cancel-subscription";
import { subscriberHref } from "./links";
import { planLabel, subscriberName } from "./plan";
import { SubscriptionStatusBadge } from "./subscription-status-badge";

type Subscriber = RouterOutputs["merchant"]["subscriptions"]["list"]["subscribers"][number];

const column = createColumnHelper<Subscriber>();
const none = <span className="text-gray-600">—</span>;

function columnsFor(from: string, showButton: boolean): ColumnsOf<Subscriber> {
  const columns = [
    column.display({
      id: "subscriber",
      header: "Subscriber",
      meta: { isPrimary: true },
      cell: ({ row }) => (
        <div className="min-w-0 sm:max-w-64">
          <RowLink href={subscriberHref(row.original.id, from)}>{subscriberName(row.original)}</RowLink>
          {row.original.payerName && row.original.payerEmail && (
            <div className="text-xs font-normal break-all text-gray-600 sm:truncate">{row.original.payerEmail}</div>
          )}
        </div>
      ),
    }),
    column.display({
      id: "status",
      header: "Status",
      cell: ({ row }) => <SubscriptionStatusBadge status={row.original.status} />,
    }),
    column.display({
      id: "plan",
      header: "Plan",
      cell: ({ row }) => <span className="tabular-nums">{planLabel(row.original)}</span>,
    }),
    column.display({
      id: "button",
      header: "Button",
      cell: ({ row }) => row.original.button?.name ?? <span className="text-gray-600">Deleted</span>,
    }),
    column.display({
      id: "next",
      header: "Next billing",
      cell: ({ row }) =>
        row.original.nextBillingAt ? <DateTime value={row.original.nextBillingAt} style="date" /> : none,
    }),
    column.display({
      id: "last",
      header: "Last payment",
      cell: ({ row }) =>
        row.original.lastPaymentAt ? <DateTime value={row.original.lastPaymentAt} style="date" /> : none,
    }),
    column.display({
      id: "failed",
      header: "Failed payments",
      meta: { align: "right" },
      cell: ({ row }) => (
        <span
          className={row.original.failedPaymentsCount > 0 ? "font-medium text-red-700 tabular-nums" : "tabular-nums"}
        >
          {row.original.failedPaymentsCount}
        </span>
      ),
    }),
    column.display({
      id: "paid",
      header: "Total paid",
      meta: { align: "right" },
      cell: ({ row }) => (
        <Money amountMinor={row.original.totalPaidMinor} currency={row.original.currency} className="font-medium" />
      ),
    }),
    column.display({
      id: "actions",
      header: "Actions",
      meta: { align: "right" },
      cell: ({ row }) =>
        row.original.canCancel ? (
          <CancelSubscriptionButton
            size="sm"
            subscription={{ id: row.original.id, name: subscriberName(row.original) }}
          />
        ) : (
          none
        ),
    }),
  ] as ColumnsOf<Subscriber>;
  return showButton ? columns : columns.filter((column) => column.id !== "button");
}

/** Subscriptions as the server paged them, newest first; each row opens the subscriber. */
export function SubscribersTable({
  subscribers,
  page,
  showButton,
  clearHref,
}: {
  subscribers: Subscriber[];
  page: { page: number; pageCount: number; total: number; pageSize: number };
  /** Off when the list is one button's already. */
  showButton: boolean;
  clearHref?: string;
}) {
  const from = useCurrentHref();
  return (
    <DataTable
      label="Subscribers"
      caption="Subscribers"
      columns={columnsFor(from, showButton)}
      data={subscribers}
      getRowId={(row) => row.id}
      rowHref={(row) => subscriberHref(row.id, from)}
      page={page}
      empty={
        <ListEmpty
          icon={<Repeat className="size-6" />}
          noun="subscribers"
          description="Buyers appear here when they subscribe through one of your subscription buttons."
          filterHint="Try another status."
          clearHref={clearHref}
        />
      }
    />
  );
}
