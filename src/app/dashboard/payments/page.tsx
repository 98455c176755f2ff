import { redirect } from "next/navigation";
import { DateRangeFilter, ListFilters, SearchFilter, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { PaymentsTable } from "~/features/payments/payments-table";
import { ResultCount } from "~/features/payments/result-count";
import { SortSelect } from "~/features/payments/sort-select";
import { enumParam, pageParam, sortParams, textParam } from "~/lib/search-params";
import { paymentSorts, transactionStatuses } from "~/schemas/merchant-payments";
import { serverApi } from "~/trpc/server";
import { dateWindowOf, hrefWithPage, type SearchParams } from "./list-params";

export const metadata = { title: "Payments · Popkit" };

const statusOptions = transactionStatuses.map((status) => ({
  value: status,
  label: status.charAt(0).toUpperCase() + status.slice(1),
}));

const sortOptions = [
  { label: "Newest first", sort: "date", dir: "desc" },
  { label: "Oldest first", sort: "date", dir: "asc" },
  { label: "Largest amount", sort: "amount", dir: "desc" },
  { label: "Smallest amount", sort: "amount", dir: "asc" },
] as const;

export default async function PaymentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const q = textParam(params.q);
  const status = enumParam(params.status, transactionStatuses);
  const sort = sortParams(params, paymentSorts, { id: "date", desc: true });
  const page = pageParam(params.page);
  const window = await dateWindowOf(params);
  const api = await serverApi();
  const result = await api.merchant.listPayments({
    q,
    status,
    ...window,
    sort: sort.id,
    dir: sort.desc ? "desc" : "asc",
    page,
  });
  // A shared link to page 9 of a list that has since shrunk: show its last page rather than nothing.
  if (page > result.pageCount) redirect(hrefWithPage("/dashboard/payments", params, result.pageCount));
  const isFiltered = Boolean(q || status || textParam(params.range));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Payments"
        description="Every payment your buttons and pages have taken, as PayPal reported it."
      />
      <ListFilters label="Filter payments">
        <SearchFilter label="Search payments" placeholder="E-mail, name, payment ID or POP" />
        <DateRangeFilter />
        <SelectFilter label="Status" param="status" options={statusOptions} allLabel="All statuses" />
        <SortSelect options={sortOptions} current={sort} />
      </ListFilters>
      <ResultCount total={result.total} noun="payment" isFiltered={isFiltered} />
      <PaymentsTable
        payments={result.payments}
        sort={sort}
        page={{ page, pageCount: result.pageCount, total: result.total, pageSize: result.pageSize }}
        clearHref={isFiltered ? "/dashboard/payments" : undefined}
      />
    </div>
  );
}
