import { Download } from "lucide-react";
import Link from "next/link";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Select } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { textParam } from "~/features/staff/search-form";
import { TransactionsTable } from "~/features/staff/transactions-table";
import { pageParam } from "~/lib/search-params";
import { transactionStatuses } from "~/schemas/merchant-payments";
import { transactionFiltersSchema } from "~/schemas/staff";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Transactions · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const filterNames = ["merchant", "pop", "status", "from", "to"] as const;

export default async function StaffTransactionsPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const raw = Object.fromEntries(filterNames.map((name) => [name, textParam(params[name])]));
  const page = pageParam(params.page);
  // Empty inputs of the GET form mean "no filter".
  const parsed = transactionFiltersSchema.safeParse(
    Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== "")),
  );
  const errors = parsed.success ? {} : (z.flattenError(parsed.error).fieldErrors as Record<string, string[]>);
  const api = await serverApi();
  const result = parsed.success ? await api.admin.listTransactions({ filters: parsed.data, page }) : null;

  const query = (nextPage?: number) => {
    const search = new URLSearchParams(Object.entries(raw).filter(([, value]) => value !== ""));
    if (nextPage && nextPage > 1) search.set("page", String(nextPage));
    return search.toString();
  };
  const hasFilters = Object.values(raw).some(Boolean);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Transactions</h1>
          <p className="text-sm text-gray-600">
            Every payment across merchants: smart buttons, digital sell pages and WPS buttons. Dates are UTC.
          </p>
        </div>
        {result && (
          <a
            href={`/api/admin/transactions/export${query() ? `?${query()}` : ""}`}
            className={buttonClasses("secondary")}
            download
          >
            <Download aria-hidden className="h-4 w-4" />
            Export CSV
          </a>
        )}
      </div>

      <Card className="p-4">
        <form method="get" action="/saas-admin/transactions" aria-label="Filter transactions" className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <Field id="filter-merchant" label="Merchant" error={errors.merchant?.[0]}>
              <Input
                id="filter-merchant"
                name="merchant"
                defaultValue={raw.merchant}
                placeholder="Name, e-mail or id"
              />
            </Field>
            <Field id="filter-pop" label="POP" error={errors.pop?.[0]}>
              <Input id="filter-pop" name="pop" defaultValue={raw.pop} placeholder="Name or id" />
            </Field>
            <Field id="filter-status" label="Status" error={errors.status?.[0]}>
              <Select id="filter-status" name="status" defaultValue={raw.status}>
                <option value="">All statuses</option>
                {transactionStatuses.map((status) => (
                  <option key={status} value={status}>
                    {status.charAt(0).toUpperCase() + status.slice(1)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="filter-from" label="From" error={errors.from?.[0]}>
              <Input
                id="filter-from"
                name="from"
                type="date"
                defaultValue={raw.from}
                aria-invalid={Boolean(errors.from)}
              />
            </Field>
            <Field id="filter-to" label="To" error={errors.to?.[0]}>
              <Input id="filter-to" name="to" type="date" defaultValue={raw.to} aria-invalid={Boolean(errors.to)} />
            </Field>
          </div>
          <div className="flex gap-2">
            <button type="submit" className={buttonClasses("primary")}>
              Apply filters
            </button>
            {hasFilters && (
              <Link href="/saas-admin/transactions" className={buttonClasses("ghost")}>
                Reset
              </Link>
            )}
          </div>
        </form>
      </Card>

      {!result ? (
        <Alert>Please correct the filters.</Alert>
      ) : (
        <>
          <p className="text-sm text-gray-600" role="status">
            {result.total.toLocaleString("en-US")} {result.total === 1 ? "transaction" : "transactions"}
          </p>
          <Card className="overflow-x-auto">
            {result.transactions.length === 0 ? (
              <p className="p-8 text-center text-gray-600">
                {hasFilters ? "No transactions match these filters." : "No transactions yet"}
              </p>
            ) : (
              <TransactionsTable transactions={result.transactions} caption="Transactions" />
            )}
          </Card>
          <Pagination
            page={page}
            pageCount={result.pageCount}
            hrefFor={(next) => `/saas-admin/transactions${query(next) ? `?${query(next)}` : ""}`}
          />
        </>
      )}
    </div>
  );
}
