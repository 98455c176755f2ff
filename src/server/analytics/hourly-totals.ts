import { Prisma } from "~/generated/prisma/client";

// Payments, refunds and checkout starts summed over any window: the whole hours from the hourly totals that
// triggers keep exact with every write, the partial hours at the window's ends from the rows themselves.

/** Windows end just after `now`, so a payment made at that very instant counts. */
export const justAfter = (now: Date) => new Date(now.getTime() + 1);

/**
 * The UTC instant as a SQL `timestamp` in UTC wall time, which is how Prisma stores DateTime columns
 * (timestamp(3) without time zone). Passing text with an explicit "Z" keeps the value independent of the
 * database session's TimeZone and of how the driver types a JS Date.
 */
export function utcTimestamp(instant: Date) {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

export const HOUR_MS = 60 * 60 * 1000;
export const floorHour = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
export const ceilHour = (instant: Date) => new Date(Math.ceil(instant.getTime() / HOUR_MS) * HOUR_MS);

/** `created_at` (or `hour`) in any of these [from, to) ranges; FALSE for none. */
function inRanges(column: Prisma.Sql, ranges: { from: Date; to: Date }[]) {
  const parts = ranges
    .filter((range) => range.from < range.to)
    .map((range) => Prisma.sql`(${column} >= ${utcTimestamp(range.from)} AND ${column} < ${utcTimestamp(range.to)})`);
  return parts.length > 0 ? Prisma.sql`(${Prisma.join(parts, " OR ")})` : Prisma.sql`FALSE`;
}

/**
 * [from, to) (from null: since the beginning) as its whole hours [wholeFrom, wholeTo), read from hourly totals,
 * and the partial hours at its two ends, read row by row.
 */
function windowParts(from: Date | null, to: Date) {
  const wholeFrom = from === null ? null : ceilHour(from);
  const wholeTo = floorHour(to);
  const edges = [
    ...(from === null || wholeFrom === null
      ? []
      : [{ from, to: new Date(Math.min(wholeFrom.getTime(), to.getTime())) }]),
    { from: new Date(Math.max(wholeTo.getTime(), (wholeFrom ?? wholeTo).getTime())), to },
  ];
  return { wholeFrom, wholeTo, edges };
}

/** `column` is one of `ids`; FALSE for none (SQL has no empty IN list). */
export function isOneOf(column: Prisma.Sql, ids: string[]) {
  return ids.length > 0 ? Prisma.sql`${column} IN (${Prisma.join(ids)})` : Prisma.sql`FALSE`;
}

/**
 * The merchant's payments (transactions and WPS payments, whose trigger feeds the same hourly totals with a
 * one_time_count of 0: they start no checkout) in [from, to) (from null: since the first) as rows of (at, button_key, status,
 * currency, count, amount_minor, one_time_count): the whole hours from the hourly totals (a trigger keeps them
 * exact; per merchant, or per button when the query needs buttons), the partial hours at both ends from
 * transactions themselves, so any window is exact while reading at most two hours of payment rows. `rowHours`
 * are whole hours also to be read row by row, e.g. those a chart bucket boundary cuts (a local midnight at :30
 * in UTC+5:30); `at` is then each payment's own time. button_key is null unless by button; `buttonIds` keeps
 * the payments and refunds of those buttons (payment or WPS buttons: both feed the totals by their id).
 */
export function transactionsIn(
  filter: { merchantId: string; settled?: true; buttonIds?: string[]; byButton?: boolean },
  from: Date | null,
  to: Date,
  rowHours: Date[] = [],
) {
  const byButton = filter.byButton === true || filter.buttonIds !== undefined;
  const where = (buttonColumn: string) => [
    Prisma.sql`merchant_id = ${filter.merchantId}`,
    ...(filter.buttonIds === undefined ? [] : [isOneOf(Prisma.raw(buttonColumn), filter.buttonIds)]),
    ...(filter.settled === undefined ? [] : [Prisma.sql`status IN ('completed', 'partially_refunded', 'refunded')`]),
  ];
  const { wholeFrom, wholeTo, edges } = windowParts(from, to);
  const wholeHours = [
    ...(wholeFrom === null ? [] : [Prisma.sql`hour >= ${utcTimestamp(wholeFrom)}`]),
    Prisma.sql`hour < ${utcTimestamp(wholeTo)}`,
    ...rowHours.map((hour) => Prisma.sql`hour <> ${utcTimestamp(hour)}`),
  ];
  const rowRanges = [...edges, ...rowHours.map((hour) => ({ from: hour, to: new Date(hour.getTime() + HOUR_MS) }))];
  const totals = byButton
    ? Prisma.sql`SELECT hour AS at, button_key, status, currency, count, amount_minor, one_time_count
                 FROM button_hourly_totals WHERE ${Prisma.join([...where("button_key"), ...wholeHours], " AND ")}`
    : Prisma.sql`SELECT hour AS at, NULL AS button_key, status, currency, count, amount_minor, one_time_count
                 FROM merchant_hourly_totals WHERE ${Prisma.join([...where("button_key"), ...wholeHours], " AND ")}`;
  return Prisma.sql`
    ${totals}
    UNION ALL
    SELECT created_at, ${byButton ? Prisma.sql`COALESCE(button_id, '')` : Prisma.sql`NULL`}, status, currency, 1,
           amount_minor::bigint,
           (paypal_subscription_id IS NULL)::int
    FROM transactions
    WHERE ${Prisma.join(where("button_id"), " AND ")} AND ${inRanges(Prisma.sql`created_at`, rowRanges)}
    UNION ALL
    SELECT created_at, ${byButton ? Prisma.sql`COALESCE(button_id, '')` : Prisma.sql`NULL`}, status, currency, 1,
           amount_minor::bigint, 0
    FROM wps_transactions
    WHERE ${Prisma.join(where("button_id"), " AND ")} AND ${inRanges(Prisma.sql`created_at`, rowRanges)}
    UNION ALL
    SELECT created_at, ${byButton ? Prisma.sql`button_key` : Prisma.sql`NULL`}, 'refunded'::"TransactionStatus",
           currency, 0, -amount_minor::bigint, 0
    FROM refunds
    WHERE merchant_id = ${filter.merchantId} AND paypal_status IN ('COMPLETED', 'PENDING')
      ${filter.buttonIds === undefined ? Prisma.empty : Prisma.sql`AND ${isOneOf(Prisma.sql`button_key`, filter.buttonIds)}`}
      AND ${inRanges(Prisma.sql`created_at`, rowRanges)}`;
}

/** How many checkouts the merchant started in [from, to), read like transactionsIn. */
export function checkoutsIn(merchantId: string, from: Date, to: Date) {
  const { wholeTo, edges } = windowParts(from, to);
  return Prisma.sql`(
    SELECT COALESCE(SUM(count), 0)::int FROM (
      SELECT count FROM checkout_session_hourly_totals
      WHERE merchant_id = ${merchantId} AND hour >= ${utcTimestamp(ceilHour(from))}
        AND hour < ${utcTimestamp(wholeTo)}
      UNION ALL
      SELECT 1 FROM checkout_sessions WHERE merchant_id = ${merchantId} AND ${inRanges(Prisma.sql`created_at`, edges)}
    ) counts)`;
}
