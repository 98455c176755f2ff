import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { formatMoney } from "~/lib/money";
import { pageParam } from "~/lib/search-params";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Customers · Popkit" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CustomersPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const search = (typeof params.search === "string" ? params.search : "").slice(0, 200);
  const page = pageParam(params.page);
  const api = await serverApi();
  const result = await api.merchant.listCustomers({ search, page });
  const hrefFor = (next: number) => {
    const query = new URLSearchParams();
    if (search) query.set("search", search);
    if (next > 1) query.set("page", String(next));
    return `/dashboard/customers${query.size ? `?${query}` : ""}`;
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Customers</h1>
        <p className="text-sm text-gray-600">Buyers with completed payments, by e-mail.</p>
      </div>
      <form role="search" className="flex max-w-md gap-2">
        <label htmlFor="customer-search" className="sr-only">
          Search customers by e-mail
        </label>
        <Input id="customer-search" name="search" type="search" defaultValue={search} placeholder="Search by e-mail" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <Card className="overflow-x-auto">
        {result.customers.length === 0 ? (
          <p className="p-8 text-center text-gray-600">
            {search
              ? "No customers match that search."
              : "No customers yet. Buyers appear here after their first payment."}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th className="px-4 py-3">Customer</th>
                <th className="px-4 py-3 text-right">Payments</th>
                <th className="px-4 py-3 text-right">Total spent</th>
                <th className="px-4 py-3">Last payment</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {result.customers.map((customer) => (
                <tr key={`${customer.email}-${customer.currency}`}>
                  <td className="px-4 py-3">
                    <div>{customer.name ?? "—"}</div>
                    <div className="text-xs text-gray-500">{customer.email}</div>
                  </td>
                  <td className="px-4 py-3 text-right">{customer.payments}</td>
                  <td className="px-4 py-3 text-right font-medium whitespace-nowrap">
                    {formatMoney(customer.spentMinor, customer.currency)}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-600">
                    {customer.lastPaymentAt?.toLocaleDateString("en-US") ?? "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Pagination page={page} pageCount={result.pageCount} hrefFor={hrefFor} />
    </div>
  );
}
