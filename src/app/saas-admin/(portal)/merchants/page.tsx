import { ListFilters, SearchFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { MerchantsTable } from "~/features/staff/merchants-table";
import { pageParam, textParam } from "~/lib/search-params";
import { MERCHANTS_PAGE_SIZE } from "~/server/staff/reports";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Merchants · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(StaffMerchantsPageContent);

async function StaffMerchantsPageContent({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const search = textParam(params.search);
  const page = pageParam(params.page);
  const api = await serverApi();
  const result = await api.admin.merchants.list({ search, page });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Merchants"
        description={`${result.total.toLocaleString("en-US")} ${result.total === 1 ? "merchant" : "merchants"}${search ? " match your search" : ""}`}
      />
      <ListFilters label="Filter merchants">
        <SearchFilter label="Search merchants" placeholder="Name, e-mail or company" param="search" />
      </ListFilters>
      <MerchantsTable
        merchants={result.merchants}
        page={{ page, pageCount: result.pageCount, total: result.total, pageSize: MERCHANTS_PAGE_SIZE }}
        isSearch={search !== ""}
      />
    </div>
  );
}
