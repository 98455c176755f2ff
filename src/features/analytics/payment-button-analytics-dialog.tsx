"use client";

import {
  PeriodAnalyticsDialog,
  PeriodFigures,
  RecentTransactions,
  RevenueLines,
  SuccessRate,
  SummaryTiles,
} from "~/features/analytics/period-analytics";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

/** One payment button's sales for a period (30 days by default), opened from the pages list. */
export function PaymentButtonAnalyticsDialog({
  buttonId,
  buttonName,
  open,
  onClose,
  onCloseAutoFocus,
}: {
  buttonId: string;
  buttonName: string;
  open: boolean;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <PeriodAnalyticsDialog
      open={open}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Payment Button Analytics"
      description={`Button: ${buttonName}`}
      panel={(period) => <AnalyticsPanel buttonId={buttonId} period={period} />}
    />
  );
}

function AnalyticsPanel({ buttonId, period }: { buttonId: string; period: AnalyticsPeriod }) {
  const analytics = api.analytics.forButton.useQuery({ buttonId, period }, { retry: false });
  return <PeriodFigures query={analytics}>{(data) => <ButtonFigures data={data} />}</PeriodFigures>;
}

/** A button's figures for a period; WPS buttons show theirs the same way. */
export function ButtonFigures({ data }: { data: RouterOutputs["analytics"]["forButton"] }) {
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
      <RecentTransactions transactions={data.recentTransactions} />
    </>
  );
}
