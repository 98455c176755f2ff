"use client";

import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { PeriodTabs, RecentTransactions, RevenueLines, Stat, SuccessRate } from "~/features/analytics/period-analytics";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";

type ButtonAnalytics = RouterOutputs["analytics"]["forButton"];

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
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="xl"
      title="Payment Button Analytics"
      description={`Button: ${buttonName}`}
    >
      <PeriodTabs panel={(period) => <AnalyticsPanel buttonId={buttonId} period={period} />} />
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
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Total Transactions" value={data.totalTransactions.toLocaleString("en-US")} />
        <Stat label="Total Revenue" value={<RevenueLines revenue={data.revenue} currency={data.currency} />} />
        <Stat label="Successful" value={data.successfulTransactions.toLocaleString("en-US")} tone="text-green-700" />
        <Stat label="Failed" value={data.failedTransactions.toLocaleString("en-US")} tone="text-red-700" />
      </dl>
      <SuccessRate rate={data.successRate} />
      <RecentTransactions transactions={data.recentTransactions} />
    </div>
  );
}
