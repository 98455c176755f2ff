"use client";

import { Receipt } from "lucide-react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { columnHelperFor, DataTable, RowLink, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Money } from "~/components/ui/money";
import type { RouterOutputs } from "~/trpc/react";
import { merchantHref, type ServerPage } from "./links";

type AdminTransaction = RouterOutputs["admin"]["transactions"]["list"]["transactions"][number];

const popKindLabels = { payment_button: "Payment button", sell_page: "Digital sell page", wps_button: "WPS button" };
const column = columnHelperFor<AdminTransaction>();

function popLine(pop: AdminTransaction["pop"]): string {
  if (!pop) return "POP deleted";
  return [pop.name ?? "—", pop.kind && popKindLabels[pop.kind]].filter(Boolean).join(" · ");
}

// The server pages these lists newest first and cannot sort them otherwise, so no column offers sorting.
/** Who was paid and through which POP: one column, so the platform-wide list fits a laptop screen. */
const merchantColumn = column.primary("merchant", "Merchant / POP", (row) => (
  <div className="min-w-0 sm:max-w-56">
    <div className="truncate" title={row.merchant.email}>
      <RowLink href={merchantHref(row.merchant.id)}>{row.merchant.name}</RowLink>
    </div>
    <div className="truncate text-xs font-normal text-gray-600">{popLine(row.pop)}</div>
  </div>
));

const payerColumn = (isPrimary: boolean) =>
  column.display({
    id: "payer",
    header: "Payer",
    meta: { isPrimary },
    cell: ({ row }) => (
      <div className="min-w-0 sm:max-w-48">
        <div className={isPrimary ? "font-medium text-gray-900" : "text-gray-900"}>{row.original.payerName ?? "—"}</div>
        {row.original.payerEmail && <div className="truncate text-xs text-gray-600">{row.original.payerEmail}</div>}
      </div>
    ),
  });

const popColumn = column.shown("pop", "POP", (row) => {
  const pop = row.pop;
  if (!pop) return <span className="text-gray-600">Deleted</span>;
  return (
    <div className="min-w-0 sm:max-w-48">
      <div className="truncate text-gray-900">{pop.name ?? "—"}</div>
      {pop.kind && <div className="text-xs text-gray-600">{popKindLabels[pop.kind]}</div>}
    </div>
  );
});

const amountColumn = column.right("amount", "Amount", (row) => (
  <Money amountMinor={row.amountMinor} currency={row.currency} className="font-medium" />
));

const statusColumn = column.shown("status", "Status", (row) => <TransactionStatusBadge status={row.status} />);

/** `isNarrow` wraps the time under the date, so the platform-wide list fits a laptop without a sideways scroll. */
const dateColumn = (isNarrow: boolean) =>
  column.shown("date", "Date", (row) => (
    <span className={isNarrow ? "inline-block sm:w-28 sm:whitespace-normal" : undefined}>
      <DateTime value={row.createdAt} />
    </span>
  ));

const referenceColumn = column.shown("reference", "Transaction ID", (row) => (
  <div>
    <div className="font-mono text-xs break-all text-gray-900 sm:w-40 sm:whitespace-normal">{row.reference}</div>
    <div className="text-xs text-gray-600">{row.source === "wps" ? "WPS" : "Payment"}</div>
  </div>
));

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
