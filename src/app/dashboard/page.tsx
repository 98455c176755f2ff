import { CreatePopLink } from "~/features/payment-buttons/create-pop-link";
import { PageHeader } from "~/components/ui/page-header";
import { DashboardFigures, TopPages } from "~/features/analytics/dashboard-overview";
import { GettingStarted } from "~/features/stores/getting-started";
import { NoPaymentsYet } from "~/features/stores/no-payments-yet";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { enumParam } from "~/lib/search-params";
import { dashboardGranularities, dashboardRanges } from "~/schemas/analytics";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Dashboard · Popkit" };

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(DashboardHomeContent);

/**
 * Dashboard home, read on the server in the store's time zone: the getting-started checklist of a new
 * store, then its figures, or while it has taken no payment the next step instead of zeros.
 */
async function DashboardHomeContent({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const range = enumParam(params.range, dashboardRanges) ?? "mtd";
  const granularity = enumParam(params.granularity, dashboardGranularities) ?? "day";
  const api = await serverApi();
  const [onboarding, dashboard] = await Promise.all([
    api.merchant.onboarding.get(),
    api.analytics.dashboard({ range, granularity }),
  ]);

  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" description="Your sales at a glance." actions={<CreatePopLink />} />
      <GettingStarted initial={onboarding} />
      {onboarding.hasPayments ? (
        <DashboardFigures data={dashboard} granularity={granularity} />
      ) : (
        <NoPaymentsYet onboarding={onboarding} />
      )}
      <TopPages data={dashboard} />
    </div>
  );
}
