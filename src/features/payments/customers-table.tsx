"use client";

import { Users } from "lucide-react";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { AmountAfterRefunds } from "./amount-after-refunds";
import { ListEmpty } from "~/features/payments/list-empty";
import { customerHref } from "~/features/payments/links";
import { useCurrentHref } from "~/features/payments/use-current-href";
import type { RouterOutputs } from "~/trpc/react";

type Customer = RouterOutputs["merchant"]["customers"]["list"]["customers"][number];

const column = columnHelperFor<Customer>();

function columnsFor(from: string): ColumnsOf<Customer> {
  return [
    column.primary("customer", "Customer", (row) => (
      <div className="min-w-0 sm:max-w-64">
        <RowLink href={customerHref(row.email, from)}>{row.name ?? row.email}</RowLink>
        {row.name && <div className="text-xs font-normal break-all text-gray-600 sm:truncate">{row.email}</div>}
      </div>
    )),
    column.right("orders", "Orders", (row) => (
      <span className="tabular-nums">{row.payments.toLocaleString("en-US")}</span>
    )),
    // Sortable columns are accessors (TanStack sorts only those); the server does the sorting.
    column.accessor("spentMinor", {
      id: "spent",
      header: "Lifetime value",
      meta: { align: "right" },
      cell: ({ row }) => (
        <AmountAfterRefunds
          amountMinor={row.original.spentMinor}
          refundedMinor={row.original.refundedMinor}
          currency={row.original.currency}
        />
      ),
    }),
    column.shown("first", "First payment", (row) => <DateTime value={row.firstPaymentAt} style="date" />),
    column.accessor("lastPaymentAt", {
      id: "last",
      header: "Last payment",
      cell: ({ row }) => <DateTime value={row.original.lastPaymentAt} style="date" />,
    }),
  ] as ColumnsOf<Customer>;
}

/** Customers as the server grouped, sorted (`sort` = last | spent) and paged them; each row opens the buyer. */
export function CustomersTable({
  customers,
  sort,
  page,
  isFiltered,
}: {
  customers: Customer[];
  sort: { id: "last" | "spent"; desc: boolean };
  page: { page: number; pageCount: number; total: number; pageSize: number };
  isFiltered: boolean;
}) {
  const from = useCurrentHref();
  return (
    <DataTable
      label="Customers"
      caption="Customers"
      columns={columnsFor(from)}
      data={customers}
      getRowId={(row) => `${row.email}|${row.currency}`}
      rowHref={(row) => customerHref(row.email, from)}
      serverSort={sort}
      page={page}
      empty={
        <ListEmpty
          icon={<Users className="size-6" />}
          noun="customers"
          description="Buyers appear here after their first completed payment."
          filterHint="Try another search or date range."
          clearHref={isFiltered ? "/dashboard/customers" : undefined}
        />
      }
    />
  );
}
