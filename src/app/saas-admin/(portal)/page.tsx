import { Card } from "~/components/ui/card";
import { formatRevenue } from "~/features/staff/format";
import { TransactionsTable } from "~/features/staff/transactions-table";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Overview · Popkit Admin" };

export default async function StaffOverviewPage() {
  const api = await serverApi();
  const overview = await api.admin.overview();
  const tiles = [
    { label: "Total Merchants", value: overview.merchants.toLocaleString("en-US") },
    { label: "Payment Buttons", value: overview.paymentButtons.toLocaleString("en-US") },
    { label: "Transactions", value: overview.transactions.toLocaleString("en-US") },
    { label: "Total Revenue", value: formatRevenue(overview.revenueByCurrency) },
  ];
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Overview</h1>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {tiles.map((tile) => (
          <Card key={tile.label} className="p-5">
            <p className="text-sm text-gray-600">{tile.label}</p>
            <p className="mt-2 text-2xl font-bold text-gray-900">{tile.value}</p>
          </Card>
        ))}
      </div>
      <Card className="overflow-x-auto">
        <h2 className="border-b border-gray-200 px-4 py-3 text-lg font-semibold text-gray-900">Recent Transactions</h2>
        {overview.recentTransactions.length === 0 ? (
          <p className="p-8 text-center text-gray-600">No transactions yet</p>
        ) : (
          <TransactionsTable transactions={overview.recentTransactions} compact caption="Recent Transactions" />
        )}
      </Card>
    </div>
  );
}
