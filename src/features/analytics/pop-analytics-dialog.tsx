"use client";

import type { ComponentType } from "react";
import { ButtonAnalyticsPanel } from "~/features/analytics/payment-button-analytics-panel";
import { PeriodAnalyticsDialog } from "~/features/analytics/period-analytics";
import { SellPageAnalyticsPanel } from "~/features/sell-pages/sell-page-analytics-panel";
import { WpsAnalyticsPanel } from "~/features/wps/wps-analytics-panel";
import type { AnalyticsPeriod } from "~/schemas/analytics";

type Panel = ComponentType<{ id: string; period: AnalyticsPeriod }>;

// Per kind of POP: the dialog's title, the word its description names the POP with, and the figures it shows.
const kinds = {
  "payment-button": { title: "Payment Button Analytics", noun: "Button", Panel: ButtonAnalyticsPanel },
  wps: { title: "WPS Button Analytics", noun: "Button", Panel: WpsAnalyticsPanel },
  "sell-page": { title: "Digital Sell Page Analytics", noun: "Page", Panel: SellPageAnalyticsPanel },
} satisfies Record<string, { title: string; noun: string; Panel: Panel }>;

/** One POP's sales for a period (30 days by default), opened from its card in the pages list. */
export function PopAnalyticsDialog({
  kind,
  pop,
  onClose,
  onCloseAutoFocus,
}: {
  kind: keyof typeof kinds;
  pop: { id: string; name: string };
  onClose(): void;
  onCloseAutoFocus?(event: Event): void;
}) {
  const { title, noun, Panel } = kinds[kind];
  return (
    <PeriodAnalyticsDialog
      title={title}
      description={`${noun}: ${pop.name}`}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      panel={(period) => <Panel id={pop.id} period={period} />}
    />
  );
}
