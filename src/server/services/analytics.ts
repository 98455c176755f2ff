import "server-only";
import { Prisma } from "~/generated/prisma/client";
import { conversionRate, percentChange, revenueByCurrency, successRate } from "~/lib/formulas";
import { minorDigits, type Currency } from "~/lib/money";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import type { AnalyticsPeriod, DashboardGranularity, DashboardRange } from "~/schemas/analytics";

const DAY_MS = 24 * 60 * 60 * 1000;
const periodDays: Record<AnalyticsPeriod, number | null> = { "7d": 7, "30d": 30, "90d": 90, all: null };

/** How many recent transactions the analytics dialog lists (SPEC 9). */
export const RECENT_TRANSACTIONS = 10;
/** How many buttons "Top Performing Pages" lists (SPEC 9). */
export const TOP_PAGES = 3;

/**
 * SPEC 2.12 payment-button analytics: totals by SQL aggregate (one GROUP BY status, currency over the
 * (button_id, created_at) index) plus the 10 newest rows. Another merchant's button is NOT_FOUND.
 */
export async function getButtonAnalytics(
  merchantId: string,
  input: { buttonId: string; period: AnalyticsPeriod },
  now: Date = new Date(),
) {
  const button = await db.paymentButton.findFirst({
    where: { id: input.buttonId, merchantId },
    select: { id: true, currency: true },
  });
  if (!button) throw new AppError("NOT_FOUND", "Payment button not found");

  const days = periodDays[input.period];
  const where = {
    buttonId: button.id,
    merchantId,
    ...(days === null ? {} : { createdAt: { gte: new Date(now.getTime() - days * DAY_MS) } }),
  };
  const [groups, recent] = await Promise.all([
    db.transaction.groupBy({
      by: ["status", "currency"],
      where,
      _count: { _all: true },
      _sum: { amountMinor: true },
    }),
    db.transaction.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: RECENT_TRANSACTIONS,
      select: { id: true, paypalOrderId: true, amountMinor: true, currency: true, status: true, createdAt: true },
    }),
  ]);

  const countOf = (status: string) =>
    groups.filter((group) => group.status === status).reduce((sum, group) => sum + group._count._all, 0);
  const totalTransactions = groups.reduce((sum, group) => sum + group._count._all, 0);
  const successfulTransactions = countOf("completed");
  return {
    period: input.period,
    currency: button.currency,
    totalTransactions,
    successfulTransactions,
    failedTransactions: countOf("failed"),
    successRate: successRate(successfulTransactions, totalTransactions),
    revenue: revenueByCurrency(groups.map((group) => ({ ...group, amountMinor: group._sum.amountMinor ?? 0 }))),
    recentTransactions: recent,
  };
}

type Money = { currency: Currency; amountMinor: number };

/**
 * The UTC instant as a SQL `timestamp` in UTC wall time, which is how Prisma stores DateTime columns
 * (timestamp(3) without time zone). Passing text with an explicit "Z" keeps the value independent of the
 * database session's TimeZone and of how the driver types a JS Date.
 */
function utcTimestamp(instant: Date) {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/**
 * The range's first instant: midnight of the first day of the month (mtd) or of 29 / 89 days ago, in the
 * merchant's time zone (the arithmetic runs on local wall time, so a DST change inside the range is right).
 */
async function rangeStart(range: DashboardRange, timeZone: string, now: Date): Promise<Date> {
  const localNow = Prisma.sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${timeZone})`;
  const localStart =
    range === "mtd"
      ? Prisma.sql`date_trunc('month', ${localNow})`
      : Prisma.sql`(date_trunc('day', ${localNow}) - make_interval(days => ${range === "30d" ? 29 : 89}))`;
  const [row] = await db.$queryRaw<{ start: Date }[]>`SELECT (${localStart} AT TIME ZONE ${timeZone}) AS start`;
  if (!row) throw new Error("range start query returned no row");
  return row.start;
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
 * SPEC 2.5 dashboard home for one merchant: every figure is an SQL aggregate over an index (transactions
 * (merchant_id, status, created_at); checkout_sessions (merchant_id, created_at); subscriptions
 * (merchant_id, status)), and each tile is compared with the previous period of the same length, which ends
 * where this one starts.
 */
export async function getDashboard(
  merchantId: string,
  input: { range: DashboardRange; granularity: DashboardGranularity; timeZone: string },
  now: Date = new Date(),
) {
  const { granularity, timeZone } = input;
  const start = await rangeStart(input.range, timeZone, now);
  const previousStart = new Date(start.getTime() - (now.getTime() - start.getTime()));
  const [from, to, previousFrom] = [utcTimestamp(start), utcTimestamp(now), utcTimestamp(previousStart)];
  const step = Prisma.sql`make_interval(days => ${granularity === "day" ? 1 : 0}, weeks => ${granularity === "week" ? 1 : 0}, months => ${granularity === "month" ? 1 : 0})`;

  // Five small statements run side by side. Each reads one index range; merging the scans of transactions
  // into one statement was measured slower (PostgreSQL then sorts ~100k rows on disk instead of hashing them).
  const [buckets, previousTotals, checkouts, subscriptions, topButtons] = await Promise.all([
    // The chart: one row per (bucket, currency) with sales, plus a currency-less row for each empty bucket.
    // Buckets are days, weeks (from Monday) or months of the merchant's local calendar, generated in SQL (so
    // they come zero-filled) and turned into their UTC starts; each payment then finds its bucket by binary
    // search (width_bucket), several times cheaper per row than converting every created_at to local time.
    db.$queryRaw<{ bucket: string; currency: Currency | null; revenue: bigint | null; checkoutSales: number | null }[]>`
      WITH series AS (
        SELECT local_start, row_number() OVER (ORDER BY local_start) AS position,
               (local_start AT TIME ZONE ${timeZone}) AT TIME ZONE 'UTC' AS utc_start
        FROM generate_series(
          date_trunc(${granularity}, (${from} AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone}),
          date_trunc(${granularity}, (${to} AT TIME ZONE 'UTC') AT TIME ZONE ${timeZone}),
          ${step}
        ) AS local_start
      ), sums AS (
        SELECT width_bucket(created_at, (SELECT array_agg(utc_start ORDER BY position) FROM series)) AS position,
               currency, SUM(amount_minor) AS revenue,
               (COUNT(*) FILTER (WHERE paypal_subscription_id IS NULL))::int AS "checkoutSales"
        FROM transactions
        WHERE merchant_id = ${merchantId} AND status = 'completed' AND created_at >= ${from} AND created_at <= ${to}
        GROUP BY 1, 2
      )
      SELECT to_char(series.local_start, 'YYYY-MM-DD') AS bucket, sums.currency, sums.revenue, sums."checkoutSales"
      FROM series LEFT JOIN sums ON sums.position = series.position
      ORDER BY series.position, sums.currency`,
    db.$queryRaw<{ currency: Currency; revenue: bigint; checkoutSales: number }[]>`
      SELECT currency, SUM(amount_minor) AS revenue,
             (COUNT(*) FILTER (WHERE paypal_subscription_id IS NULL))::int AS "checkoutSales"
      FROM transactions
      WHERE merchant_id = ${merchantId} AND status = 'completed'
        AND created_at >= ${previousFrom} AND created_at < ${from}
      GROUP BY currency`,
    db.$queryRaw<{ current: number; previous: number }[]>`
      SELECT (COUNT(*) FILTER (WHERE created_at >= ${from}))::int AS current,
             (COUNT(*) FILTER (WHERE created_at < ${from}))::int AS previous
      FROM checkout_sessions
      WHERE merchant_id = ${merchantId} AND created_at >= ${previousFrom} AND created_at <= ${to}`,
    // Subscriptions keep no status history, so "active when this period started" is rebuilt from the
    // timestamps: created before it and either still active or ended after it (cancelled_at, else the last
    // update, which is when a webhook moved it to suspended or expired).
    db.$queryRaw<{ currency: Currency; mrr: bigint; active: number; previousMrr: bigint; previousActive: number }[]>`
      SELECT currency,
             COALESCE(SUM(amount_minor) FILTER (WHERE status = 'active'), 0) AS mrr,
             (COUNT(*) FILTER (WHERE status = 'active'))::int AS active,
             COALESCE(SUM(amount_minor) FILTER (WHERE was_active), 0) AS "previousMrr",
             (COUNT(*) FILTER (WHERE was_active))::int AS "previousActive"
      FROM (
        SELECT currency, amount_minor, status,
               created_at < ${from} AND (status = 'active' OR COALESCE(cancelled_at, updated_at) >= ${from}) AS was_active
        FROM subscriptions
        WHERE merchant_id = ${merchantId} AND status <> 'approval_pending'
      ) s
      GROUP BY currency`,
    // No exchange rates exist, so buttons in different currencies rank by face value in major units (¥1,000 and
    // $1,000 alike). Sales in a currency other than the button's own (it was edited since) stay out of the
    // ranking; they still count in the Revenue tile.
    db.$queryRaw<{ id: string; name: string; currency: Currency; sales: number; revenue: bigint }[]>`
      SELECT b.id, b.name, b.currency, COALESCE(s.sales, 0)::int AS sales, COALESCE(s.revenue, 0) AS revenue
      FROM payment_buttons b
      LEFT JOIN (
        SELECT button_id, currency, COUNT(*) AS sales, SUM(amount_minor) AS revenue
        FROM transactions
        WHERE merchant_id = ${merchantId} AND status = 'completed' AND created_at >= ${from} AND created_at <= ${to}
        GROUP BY button_id, currency
      ) s ON s.button_id = b.id AND s.currency = b.currency
      WHERE b.merchant_id = ${merchantId} AND b.button_type = 'manual'
      ORDER BY COALESCE(s.revenue, 0)::numeric / CASE b.currency WHEN 'JPY' THEN 1 ELSE 100 END DESC,
               COALESCE(s.sales, 0) DESC, b.created_at DESC, b.id
      LIMIT ${TOP_PAGES}`,
  ]);

  const currentRevenue = new Map<Currency, number>();
  let currentCheckoutSales = 0;
  const series = new Map<string, Partial<Record<Currency, number>>>();
  for (const row of buckets) {
    const point = series.get(row.bucket) ?? {};
    series.set(row.bucket, point);
    if (row.currency === null) continue;
    const revenue = Number(row.revenue ?? 0);
    point[row.currency] = revenue;
    currentRevenue.set(row.currency, (currentRevenue.get(row.currency) ?? 0) + revenue);
    currentCheckoutSales += row.checkoutSales ?? 0;
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
      points: [...series].map(([bucket, values]) => ({
        bucket,
        values: Object.fromEntries(chartCurrencies.map((currency) => [currency, values[currency] ?? 0])) as Record<
          string,
          number
        >,
      })),
    },
    hasButtons: topButtons.length > 0,
    topButtons: topButtons.map((row) => ({ ...row, revenue: Number(row.revenue) })),
  };
}
