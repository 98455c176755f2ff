"use client";

import { ButtonFigures } from "~/features/analytics/payment-button-analytics-panel";
import { PeriodFigures } from "~/features/analytics/period-analytics";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api } from "~/trpc/react";

/** A WPS button's figures, shown as a payment button's are, from its verified PayPal payments. */
export function WpsAnalyticsPanel({ id, period }: { id: string; period: AnalyticsPeriod }) {
  const analytics = api.analytics.forWpsButton.useQuery({ id, period }, { retry: false });
  return <PeriodFigures query={analytics}>{(data) => <ButtonFigures data={data} />}</PeriodFigures>;
}
