import { Prisma } from "~/generated/prisma/client";
import { revenueByCurrency, settledCount, successRate } from "~/lib/formulas";
import type { Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { isOneOf, justAfter, transactionsIn, utcTimestamp } from "~/server/analytics/hourly-totals";
import type { AnalyticsPeriod } from "~/schemas/analytics";

// The analytics dialog of a POP (a payment button, a WPS button or a digital sell page): its figures all come
// from popGroups, the one query of a POP's payments over the hourly totals.

const DAY_MS = 24 * 60 * 60 * 1000;
const periodDays: Record<AnalyticsPeriod, number | null> = { "7d": 7, "30d": 30, "90d": 90, all: null };

/** How many recent transactions the analytics dialog lists. */
export const RECENT_TRANSACTIONS = 10;

/** The newest rows first, as many as the dialog lists. */
export const recentFirst = {
  orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  take: RECENT_TRANSACTIONS,
} satisfies { orderBy: { createdAt?: "desc"; id?: "desc" }[]; take: number };

/** Rows created in the period (since null: ever). */
export function createdSince(since: Date | null) {
  return since === null ? {} : { createdAt: { gte: since } };
}

/**
 * A transaction row with the one id a purchase has, the one buyers and sellers see: PayPal's capture or sale id;
 * older rows fall back to the order id.
 */
export function withPaypalId<
  Row extends { id: string; paypalTransactionId: string | null; paypalOrderId: string | null },
>({ paypalTransactionId, paypalOrderId, ...row }: Row) {
  return { ...row, paypalId: paypalTransactionId ?? paypalOrderId ?? row.id };
}

/** What the dialog lists of each recent payment, whatever the button's kind. */
const recentColumns = {
  id: true,
  amountMinor: true,
  refundedMinor: true,
  currency: true,
  status: true,
  createdAt: true,
} as const;

type ButtonWhere = { id: string; merchantId: string };
const buttonColumns = { id: true, currency: true } as const;
type RecentWhere = { buttonId: string; merchantId: string; createdAt?: { gte: Date } };

/**
 * The two kinds of button whose dialog is the same: each is found in its own table, and its recent payments are
 * read from its own transactions (a WPS payment's PayPal id is its txn_id).
 */
const buttonKinds = {
  payment: {
    notFound: "Payment button not found",
    find: (where: ButtonWhere) => db.paymentButton.findFirst({ where, select: buttonColumns }),
    recent: (where: RecentWhere) =>
      db.transaction
        .findMany({
          where,
          ...recentFirst,
          select: { ...recentColumns, paypalTransactionId: true, paypalOrderId: true },
        })
        .then((rows) => rows.map(withPaypalId)),
  },
  wps: {
    notFound: "WPS button not found",
    find: (where: ButtonWhere) => db.wpsButton.findFirst({ where, select: buttonColumns }),
    recent: (where: RecentWhere) =>
      db.wpsTransaction
        .findMany({ where, ...recentFirst, select: { ...recentColumns, txnId: true } })
        .then((rows) => rows.map(({ txnId, ...row }) => ({ ...row, paypalId: txnId }))),
  },
};

/**
 * A payment button's analytics dialog: totals by SQL aggregate over the button's hourly totals (popGroups) plus
 * the 10 newest rows. Another merchant's button is NOT_FOUND.
 */
export async function getButtonAnalytics(
  merchantId: string,
  input: { buttonId: string; period: AnalyticsPeriod },
  now: Date = new Date(),
) {
  const figures = await buttonFigures(buttonKinds.payment, merchantId, input.buttonId, input.period, now);
  return { ...figures, ...(await offerFigures(merchantId, [input.buttonId], periodStart(input.period, now))) };
}

/** A POP's order bump and one-click upsell figures in the period (a button, or a sell page's bundles). */
export async function offerFigures(merchantId: string, buttonIds: string[], since: Date | null) {
  const [orderBump, upsell] = await Promise.all([
    orderBumpFigures(merchantId, buttonIds, since),
    upsellFigures(merchantId, buttonIds, since),
  ]);
  return { orderBump, upsell };
}

/**
 * The order bump of `buttonIds` (a button, or a sell page's bundles) in the period: paid orders whose buyer was
 * offered the bump, how many of them took it (the take rate) and what the bumps brought in. Null when no order
 * in the period was offered one.
 */
async function orderBumpFigures(merchantId: string, buttonIds: string[], since: Date | null) {
  const [row] = await db.$queryRaw<{ offered: number; taken: number; revenueMinor: bigint | null }[]>`
    SELECT count(*)::int AS offered, count(*) FILTER (WHERE s.bump_button_id IS NOT NULL)::int AS taken,
           SUM(l.amount_minor)::bigint AS "revenueMinor"
    FROM checkout_sessions s
    JOIN transactions t ON t.paypal_order_id = s.paypal_order_id
      AND t.status IN ('completed', 'partially_refunded', 'refunded')
    LEFT JOIN payment_lines l ON l.transaction_id = t.id AND l.origin = 'bump'
    WHERE s.merchant_id = ${merchantId} AND ${isOneOf(Prisma.sql`s.button_id`, buttonIds)} AND s.bump_offered
      ${since === null ? Prisma.empty : Prisma.sql`AND s.created_at >= ${since}`}`;
  if (!row || row.offered === 0) return null;
  return {
    offered: row.offered,
    taken: row.taken,
    takeRate: successRate(row.taken, row.offered),
    revenueMinor: Number(row.revenueMinor ?? 0),
  };
}

/**
 * The one-click upsell after payments of `buttonIds` in the period: how many buyers were shown the offer, how many
 * took it (the take rate) and what the paid upsells brought in. Null when none was shown.
 */
async function upsellFigures(merchantId: string, buttonIds: string[], since: Date | null) {
  const [row] = await db.$queryRaw<{ shown: number; taken: number; revenueMinor: bigint | null }[]>`
    SELECT count(*)::int AS shown, count(*) FILTER (WHERE o.status = 'taken')::int AS taken,
           SUM(paid.amount_minor) FILTER (WHERE o.status = 'taken')::bigint AS "revenueMinor"
    FROM upsell_offers o
    JOIN transactions t ON t.id = o.transaction_id
    LEFT JOIN transactions paid ON paid.id = o.taken_transaction_id
      AND paid.status IN ('completed', 'partially_refunded', 'refunded')
    WHERE o.merchant_id = ${merchantId} AND ${isOneOf(Prisma.sql`t.button_id`, buttonIds)}
      ${since === null ? Prisma.empty : Prisma.sql`AND o.created_at >= ${since}`}`;
  if (!row || row.shown === 0) return null;
  return {
    shown: row.shown,
    taken: row.taken,
    takeRate: successRate(row.taken, row.shown),
    revenueMinor: Number(row.revenueMinor ?? 0),
  };
}

/** The same figures for a WPS button, from wps_transactions: the dialog is the payment button's. */
export function getWpsButtonAnalytics(merchantId: string, input: { id: string; period: AnalyticsPeriod }, now?: Date) {
  return buttonFigures(buttonKinds.wps, merchantId, input.id, input.period, now ?? new Date());
}

/** The period's first instant, or null for all time. */
export function periodStart(period: AnalyticsPeriod, now: Date) {
  const days = periodDays[period];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/** Totals, successes, failures and the success rate of a POP's payment groups. */
export function paymentCounts(groups: PopGroup[]) {
  const totalTransactions = groups.reduce((sum, group) => sum + group.count, 0);
  const successfulTransactions = settledCount(groups);
  return {
    totalTransactions,
    successfulTransactions,
    failedTransactions: groups
      .filter((group) => group.status === "failed")
      .reduce((sum, group) => sum + group.count, 0),
    successRate: successRate(successfulTransactions, totalTransactions),
  };
}

/**
 * The dialog's figures of one button (a payment or a WPS button: both feed button_hourly_totals by their id).
 * Another merchant's button is NOT_FOUND.
 */
async function buttonFigures<Recent>(
  kind: {
    notFound: string;
    find: (where: ButtonWhere) => Promise<{ id: string; currency: Currency } | null>;
    recent: (where: RecentWhere) => Promise<Recent[]>;
  },
  merchantId: string,
  buttonId: string,
  period: AnalyticsPeriod,
  now: Date,
) {
  const button = await kind.find({ id: buttonId, merchantId });
  if (!button) throw new AppError("NOT_FOUND", kind.notFound);
  const since = periodStart(period, now);
  const [groups, recent] = await Promise.all([
    popGroups(merchantId, { buttonIds: [button.id] }, since, now),
    kind.recent({ buttonId: button.id, merchantId, ...createdSince(since) }),
  ]);
  return {
    period,
    currency: button.currency,
    ...paymentCounts(groups),
    revenue: revenueByCurrency(groups),
    recentTransactions: recent,
  };
}

/** A POP's payments of one button, status and currency; refunds are "refunded" groups of count 0. */
export type PopGroup = {
  /** The button paid through; null for a sell page's payment made without one of its buttons. */
  buttonId: string | null;
  /** Set only on those payments without one of the buttons (and their refunds): the page they were made on. */
  sellPageId: string | null;
  status: string;
  currency: Currency;
  count: number;
  amountMinor: number;
};

/**
 * The one query behind every POP's figures: the payments made through `buttonIds` in [since, now] (since null:
 * ever) by button, status and currency, plus the refunds of those payments made in that window as "refunded"
 * groups of count 0 and negative amount (revenue is captured minus refunded, each in the period of its own
 * event). A payment button or a WPS button is its own id; a digital sell page is its bundle buttons, and with
 * `sellPageIds` also the payments recorded against the page without one of them (their button was deleted),
 * read row by row. One call can cover many POPs: the sell pages list asks for all its pages at once.
 *
 * It reads the hourly totals (transactionsIn), so any window costs at most two hours of payment rows.
 */
export async function popGroups(
  merchantId: string,
  pop: { buttonIds: string[]; sellPageIds?: string[] },
  since: Date | null,
  now: Date,
): Promise<PopGroup[]> {
  const until = justAfter(now);
  const inWindow = (column: Prisma.Sql) =>
    Prisma.sql`${since === null ? Prisma.empty : Prisma.sql`${column} >= ${utcTimestamp(since)} AND`}
      ${column} < ${utcTimestamp(until)}`;
  const buttonless = (transaction: string) =>
    Prisma.sql`${isOneOf(Prisma.raw(`${transaction}.sell_page_id`), pop.sellPageIds ?? [])}
      AND NOT ${isOneOf(Prisma.raw(`COALESCE(${transaction}.button_id, '')`), pop.buttonIds)}`;
  const pageRows = pop.sellPageIds?.length
    ? Prisma.sql`
      UNION ALL
      SELECT COALESCE(t.button_id, ''), t.sell_page_id, t.status, t.currency, 1, t.amount_minor::bigint
      FROM transactions t
      WHERE t.merchant_id = ${merchantId} AND ${buttonless("t")} AND ${inWindow(Prisma.sql`t.created_at`)}
      UNION ALL
      SELECT r.button_key, t.sell_page_id, 'refunded'::"TransactionStatus", r.currency, 0, -r.amount_minor::bigint
      FROM refunds r JOIN transactions t ON t.id = r.transaction_id
      WHERE r.merchant_id = ${merchantId} AND ${buttonless("t")}
        AND NOT ${isOneOf(Prisma.sql`r.button_key`, pop.buttonIds)}
        AND r.paypal_status IN ('COMPLETED', 'PENDING') AND ${inWindow(Prisma.sql`r.created_at`)}`
    : Prisma.empty;
  // A payment's later lines (an order bump, a cart's other items) are their own POPs' sales: each counts for its
  // POP with what it kept after refunds, and that much is taken off the POP the payment is recorded against (its
  // first line). Their refunds count at the payment's time here, not the refund's.
  const laterLineNet = Prisma.sql`(CASE WHEN t.status = 'refunded' THEN 0 ELSE l.amount_minor - l.refunded_minor END)`;
  const laterLines = Prisma.sql`
    FROM payment_lines l JOIN transactions t ON t.id = l.transaction_id
    WHERE l.merchant_id = ${merchantId} AND l.position > 0 AND l.button_id IS DISTINCT FROM t.button_id
      AND ${inWindow(Prisma.sql`t.created_at`)}`;
  const lineRows = Prisma.sql`
      UNION ALL
      SELECT l.button_id, NULL, t.status, t.currency, 1, ${laterLineNet}::bigint
      ${laterLines} AND ${isOneOf(Prisma.sql`l.button_id`, pop.buttonIds)}
      UNION ALL
      SELECT t.button_id, NULL, t.status, t.currency, 0, -${laterLineNet}::bigint
      ${laterLines} AND ${isOneOf(Prisma.sql`t.button_id`, pop.buttonIds)}`;
  const groups = await db.$queryRaw<
    {
      buttonKey: string;
      sellPageId: string | null;
      status: string;
      currency: Currency;
      count: number;
      amountMinor: bigint;
    }[]
  >`
    SELECT button_key AS "buttonKey", sell_page_id AS "sellPageId", status, currency, SUM(count)::int AS count,
           SUM(amount_minor)::bigint AS "amountMinor"
    FROM (
      SELECT button_key, NULL::text AS sell_page_id, status, currency, count, amount_minor
      FROM (${transactionsIn({ merchantId, buttonIds: pop.buttonIds }, since, until)}) button_rows
      ${lineRows}
      ${pageRows}
    ) pop_rows
    GROUP BY button_key, sell_page_id, status, currency`;
  return groups.map((group) => ({
    buttonId: group.buttonKey || null,
    sellPageId: group.sellPageId,
    status: group.status,
    currency: group.currency,
    count: group.count,
    amountMinor: Number(group.amountMinor),
  }));
}
