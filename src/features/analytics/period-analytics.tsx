"use client";

import { useId, useState, type ReactNode } from "react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { Tabs } from "~/components/ui/tabs";
import { formatDateTime } from "~/features/payment-buttons/format";
import { cn } from "~/lib/cn";
import { formatMoney, type Currency } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";

// The pieces of the per-POP analytics dialogs (SPEC 2.12): payment buttons and digital sell pages.

const periodTabs: { value: AnalyticsPeriod; label: string }[] = [
  { value: "7d", label: "7 Days" },
  { value: "30d", label: "30 Days" },
  { value: "90d", label: "90 Days" },
  { value: "all", label: "All Time" },
];

/** The period tabs, 30 days first selected; `panel` renders one period's figures. */
export function PeriodTabs({ panel }: { panel(period: AnalyticsPeriod): ReactNode }) {
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

export function Stat({ label, value, tone }: { label: string; value: ReactNode; tone?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-3">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className={cn("mt-1 text-lg font-semibold text-gray-900", tone)}>{value}</dd>
    </div>
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
  paypalOrderId: string;
  amountMinor: number;
  currency: Currency;
  status: string;
  createdAt: Date;
  /** The sell-page bundle it bought; shown in its own column when `hasBundleColumn`. */
  bundle?: string;
};

export function RecentTransactions({
  transactions,
  hasBundleColumn = false,
}: {
  transactions: RecentTransaction[];
  hasBundleColumn?: boolean;
}) {
  const headers = ["Transaction ID", "Amount", ...(hasBundleColumn ? ["Bundle"] : []), "Status"];
  return (
    <div>
      <h3 className="text-sm font-semibold text-gray-900">Recent Transactions</h3>
      {transactions.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-600">No transactions yet</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-gray-500 uppercase">
              <tr>
                {headers.map((header) => (
                  <th key={header} scope="col" className="py-2 pr-4 font-medium">
                    {header}
                  </th>
                ))}
                <th scope="col" className="py-2 font-medium">
                  Date
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {transactions.map((transaction) => (
                <tr key={transaction.id}>
                  <td className="py-2 pr-4 font-mono text-xs break-all">{transaction.paypalOrderId}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {formatMoney(transaction.amountMinor, transaction.currency)}
                  </td>
                  {hasBundleColumn && <td className="py-2 pr-4">{transaction.bundle}</td>}
                  <td className="py-2 pr-4">
                    <TransactionStatusBadge status={transaction.status} />
                  </td>
                  <td className="py-2 whitespace-nowrap text-gray-600">{formatDateTime(transaction.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
