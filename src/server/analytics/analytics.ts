import { Prisma } from "~/generated/prisma/client";
import { conversionRate, percentChange } from "~/lib/formulas";
import { minorDigits, type Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import {
  ceilHour,
  checkoutsIn,
  floorHour,
  HOUR_MS,
  justAfter,
  transactionsIn,
  utcTimestamp,
} from "~/server/analytics/hourly-totals";
import { loadSellerSetup, setupIssueOf } from "~/server/stores/pop-setup";
import { getStoreTimeZone } from "~/server/stores/settings";
import type { DashboardGranularity, DashboardRange } from "~/schemas/analytics";

/** How many POPs "Top Performing Pages" lists. */
export const TOP_PAGES = 3;

type Money = { currency: Currency; amountMinor: number };

/**
 * The period's first instant and its chart buckets. The period starts at midnight of the first day of the month
 * (mtd) or of 29 / 89 days ago, in the merchant's time zone; buckets are the days, weeks (from Monday) or months
 * of that local calendar from there to now, each with the UTC instant it starts (the arithmetic runs on local
 * wall time, so a DST change inside the range is right). Computed first, so the sums get plain constants: the
 * hours a local midnight cuts are then known, and the planner sees exact bounds (with a generate_series inside
 * the sums it guessed 1,000 buckets and JIT-compiled the query: 800 ms instead of 30).
 */
async function periodBuckets(range: DashboardRange, granularity: DashboardGranularity, timeZone: string, now: Date) {
  const localNow = Prisma.sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})`;
  const localStart =
    range === "mtd"
      ? Prisma.sql`date_trunc('month', ${localNow})`
      : Prisma.sql`(date_trunc('day', ${localNow}) - make_interval(days => ${range === "30d" ? 29 : 89}))`;
  const step = Prisma.sql`make_interval(days => ${granularity === "day" ? 1 : 0}, weeks => ${granularity === "week" ? 1 : 0}, months => ${granularity === "month" ? 1 : 0})`;
  const [row] = await db.$queryRaw<{ start: Date; buckets: { label: string; utcStart: string }[] }[]>`
    SELECT (${localStart} AT TIME ZONE ${timeZone}) AS start,
           (SELECT json_agg(json_build_object(
                     'label', to_char(local_start, 'YYYY-MM-DD'),
                     'utcStart', to_char(local_start AT TIME ZONE ${timeZone} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                   ) ORDER BY local_start)
            FROM generate_series(date_trunc(${granularity}, ${localStart}), date_trunc(${granularity}, ${localNow}), ${step})
                 AS local_start) AS buckets`;
  if (!row) throw new Error("period query returned no row");
  return {
    start: row.start,
    buckets: row.buckets.map((bucket) => ({ ...bucket, utcStart: new Date(bucket.utcStart) })),
  };
}

type Tile<T> = { current: T; previous: T; change: number | null };

function moneyTiles(current: Money[], previous: Money[]): (Money & { previousMinor: number; change: number | null })[] {
  const currencies = [...new Set([...current, ...previous].map((line) => line.currency))].sort();
  return currencies.map((currency) => {
    const now = current.find((line) => line.currency === currency)?.amountMinor ?? 0;
    const before = previous.find((line) => line.currency === currency)?.amountMinor ?? 0;
    return { currency, amountMinor: now, previousMinor: before, change: percentChange(now, before) };
  });
}

/**
 * The dashboard home of one merchant: every figure is an SQL aggregate, payments and checkouts over their
 * hourly totals (transactionsIn, checkoutsIn) and subscriptions over (merchant_id, status); each tile is
 * compared with the previous period of the same length, which ends where this one starts. Without a time zone
 * the store's (Store Settings) is used, else UTC.
 */
export async function getDashboard(
  merchantId: string,
  input: { range: DashboardRange; granularity: DashboardGranularity; timeZone?: string },
  now: Date = new Date(),
) {
  const { granularity } = input;
  const timeZone = input.timeZone ?? (await getStoreTimeZone(merchantId)) ?? "UTC";
  const end = justAfter(now);
  const { start, buckets: calendar } = await periodBuckets(input.range, granularity, timeZone, now);
  const previousStart = new Date(start.getTime() - (now.getTime() - start.getTime()));
  const completed = { merchantId, settled: true } as const;
  // Buckets start at local midnights (a week's or month's may lie before the period: the period's start then
  // stands in). A start that is not a whole UTC hour (UTC+5:30, +5:45) cuts an hour in two: that hour is read
  // row by row, so each payment lands in its own bucket.
  const bucketStarts = calendar.map((bucket) => new Date(Math.max(bucket.utcStart.getTime(), start.getTime())));
  const cutHours = bucketStarts
    .slice(1)
    .filter((instant) => instant.getTime() % HOUR_MS !== 0)
    .map(floorHour)
    .filter((hour) => hour >= ceilHour(start) && hour < floorHour(end));

  // Five small statements run side by side, each summing a few thousand hourly totals (transactionsIn).
  const [buckets, previousTotals, checkouts, subscriptions, topPages, seller] = await Promise.all([
    // The chart: sales per bucket (width_bucket numbers them from 1) and currency.
    db.$queryRaw<{ position: number; currency: Currency; revenue: bigint; checkoutSales: number }[]>`
      SELECT width_bucket(at, ARRAY[${Prisma.join(bucketStarts.map(utcTimestamp))}]) AS position, currency,
             SUM(amount_minor)::bigint AS revenue, SUM(one_time_count)::int AS "checkoutSales"
      FROM (${transactionsIn(completed, start, end, cutHours)}) sums
      GROUP BY 1, 2`,
    db.$queryRaw<{ currency: Currency; revenue: bigint; checkoutSales: number }[]>`
      SELECT currency, SUM(amount_minor)::bigint AS revenue, SUM(one_time_count)::int AS "checkoutSales"
      FROM (${transactionsIn(completed, previousStart, start)}) sums
      GROUP BY currency`,
    db.$queryRaw<{ current: number; previous: number }[]>`
      SELECT ${checkoutsIn(merchantId, start, end)} AS current, ${checkoutsIn(merchantId, previousStart, start)} AS previous`,
    // Subscriptions keep no status history, so "active when this period started" is rebuilt from the
    // timestamps: created before it and either still active or ended after it (cancelled_at, else the last
    // update, which is when a webhook moved it to suspended or expired).
    db.$queryRaw<{ currency: Currency; mrr: bigint; active: number; previousMrr: bigint; previousActive: number }[]>`
      SELECT currency,
             ROUND(COALESCE(SUM(monthly) FILTER (WHERE status = 'active'), 0))::bigint AS mrr,
             (COUNT(*) FILTER (WHERE status = 'active'))::int AS active,
             ROUND(COALESCE(SUM(monthly) FILTER (WHERE was_active), 0))::bigint AS "previousMrr",
             (COUNT(*) FILTER (WHERE was_active))::int AS "previousActive"
      FROM (
        SELECT currency, status,
               -- MRR counts every plan per month: a yearly price / 12, weekly x 52/12, daily x 365/12.
               amount_minor::numeric * CASE interval_unit WHEN 'DAY' THEN 365.0 / 12 WHEN 'WEEK' THEN 52.0 / 12
                                                          WHEN 'YEAR' THEN 1.0 / 12 ELSE 1 END
                 / GREATEST(interval_count, 1) AS monthly,
               created_at < ${utcTimestamp(start)}
                 AND (status = 'active' OR COALESCE(cancelled_at, updated_at) >= ${utcTimestamp(start)}) AS was_active
        FROM subscriptions
        WHERE merchant_id = ${merchantId} AND status <> 'approval_pending'
      ) s
      GROUP BY currency`,
    // POPs: the merchant's own buttons and sell pages, a sell page's sales being those of its bundle buttons. No
    // exchange rates exist, so POPs in different currencies rank by face value in major units (¥1,000 and $1,000
    // alike). Sales in a currency other than the POP's own (it was edited since) stay out of the ranking; they
    // still count in the Revenue tile.
    db.$queryRaw<
      {
        id: string;
        kind: "payment-button" | "sell-page";
        name: string;
        currency: Currency;
        paypalClientId: string;
        isSubscription: boolean;
        subscriptionPlanId: string | null;
        sales: number;
        revenue: bigint;
      }[]
    >`
      SELECT p.id, p.kind, p.name, p.currency, p.paypal_client_id AS "paypalClientId",
             p.is_subscription AS "isSubscription", p.subscription_plan_id AS "subscriptionPlanId",
             COALESCE(SUM(s.sales), 0)::int AS sales, COALESCE(SUM(s.revenue), 0)::bigint AS revenue
      FROM (
        SELECT b.id, 'payment-button' AS kind, b.name, b.currency, b.paypal_client_id,
               b.payment_type = 'subscription' AS is_subscription, b.subscription_plan_id, b.created_at, b.id AS button_id
        FROM payment_buttons b
        WHERE b.merchant_id = ${merchantId} AND b.button_type = 'manual'
        UNION ALL
        SELECT sp.id, 'sell-page', sp.name, sp.currency, sp.paypal_client_id, FALSE, NULL, sp.created_at, bb.id
        FROM digital_sell_pages sp
        LEFT JOIN payment_buttons bb ON bb.sell_page_id = sp.id
        WHERE sp.merchant_id = ${merchantId}
      ) p
      LEFT JOIN (
        SELECT button_key, currency, SUM(count) AS sales, SUM(amount_minor)::bigint AS revenue
        FROM (${transactionsIn({ ...completed, byButton: true }, start, end)}) sums
        GROUP BY button_key, currency
      ) s ON s.button_key = p.button_id AND s.currency = p.currency
      GROUP BY p.id, p.kind, p.name, p.currency, p.paypal_client_id, p.is_subscription, p.subscription_plan_id,
               p.created_at
      ORDER BY COALESCE(SUM(s.revenue), 0)::numeric / CASE p.currency WHEN 'JPY' THEN 1 ELSE 100 END DESC,
               COALESCE(SUM(s.sales), 0) DESC, p.created_at DESC, p.id
      LIMIT ${TOP_PAGES}`,
    loadSellerSetup(merchantId),
  ]);

  const currentRevenue = new Map<Currency, number>();
  let currentCheckoutSales = 0;
  const series = calendar.map((bucket) => ({ bucket: bucket.label, values: {} as Partial<Record<Currency, number>> }));
  for (const row of buckets) {
    const revenue = Number(row.revenue);
    series[Number(row.position) - 1]!.values[row.currency] = revenue;
    currentRevenue.set(row.currency, (currentRevenue.get(row.currency) ?? 0) + revenue);
    currentCheckoutSales += row.checkoutSales;
  }
  // The chart shows one currency at a time, the biggest first (by face value: there are no exchange rates).
  const faceValue = (currency: Currency) => (currentRevenue.get(currency) ?? 0) / 10 ** minorDigits(currency);
  const chartCurrencies = [...currentRevenue.keys()].sort((a, b) => faceValue(b) - faceValue(a) || a.localeCompare(b));
  const previousCheckoutSales = previousTotals.reduce((sum, row) => sum + row.checkoutSales, 0);
  const sessions = checkouts[0] ?? { current: 0, previous: 0 };
  const conversion = conversionRate(currentCheckoutSales, sessions.current);
  const previousConversion = conversionRate(previousCheckoutSales, sessions.previous);
  const activeSubscribers = subscriptions.reduce((sum, row) => sum + row.active, 0);
  const previousActiveSubscribers = subscriptions.reduce((sum, row) => sum + row.previousActive, 0);

  return {
    range: input.range,
    granularity,
    periodStart: start,
    periodEnd: now,
    previousPeriodStart: previousStart,
    revenue: moneyTiles(
      [...currentRevenue].map(([currency, amountMinor]) => ({ currency, amountMinor })),
      previousTotals.map((row) => ({ currency: row.currency, amountMinor: Number(row.revenue) })),
    ),
    monthlyRecurringRevenue: moneyTiles(
      subscriptions
        .filter((row) => row.active > 0)
        .map((row) => ({ currency: row.currency, amountMinor: Number(row.mrr) })),
      subscriptions
        .filter((row) => row.previousActive > 0)
        .map((row) => ({ currency: row.currency, amountMinor: Number(row.previousMrr) })),
    ),
    activeSubscribers: {
      current: activeSubscribers,
      previous: previousActiveSubscribers,
      change: percentChange(activeSubscribers, previousActiveSubscribers),
    } satisfies Tile<number>,
    /** Percent of checkouts started in the period that ended in a completed payment; null with no checkouts. */
    conversionRate: {
      current: conversion,
      previous: previousConversion,
      // Percentage points, the usual way to compare two rates.
      change: conversion !== null && previousConversion !== null ? conversion - previousConversion : null,
      completedPayments: currentCheckoutSales,
      checkoutsStarted: sessions.current,
    },
    chart: {
      currencies: chartCurrencies,
      points: series.map(({ bucket, values }) => ({
        bucket,
        values: Object.fromEntries(chartCurrencies.map((currency) => [currency, values[currency] ?? 0])) as Record<
          string,
          number
        >,
      })),
    },
    /** Whether the merchant has any POP (button or sell page), else the home says "No payment buttons created yet". */
    hasPops: topPages.length > 0,
    /** Each with why buyers cannot pay it yet (pop-setup.ts), or null. */
    topPages: topPages.map(({ paypalClientId, isSubscription, subscriptionPlanId, ...row }) => ({
      ...row,
      revenue: Number(row.revenue),
      setupIssue: setupIssueOf(seller, {
        paypalClientId,
        isSubscription,
        subscriptionPlanId,
        editHref:
          row.kind === "payment-button"
            ? `/dashboard/pages/edit/${encodeURIComponent(row.id)}`
            : `/dashboard/pages/edit-digital-sell-page/${encodeURIComponent(row.id)}`,
      }),
    })),
  };
}
