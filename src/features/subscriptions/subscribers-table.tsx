"use client";

import { Repeat } from "lucide-react";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { ListEmpty } from "~/features/payments/list-empty";
import { useCurrentHref } from "~/features/payments/use-current-href";
import type { RouterOutputs } from "~/trpc/react";
import { CancelSubscriptionButton } from "./cancel-subscription";
import { changeLabel } from "./change-label";
import { subscriberHref } from "./links";
import { planLabel, subscriberName } from "./plan";
import { SubscriptionStatusBadge } from "./subscription-status-badge";

type Subscriber = RouterOutputs["merchant"]["subscriptions"]["list"]["subscribers"][number];

const column = columnHelperFor<Subscriber>();
const none = <span className="text-gray-600">—</span>;

/** The newest change from the buyer portal or by the seller, under the status it led to, with the reason given. */
function LatestChange({ change }: { change: NonNullable<Subscriber["latestChange"]> }) {
  return (
    <div className="max-w-64 text-xs font-normal text-gray-600">
      <p>
        {changeLabel(change)} · <DateTime value={change.createdAt} style="date" />
      </p>
      {change.reason && <p className="break-words text-gray-700">Reason: {change.reason}</p>}
    </div>
  );
}

function columnsFor(from: string, showButton: boolean): ColumnsOf<Subscriber> {
  const columns = [
    column.primary("subscriber", "Subscriber", (row) => (
      <div className="min-w-0 sm:max-w-64">
        <RowLink href={subscriberHref(row.id, from)}>{subscriberName(row)}</RowLink>
        {row.payerName && row.payerEmail && (
          <div className="text-xs font-normal break-all text-gray-600 sm:truncate">{row.payerEmail}</div>
        )}
      </div>
    )),
    column.shown("status", "Status", (row) => (
      <div className="space-y-1">
        <SubscriptionStatusBadge status={row.status} />
        {row.latestChange && <LatestChange change={row.latestChange} />}
      </div>
    )),
    column.shown("plan", "Plan", (row) => <span className="tabular-nums">{planLabel(row)}</span>),
    column.shown("button", "Button", (row) => row.button?.name ?? <span className="text-gray-600">Deleted</span>),
    column.shown("next", "Next billing", (row) =>
      row.nextBillingAt ? <DateTime value={row.nextBillingAt} style="date" /> : none,
    ),
    column.shown("last", "Last payment", (row) =>
      row.lastPaymentAt ? <DateTime value={row.lastPaymentAt} style="date" /> : none,
    ),
    column.right("failed", "Failed payments", (row) => (
      <span className={row.failedPaymentsCount > 0 ? "font-medium text-red-700 tabular-nums" : "tabular-nums"}>
        {row.failedPaymentsCount}
      </span>
    )),
    column.right("paid", "Total paid", (row) => (
      <Money amountMinor={row.totalPaidMinor} currency={row.currency} className="font-medium" />
    )),
    column.right("actions", "Actions", (row) =>
      row.canCancel ? (
        <CancelSubscriptionButton size="sm" subscription={{ id: row.id, name: subscriberName(row) }} />
      ) : (
        none
      ),
    ),
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
