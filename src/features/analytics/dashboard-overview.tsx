"use client";

import { CreatePopLink } from "~/features/payment-buttons/create-pop-link";
import { TrendingDown, TrendingUp } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { ListFilters, SelectFilter } from "~/components/ui/list-filters";
import { StatTile } from "~/components/ui/stat-tile";
import { editPathOf } from "~/features/payment-buttons/pop-links";
import { cn } from "~/lib/cn";
import { formatPercentChange, formatPointChange } from "~/lib/formulas";
import { formatMoney, type Currency } from "~/lib/money";
import type { DashboardGranularity } from "~/schemas/analytics";
import type { RouterOutputs } from "~/trpc/react";
import { RevenueChart } from "./revenue-chart";

export type Dashboard = RouterOutputs["analytics"]["dashboard"];

const rangeOptions = [
  { value: "mtd", label: "Month to date" },
  { value: "30d", label: "Last 30 days" },
  { value: "90d", label: "Last 90 days" },
];
const granularityOptions = [
  { value: "day", label: "Daily" },
  { value: "week", label: "Weekly" },
  { value: "month", label: "Monthly" },
];

/**
 * Dashboard home body for a store that has taken payments: the range and granularity (in the URL, so a
 * reload, Back or a shared link shows the same view), the four tiles compared with the previous period, and the
 * revenue chart. The server page reads the figures in the store's time zone.
 */
export function DashboardFigures({ data, granularity }: { data: Dashboard; granularity: DashboardGranularity }) {
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <ListFilters label="Dashboard period">
          <SelectFilter label="Date range" param="range" options={rangeOptions} defaultValue="mtd" />
          <SelectFilter label="Granularity" param="granularity" options={granularityOptions} defaultValue="day" />
        </ListFilters>
        <p className="text-sm text-gray-600">
          <DateTime value={data.periodStart} style="date" /> – <DateTime value={data.periodEnd} style="date" />
        </p>
      </div>
      <Tiles data={data} />
      <Card className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-gray-900">Revenue</h2>
        <div className="mt-4">
          <RevenueChart points={data.chart.points} currencies={data.chart.currencies} granularity={granularity} />
        </div>
      </Card>
    </>
  );
}

function Tiles({ data }: { data: Dashboard }) {
  // With no sales in the period there is no currency to show a zero in; the first POP's is the best guess.
  const fallbackCurrency: Currency = data.topPages[0]?.currency ?? "USD";
  const conversion = data.conversionRate;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <Tile
        label="Revenue"
        value={<MoneyValue lines={data.revenue} fallbackCurrency={fallbackCurrency} />}
        hint={<MoneyChanges lines={data.revenue} />}
      />
      <Tile
        label="Monthly recurring revenue"
        value={<MoneyValue lines={data.monthlyRecurringRevenue} fallbackCurrency={fallbackCurrency} />}
        hint={<MoneyChanges lines={data.monthlyRecurringRevenue} />}
      />
      <Tile
        label="Active subscribers"
        value={data.activeSubscribers.current.toLocaleString("en-US")}
        hint={
          <Change change={data.activeSubscribers.change} text={formatPercentChange(data.activeSubscribers.change)} />
        }
      />
      <Tile
        label="Conversion rate"
        value={conversion.current === null ? "—" : `${conversion.current.toFixed(1)}%`}
        hint={
          <>
            <span className="block">
              {conversion.completedPayments.toLocaleString("en-US")} paid of{" "}
              {conversion.checkoutsStarted.toLocaleString("en-US")} checkouts started
            </span>
            {conversion.change !== null && (
              <Change change={conversion.change} text={formatPointChange(conversion.change)} />
            )}
          </>
        }
      />
    </div>
  );
}

/** A kit StatTile, named as a region so a screen reader (and a test) can go straight to one figure. */
function Tile({ label, value, hint }: { label: string; value: ReactNode; hint: ReactNode }) {
  return (
    <section aria-label={label}>
      {/* Two across on a phone too: a long amount wraps instead of pushing the page sideways. */}
      <StatTile label={label} value={value} hint={hint} className="h-full [overflow-wrap:anywhere] max-sm:p-4" />
    </section>
  );
}

/** Up, down or flat, in words and colour (green-700 and red-700 keep 4.5:1 on white). */
function Change({
  change,
  text,
  noneText = "None in the previous period",
}: {
  change: number | null;
  text: string;
  noneText?: string;
}) {
  if (change === null) return <span className="block">{noneText}</span>;
  const isFlat = Math.abs(change) < 0.05;
  const Icon = change > 0 ? TrendingUp : TrendingDown;
  return (
    <span
      className={cn(
        "flex items-center gap-1 font-medium",
        isFlat ? "text-gray-600" : change > 0 ? "text-green-700" : "text-red-700",
      )}
    >
      {!isFlat && <Icon aria-hidden className="size-3.5 shrink-0" />}
      {text}
    </span>
  );
}

type MoneyLine = { currency: Currency; amountMinor: number; change: number | null };

/** One line per currency: amounts in different currencies are never added together. */
function MoneyValue({ lines, fallbackCurrency }: { lines: MoneyLine[]; fallbackCurrency: Currency }) {
  if (lines.length === 0) return formatMoney(0, fallbackCurrency);
  return (
    <>
      {lines.map((line) => (
        <span key={line.currency} className="block">
          {formatMoney(line.amountMinor, line.currency)}
        </span>
      ))}
    </>
  );
}

function MoneyChanges({ lines }: { lines: MoneyLine[] }) {
  if (lines.length === 0) return <span className="block">Nothing in this period</span>;
  if (lines.length === 1) return <Change change={lines[0]!.change} text={formatPercentChange(lines[0]!.change)} />;
  return (
    <>
      {lines.map((line) => (
        <Change
          key={line.currency}
          change={line.change}
          text={`${line.currency}: ${formatPercentChange(line.change)}`}
          noneText={`${line.currency}: none in the previous period`}
        />
      ))}
    </>
  );
}

const kindLabel = { "payment-button": "Payment button", "sell-page": "Sell page" } as const;

/**
 * Top Performing Pages: the merchant's best POPs of the period (buttons and sell pages), each with
 * "Setup needed" and the fix when buyers cannot pay it yet.
 */
export function TopPages({ data }: { data: Dashboard }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">Top Performing Pages</h2>
      {data.hasPops ? (
        <ol className="mt-3 divide-y divide-gray-100">
          {data.topPages.map((pop, index) => (
            <li key={pop.id} className="flex items-start justify-between gap-3 py-3">
              <div className="flex min-w-0 items-start gap-3">
                <span
                  aria-hidden
                  className="bg-brand-50 text-brand-700 flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold"
                >
                  {index + 1}
                </span>
                <div className="min-w-0">
                  <Link
                    href={editPathOf(pop.kind, pop.id)}
                    className="block truncate font-medium text-gray-900 hover:underline"
                  >
                    {pop.name}
                  </Link>
                  <p className="text-sm text-gray-600">
                    {kindLabel[pop.kind]} · {pop.sales.toLocaleString("en-US")} {pop.sales === 1 ? "sale" : "sales"}
                  </p>
                  {pop.setupIssue && (
                    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <Badge tone={pop.setupIssue.code === "store_suspended" ? "red" : "yellow"}>
                        {pop.setupIssue.label}
                      </Badge>
                      {pop.setupIssue.fixHref ? (
                        <Link href={pop.setupIssue.fixHref} className="text-brand-700 underline hover:no-underline">
                          {pop.setupIssue.message}
                        </Link>
                      ) : (
                        <span className="text-gray-700">{pop.setupIssue.message}</span>
                      )}
                    </p>
                  )}
                </div>
              </div>
              <p className="shrink-0 font-semibold text-gray-900 tabular-nums">
                {formatMoney(pop.revenue, pop.currency)}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState
          className="py-8"
          title="No payment buttons created yet"
          action={<CreatePopLink>Create your first POP</CreatePopLink>}
        />
      )}
    </Card>
  );
}
