"use client";

import { keepPreviousData } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Select } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/cn";
import { formatPercentChange, formatPointChange } from "~/lib/formulas";
import { formatMoney, type Currency } from "~/lib/money";
import type { DashboardGranularity, DashboardRange } from "~/schemas/analytics";
import { api, type RouterOutputs } from "~/trpc/react";
import { RevenueChart } from "./revenue-chart";

type Dashboard = RouterOutputs["analytics"]["dashboard"];

const rangeOptions: { value: DashboardRange; label: string }[] = [
  { value: "mtd", label: "Month to date" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
];
const granularityOptions: { value: DashboardGranularity; label: string }[] = [
  { value: "day", label: "Daily" },
  { value: "week", label: "Weekly" },
  { value: "month", label: "Monthly" },
];

/** The browser's zone, so "Month to date" and daily buckets follow the merchant's calendar. */
function browserTimeZone() {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * SPEC 2.5 dashboard home body: range and granularity selectors (kept in the URL so a reload or a shared link
 * shows the same view), the four tiles with their previous-period comparison, the revenue chart, top pages.
 */
export function DashboardOverview({
  initialRange,
  initialGranularity,
}: {
  initialRange: DashboardRange;
  initialGranularity: DashboardGranularity;
}) {
  const [range, setRange] = useState(initialRange);
  const [granularity, setGranularity] = useState(initialGranularity);
  const [timeZone] = useState(browserTimeZone);
  const dashboard = api.analytics.dashboard.useQuery(
    { range, granularity, timeZone },
    // Keep showing the last figures while the next range loads, instead of flashing a spinner.
    { placeholderData: keepPreviousData, retry: false },
  );

  function updateUrl(next: { range: DashboardRange; granularity: DashboardGranularity }) {
    const url = new URL(window.location.href);
    url.searchParams.set("range", next.range);
    url.searchParams.set("granularity", next.granularity);
    // Next.js keeps its router in step with history.replaceState, without re-rendering the server page.
    window.history.replaceState(null, "", url);
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1.5">
          <label htmlFor="dashboard-range" className="block text-sm font-medium text-gray-700">
            Date range
          </label>
          <Select
            id="dashboard-range"
            className="w-44"
            value={range}
            onChange={(event) => {
              const next = event.target.value as DashboardRange;
              setRange(next);
              updateUrl({ range: next, granularity });
            }}
          >
            {rangeOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="dashboard-granularity" className="block text-sm font-medium text-gray-700">
            Granularity
          </label>
          <Select
            id="dashboard-granularity"
            className="w-36"
            value={granularity}
            onChange={(event) => {
              const next = event.target.value as DashboardGranularity;
              setGranularity(next);
              updateUrl({ range, granularity: next });
            }}
          >
            {granularityOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
        {dashboard.isFetching && !dashboard.isPending && (
          <span role="status" className="pb-2 text-sm text-gray-500">
            Updating...
          </span>
        )}
      </div>

      {dashboard.isPending ? (
        <Spinner label="Loading dashboard..." />
      ) : dashboard.isError ? (
        <Alert>
          Failed to load dashboard data.{" "}
          <button type="button" className="font-medium underline" onClick={() => void dashboard.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <DashboardBody data={dashboard.data} granularity={granularity} />
      )}
    </div>
  );
}

function DashboardBody({ data, granularity }: { data: Dashboard; granularity: DashboardGranularity }) {
  // With no sales yet there is no currency to show a zero in; the first button's currency is the best guess.
  const fallbackCurrency: Currency = data.topButtons[0]?.currency ?? "USD";
  const conversion = data.conversionRate;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Tile title="Revenue">
          <MoneyLines lines={data.revenue} fallbackCurrency={fallbackCurrency} />
        </Tile>
        <Tile title="Monthly recurring revenue">
          <MoneyLines lines={data.monthlyRecurringRevenue} fallbackCurrency={fallbackCurrency} />
        </Tile>
        <Tile title="Active subscribers">
          <Figure
            value={data.activeSubscribers.current.toLocaleString("en-US")}
            change={data.activeSubscribers.change}
            changeText={formatPercentChange(data.activeSubscribers.change)}
          />
        </Tile>
        <Tile title="Conversion rate">
          <Figure
            value={conversion.current === null ? "—" : `${conversion.current.toFixed(1)}%`}
            change={conversion.change}
            changeText={formatPointChange(conversion.change)}
          />
          <p className="mt-1 text-xs text-gray-500">
            {conversion.completedPayments.toLocaleString("en-US")} paid of{" "}
            {conversion.checkoutsStarted.toLocaleString("en-US")} checkouts started
          </p>
        </Tile>
      </div>

      <Card className="p-6">
        <h2 className="text-lg font-semibold text-gray-900">Revenue</h2>
        <div className="mt-4">
          <RevenueChart points={data.chart.points} currencies={data.chart.currencies} granularity={granularity} />
        </div>
      </Card>

      <Card className="p-6">
        <h2 className="text-lg font-semibold text-gray-900">Top Performing Pages</h2>
        {data.hasButtons ? (
          <ol className="mt-4 divide-y divide-gray-100">
            {data.topButtons.map((button, index) => (
              <li key={button.id} className="flex items-center justify-between gap-4 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  <span
                    aria-hidden
                    className="bg-brand-50 text-brand-700 flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0">
                    <p className="truncate font-medium text-gray-900">{button.name}</p>
                    <p className="text-sm text-gray-500">
                      {button.sales.toLocaleString("en-US")} {button.sales === 1 ? "sale" : "sales"}
                    </p>
                  </div>
                </div>
                <p className="font-semibold text-gray-900">{formatMoney(button.revenue, button.currency)}</p>
              </li>
            ))}
          </ol>
        ) : (
          <div className="py-8 text-center">
            <p className="text-gray-600">No payment buttons created yet</p>
            <Link
              href="/dashboard/pages/create-pop"
              className="text-brand-600 mt-2 inline-block font-medium hover:underline"
            >
              Create your first POP
            </Link>
          </div>
        )}
      </Card>
    </>
  );
}

function Tile({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <section aria-label={title}>
        <h2 className="text-sm font-medium text-gray-600">{title}</h2>
        <div className="mt-2">{children}</div>
      </section>
    </Card>
  );
}

function ChangeText({ change, text }: { change: number | null; text: string }) {
  const tone =
    change === null || Math.abs(change) < 0.05 ? "text-gray-500" : change > 0 ? "text-green-700" : "text-red-700";
  return <p className={cn("text-xs font-medium", tone)}>{text}</p>;
}

function Figure({ value, change, changeText }: { value: string; change: number | null; changeText: string }) {
  return (
    <>
      <p className="text-2xl font-bold text-gray-900">{value}</p>
      <ChangeText change={change} text={changeText} />
    </>
  );
}

/** One line per currency: amounts in different currencies are never added together. */
function MoneyLines({
  lines,
  fallbackCurrency,
}: {
  lines: { currency: Currency; amountMinor: number; change: number | null }[];
  fallbackCurrency: Currency;
}) {
  if (lines.length === 0) return <Figure value={formatMoney(0, fallbackCurrency)} change={null} changeText="—" />;
  return (
    <div className="space-y-2">
      {lines.map((line) => (
        <div key={line.currency}>
          <Figure
            value={formatMoney(line.amountMinor, line.currency)}
            change={line.change}
            changeText={formatPercentChange(line.change)}
          />
        </div>
      ))}
    </div>
  );
}
