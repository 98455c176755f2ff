"use client";

import { Receipt } from "lucide-react";
import type { ReactNode } from "react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { Badge } from "~/components/ui/badge";
import { sellingToolLabels } from "~/lib/selling-tools";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { AmountAfterRefunds } from "./amount-after-refunds";
import { appliedDiscountLabel } from "~/features/discounts/format";
import type { RouterOutputs } from "~/trpc/react";
import { ListEmpty } from "./list-empty";
import { paymentHref } from "./links";
import { useCurrentHref } from "./use-current-href";

type Payment = RouterOutputs["merchant"]["payments"]["list"]["payments"][number];

const column = columnHelperFor<Payment>();

function columnsFor(from: string, showBuyer: boolean): ColumnsOf<Payment> {
  const columns = [
    // Sortable columns are accessors (TanStack sorts only those); the server does the sorting.
    column.accessor("createdAt", {
      id: "date",
      header: "Date",
      meta: { isPrimary: true },
      cell: ({ row }) => (
        <RowLink href={paymentHref(row.original.id, from)}>
          <DateTime value={row.original.createdAt} />
        </RowLink>
      ),
    }),
    column.shown("pop", "POP", (row) => (
      <>
        {row.popName ? (
          <span title={row.popName} className="block text-gray-900 sm:max-w-40 sm:truncate">
            {row.popName}
          </span>
        ) : (
          <span className="text-gray-600">Deleted</span>
        )}
        {row.lineCount > 1 ? (
          <span className="block text-xs text-gray-600">{row.lineCount} items</span>
        ) : (
          row.quantity > 1 && <span className="block text-xs text-gray-600">Quantity {row.quantity}</span>
        )}
        {row.sellingTool && (
          <span className="mt-1 block">
            <Badge tone="blue">{sellingToolLabels[row.sellingTool]}</Badge>
          </span>
        )}
      </>
    )),
    column.shown("buyer", "Buyer", (row) => (
      <div className="min-w-0 sm:max-w-52" title={row.payerEmail ?? undefined}>
        <div className="text-gray-900 sm:truncate">{row.payerName ?? "—"}</div>
        {row.payerEmail && <div className="text-xs break-all text-gray-600 sm:truncate">{row.payerEmail}</div>}
      </div>
    )),
    column.shown("transactionId", "Transaction ID", (row) =>
      row.paypalId ? (
        <span className="font-mono text-xs break-all text-gray-900">{row.paypalId}</span>
      ) : (
        <span className="text-gray-600">—</span>
      ),
    ),
    column.accessor("amountMinor", {
      id: "amount",
      header: "Amount",
      meta: { align: "right" },
      cell: ({ row }) => (
        <AmountAfterRefunds
          amountMinor={row.original.amountMinor}
          refundedMinor={row.original.refundedMinor}
          currency={row.original.currency}
        >
          {row.original.discountCodeText && (
            <span className="text-xs text-gray-600">{appliedDiscountLabel(row.original)}</span>
          )}
        </AmountAfterRefunds>
      ),
    }),
    column.shown("status", "Status", (row) => <TransactionStatusBadge status={row.status} />),
  ] as ColumnsOf<Payment>;
  return showBuyer ? columns : columns.filter((column) => column.id !== "buyer");
}

/**
 * Payments as the server sorted and cut them (`sort` = date | amount, `dir`, `page` in the URL). Each row opens
 * the payment, whose back link returns here.
 */
export function PaymentsTable({
  label = "Payments",
  payments,
  sort,
  page,
  clearHref,
  showBuyer = true,
  emptyDescription = "They appear here as soon as a buyer pays.",
}: {
  label?: string;
  payments: Payment[];
  sort: { id: "date" | "amount"; desc: boolean };
  page: { page: number; pageCount: number; total: number; pageSize: number };
  /** Set while a search or filter is applied: the empty state says so and links here to clear it. */
  clearHref?: string;
  /** Off on a customer's own page, where every row is theirs. */
  showBuyer?: boolean;
  emptyDescription?: ReactNode;
}) {
  const from = useCurrentHref();
  return (
    <DataTable
      label={label}
      caption={label}
      columns={columnsFor(from, showBuyer)}
      data={payments}
      getRowId={(row) => row.id}
      rowHref={(row) => paymentHref(row.id, from)}
      serverSort={sort}
      page={page}
      empty={
        <ListEmpty
          icon={<Receipt className="size-6" />}
          noun="payments"
          description={emptyDescription}
          filterHint="Try another search, date range or status."
          clearHref={clearHref}
        />
      }
    />
  );
}

/** One buyer's payments on a page of theirs (a customer, a subscription): a "Payments" section without the buyer column. */
export function BuyerPaymentsSection({
  titleId,
  ...table
}: { titleId: string } & Omit<Parameters<typeof PaymentsTable>[0], "showBuyer">) {
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-lg font-semibold text-gray-900">
        Payments
      </h2>
      <PaymentsTable {...table} showBuyer={false} />
    </section>
  );
}
