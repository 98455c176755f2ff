"use client";

import { columnHelperFor, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { api, type RouterOutputs } from "~/trpc/react";
import { JobRetryButton } from "./jobs-retry-button";
import { JobsTable } from "./jobs-table";
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
const columns = [
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
] as unknown as ColumnsOf<FailedJob>;

const retryColumn = column.right("actions", "Actions", (row) => <FailedJobRetry job={row} />);

/** Jobs that exhausted their retries (dead letters), with Retry for staff who may (the server checks again). */
export function FailedJobsTable({ jobs, canRetry }: { jobs: FailedJob[]; canRetry: boolean }) {
  return (
    <JobsTable
      label="Failed jobs"
      rows={jobs}
      columns={columns}
      retryColumn={retryColumn}
      canRetry={canRetry}
      empty={{
        title: "No failed jobs",
        description: "Every background job either finished or is still retrying on its own. Nothing needs you here.",
      }}
    />
  );
}
