import { Download } from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { DateRangeFilter, ListFilters, SearchFilter, SelectFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { StaffTransactionsTable } from "~/features/staff/transactions-table";
import { resolveDateRange } from "~/lib/date-range";
import { calendarDate } from "~/lib/dates";
import { pageParam, textParam } from "~/lib/search-params";
import { transactionStatusLabels, transactionStatuses } from "~/schemas/payments";
import { transactionFiltersSchema } from "~/schemas/staff";
import { TRANSACTIONS_PAGE_SIZE } from "~/server/staff/transactions";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Transactions · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const statusOptions = transactionStatuses.map((status) => ({
  value: status,
  label: transactionStatusLabels[status],
}));

/**
 * The date filter as the service and the CSV export take it: whole UTC days `from`..`to`. A preset is resolved
 * here; a custom range is passed as typed, so the schema can explain a range that ends before it starts.
 */
function dayRange(range: string, from: string, to: string): { from: string; to: string } {
  if (range === "custom") return { from, to };
  const window = resolveDateRange({ range }, "UTC");
  return {
    from: window.from ? calendarDate(window.from, "UTC") : "",
    to: window.to ? calendarDate(new Date(window.to.getTime() - 1), "UTC") : "",
  };
}

export default async function StaffTransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const range = textParam(params.range);
  const from = textParam(params.from);
  const to = textParam(params.to);
  // Older links (and the CSV's own query) give `from`/`to` alone: show them as the custom range they are.
  if (!range && (from || to)) {
    const query = new URLSearchParams(
      Object.entries(params).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])),
    );
    query.set("range", "custom");
    redirect(`/saas-admin/transactions?${query.toString()}`);
  }
  const raw = {
    merchant: textParam(params.merchant),
    pop: textParam(params.pop),
    status: textParam(params.status),
    ...dayRange(range, from, to),
  };
  const page = pageParam(params.page);
  // Empty filters mean "no filter".
  const filters = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ""));
  const parsed = transactionFiltersSchema.safeParse(filters);
  const errors = parsed.success ? [] : Object.values(z.flattenError(parsed.error).fieldErrors).flat();
  const api = await serverApi();
  const result = parsed.success ? await api.admin.transactions.list({ filters: parsed.data, page }) : null;
  const hasFilters = Object.keys(filters).length > 0;
  const exportQuery = new URLSearchParams(filters).toString();

  return (
    <div className="space-y-6">
      <PageHeader
        title="Transactions"
        description="Every payment across merchants: smart buttons, digital sell pages and WPS buttons. Dates are UTC."
        actions={
          result && (
            <a
              href={`/api/admin/transactions/export${exportQuery ? `?${exportQuery}` : ""}`}
              className={buttonClasses("secondary")}
              download
            >
              <Download aria-hidden className="size-4" />
              Export CSV
            </a>
          )
        }
      />

      <ListFilters label="Filter transactions">
        <SearchFilter label="Merchant" placeholder="Name, e-mail or id" param="merchant" />
        <SearchFilter label="POP" placeholder="Name or id" param="pop" />
        <SelectFilter label="Status" param="status" options={statusOptions} allLabel="All statuses" />
        <DateRangeFilter />
        {(hasFilters || range) && (
          <Link href="/saas-admin/transactions" className={buttonClasses("ghost")}>
            Clear filters
          </Link>
        )}
      </ListFilters>

      {!result ? (
        <Alert>{errors.join(" ") || "Please correct the filters."}</Alert>
      ) : (
        <>
          <p className="text-sm text-gray-600" role="status">
            {result.total.toLocaleString("en-US")} {result.total === 1 ? "transaction" : "transactions"}
            {hasFilters && " match these filters"}
          </p>
          <StaffTransactionsTable
            label="Transactions"
            variant="all"
            transactions={result.transactions}
            page={{ page, pageCount: result.pageCount, total: result.total, pageSize: TRANSACTIONS_PAGE_SIZE }}
            emptyTitle={hasFilters ? "No transactions match these filters" : "No transactions yet"}
            emptyDescription={hasFilters ? "Widen the date range or clear a filter." : undefined}
          />
        </>
      )}
    </div>
  );
}
