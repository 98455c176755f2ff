"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { CircleCheckBig } from "lucide-react";
import { DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { api, type RouterOutputs } from "~/trpc/react";
import { JobRetryButton } from "./jobs-retry-button";
import { merchantHref } from "./links";

type FailedJob = RouterOutputs["admin"]["jobs"]["listFailed"]["jobs"][number];

const column = createColumnHelper<FailedJob>();

function FailedJobRetry({ job }: { job: FailedJob }) {
  const retry = api.admin.jobs.retry.useMutation();
  return (
    <JobRetryButton
      name={`${job.kindLabel} ${job.subject.summary}`}
      description="The job is queued again with the same payload and runs within seconds. Running it twice is safe: work already done is not done again."
      successMessage={`${job.kindLabel} queued again.`}
      retry={() => retry.mutateAsync({ id: job.id })}
    />
  );
}

// Newest first as the queue keeps them; no column sorts.
function buildColumns(canRetry: boolean): ColumnsOf<FailedJob> {
  return [
    column.display({
      id: "kind",
      header: "Job",
      enableSorting: false,
      meta: { isPrimary: true },
      cell: ({ row }) => <span className="font-medium text-gray-900">{row.original.kindLabel}</span>,
    }),
    column.display({
      id: "subject",
      header: "About",
      enableSorting: false,
      cell: ({ row }) => {
        const { summary, merchant, detail } = row.original.subject;
        return (
          <div className="min-w-0 sm:max-w-80 sm:whitespace-normal">
            <div className="break-all text-gray-900">{summary}</div>
            {merchant && (
              <div className="text-xs">
                <RowLink href={merchantHref(merchant.id)}>{merchant.name}</RowLink>
              </div>
            )}
            {detail && <div className="text-xs text-gray-600">{detail}</div>}
          </div>
        );
      },
    }),
    column.display({
      id: "error",
      header: "Last error",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="min-w-0 text-gray-700 sm:max-w-72 sm:whitespace-normal">
          {row.original.error ?? "No message recorded"}
        </div>
      ),
    }),
    column.display({
      id: "failedAt",
      header: "Failed",
      enableSorting: false,
      cell: ({ row }) => <DateTime value={row.original.failedAt} />,
    }),
    ...(canRetry
      ? [
          column.display({
            id: "actions",
            header: "Actions",
            enableSorting: false,
            meta: { align: "right" },
            cell: ({ row }) => <FailedJobRetry job={row.original} />,
          }),
        ]
      : []),
  ] as unknown as ColumnsOf<FailedJob>;
}

// Built once: new cell functions on every render would remount the cells (and close an open dialog).
const readColumns = buildColumns(false);
const retryColumns = buildColumns(true);

/** Jobs that exhausted their retries (dead letters), with Retry for staff who may (the server checks again). */
export function FailedJobsTable({ jobs, canRetry }: { jobs: FailedJob[]; canRetry: boolean }) {
  return (
    <DataTable
      label="Failed jobs"
      caption="Failed jobs"
      columns={canRetry ? retryColumns : readColumns}
      data={jobs}
      getRowId={(row) => row.id}
      empty={
        <EmptyState
          icon={<CircleCheckBig className="size-6" />}
          title="No failed jobs"
          description="Every background job either finished or is still retrying on its own. Nothing needs you here."
        />
      }
    />
  );
}
