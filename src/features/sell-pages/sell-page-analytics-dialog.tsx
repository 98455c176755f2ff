"use client";

import type { ReactNode } from "react";
import { useState } from "react";
import { TransactionStatusBadge } from "~/components/transaction-status-badge";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/features/payment-buttons/format";
import { cn } from "~/lib/cn";
import { formatMoney, type Currency } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

type PageAnalytics = RouterOutputs["sellPages"]["analytics"];
type Revenue = { currency: Currency; amountMinor: number }[];

const periodTabs: { value: AnalyticsPeriod; label: string }[] = [
  { value: "7d", label: "7 Days" },
  { value: "30d", label: "30 Days" },
  { value: "90d", label: "90 Days" },
  { value: "all", label: "All Time" },
];

/** Revenue lines per currency; a page whose currency never changed has one. Zero in the page's currency. */
function RevenueLines({ revenue, currency }: { revenue: Revenue; currency: Currency }) {
  const lines = revenue.length > 0 ? revenue : [{ currency, amountMinor: 0 }];
  return lines.map((line) => (
    <span key={line.currency} className="block">
      {formatMoney(line.amountMinor, line.currency)}
    </span>
  ));
}

/**
 * SPEC 2.12 Digital Sell Page Analytics. The period defaults to 30 days, like the payment-button dialog (the
 * spec leaves this dialog's default open).
 */
export function SellPageAnalyticsDialog({
  pageId,
  pageName,
  onClose,
}: {
  pageId: string;
  pageName: string;
  onClose(): void;
}) {
  const [period, setPeriod] = useState<AnalyticsPeriod>("30d");
  const analytics = api.sellPages.analytics.useQuery({ id: pageId, period }, { retry: false });

  return (
    <Dialog open onClose={onClose} size="xl" title="Digital Sell Page Analytics" description={`Page: ${pageName}`}>
      <div role="tablist" aria-label="Period" className="inline-flex flex-wrap rounded-lg bg-gray-100 p-1">
        {periodTabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            aria-selected={period === tab.value}
            onClick={() => setPeriod(tab.value)}
            className={cn(
              "rounded-md px-3 py-1.5 text-sm font-medium transition-colors",
              period === tab.value ? "bg-white text-gray-900 shadow-sm" : "text-gray-600 hover:text-gray-900",
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="mt-5">
        {analytics.isPending ? (
          <Spinner label="Loading analytics..." />
        ) : analytics.isError ? (
          <Alert>Failed to load analytics data</Alert>
        ) : (
          <AnalyticsBody data={analytics.data} />
        )}
      </div>
    </Dialog>
  );
}

function AnalyticsBody({ data }: { data: PageAnalytics }) {
  const { currency } = data.page;
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Total Sales" value={data.totalTransactions.toLocaleString("en-US")} />
        <Stat label="Total Revenue" value={<RevenueLines revenue={data.totalRevenue} currency={currency} />} />
        <Stat label="Successful" value={data.successfulTransactions.toLocaleString("en-US")} tone="text-green-700" />
        <Stat label="Failed" value={data.failedTransactions.toLocaleString("en-US")} tone="text-red-700" />
      </dl>

      <div className={cn("grid gap-3", data.premium && "sm:grid-cols-2")}>
        <BundleCard title="Basic Bundle" bundle={data.basic} currency={currency} />
        {data.premium && <BundleCard title="Premium Bundle" bundle={data.premium} currency={currency} />}
      </div>

      <div>
        <div className="flex items-center justify-between text-sm">
          <span id={`success-rate-${data.page.id}`} className="font-medium text-gray-700">
            Success Rate
          </span>
          <span className="font-semibold text-gray-900">{data.successRate}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={`success-rate-${data.page.id}`}
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
                    Bundle
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
                    <td className="py-2 pr-4">{transaction.bundle}</td>
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
    </div>
  );
}

function BundleCard({
  title,
  bundle,
  currency,
}: {
  title: string;
  bundle: PageAnalytics["basic"];
  currency: Currency;
}) {
  return (
    <section aria-label={title} className="rounded-lg border border-gray-200 p-4">
      <h3 className="text-sm font-semibold text-gray-900">{title}</h3>
      <p className="text-xs text-gray-500">{bundle.name}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-gray-500">Price</dt>
          <dd className="font-medium text-gray-900">{formatMoney(bundle.priceMinor, currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-500">Sales</dt>
          <dd className="font-medium text-gray-900">{bundle.sales.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-500">Revenue</dt>
          <dd className="font-medium text-gray-900">
            <RevenueLines revenue={bundle.revenue} currency={currency} />
          </dd>
        </div>
      </dl>
    </section>
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
