"use client";

import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Select } from "~/components/ui/input";
import { formatDateTime } from "~/lib/dates";
import { formatMoney, minorDigits, type Currency } from "~/lib/money";
import type { DashboardGranularity } from "~/schemas/analytics";

type Point = { bucket: string; values: Record<string, number> };

// Buckets are calendar dates ("2026-03-02") the server already cut in the store's time zone: read as UTC midnight
// and printed in UTC, they keep their day. Long labels (tooltip, table) use the product's one date format; the axis
// keeps short ones to fit.
function bucketDate(bucket: string) {
  const [year = 1970, month = 1, day = 1] = bucket.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

function bucketLabel(bucket: string, granularity: DashboardGranularity, long = false) {
  const date = bucketDate(bucket);
  if (granularity === "month") return monthFormat.format(date);
  if (!long) return dayFormat.format(date);
  const day = formatDateTime(date, "UTC", "date");
  return granularity === "week" ? `Week of ${day}` : day;
}

/** Completed revenue per bucket; one currency at a time, because amounts in different currencies do not add up. */
export function RevenueChart({
  points,
  currencies,
  granularity,
}: {
  points: Point[];
  currencies: Currency[];
  granularity: DashboardGranularity;
}) {
  const [picked, setPicked] = useState<Currency | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : (currencies[0] ?? null);
  const data = points.map((point) => ({
    bucket: point.bucket,
    revenue: currency ? (point.values[currency] ?? 0) / 10 ** minorDigits(currency) : 0,
  }));
  const money = (value: number) =>
    new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: currency ?? "USD",
      notation: "compact",
      maximumFractionDigits: 1,
    }).format(value);

  return (
    <div>
      {currencies.length > 1 && currency && (
        <div className="mb-3 flex items-center justify-end gap-2">
          <label htmlFor="chart-currency" className="text-sm text-gray-600">
            Currency
          </label>
          <Select
            id="chart-currency"
            className="w-auto"
            value={currency}
            onChange={(event) => setPicked(event.target.value as Currency)}
          >
            {currencies.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </div>
      )}
      <figure aria-label={`Revenue chart${currency ? ` in ${currency}` : ""}`} className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id="revenue-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#2553e6" stopOpacity={0.25} />
                <stop offset="100%" stopColor="#2553e6" stopOpacity={0} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e5e7eb" />
            <XAxis
              dataKey="bucket"
              tickFormatter={(bucket: string) => bucketLabel(bucket, granularity)}
              tick={{ fontSize: 12, fill: "#4b5563" }}
              tickLine={false}
              axisLine={false}
              minTickGap={16}
            />
            <YAxis
              tickFormatter={money}
              tick={{ fontSize: 12, fill: "#4b5563" }}
              tickLine={false}
              axisLine={false}
              width={64}
              allowDecimals={false}
            />
            <Tooltip
              labelFormatter={(bucket) => bucketLabel(String(bucket), granularity, true)}
              formatter={(value) => [
                currency ? formatMoney(Math.round(Number(value) * 10 ** minorDigits(currency)), currency) : "—",
                "Revenue",
              ]}
            />
            <Area
              type="monotone"
              dataKey="revenue"
              stroke="#2553e6"
              strokeWidth={2}
              fill="url(#revenue-fill)"
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
      {/* The same figures as text, for screen readers. The wrapper hides it: a table ignores sr-only's 1px height,
          so on its own it kept its full height below the page as blank scroll. */}
      <div className="sr-only">
        <table>
          <caption>Revenue{currency ? ` in ${currency}` : ""} by period</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.bucket}>
                <td>{bucketLabel(point.bucket, granularity, true)}</td>
                <td>{currency ? formatMoney(point.values[currency] ?? 0, currency) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
