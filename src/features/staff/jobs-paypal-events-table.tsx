"use client";

import { Badge } from "~/components/ui/badge";
import { columnHelperFor, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { api, type RouterOutputs } from "~/trpc/react";
import { JobRetryButton } from "./jobs-retry-button";
import { JobsTable } from "./jobs-table";
import { merchantHref } from "./links";

type StalledEvent = RouterOutputs["admin"]["jobs"]["listStalledPayPalEvents"]["events"][number];

const column = columnHelperFor<StalledEvent>();

function StateBadge({ state }: { state: StalledEvent["state"] }) {
  return state === "failed" ? <Badge tone="red">Failed</Badge> : <Badge tone="yellow">Not started</Badge>;
}

function PayPalEventRetry({ event }: { event: StalledEvent }) {
  const retry = api.admin.jobs.retryPayPalEvent.useMutation();
  return (
    <JobRetryButton
      name={`PayPal event ${event.type}`}
      description="The event is queued to be applied to the ledger again now, beside any retry already waiting. Applying it twice is safe: a payment or refund already recorded is not recorded again."
      successMessage={`PayPal event ${event.type} queued again.`}
      retry={() => retry.mutateAsync({ id: event.id })}
    />
  );
}

// Newest first as the server sorts them; no column sorts.
const columns = [
  column.primary("type", "Event", (row) => (
    <div className="min-w-0">
      <div className="font-medium text-gray-900">{row.type}</div>
      <div className="text-xs font-normal text-gray-600">{row.eventId}</div>
    </div>
  )),
  column.shown("merchant", "Merchant", (row) => {
    const merchant = row.merchant;
    return merchant ? (
      <RowLink href={merchantHref(merchant.id)}>{merchant.name}</RowLink>
    ) : (
      <span className="text-gray-600">Unknown</span>
    );
  }),
  column.shown("outcome", "Outcome", (row) => (
    <div className="min-w-0 space-y-1 sm:max-w-80 sm:whitespace-normal">
      <StateBadge state={row.state} />
      {row.outcome && <div className="text-gray-700">{row.outcome}</div>}
    </div>
  )),
  column.right("attempts", "Attempts", (row) => row.attempts.toLocaleString("en-US")),
  column.shown("receivedAt", "Received", (row) => <DateTime value={row.receivedAt} />),
] as unknown as ColumnsOf<StalledEvent>;

const retryColumn = column.right("actions", "Actions", (row) => <PayPalEventRetry event={row} />);

/** PayPal webhook events not applied to the ledger yet, with Retry for staff who may (the server checks again). */
export function StalledPayPalEventsTable({ events, canRetry }: { events: StalledEvent[]; canRetry: boolean }) {
  return (
    <JobsTable
      label="PayPal events not applied"
      rows={events}
      columns={columns}
      retryColumn={retryColumn}
      canRetry={canRetry}
      empty={{
        title: "Every PayPal event is applied",
        description:
          "Every webhook event from PayPal was applied to the ledger, or arrived moments ago and is on its way.",
      }}
    />
  );
}
