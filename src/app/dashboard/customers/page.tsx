import { DateRangeFilter, ListFilters, SearchFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { CustomersNav } from "~/features/payments/customers-nav";
import { CustomersTable } from "~/features/payments/customers-table";
import { ExportLink } from "~/features/payments/export-link";
import { ResultCount } from "~/features/payments/result-count";
import { SortSelect } from "~/features/payments/sort-select";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { pageParam, sortParams, textParam, sortInput, listPage } from "~/lib/search-params";
import { customerSorts } from "~/schemas/payments";
import { serverApi } from "~/trpc/server";
import { dateWindowOf, queryWithout, type SearchParams, redirectPastLastPage } from "../payments/list-params";

export const metadata = { title: "Customers · Popkit" };

const sortOptions = [
  { label: "Paid most recently", sort: "last", dir: "desc" },
  { label: "Paid least recently", sort: "last", dir: "asc" },
  { label: "Highest lifetime value", sort: "spent", dir: "desc" },
  { label: "Lowest lifetime value", sort: "spent", dir: "asc" },
] as const;

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(CustomersPageContent);

async function CustomersPageContent({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const q = textParam(params.q);
  const sort = sortParams(params, customerSorts, { id: "last", desc: true });
  const page = pageParam(params.page);
  const window = await dateWindowOf(params);
  const api = await serverApi();
  const result = await api.merchant.customers.list({
    q,
    ...window,
    ...sortInput(sort),
    page,
  });
  redirectPastLastPage("/dashboard/customers", params, page, result.pageCount);
  const range = textParam(params.range);
  const isFiltered = Boolean(q || range);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Customers"
        description={
          range
            ? "Buyers who paid in this date range, with their orders and what they spent in it, net of refunds."
            : "Everyone who has paid you, with their orders and lifetime value, net of refunds."
        }
        actions={
          <ExportLink
            path="/api/exports/customers"
            query={queryWithout(params, ["page", "sort", "dir"])}
            title={isFiltered ? "Download the customers that match these filters" : "Download all customers"}
          />
        }
      />
      <CustomersNav current="customers" />
      <ListFilters label="Filter customers">
        <SearchFilter label="Search customers" placeholder="E-mail or name" />
        <DateRangeFilter label="Paid in" />
        <SortSelect options={sortOptions} current={sort} />
      </ListFilters>
      <ResultCount total={result.total} noun="customer" isFiltered={isFiltered} />
      <CustomersTable customers={result.customers} sort={sort} page={listPage(page, result)} isFiltered={isFiltered} />
    </div>
  );
}
