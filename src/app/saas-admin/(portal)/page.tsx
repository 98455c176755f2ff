import { ArrowRight, CreditCard, LayoutGrid, Store } from "lucide-react";
import Link from "next/link";
import { PageHeader } from "~/components/ui/page-header";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { CountTile, RevenueTile } from "~/features/staff/stat-tiles";
import { StaffTransactionsTable } from "~/features/staff/transactions-table";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Overview · Popkit Admin" };

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(StaffOverviewPageContent);

async function StaffOverviewPageContent() {
  const api = await serverApi();
  const overview = await api.admin.overview();
  return (
    <div className="space-y-6">
      <PageHeader title="Overview" description="The whole platform at a glance. Times are UTC." />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <CountTile label="Total Merchants" count={overview.merchants} icon={Store} />
        <CountTile label="Payment Buttons" count={overview.paymentButtons} icon={LayoutGrid} />
        <CountTile label="Transactions" count={overview.transactions} icon={CreditCard} />
        <RevenueTile label="Total Revenue" revenueByCurrency={overview.revenueByCurrency} />
      </div>
      {/* Not a <section>: the table is already a region named "Recent Transactions". */}
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-gray-900">Recent Transactions</h2>
          <Link
            href="/saas-admin/transactions"
            className="text-brand-700 inline-flex items-center gap-1 text-sm font-medium hover:underline"
          >
            View all transactions
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        </div>
        <StaffTransactionsTable
          label="Recent Transactions"
          variant="recent"
          transactions={overview.recentTransactions}
        />
      </div>
    </div>
  );
}
