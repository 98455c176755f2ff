import { Plus } from "lucide-react";
import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";
import { DashboardOverview } from "~/features/analytics/dashboard-overview";
import { enumParam } from "~/lib/search-params";
import { dashboardGranularities, dashboardRanges } from "~/schemas/analytics";

export const metadata = { title: "Dashboard · Popkit" };

export default async function DashboardHome({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Dashboard</h1>
          <p className="text-sm text-gray-600">Your sales at a glance.</p>
        </div>
        <Link href="/dashboard/pages/create-pop" className={buttonClasses("primary")}>
          <Plus aria-hidden className="h-4 w-4" />
          Create POP
        </Link>
      </div>
      <DashboardOverview
        initialRange={enumParam(params.range, dashboardRanges) ?? "mtd"}
        initialGranularity={enumParam(params.granularity, dashboardGranularities) ?? "day"}
      />
    </div>
  );
}
