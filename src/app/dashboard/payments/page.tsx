import { DateRangeFilter, ListFilters, SearchFilter, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { ExportLink } from "~/features/payments/export-link";
import { PaymentsTable } from "~/features/payments/payments-table";
import { ResultCount } from "~/features/payments/result-count";
import { SortSelect } from "~/features/payments/sort-select";
import { withRouteLoading } from "~/components/route-states/route-loading";
import { pageParam, sortParams, textParam, sortInput, listPage } from "~/lib/search-params";
import { paymentSorts, transactionStatuses, transactionStatusLabels } from "~/schemas/payments";
import { serverApi } from "~/trpc/server";
import { dateWindowOf, paymentFiltersOf, queryWithout, type SearchParams, redirectPastLastPage } from "./list-params";

export const metadata = { title: "Payments · Popkit" };

const statusOptions = transactionStatuses.map((status) => ({ value: status, label: transactionStatusLabels[status] }));

const sortOptions = [
  { label: "Newest first", sort: "date", dir: "desc" },
  { label: "Oldest first", sort: "date", dir: "asc" },
  { label: "Largest amount", sort: "amount", dir: "desc" },
  { label: "Smallest amount", sort: "amount", dir: "asc" },
] as const;

/** The skeleton while it loads, from here and not a loading.tsx (see RouteLoading). */
export default withRouteLoading(PaymentsPageContent);

async function PaymentsPageContent({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const filters = paymentFiltersOf(params);
  const sort = sortParams(params, paymentSorts, { id: "date", desc: true });
  const page = pageParam(params.page);
  const window = await dateWindowOf(params);
  const api = await serverApi();
  const result = await api.merchant.payments.list({
    ...filters,
    ...window,
    ...sortInput(sort),
    page,
  });
  redirectPastLastPage("/dashboard/payments", params, page, result.pageCount);
  const isFiltered = Boolean(filters.q || filters.status || textParam(params.range));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Payments"
        description="Every payment your buttons and pages have taken, as PayPal reported it."
        actions={
          <ExportLink
            path="/api/exports/payments"
            query={queryWithout(params, ["page", "sort", "dir"])}
            title={isFiltered ? "Download the payments that match these filters" : "Download all payments"}
          />
        }
      />
      <ListFilters label="Filter payments">
        <SearchFilter label="Search payments" placeholder="E-mail, name, transaction or order ID, or POP" />
        <DateRangeFilter />
        <SelectFilter label="Status" param="status" options={statusOptions} allLabel="All statuses" />
        <SortSelect options={sortOptions} current={sort} />
      </ListFilters>
      <ResultCount total={result.total} noun="payment" isFiltered={isFiltered} />
      <PaymentsTable
        payments={result.payments}
        sort={sort}
        page={listPage(page, result)}
        clearHref={isFiltered ? "/dashboard/payments" : undefined}
      />
    </div>
  );
}
