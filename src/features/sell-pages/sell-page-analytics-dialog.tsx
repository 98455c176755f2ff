"use client";

import {
  PeriodAnalyticsDialog,
  PeriodFigures,
  RecentTransactions,
  RevenueLines,
  SuccessRate,
  SummaryTiles,
} from "~/features/analytics/period-analytics";
import { cn } from "~/lib/cn";
import { formatMoney, type Currency } from "~/lib/money";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

type PageAnalytics = RouterOutputs["pages"]["sellPages"]["analytics"];

/**
 * Digital Sell Page Analytics. The period defaults to 30 days, like the payment-button dialog (the
 * spec leaves this dialog's default open).
 */
export function SellPageAnalyticsDialog({
  pageId,
  pageName,
  onClose,
  onCloseAutoFocus,
}: {
  pageId: string;
  pageName: string;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <PeriodAnalyticsDialog
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Digital Sell Page Analytics"
      description={`Page: ${pageName}`}
      panel={(period) => <AnalyticsPanel pageId={pageId} period={period} />}
    />
  );
}

function AnalyticsPanel({ pageId, period }: { pageId: string; period: AnalyticsPeriod }) {
  const analytics = api.pages.sellPages.analytics.useQuery({ id: pageId, period }, { retry: false });
  return <PeriodFigures query={analytics}>{(data) => <AnalyticsBody data={data} />}</PeriodFigures>;
}

function AnalyticsBody({ data }: { data: PageAnalytics }) {
  const { currency } = data.page;
  return (
    <>
      <SummaryTiles
        totalLabel="Total Sales"
        total={data.totalTransactions}
        revenue={<RevenueLines revenue={data.totalRevenue} currency={currency} />}
        successful={data.successfulTransactions}
        failed={data.failedTransactions}
      />

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
    </>
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
      <p className="text-xs text-gray-600">{bundle.name}</p>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-gray-600">Price</dt>
          <dd className="font-medium text-gray-900">{formatMoney(bundle.priceMinor, currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-600">Sales</dt>
          <dd className="font-medium text-gray-900">{bundle.sales.toLocaleString("en-US")}</dd>
        </div>
        <div>
          <dt className="text-xs text-gray-600">Revenue</dt>
          <dd className="font-medium text-gray-900">
            <RevenueLines revenue={bundle.revenue} currency={currency} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
