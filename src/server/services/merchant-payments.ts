import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { currencies, type Currency } from "~/lib/money";
import { db } from "~/server/db";
import { AppError } from "~/server/errors";
import type {
  getCustomerSchema,
  getPaymentSchema,
  listCustomersSchema,
  listPaymentsSchema,
} from "~/schemas/merchant-payments";

export const PAGE_SIZE = 20;

const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** `q` as a LIKE operand that matches itself literally: Prisma's `contains` passes % and _ through as wildcards. */
function likeOperand(q: string) {
  return q.replace(/[\\%_]/g, "\\$&");
}

/** Where a payment's POP is: a sell page's bundle button belongs to its page, any other button is the POP. */
function popOf(row: {
  button: { id: string; name: string } | null;
  sellPage: { id: string; name: string } | null;
}): { kind: "payment_button" | "sell_page"; id: string; name: string } | null {
  if (row.sellPage) return { kind: "sell_page", ...row.sellPage };
  if (row.button) return { kind: "payment_button", ...row.button };
  return null;
}

const popSelect = {
  button: { select: { id: true, name: true } },
  sellPage: { select: { id: true, name: true } },
} as const;

const paymentSelect = {
  id: true,
  paypalOrderId: true,
  paypalCaptureId: true,
  payerName: true,
  payerEmail: true,
  amountMinor: true,
  currency: true,
  status: true,
  createdAt: true,
  ...popSelect,
} as const;

type ListPayments = z.output<typeof listPaymentsSchema>;

/**
 * The merchant's payments, one page at a time, sorted by date or amount. Built for a merchant with a million
 * payments (scripts/bench/dashboard.ts data):
 * - the rows: a plain Prisma query that walks the (merchant_id, [status,] created_at), (merchant_id, amount_minor)
 *   or (merchant_id, payer_email, created_at) index and stops after the page;
 * - the total: counting a million index entries takes a second, so without a search or buyer it is summed from
 *   the hourly totals (countFromHourlyTotals);
 * - a text search (ILIKE on e-mail, name, PayPal ids and POP names) reads the merchant's rows once: see
 *   searchPayments.
 */
export async function listPayments(merchantId: string, input: ListPayments) {
  // WPS payments live in wps_transactions; most merchants have none and keep the indexed paths below.
  const hasWps = (await db.wpsTransaction.findFirst({ where: { merchantId }, select: { id: true } })) !== null;
  const { total, rows } = hasWps
    ? await searchPayments(merchantId, input, true)
    : input.q
      ? await searchPayments(merchantId, input, false)
      : await browsePayments(merchantId, input);
  return {
    total,
    pageSize: PAGE_SIZE,
    pageCount: pageCountOf(total),
    payments: rows.map(
      ({ button, sellPage, wpsButtonName, ...row }: (typeof rows)[number] & { wpsButtonName?: string | null }) => ({
        ...row,
        popName: popOf({ button, sellPage })?.name ?? wpsButtonName ?? null,
      }),
    ),
  };
}

function orderOf(input: ListPayments): Prisma.TransactionOrderByWithRelationInput[] {
  const dir = input.dir;
  return input.sort === "amount"
    ? [{ amountMinor: dir }, { createdAt: dir }, { id: dir }]
    : [{ createdAt: dir }, { id: dir }];
}

async function browsePayments(merchantId: string, input: ListPayments) {
  const where: Prisma.TransactionWhereInput = {
    merchantId,
    ...(input.status && { status: input.status }),
    ...(input.email && { payerEmail: input.email }),
    ...((input.from || input.to) && {
      createdAt: { ...(input.from && { gte: input.from }), ...(input.to && { lt: input.to }) },
    }),
  };
  const [total, rows] = await Promise.all([
    // One buyer's payments are few and indexed: count them.
    input.email ? db.transaction.count({ where }) : countFromHourlyTotals(merchantId, input),
    db.transaction.findMany({
      where,
      orderBy: orderOf(input),
      skip: (input.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: paymentSelect,
    }),
  ]);
  return { total, rows };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * How many of the merchant's payments (of `status`) fall in [from, to): the whole hours from
 * merchant_hourly_totals, which a trigger keeps exact with every change to transactions (see analytics.ts), and
 * the partial hours at the window's two ends row by row. A window shorter than that is counted row by row.
 */
async function countFromHourlyTotals(merchantId: string, input: Pick<ListPayments, "status" | "from" | "to">) {
  const { status, from, to } = input;
  const wholeFrom = from && new Date(Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS);
  const wholeTo = to && new Date(Math.floor(to.getTime() / HOUR_MS) * HOUR_MS);
  if (wholeFrom && wholeTo && wholeFrom >= wholeTo) {
    return db.transaction.count({ where: { merchantId, status, createdAt: { gte: from, lt: to } } });
  }
  const statusIs = status ? Prisma.sql`AND status = ${status}::"TransactionStatus"` : Prisma.empty;
  const hours = Prisma.sql`${wholeFrom ? Prisma.sql`AND hour >= ${utcTimestamp(wholeFrom)}` : Prisma.empty}
    ${wholeTo ? Prisma.sql`AND hour < ${utcTimestamp(wholeTo)}` : Prisma.empty}`;
  const edges = [
    ...(from && wholeFrom && from < wholeFrom ? [[from, wholeFrom] as const] : []),
    ...(to && wholeTo && wholeTo < to ? [[wholeTo, to] as const] : []),
  ].map(([start, end]) => Prisma.sql`(created_at >= ${utcTimestamp(start)} AND created_at < ${utcTimestamp(end)})`);
  const edgeRows = edges.length
    ? Prisma.sql`(SELECT COUNT(*) FROM transactions
                  WHERE merchant_id = ${merchantId} ${statusIs} AND (${Prisma.join(edges, " OR ")}))`
    : Prisma.sql`0`;
  const [row] = await db.$queryRaw<{ count: number }[]>`
    SELECT ((SELECT COALESCE(SUM(count), 0) FROM merchant_hourly_totals
             WHERE merchant_id = ${merchantId} ${statusIs} ${hours}) + ${edgeRows})::int AS count`;
  return row?.count ?? 0;
}

const wpsPaymentSelect = {
  id: true,
  txnId: true,
  payerName: true,
  payerEmail: true,
  amountMinor: true,
  currency: true,
  status: true,
  createdAt: true,
  itemName: true,
  button: { select: { id: true, itemName: true } },
} as const;

/** A WPS payment as a row of the Payments list: its txn_id is the PayPal id buyers and sellers see. */
async function wpsPaymentRows(merchantId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db.wpsTransaction.findMany({ where: { id: { in: ids }, merchantId }, select: wpsPaymentSelect });
  return rows.map(({ txnId, itemName, button, ...row }) => ({
    ...row,
    paypalOrderId: txnId,
    paypalCaptureId: txnId as string | null,
    button: null,
    sellPage: null,
    wpsButtonName: button?.itemName ?? itemName,
  }));
}

/**
 * A text search (and, for a merchant with WPS payments, every listing: the two tables are paged as one). Matches
 * are rare and scattered, so walking the date index until a page is full would read most
 * of the table at random (seconds on a million rows): the matching ids are instead collected in one sequential
 * pass (ILIKE on the row, POP names resolved once in subqueries), counted and cut to the page, and only that
 * page's rows are then read in full.
 */
async function searchPayments(merchantId: string, input: ListPayments, withWps: boolean) {
  const pattern = `%${likeOperand(input.q)}%`;
  const common = [
    Prisma.sql`merchant_id = ${merchantId}`,
    ...(input.status ? [Prisma.sql`status = ${input.status}::"TransactionStatus"`] : []),
    ...(input.email ? [Prisma.sql`payer_email = ${input.email}`] : []),
    ...(input.from ? [Prisma.sql`created_at >= ${utcTimestamp(input.from)}`] : []),
    ...(input.to ? [Prisma.sql`created_at < ${utcTimestamp(input.to)}`] : []),
  ];
  const wpsConditions = [
    ...common,
    ...(input.q
      ? [
          Prisma.sql`(payer_email ILIKE ${pattern} OR payer_name ILIKE ${pattern} OR txn_id ILIKE ${pattern}
             OR item_name ILIKE ${pattern}
             OR button_id IN (SELECT id FROM wps_payment_buttons WHERE merchant_id = ${merchantId} AND item_name ILIKE ${pattern}))`,
        ]
      : []),
  ];
  const conditions = [
    Prisma.sql`merchant_id = ${merchantId}`,
    ...(input.status ? [Prisma.sql`status = ${input.status}::"TransactionStatus"`] : []),
    ...(input.email ? [Prisma.sql`payer_email = ${input.email}`] : []),
    ...(input.from ? [Prisma.sql`created_at >= ${utcTimestamp(input.from)}`] : []),
    ...(input.to ? [Prisma.sql`created_at < ${utcTimestamp(input.to)}`] : []),
    ...(input.q
      ? [
          Prisma.sql`(payer_email ILIKE ${pattern} OR payer_name ILIKE ${pattern}
       OR paypal_order_id ILIKE ${pattern} OR paypal_capture_id ILIKE ${pattern}
       OR button_id IN (SELECT id FROM payment_buttons WHERE merchant_id = ${merchantId} AND name ILIKE ${pattern})
       OR sell_page_id IN (SELECT id FROM digital_sell_pages WHERE merchant_id = ${merchantId} AND name ILIKE ${pattern}))`,
        ]
      : []),
  ];
  const dir = input.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order =
    input.sort === "amount"
      ? Prisma.sql`amount_minor ${dir}, created_at ${dir}, id ${dir}`
      : Prisma.sql`created_at ${dir}, id ${dir}`;
  const wpsMatches = withWps
    ? Prisma.sql`UNION ALL
      SELECT id, 'wps' AS source, created_at, amount_minor FROM wps_transactions
      WHERE ${Prisma.join(wpsConditions, " AND ")}`
    : Prisma.empty;
  const [found] = await db.$queryRaw<{ total: number; ids: { id: string; source: "payment" | "wps" }[] }[]>`
    WITH matches AS MATERIALIZED (
      SELECT id, 'payment' AS source, created_at, amount_minor FROM transactions
      WHERE ${Prisma.join(conditions, " AND ")}
      ${wpsMatches}
    )
    SELECT (SELECT COUNT(*) FROM matches)::int AS total,
           COALESCE((SELECT json_agg(json_build_object('id', id, 'source', source)) FROM (
             SELECT id, source FROM matches ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${(input.page - 1) * PAGE_SIZE}
           ) page), '[]'::json) AS ids`;
  const ids = found?.ids ?? [];
  const paymentIds = ids.filter((row) => row.source === "payment").map((row) => row.id);
  const [payments, wps] = await Promise.all([
    paymentIds.length
      ? db.transaction.findMany({ where: { id: { in: paymentIds }, merchantId }, select: paymentSelect })
      : [],
    wpsPaymentRows(
      merchantId,
      ids.filter((row) => row.source === "wps").map((row) => row.id),
    ),
  ]);
  const rows: (Awaited<typeof payments>[number] & { wpsButtonName?: string | null })[] = [...payments, ...wps];
  const position = new Map(ids.map((row, index) => [row.id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return { total: found?.total ?? 0, rows };
}

/** One payment of the merchant's, with everything PayPal told us about it; another merchant's is NOT_FOUND. */
export async function getPayment(merchantId: string, input: z.output<typeof getPaymentSchema>) {
  const row = await db.transaction.findFirst({
    where: { id: input.id, merchantId },
    select: {
      id: true,
      paypalOrderId: true,
      paypalCaptureId: true,
      paypalSubscriptionId: true,
      paypalPayerId: true,
      payerName: true,
      payerEmail: true,
      amountMinor: true,
      currency: true,
      status: true,
      bundleTier: true,
      createdAt: true,
      updatedAt: true,
      ...popSelect,
    },
  });
  if (!row) return getWpsPayment(merchantId, input.id);
  const { button, sellPage, ...payment } = row;
  return { ...payment, pop: popOf({ button, sellPage }), wps: null };
}

/**
 * A WPS payment in the same shape (its txn_id in the PayPal id fields), with what the IPN or PDT reported and
 * every IPN that touched it (the events: pending, completed, refund...).
 */
async function getWpsPayment(merchantId: string, id: string) {
  const row = await db.wpsTransaction.findFirst({
    where: { id, merchantId },
    include: {
      button: { select: { id: true, itemName: true } },
      ipnMessages: {
        where: { state: "recorded" },
        orderBy: { receivedAt: "asc" },
        select: { id: true, txnId: true, receivedAt: true, reason: true },
      },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", "Payment not found");
  return {
    id: row.id,
    paypalOrderId: row.txnId,
    paypalCaptureId: row.txnId as string | null,
    paypalSubscriptionId: null as string | null,
    paypalPayerId: row.payerId,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    bundleTier: null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    pop: null,
    wps: {
      button: row.button ? { id: row.button.id, name: row.button.itemName } : null,
      itemName: row.itemName,
      optionSelected: row.optionSelected,
      quantity: row.quantity,
      feeMinor: row.feeMinor,
      paymentStatus: row.paymentStatus,
      statusReason: row.statusReason,
      paymentDate: row.paymentDate,
      recordedBy: row.source,
      events: row.ipnMessages,
    },
  };
}

/**
 * The UTC instant as a SQL `timestamp` in UTC wall time, how Prisma stores DateTime columns; text with an explicit
 * "Z" keeps it independent of the session's TimeZone (as in analytics.ts).
 */
function utcTimestamp(instant: Date) {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

/** Both payment tables as one relation with the columns the customer views read. */
const allPayments = Prisma.sql`(
  SELECT merchant_id, status, payer_email, payer_name, amount_minor, currency, created_at FROM transactions
  UNION ALL
  SELECT merchant_id, status, payer_email, payer_name, amount_minor, currency, created_at FROM wps_transactions
) payments`;

type CustomerRow = {
  email: string;
  currency: Currency;
  payments: number;
  spentMinor: bigint;
  firstPaymentAt: Date;
  lastPaymentAt: Date;
  total: number;
};

/**
 * Buyers with completed payments, one row per e-mail and currency (amounts in different currencies do not add up),
 * with what they spent in the window. The search matches the e-mail or any name the buyer paid under, and the
 * totals always count all of the buyer's payments in the window, not only those whose name matched.
 */
export async function listCustomers(merchantId: string, input: z.output<typeof listCustomersSchema>) {
  const conditions = [
    Prisma.sql`merchant_id = ${merchantId}`,
    Prisma.sql`status = 'completed'::"TransactionStatus"`,
    Prisma.sql`payer_email IS NOT NULL`,
    ...(input.from ? [Prisma.sql`created_at >= ${utcTimestamp(input.from)}`] : []),
    ...(input.to ? [Prisma.sql`created_at < ${utcTimestamp(input.to)}`] : []),
  ];
  const pattern = `%${likeOperand(input.q)}%`;
  const having = input.q
    ? Prisma.sql`HAVING payer_email ILIKE ${pattern} OR bool_or(payer_name ILIKE ${pattern})`
    : Prisma.empty;
  const dir = input.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order = input.sort === "spent" ? Prisma.sql`SUM(amount_minor)` : Prisma.sql`MAX(created_at)`;
  const rows = await db.$queryRaw<CustomerRow[]>`
    SELECT payer_email AS email,
           currency,
           COUNT(*)::int AS payments,
           SUM(amount_minor)::bigint AS "spentMinor",
           MIN(created_at) AS "firstPaymentAt",
           MAX(created_at) AS "lastPaymentAt",
           (COUNT(*) OVER ())::int AS total
    FROM ${allPayments}
    WHERE ${Prisma.join(conditions, " AND ")}
    GROUP BY payer_email, currency
    ${having}
    ORDER BY ${order} ${dir}, payer_email ASC, currency ASC
    LIMIT ${PAGE_SIZE} OFFSET ${(input.page - 1) * PAGE_SIZE}`;
  // Past the last page the window count has no row to ride on; ask once more for the count alone.
  const total =
    rows[0]?.total ??
    (input.page === 1
      ? 0
      : Number(
          (
            await db.$queryRaw<{ count: number }[]>`
              SELECT COUNT(*)::int AS count FROM (
                SELECT 1 FROM ${allPayments} WHERE ${Prisma.join(conditions, " AND ")}
                GROUP BY payer_email, currency ${having}
              ) customers`
          )[0]?.count ?? 0,
        ));
  // The name each buyer last paid under, for this page only (the e-mail index finds it): picking it inside the
  // aggregate above would keep PostgreSQL from splitting that work over its workers.
  const emails = [...new Set(rows.map((row) => row.email))];
  const names = emails.length
    ? await db.$queryRaw<{ email: string; name: string }[]>`
        SELECT DISTINCT ON (payer_email) payer_email AS email, payer_name AS name
        FROM ${allPayments}
        WHERE merchant_id = ${merchantId} AND payer_email = ANY(${emails}) AND payer_name IS NOT NULL
        ORDER BY payer_email, created_at DESC`
    : [];
  const nameOf = new Map(names.map((row) => [row.email, row.name]));
  return {
    total,
    pageSize: PAGE_SIZE,
    pageCount: pageCountOf(total),
    customers: rows.map(({ total: _total, spentMinor, ...row }) => ({
      ...row,
      name: nameOf.get(row.email) ?? null,
      spentMinor: Number(spentMinor),
    })),
  };
}

/**
 * One buyer of the merchant's, by the exact e-mail their payments carry: the name they last paid under, and per
 * currency what they spent (completed payments) with their first and last payment. NOT_FOUND when the merchant
 * has no payment at all from that e-mail. Their payments themselves come from listPayments({ email }).
 */
export async function getCustomer(merchantId: string, input: z.output<typeof getCustomerSchema>) {
  const where = { merchantId, payerEmail: input.email };
  const newest = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const named = { ...where, payerName: { not: null } };
  const select = { payerEmail: true, payerName: true, createdAt: true } as const;
  const grouped = {
    by: ["currency"] as "currency"[],
    where: { ...where, status: "completed" as const },
    _count: { _all: true as const },
    _sum: { amountMinor: true as const },
    _min: { createdAt: true as const },
    _max: { createdAt: true as const },
  };
  const [latest, latestWps, lastNamed, lastNamedWps, totals, wpsTotals] = await Promise.all([
    db.transaction.findFirst({ where, orderBy: newest, select }),
    db.wpsTransaction.findFirst({ where, orderBy: newest, select }),
    db.transaction.findFirst({ where: named, orderBy: newest, select }),
    db.wpsTransaction.findFirst({ where: named, orderBy: newest, select }),
    db.transaction.groupBy(grouped),
    db.wpsTransaction.groupBy(grouped),
  ]);
  const email = latest?.payerEmail ?? latestWps?.payerEmail;
  if (!email) throw new AppError("NOT_FOUND", "Customer not found");
  const name = [lastNamed, lastNamedWps]
    .filter((row) => row !== null)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0]?.payerName;
  const byCurrency = new Map<Currency, { payments: number; spentMinor: number; first: Date[]; last: Date[] }>();
  for (const group of [...totals, ...wpsTotals]) {
    const entry = byCurrency.get(group.currency) ?? { payments: 0, spentMinor: 0, first: [], last: [] };
    entry.payments += group._count._all;
    entry.spentMinor += group._sum.amountMinor ?? 0;
    if (group._min.createdAt) entry.first.push(group._min.createdAt);
    if (group._max.createdAt) entry.last.push(group._max.createdAt);
    byCurrency.set(group.currency, entry);
  }
  // The currencies in their enum order (USD first), as every other per-currency list.
  const lines = currencies
    .filter((currency) => byCurrency.has(currency))
    .map((currency) => ({
      currency,
      ...byCurrency.get(currency)!,
    }));
  const firsts = lines.flatMap((line) => line.first);
  const lasts = lines.flatMap((line) => line.last);
  return {
    email,
    name: name ?? null,
    totals: lines.map(({ currency, payments, spentMinor }) => ({ currency, payments, spentMinor })),
    completedPayments: lines.reduce((sum, line) => sum + line.payments, 0),
    firstPaymentAt: firsts.length ? new Date(Math.min(...firsts.map(Number))) : null,
    lastPaymentAt: lasts.length ? new Date(Math.max(...lasts.map(Number))) : null,
  };
}
