import { TRPCError } from "@trpc/server";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { formatDate, formatRevenue } from "~/features/staff/format";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import { enumParam, pageParam } from "~/lib/search-params";
import { merchantPopKinds, type MerchantPopKind } from "~/schemas/staff";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Merchant · Popkit Admin" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const tabLabels: Record<MerchantPopKind, string> = {
  payment_buttons: "Payment Buttons",
  sell_pages: "Digital Sell Pages",
  wps_buttons: "WPS Buttons",
};

export default async function StaffMerchantPage({ params, searchParams }: Props) {
  const { id } = await params;
  const query = await searchParams;
  const kind = enumParam(query.tab, merchantPopKinds) ?? "payment_buttons";
  const page = pageParam(query.page);
  const api = await serverApi();
  const [detail, pops] = await Promise.all([
    api.admin.getMerchant({ id }),
    api.admin.listMerchantPops({ merchantId: id, kind, page }),
  ]).catch((error: unknown) => {
    if (error instanceof TRPCError && error.code === "NOT_FOUND") notFound();
    throw error;
  });
  const { merchant, popCounts } = detail;
  const counts: Record<MerchantPopKind, number> = {
    payment_buttons: popCounts.paymentButtons,
    sell_pages: popCounts.sellPages,
    wps_buttons: popCounts.wpsButtons,
  };
  const base = `/saas-admin/merchants/${merchant.id}`;
  const tabHref = (tab: MerchantPopKind, nextPage = 1) =>
    `${base}?tab=${tab}${nextPage > 1 ? `&page=${nextPage}` : ""}`;
  const tiles = [
    { label: "Payment Buttons", value: popCounts.paymentButtons.toLocaleString("en-US") },
    { label: "Digital Sell Pages", value: popCounts.sellPages.toLocaleString("en-US") },
    { label: "WPS Buttons", value: popCounts.wpsButtons.toLocaleString("en-US") },
    { label: "Transactions", value: detail.transactionCount.toLocaleString("en-US") },
    { label: "Revenue", value: formatRevenue(detail.revenueByCurrency) },
  ];

  return (
    <div className="space-y-6">
      <Link
        href="/saas-admin/merchants"
        className="inline-flex items-center gap-1 text-sm text-gray-600 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Back to Merchants
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{merchant.name}</h1>
          <p className="text-sm text-gray-600">{merchant.email}</p>
          <p className="text-sm text-gray-600">
            Company: {merchant.companyName || "N/A"} · Joined {formatDate(merchant.createdAt)}
          </p>
        </div>
        <Link
          href={`/saas-admin/transactions?merchant=${encodeURIComponent(merchant.id)}`}
          className={buttonClasses("secondary")}
        >
          View transactions
        </Link>
      </div>

      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {tiles.map((tile) => (
          <Card key={tile.label} className="p-5">
            <p className="text-sm text-gray-600">{tile.label}</p>
            <p className="mt-2 text-xl font-bold text-gray-900">{tile.value}</p>
          </Card>
        ))}
      </div>

      <Card className="overflow-x-auto">
        <nav aria-label="POP types" className="flex gap-1 border-b border-gray-200 px-2">
          {merchantPopKinds.map((tab) => (
            <Link
              key={tab}
              href={tabHref(tab)}
              aria-current={tab === kind ? "page" : undefined}
              className={cn(
                "-mb-px border-b-2 px-4 py-3 text-sm font-medium whitespace-nowrap",
                tab === kind
                  ? "border-brand-600 text-brand-700"
                  : "border-transparent text-gray-600 hover:text-gray-900",
              )}
            >
              {tabLabels[tab]} ({counts[tab]})
            </Link>
          ))}
        </nav>
        {pops.pops.length === 0 ? (
          <p className="p-8 text-center text-gray-600">No {tabLabels[kind].toLowerCase()} yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{tabLabels[kind]}</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  {kind === "wps_buttons" ? "Environment" : "Type"}
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  {kind === "sell_pages" ? "Basic price" : "Price"}
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Created
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Transactions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {pops.pops.map((pop) => (
                <tr key={pop.id}>
                  <td className="px-4 py-3">
                    <div className="font-medium text-gray-900">{pop.name}</div>
                    <div className="font-mono text-xs text-gray-500">{pop.id}</div>
                  </td>
                  <td className="px-4 py-3">{pop.detail}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    {pop.price ? formatMoney(pop.price.amountMinor, pop.price.currency) : "—"}
                  </td>
                  <td className="px-4 py-3">
                    <Badge tone={pop.isActive ? "green" : "gray"}>{pop.isActive ? "Active" : "Inactive"}</Badge>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-600">{formatDate(pop.createdAt)}</td>
                  <td className="px-4 py-3 text-right">
                    <Link
                      href={`/saas-admin/transactions?pop=${encodeURIComponent(pop.id)}`}
                      className="text-brand-700 hover:underline"
                      aria-label={`Transactions of ${pop.name}`}
                    >
                      View
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="px-4 pb-4">
          <Pagination page={page} pageCount={pops.pageCount} hrefFor={(next) => tabHref(kind, next)} />
        </div>
      </Card>
    </div>
  );
}
