import { Card } from "~/components/ui/card";
import { formatMoney } from "~/lib/money";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Overview · Popkit Admin" };

export default async function StaffOverviewPage() {
  const api = await serverApi();
  const totals = await api.admin.overview();
  const revenue = totals.revenueByCurrency.length
    ? totals.revenueByCurrency.map((row) => formatMoney(row.amountMinor, row.currency)).join(" · ")
    : formatMoney(0, "USD");
  const tiles = [
    { label: "Total Merchants", value: totals.merchants.toLocaleString("en-US") },
    { label: "Payment Buttons", value: totals.paymentButtons.toLocaleString("en-US") },
    { label: "Transactions", value: totals.transactions.toLocaleString("en-US") },
    { label: "Total Revenue", value: revenue },
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
    </div>
  );
}
