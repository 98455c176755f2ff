"use client";

import { useState, type ReactNode } from "react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { Tabs } from "~/components/ui/tabs";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

type ButtonAnalytics = RouterOutputs["analytics"]["forButton"];

const periodTabs: { value: AnalyticsPeriod; label: string }[] = [
  { value: "7d", label: "7 Days" },
  { value: "30d", label: "30 Days" },
  { value: "90d", label: "90 Days" },
  { value: "all", label: "All Time" },
];

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** SPEC 2.12: one payment button's sales for a period (30 days by default), opened from the pages list. */
export function PaymentButtonAnalyticsDialog({
  buttonId,
  buttonName,
  open,
  onClose,
}: {
  buttonId: string;
  buttonName: string;
  open: boolean;
  onClose(): void;
}) {
  const [period, setPeriod] = useState<AnalyticsPeriod>("30d");
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="xl"
      title="Payment Button Analytics"
      description={`Button: ${buttonName}`}
    >
      <Tabs<AnalyticsPeriod>
        label="Period"
        value={period}
        onChange={setPeriod}
        tabs={periodTabs.map((tab) => ({
          ...tab,
          panel: <AnalyticsPanel buttonId={buttonId} period={tab.value} />,
        }))}
      />
    </Dialog>
  );
}

function AnalyticsPanel({ buttonId, period }: { buttonId: string; period: AnalyticsPeriod }) {
  const analytics = api.analytics.forButton.useQuery({ buttonId, period }, { retry: false });
  if (analytics.isPending) return <Spinner label="Loading analytics..." />;
  if (analytics.isError) return <Alert>Failed to load analytics data</Alert>;
  return <AnalyticsBody data={analytics.data} />;
}

function AnalyticsBody({ data }: { data: ButtonAnalytics }) {
  const revenue = data.revenue.length > 0 ? data.revenue : [{ currency: data.currency, amountMinor: 0 }];
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Total Transactions" value={data.totalTransactions.toLocaleString("en-US")} />
        <Stat
          label="Total Revenue"
          value={revenue.map((line) => (
            <span key={line.currency} className="block">
              {formatMoney(line.amountMinor, line.currency)}
            </span>
          ))}
        />
        <Stat label="Successful" value={data.successfulTransactions.toLocaleString("en-US")} tone="text-green-700" />
        <Stat label="Failed" value={data.failedTransactions.toLocaleString("en-US")} tone="text-red-700" />
      </dl>

      <div>
        <div className="flex items-center justify-between text-sm">
          <span id="success-rate-label" className="font-medium text-gray-700">
            Success Rate
          </span>
          <span className="font-semibold text-gray-900">{data.successRate}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="success-rate-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={data.successRate}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-gray-100"
        >
          <div className="h-full rounded-full bg-green-500" style={{ width: `${data.successRate}%` }} />
        </div>
      </div>

      <div>
        <h3 className="text-sm font-semibold text-gray-900">Recent Transactions</h3>
        {data.recentTransactions.length === 0 ? (
          <p className="py-6 text-center text-sm text-gray-600">No transactions yet</p>
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-gray-500 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Transaction ID
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Status
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Date
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.recentTransactions.map((transaction) => (
                  <tr key={transaction.id}>
                    <td className="py-2 pr-4 font-mono text-xs break-all">{transaction.paypalOrderId}</td>
                    <td className="py-2 pr-4 whitespace-nowrap">
                      {formatMoney(transaction.amountMinor, transaction.currency)}
                    </td>
                    <td className="py-2 pr-4">
                      <TransactionStatusBadge status={transaction.status} />
                    </td>
                    <td className="py-2 whitespace-nowrap text-gray-600">{dateFormat.format(transaction.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

function Stat({ label, value, tone }: { label: string; value: ReactNode; tone?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-3">
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className={cn("mt-1 text-lg font-semibold text-gray-900", tone)}>{value}</dd>
    </div>
  );
}
