"use client";

import {
  OfferFigures,
  PeriodFigures,
  RecentTransactions,
  RevenueLines,
  SuccessRate,
  SummaryTiles,
} from "~/features/analytics/period-analytics";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

/** A payment button's figures for the analytics dialog's chosen period. */
export function ButtonAnalyticsPanel({ id, period }: { id: string; period: AnalyticsPeriod }) {
  const analytics = api.analytics.forButton.useQuery({ buttonId: id, period }, { retry: false });
  return <PeriodFigures query={analytics}>{(data) => <ButtonFigures data={data} />}</PeriodFigures>;
}

type Figures = RouterOutputs["analytics"]["forButton"];

/** A button's figures for a period; WPS buttons (which have no selling tools) show theirs the same way. */
export function ButtonFigures({
  data,
}: {
  data: Omit<Figures, "orderBump" | "upsell"> & Partial<Pick<Figures, "orderBump" | "upsell">>;
}) {
  return (
    <>
      <SummaryTiles
        totalLabel="Total Transactions"
        total={data.totalTransactions}
        revenue={<RevenueLines revenue={data.revenue} currency={data.currency} />}
        successful={data.successfulTransactions}
        failed={data.failedTransactions}
      />
      <SuccessRate rate={data.successRate} />
      <OfferFigures orderBump={data.orderBump ?? null} upsell={data.upsell ?? null} currency={data.currency} />
      <RecentTransactions transactions={data.recentTransactions} />
    </>
  );
}
