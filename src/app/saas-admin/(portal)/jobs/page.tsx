import { PageHeader } from "~/components/ui/page-header";
import { FailedJobsTable } from "~/features/staff/jobs-failed-table";
import { StalledPayPalEventsTable } from "~/features/staff/jobs-paypal-events-table";
import { FAILED_JOBS_SHOWN, STALLED_AFTER_MS, STALLED_EVENTS_SHOWN } from "~/server/staff/jobs";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Background Jobs · Popkit Admin" };

/**
 * What the job queue could not finish: jobs that exhausted their retries, and PayPal events the
 * ledger has not applied. Every staff member reads; super_admin and admin see Retry.
 */
export default async function StaffJobsPage() {
  const api = await serverApi();
  const [failed, stalled] = await Promise.all([api.admin.jobs.listFailed(), api.admin.jobs.listStalledPayPalEvents()]);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Background Jobs"
        description="Work the app does after answering: applying PayPal events and IPN messages, delivering merchant webhooks, scheduled repairs. Times are UTC."
      />

      <section aria-labelledby="failed-jobs" className="space-y-3">
        <div>
          <h2 id="failed-jobs" className="text-lg font-semibold text-gray-900">
            Failed jobs
          </h2>
          <p className="text-sm text-gray-600">
            Jobs that failed on every retry and stopped. Newest first
            {failed.hasMore && `; the newest ${FAILED_JOBS_SHOWN} are shown`}.
          </p>
        </div>
        <FailedJobsTable jobs={failed.jobs} canRetry={failed.canRetry} />
      </section>

      <section aria-labelledby="stalled-events" className="space-y-3">
        <div>
          <h2 id="stalled-events" className="text-lg font-semibold text-gray-900">
            PayPal events not applied
          </h2>
          <p className="text-sm text-gray-600">
            Events that failed to apply (retried on their own until the job gives up, then also listed under Failed
            jobs), or that waited more than {STALLED_AFTER_MS / 60_000} minutes without being started. Newest first
            {stalled.hasMore && `; the newest ${STALLED_EVENTS_SHOWN} are shown`}.
          </p>
        </div>
        <StalledPayPalEventsTable events={stalled.events} canRetry={stalled.canRetry} />
      </section>
    </div>
  );
}
