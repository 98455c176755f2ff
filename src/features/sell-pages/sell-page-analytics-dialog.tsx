"use client";

import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { PeriodTabs, RecentTransactions, RevenueLines, Stat, SuccessRate } from "~/features/analytics/period-analytics";
import { cn } from "~/lib/cn";
import { formatMoney, type Currency } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

type PageAnalytics = RouterOutputs["sellPages"]["analytics"];

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
  return (
    <Dialog open onClose={onClose} size="xl" title="Digital Sell Page Analytics" description={`Page: ${pageName}`}>
      <PeriodTabs panel={(period) => <AnalyticsPanel pageId={pageId} period={period} />} />
    </Dialog>
  );
}

function AnalyticsPanel({ pageId, period }: { pageId: string; period: AnalyticsPeriod }) {
  const analytics = api.sellPages.analytics.useQuery({ id: pageId, period }, { retry: false });
  if (analytics.isPending) return <Spinner label="Loading analytics..." />;
  if (analytics.isError) return <Alert>Failed to load analytics data</Alert>;
  return <AnalyticsBody data={analytics.data} />;
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

      <SuccessRate rate={data.successRate}>
        <p className="mt-2 text-sm text-gray-600">
          {data.views.toLocaleString("en-US")} page view{data.views === 1 ? "" : "s"} · Conversion{" "}
          <span className="font-semibold text-gray-900">
            {data.conversionRate === null ? "—" : `${data.conversionRate.toFixed(1)}%`}
          </span>
        </p>
      </SuccessRate>

      <RecentTransactions transactions={data.recentTransactions} hasBundleColumn />
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
