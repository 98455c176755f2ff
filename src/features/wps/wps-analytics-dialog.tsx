"use client";

import { ButtonFigures } from "~/features/analytics/payment-button-analytics-dialog";
import { PeriodAnalyticsDialog, PeriodFigures } from "~/features/analytics/period-analytics";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { api } from "~/trpc/react";

/** The payment-button analytics dialog, fed by the WPS button's verified PayPal payments. */
export function WpsAnalyticsDialog({
  buttonId,
  itemName,
  open,
  onClose,
  onCloseAutoFocus,
}: {
  buttonId: string;
  itemName: string;
  open: boolean;
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  return (
    <PeriodAnalyticsDialog
      open={open}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title="WPS Button Analytics"
      description={`Button: ${itemName}`}
      panel={(period) => <AnalyticsPanel buttonId={buttonId} period={period} />}
    />
  );
}

function AnalyticsPanel({ buttonId, period }: { buttonId: string; period: AnalyticsPeriod }) {
  const analytics = api.analytics.forWpsButton.useQuery({ id: buttonId, period }, { retry: false });
  return <PeriodFigures query={analytics}>{(data) => <ButtonFigures data={data} />}</PeriodFigures>;
}
