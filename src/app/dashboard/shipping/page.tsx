import Link from "next/link";
import { ListFilters, SearchFilter, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { ExportLink } from "~/features/payments/export-link";
import { ResultCount } from "~/features/payments/result-count";
import { ShipmentsTable } from "~/features/shipping/shipments-table";
import { TrackingImport } from "~/features/shipping/tracking-import";
import { enumParam, listPage, pageParam, textParam } from "~/lib/search-params";
import { fulfilmentLabels, fulfilmentStatuses } from "~/schemas/shipping";
import { serverApi } from "~/trpc/server";
import { redirectPastLastPage, type SearchParams } from "../payments/list-params";

export const metadata = { title: "Shipping · Popkit" };

const statusOptions = fulfilmentStatuses.map((status) => ({ value: status, label: fulfilmentLabels[status] }));
const tableCaptions: Record<(typeof fulfilmentStatuses)[number], string> = {
  unfulfilled: "Orders to ship",
  shipped: "Shipped orders",
  delivered: "Delivered orders",
};

export default withRouteLoading(ShippingPageContent);

async function ShippingPageContent({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const status = enumParam(params.status, fulfilmentStatuses) ?? "unfulfilled";
  const q = textParam(params.q);
  const page = pageParam(params.page);
  const year = new Date().getUTCFullYear();
  const api = await serverApi();
  const result = await api.merchant.payments.shipments({ status, q, page });
  redirectPastLastPage("/dashboard/shipping", params, page, result.pageCount);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Shipping"
        description="Paid orders that ship: mark them shipped with a tracking number, which PayPal shows to the buyer."
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <ExportLink
              path="/api/exports/tax-report"
              query={new URLSearchParams({ range: "custom", from: `${year}-01-01`, to: `${year}-12-31` }).toString()}
              title={`Sales, shipping and tax of ${year} by month and place, refunds deducted`}
              label={`Tax report ${year}`}
            />
            <Link
              href="/dashboard/settings/shipping"
              className="text-brand-700 focus-visible:outline-brand-600 rounded text-sm font-medium hover:underline focus-visible:outline-2"
            >
              Shipping zones and tax
            </Link>
          </div>
        }
      />
      <ListFilters label="Filter orders">
        <SearchFilter label="Search orders" placeholder="Buyer, e-mail, transaction ID or tracking number" />
        <SelectFilter label="Status" param="status" options={statusOptions} defaultValue="unfulfilled" />
      </ListFilters>
      <ResultCount total={result.total} noun="order" isFiltered={Boolean(q)} />
      <ShipmentsTable
        caption={tableCaptions[status]}
        rows={result.rows}
        page={listPage(page, result)}
        clearHref={q ? `/dashboard/shipping?status=${status}` : undefined}
      />
      {status === "unfulfilled" && <TrackingImport />}
    </div>
  );
}
