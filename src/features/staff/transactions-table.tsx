"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { Receipt } from "lucide-react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Money } from "~/components/ui/money";
import type { RouterOutputs } from "~/trpc/react";
import { merchantHref, type ServerPage } from "./links";

type AdminTransaction = RouterOutputs["admin"]["transactions"]["list"]["transactions"][number];

const popKindLabels = { payment_button: "Payment button", sell_page: "Digital sell page", wps_button: "WPS button" };
const column = createColumnHelper<AdminTransaction>();

function popLine(pop: AdminTransaction["pop"]): string {
  if (!pop) return "POP deleted";
  return [pop.name ?? "—", pop.kind && popKindLabels[pop.kind]].filter(Boolean).join(" · ");
}

// The server pages these lists newest first and cannot sort them otherwise, so no column offers sorting.
/** Who was paid and through which POP: one column, so the platform-wide list fits a laptop screen. */
const merchantColumn = column.display({
  id: "merchant",
  header: "Merchant / POP",
  enableSorting: false,
  meta: { isPrimary: true },
  cell: ({ row }) => (
    <div className="min-w-0 sm:max-w-56">
      <div className="truncate" title={row.original.merchant.email}>
        <RowLink href={merchantHref(row.original.merchant.id)}>{row.original.merchant.name}</RowLink>
      </div>
      <div className="truncate text-xs font-normal text-gray-600">{popLine(row.original.pop)}</div>
    </div>
  ),
});

const payerColumn = (isPrimary: boolean) =>
  column.display({
    id: "payer",
    header: "Payer",
    enableSorting: false,
    meta: { isPrimary },
    cell: ({ row }) => (
      <div className="min-w-0 sm:max-w-48">
        <div className={isPrimary ? "font-medium text-gray-900" : "text-gray-900"}>{row.original.payerName ?? "—"}</div>
        {row.original.payerEmail && <div className="truncate text-xs text-gray-600">{row.original.payerEmail}</div>}
      </div>
    ),
  });

const popColumn = column.display({
  id: "pop",
  header: "POP",
  enableSorting: false,
  cell: ({ row }) => {
    const pop = row.original.pop;
    if (!pop) return <span className="text-gray-600">Deleted</span>;
    return (
      <div className="min-w-0 sm:max-w-48">
        <div className="truncate text-gray-900">{pop.name ?? "—"}</div>
        {pop.kind && <div className="text-xs text-gray-600">{popKindLabels[pop.kind]}</div>}
      </div>
    );
  },
});

const amountColumn = column.display({
  id: "amount",
  header: "Amount",
  enableSorting: false,
  meta: { align: "right" },
  cell: ({ row }) => (
    <Money amountMinor={row.original.amountMinor} currency={row.original.currency} className="font-medium" />
  ),
});

const statusColumn = column.display({
  id: "status",
  header: "Status",
  enableSorting: false,
  cell: ({ row }) => <TransactionStatusBadge status={row.original.status} />,
});

/** `isNarrow` wraps the time under the date, so the platform-wide list fits a laptop without a sideways scroll. */
const dateColumn = (isNarrow: boolean) =>
  column.display({
    id: "date",
    header: "Date",
    enableSorting: false,
    cell: ({ row }) => (
      <span className={isNarrow ? "inline-block sm:w-28 sm:whitespace-normal" : undefined}>
        <DateTime value={row.original.createdAt} />
      </span>
    ),
  });

const referenceColumn = column.display({
  id: "reference",
  header: "Transaction ID",
  enableSorting: false,
  cell: ({ row }) => (
    <div>
      <div className="font-mono text-xs break-all text-gray-900 sm:w-40 sm:whitespace-normal">
        {row.original.reference}
      </div>
      <div className="text-xs text-gray-600">{row.original.source === "wps" ? "WPS" : "Payment"}</div>
    </div>
  ),
});

/**
 * `all`: the Transactions page, every merchant. `recent`: the overview's Recent Transactions (id,
 * amount with currency, status, date; plus the merchant the row opens). `merchant`: one merchant's payments.
 */
const columnsByVariant = {
  all: [merchantColumn, payerColumn(false), amountColumn, statusColumn, dateColumn(true), referenceColumn],
  recent: [merchantColumn, amountColumn, statusColumn, dateColumn(false), referenceColumn],
  merchant: [payerColumn(true), popColumn, amountColumn, statusColumn, dateColumn(false), referenceColumn],
} as unknown as Record<"all" | "recent" | "merchant", ColumnsOf<AdminTransaction>>;

export function StaffTransactionsTable({
  label,
  variant,
  transactions,
  page,
  emptyTitle = "No transactions yet",
  emptyDescription,
}: {
  label: string;
  variant: keyof typeof columnsByVariant;
  transactions: AdminTransaction[];
  page?: ServerPage;
  emptyTitle?: string;
  emptyDescription?: string;
}) {
  return (
    <DataTable
      label={label}
      caption={label}
      columns={columnsByVariant[variant]}
      data={transactions}
      getRowId={(row) => `${row.source}-${row.id}`}
      // A transaction opens its merchant; on the merchant's own page there is nothing further to open.
      rowHref={variant === "merchant" ? undefined : (row) => merchantHref(row.merchant.id)}
      page={page}
      empty={<EmptyState icon={<Receipt className="size-6" />} title={emptyTitle} description={emptyDescription} />}
    />
  );
}
