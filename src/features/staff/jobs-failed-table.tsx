"use client";

import { CircleCheckBig } from "lucide-react";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { api, type RouterOutputs } from "~/trpc/react";
import { JobRetryButton } from "./jobs-retry-button";
import { merchantHref } from "./links";

type FailedJob = RouterOutputs["admin"]["jobs"]["listFailed"]["jobs"][number];

const column = columnHelperFor<FailedJob>();

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
    column.primary("kind", "Job", (row) => <span className="font-medium text-gray-900">{row.kindLabel}</span>),
    column.shown("subject", "About", (row) => {
      const { summary, merchant, detail } = row.subject;
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
    }),
    column.shown("error", "Last error", (row) => (
      <div className="min-w-0 text-gray-700 sm:max-w-72 sm:whitespace-normal">{row.error ?? "No message recorded"}</div>
    )),
    column.shown("failedAt", "Failed", (row) => <DateTime value={row.failedAt} />),
    ...(canRetry ? [column.right("actions", "Actions", (row) => <FailedJobRetry job={row} />)] : []),
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
