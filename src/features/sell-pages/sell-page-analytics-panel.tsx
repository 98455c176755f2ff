"use client";

import {
  PeriodFigures,
  OfferFigures,
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

/** A digital sell page's figures for the analytics dialog's chosen period, with its bundles and conversion. */
export function SellPageAnalyticsPanel({ id, period }: { id: string; period: AnalyticsPeriod }) {
  const analytics = api.pages.sellPages.analytics.useQuery({ id, period }, { retry: false });
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

      <OfferFigures orderBump={data.orderBump} upsell={data.upsell} currency={currency} />

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
