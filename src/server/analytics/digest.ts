// The sellers' daily digest: at 8 o'clock in each store's time zone, yesterday in a few figures.
// Recorded by the hourly "email.daily-digest" job; the figures are read when the mail is composed.
import { addDays } from "~/lib/date-range";
import { calendarDate, isValidTimeZone, startOfDayIn } from "~/lib/dates";
import { refundStatusesThatCount, settledStatuses } from "~/lib/ledger";
import { minorDigits, type Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { sendEmail } from "~/server/email";
import type { JobHandlers } from "~/server/jobs";
import { describeError, logger } from "~/server/platform/logger";
import { getDashboard, TOP_PAGES } from "~/server/analytics/analytics";

/** The local hour the digest goes out in. */
export const DIGEST_HOUR = 8;

const zoneOf = (timeZone: string | null) => (timeZone && isValidTimeZone(timeZone) ? timeZone : "UTC");

function localHour(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(now));
}

/**
 * Records the digest of the previous local day for every store that wants one and where it is now 8 o'clock.
 * Runs hourly; the key `digest:<merchant>:<date>` makes a second run in that hour (a retry) record nothing.
 * Returns how many stores were due.
 */
export async function sendDailyDigests(now: Date = new Date()): Promise<number> {
  const stores = await db.storeSettings.findMany({
    where: { dailyDigestEnabled: true },
    select: { merchantId: true, timeZone: true, merchant: { select: { email: true } } },
  });
  const due = stores.filter((store) => localHour(now, zoneOf(store.timeZone)) === DIGEST_HOUR);
  let failures = 0;
  for (const store of due) {
    const date = addDays(calendarDate(now, zoneOf(store.timeZone)), -1);
    try {
      await sendEmail({
        template: "daily-digest",
        to: store.merchant.email,
        payload: { merchantId: store.merchantId, date },
        merchantId: store.merchantId,
        key: `digest:${store.merchantId}:${date}`,
      });
    } catch (error) {
      // One store's failure must not cost the others their digest; the job's retry records what is missing.
      failures += 1;
      logger.error("daily digest not recorded", { merchantId: store.merchantId, date, ...describeError(error) });
    }
  }
  if (failures > 0) throw new Error(`${failures} of ${due.length} daily digests not recorded`);
  return due.length;
}

/** This domain's job kinds, run by the workers (src/server/job-handlers.ts). */
export const sellerDigestJobHandlers = {
  "email.daily-digest": async () => {
    await sendDailyDigests();
  },
} satisfies Partial<JobHandlers>;

type Money = { currency: Currency; amountMinor: number };

export interface TopPop {
  name: string;
  currency: Currency;
  sales: number;
  /** Captured minus refunded that day, as revenue everywhere. */
  revenueMinor: number;
}

export interface DailyDigest {
  date: string;
  timeZone: string;
  /** Captured minus refunded that day, per currency: the dashboard's figure for the day (zero lines left out). */
  revenue: Money[];
  /** Payments captured that day (one-time, subscription and WPS). */
  sales: number;
  refunds: number;
  refunded: Money[];
  newSubscribers: number;
  topPops: TopPop[];
}

function addTo(totals: Map<Currency, number>, currency: Currency, amountMinor: number) {
  totals.set(currency, (totals.get(currency) ?? 0) + amountMinor);
}

const linesOf = (totals: Map<Currency, number>): Money[] =>
  [...totals]
    .filter(([, amountMinor]) => amountMinor !== 0)
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => a.currency.localeCompare(b.currency));

/**
 * Yesterday's figures for the digest of `date` (YYYY-MM-DD in the store's time zone), or null when the seller
 * turned the digest off since it was recorded. Revenue comes from the dashboard's own query (the day's bucket of
 * its daily chart), so the mail and the dashboard never disagree.
 */
export async function dailyDigestFigures(merchantId: string, date: string): Promise<DailyDigest | null> {
  const settings = await db.storeSettings.findUnique({
    where: { merchantId },
    select: { dailyDigestEnabled: true, timeZone: true },
  });
  if (!settings?.dailyDigestEnabled) return null;
  const timeZone = zoneOf(settings.timeZone);
  const from = startOfDayIn(date, timeZone);
  const to = startOfDayIn(addDays(date, 1), timeZone);
  const inDay = { merchantId, createdAt: { gte: from, lt: to } };
  const settled = { in: [...settledStatuses] };
  const [dashboard, payments, wpsPayments, refunds, newSubscribers] = await Promise.all([
    // The dashboard as it looked at the day's last instant: its last daily bucket is that day.
    getDashboard(merchantId, { range: "30d", granularity: "day", timeZone }, new Date(to.getTime() - 1)),
    db.transaction.groupBy({
      by: ["buttonId", "currency"],
      where: { ...inDay, status: settled },
      _count: { _all: true },
      _sum: { amountMinor: true },
    }),
    db.wpsTransaction.groupBy({
      by: ["buttonId", "currency"],
      where: { ...inDay, status: settled },
      _count: { _all: true },
      _sum: { amountMinor: true },
    }),
    // Positive rows only: a cancelled reversal (a negative row) gives money back and is no refund.
    db.refund.groupBy({
      by: ["buttonKey", "currency"],
      where: { ...inDay, paypalStatus: { in: [...refundStatusesThatCount] }, amountMinor: { gt: 0 } },
      _count: { _all: true },
      _sum: { amountMinor: true },
    }),
    db.subscription.count({ where: { ...inDay, status: { not: "approval_pending" } } }),
  ]);

  const bucket = dashboard.chart.points.find((point) => point.bucket === date);
  const revenue = new Map<Currency, number>();
  for (const currency of dashboard.chart.currencies) addTo(revenue, currency, bucket?.values[currency] ?? 0);
  const refunded = new Map<Currency, number>();
  for (const row of refunds) addTo(refunded, row.currency, row._sum.amountMinor ?? 0);

  return {
    date,
    timeZone,
    revenue: linesOf(revenue),
    sales: [...payments, ...wpsPayments].reduce((sum, row) => sum + row._count._all, 0),
    refunds: refunds.reduce((sum, row) => sum + row._count._all, 0),
    refunded: linesOf(refunded),
    newSubscribers,
    topPops: await topPopsOf(merchantId, [
      ...[...payments, ...wpsPayments].map((row) => ({
        buttonId: row.buttonId,
        currency: row.currency,
        sales: row._count._all,
        amountMinor: row._sum.amountMinor ?? 0,
      })),
      ...refunds.map((row) => ({
        buttonId: row.buttonKey || null,
        currency: row.currency,
        sales: 0,
        amountMinor: -(row._sum.amountMinor ?? 0),
      })),
    ]),
  };
}

/**
 * The day's best POPs by revenue, among those that sold: a sell page's bundles count as the page, payment and WPS
 * buttons as themselves. Ranked like the dashboard's top pages: by face value across currencies (there are no
 * exchange rates), then by sales.
 */
async function topPopsOf(
  merchantId: string,
  rows: { buttonId: string | null; currency: Currency; sales: number; amountMinor: number }[],
): Promise<TopPop[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.buttonId ? [row.buttonId] : [])))];
  if (ids.length === 0) return [];
  const [buttons, wpsButtons] = await Promise.all([
    db.paymentButton.findMany({
      where: { merchantId, id: { in: ids } },
      select: { id: true, name: true, sellPage: { select: { id: true, name: true } } },
    }),
    db.wpsButton.findMany({ where: { merchantId, id: { in: ids } }, select: { id: true, itemName: true } }),
  ]);
  const popOf = new Map<string, { key: string; name: string }>([
    ...buttons.map(
      (button) =>
        [
          button.id,
          button.sellPage
            ? { key: button.sellPage.id, name: button.sellPage.name }
            : { key: button.id, name: button.name },
        ] as const,
    ),
    ...wpsButtons.map((button) => [button.id, { key: button.id, name: button.itemName }] as const),
  ]);
  const pops = new Map<string, TopPop>();
  for (const row of rows) {
    const pop = row.buttonId ? popOf.get(row.buttonId) : undefined;
    if (!pop) continue;
    const key = `${pop.key}:${row.currency}`;
    const entry = pops.get(key) ?? { name: pop.name, currency: row.currency, sales: 0, revenueMinor: 0 };
    entry.sales += row.sales;
    entry.revenueMinor += row.amountMinor;
    pops.set(key, entry);
  }
  const faceValue = (pop: TopPop) => pop.revenueMinor / 10 ** minorDigits(pop.currency);
  return [...pops.values()]
    .filter((pop) => pop.sales > 0)
    .sort((a, b) => faceValue(b) - faceValue(a) || b.sales - a.sales || a.name.localeCompare(b.name))
    .slice(0, TOP_PAGES);
}
