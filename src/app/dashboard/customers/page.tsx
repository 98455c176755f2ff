import { redirect } from "next/navigation";
import { DateRangeFilter, ListFilters, SearchFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { CustomersTable } from "~/features/customers/customers-table";
import { ResultCount } from "~/features/payments/result-count";
import { SortSelect } from "~/features/payments/sort-select";
import { pageParam, sortParams, textParam } from "~/lib/search-params";
import { customerSorts } from "~/schemas/merchant-payments";
import { serverApi } from "~/trpc/server";
import { dateWindowOf, hrefWithPage, type SearchParams } from "../payments/list-params";

export const metadata = { title: "Customers · Popkit" };

const sortOptions = [
  { label: "Paid most recently", sort: "last", dir: "desc" },
  { label: "Paid least recently", sort: "last", dir: "asc" },
  { label: "Spent the most", sort: "spent", dir: "desc" },
  { label: "Spent the least", sort: "spent", dir: "asc" },
] as const;

export default async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const q = textParam(params.q);
  const sort = sortParams(params, customerSorts, { id: "last", desc: true });
  const page = pageParam(params.page);
  const window = await dateWindowOf(params);
  const api = await serverApi();
  const result = await api.merchant.listCustomers({
    q,
    ...window,
    sort: sort.id,
    dir: sort.desc ? "desc" : "asc",
    page,
  });
  if (page > result.pageCount) redirect(hrefWithPage("/dashboard/customers", params, result.pageCount));
  const range = textParam(params.range);
  const isFiltered = Boolean(q || range);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Customers"
        description={
          range
            ? "Buyers who completed a payment in this date range, with what they spent in it."
            : "Everyone who has completed a payment, with what they spent."
        }
      />
      <ListFilters label="Filter customers">
        <SearchFilter label="Search customers" placeholder="E-mail or name" />
        <DateRangeFilter label="Paid in" />
        <SortSelect options={sortOptions} current={sort} />
      </ListFilters>
      <ResultCount total={result.total} noun="customer" isFiltered={isFiltered} />
      <CustomersTable
        customers={result.customers}
        sort={sort}
        page={{ page, pageCount: result.pageCount, total: result.total, pageSize: result.pageSize }}
        isFiltered={isFiltered}
      />
    </div>
  );
}
