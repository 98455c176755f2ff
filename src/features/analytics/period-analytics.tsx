"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { useId, useState, type ReactNode } from "react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { Alert } from "~/components/ui/alert";
import { DataTable, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Dialog } from "~/components/ui/dialog";
import { Money } from "~/components/ui/money";
import { Spinner } from "~/components/ui/spinner";
import { StatTile } from "~/components/ui/stat-tile";
import { Tabs } from "~/components/ui/tabs";
import { formatMoney, type Currency } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";

// The pieces of the per-POP analytics dialogs: payment buttons and digital sell pages.

const periodTabs: { value: AnalyticsPeriod; label: string }[] = [
  { value: "7d", label: "7 Days" },
  { value: "30d", label: "30 Days" },
  { value: "90d", label: "90 Days" },
  { value: "all", label: "All Time" },
];

/** The period tabs, 30 days first selected; `panel` renders one period's figures. */
function PeriodTabs({ panel }: { panel(period: AnalyticsPeriod): ReactNode }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>("30d");
  return (
    <Tabs<AnalyticsPeriod>
      label="Period"
      value={period}
      onChange={setPeriod}
      tabs={periodTabs.map((tab) => ({ ...tab, panel: panel(tab.value) }))}
    />
  );
}

/** One POP's analytics dialog: the period tabs, 30 days first; `panel` renders one period. */
export function PeriodAnalyticsDialog({
  title,
  description,
  open = true,
  onClose,
  onCloseAutoFocus,
  panel,
}: {
  title: string;
  description: string;
  open?: boolean;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
  panel(period: AnalyticsPeriod): ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="xl"
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <PeriodTabs panel={panel} />
    </Dialog>
  );
}

/** A period's figures once loaded: a spinner first, the failure text if they cannot be. */
export function PeriodFigures<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  children(data: T): ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading analytics..." />;
  if (query.isError || query.data === undefined) return <Alert>Failed to load analytics data</Alert>;
  return <div className="space-y-5">{children(query.data)}</div>;
}

/** The four figures: the total, the revenue, successful (green) and failed (red). */
export function SummaryTiles({
  totalLabel,
  total,
  revenue,
  successful,
  failed,
}: {
  totalLabel: string;
  total: number;
  revenue: ReactNode;
  successful: number;
  failed: number;
}) {
  return (
    <StatTiles
      stats={[
        { label: totalLabel, value: total.toLocaleString("en-US") },
        { label: "Total Revenue", value: revenue },
        { label: "Successful", value: successful.toLocaleString("en-US"), tone: "success" },
        { label: "Failed", value: failed.toLocaleString("en-US"), tone: "danger" },
      ]}
    />
  );
}

/** The figures of a period, as a list of StatTiles (a list, so a screen reader says how many there are). */
function StatTiles({
  stats,
}: {
  stats: { label: string; value: ReactNode; tone?: "default" | "success" | "danger" }[];
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((stat) => (
        <li key={stat.label} className="min-w-0">
          <StatTile label={stat.label} value={stat.value} tone={stat.tone} className="h-full p-4" />
        </li>
      ))}
    </ul>
  );
}

/** Revenue lines per currency; zero in `currency` when there is none. */
export function RevenueLines({
  revenue,
  currency,
}: {
  revenue: { currency: Currency; amountMinor: number }[];
  currency: Currency;
}) {
  const lines = revenue.length > 0 ? revenue : [{ currency, amountMinor: 0 }];
  return lines.map((line) => (
    <span key={line.currency} className="block">
      {formatMoney(line.amountMinor, line.currency)}
    </span>
  ));
}

/** The success rate as a labelled progress bar; `children` go under the bar. */
export function SuccessRate({ rate, children }: { rate: number; children?: ReactNode }) {
  const labelId = useId();
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium text-gray-700">
          Success Rate
        </span>
        <span className="font-semibold text-gray-900">{rate}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rate}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-gray-100"
      >
        <div className="h-full rounded-full bg-green-500" style={{ width: `${rate}%` }} />
      </div>
      {children}
    </div>
  );
}

type RecentTransaction = {
  id: string;
  /** PayPal's capture, sale or WPS txn id: the one id a purchase has. */
  paypalId: string;
  amountMinor: number;
  currency: Currency;
  status: string;
  createdAt: Date;
  /** The sell-page bundle it bought; shown in its own column when `hasBundleColumn`. */
  bundle?: string;
};

const column = createColumnHelper<RecentTransaction>();

const idColumn = column.accessor("paypalId", {
  header: "Transaction ID",
  enableSorting: false,
  meta: { isPrimary: true },
  cell: (info) => <span className="font-mono text-xs break-all">{info.getValue()}</span>,
});
const amountColumn = column.accessor("amountMinor", {
  header: "Amount",
  meta: { align: "right" },
  cell: ({ row }) => <Money amountMinor={row.original.amountMinor} currency={row.original.currency} />,
});
const bundleColumn = column.accessor("bundle", { header: "Bundle", enableSorting: false });
const statusColumn = column.accessor("status", {
  header: "Status",
  enableSorting: false,
  cell: (info) => <TransactionStatusBadge status={info.getValue()} />,
});
const dateColumn = column.accessor("createdAt", {
  header: "Date",
  sortingFn: "datetime",
  cell: (info) => <DateTime value={info.getValue()} />,
});

// Ten rows at most: sorting by amount or date happens in the browser.
const columns = [idColumn, amountColumn, statusColumn, dateColumn] as ColumnsOf<RecentTransaction>;
const columnsWithBundle = [
  idColumn,
  amountColumn,
  bundleColumn,
  statusColumn,
  dateColumn,
] as ColumnsOf<RecentTransaction>;

export function RecentTransactions({
  transactions,
  hasBundleColumn = false,
}: {
  transactions: RecentTransaction[];
  hasBundleColumn?: boolean;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-gray-900">Recent Transactions</h3>
      <DataTable
        label="Recent transactions"
        columns={hasBundleColumn ? columnsWithBundle : columns}
        data={transactions}
        getRowId={(transaction) => transaction.id}
        empty={<p className="py-6 text-center text-sm text-gray-600">No transactions yet</p>}
      />
    </div>
  );
}

type OfferTotals = { taken: number; takeRate: number; revenueMinor: number };

/**
 * A POP's selling tools in the period: the order bump (paid orders offered it, how many took it, what bumps brought
 * in) and the one-click upsell (buyers shown it, how many took it, what paid upsells brought in). Each shows only
 * once it was offered.
 */
export function OfferFigures({
  orderBump,
  upsell,
  currency,
}: {
  orderBump: (OfferTotals & { offered: number }) | null;
  upsell: (OfferTotals & { shown: number }) | null;
  currency: Currency;
}) {
  return (
    <>
      {orderBump && (
        <OfferSection title="Order bump" offeredLabel="Paid orders offered it" offered={orderBump.offered}>
          <OfferTotalsFigures totals={orderBump} revenueLabel="Revenue from bumps" currency={currency} />
        </OfferSection>
      )}
      {upsell && (
        <OfferSection title="One-click upsell" offeredLabel="Buyers shown it" offered={upsell.shown}>
          <OfferTotalsFigures totals={upsell} revenueLabel="Revenue from upsells" currency={currency} />
        </OfferSection>
      )}
    </>
  );
}

function OfferSection({
  title,
  offeredLabel,
  offered,
  children,
}: {
  title: string;
  offeredLabel: string;
  offered: number;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="rounded-lg border border-gray-200 p-4 text-sm">
      <h3 className="font-medium text-gray-900">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <div>
          <dt className="text-gray-600">{offeredLabel}</dt>
          <dd className="font-semibold text-gray-900">{offered}</dd>
        </div>
        {children}
      </dl>
    </section>
  );
}

function OfferTotalsFigures({
  totals,
  revenueLabel,
  currency,
}: {
  totals: OfferTotals;
  revenueLabel: string;
  currency: Currency;
}) {
  return (
    <>
      <div>
        <dt className="text-gray-600">Taken</dt>
        <dd className="font-semibold text-gray-900">{totals.taken}</dd>
      </div>
      <div>
        <dt className="text-gray-600">Take rate</dt>
        <dd className="font-semibold text-gray-900">{totals.takeRate}%</dd>
      </div>
      <div>
        <dt className="text-gray-600">{revenueLabel}</dt>
        <dd className="font-semibold text-gray-900">{formatMoney(totals.revenueMinor, currency)}</dd>
      </div>
    </>
  );
}
