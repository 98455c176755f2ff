import { Eye } from "lucide-react";
import Link from "next/link";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { formatDate } from "~/features/staff/format";
import { listHref, SearchForm, textParam } from "~/features/staff/search-form";
import { pageParam } from "~/lib/search-params";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Merchants · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaffMerchantsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const search = textParam(params.search);
  const page = pageParam(params.page);
  const api = await serverApi();
  const result = await api.admin.listMerchants({ search, page });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Merchants</h1>
        <p className="text-sm text-gray-600">
          {result.total.toLocaleString("en-US")} {result.total === 1 ? "merchant" : "merchants"}
        </p>
      </div>
      <SearchForm
        action="/saas-admin/merchants"
        value={search}
        label="Search merchants"
        placeholder="Name, e-mail or company"
      />
      <Card className="overflow-x-auto">
        {result.merchants.length === 0 ? (
          <p className="p-8 text-center text-gray-600">
            {search ? "No merchants match your search." : "No merchants yet."}
          </p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Merchants</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Merchant
                </th>
                <th scope="col" className="px-4 py-3">
                  Company
                </th>
                <th scope="col" className="px-4 py-3">
                  Created
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {result.merchants.map((merchant) => (
                <tr key={merchant.id}>
                  <td className="px-4 py-3">
                    <div className="font-medium text-gray-900">{merchant.name}</div>
                    <div className="text-xs text-gray-500">{merchant.email}</div>
                  </td>
                  <td className="px-4 py-3">{merchant.companyName || "N/A"}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-600">{formatDate(merchant.createdAt)}</td>
                  <td className="px-4 py-3 text-right">
                    <Link
                      href={`/saas-admin/merchants/${merchant.id}`}
                      aria-label={`View ${merchant.name}`}
                      title="View"
                      className="inline-flex rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
                    >
                      <Eye aria-hidden className="h-4 w-4" />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Pagination
        page={page}
        pageCount={result.pageCount}
        hrefFor={(next) => listHref("/saas-admin/merchants", { search, page: next })}
      />
    </div>
  );
}
