import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { settledStatuses } from "~/lib/ledger";
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

/**
 * The UTC instant as a SQL `timestamp` in UTC wall time, how Prisma stores DateTime columns; text with an explicit
 * "Z" keeps it independent of the session's TimeZone (as in analytics.ts).
 */
function utcTimestamp(instant: Date) {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

type Pop = { kind: "payment_button" | "sell_page"; id: string; name: string };

/** Where a payment's POP is: a sell page's bundle button belongs to its page, any other button is the POP. */
function popOf(row: { button: { id: string; name: string } | null; sellPage: { id: string; name: string } | null }) {
  if (row.sellPage) return { kind: "sell_page", id: row.sellPage.id, name: row.sellPage.name } satisfies Pop;
  if (row.button) return { kind: "payment_button", id: row.button.id, name: row.button.name } satisfies Pop;
  return null;
}

const bundleTierLabels = { basic: "Basic", premium: "Premium" } as const;

/** What was bought, in words: the button's name, or the sell page with its bundle ("Glaze Recipes (Premium)"). */
function itemOf(row: PaymentRecord): string | null {
  if (!row.sellPage) return row.button?.name ?? null;
  const bundle =
    row.bundleTier === "premium"
      ? (row.sellPage.premiumName ?? bundleTierLabels.premium)
      : row.bundleTier === "basic"
        ? row.sellPage.basicName
        : null;
  return bundle ? `${row.sellPage.name} (${bundle})` : row.sellPage.name;
}

/**
 * The PayPal id buyers and sellers see (DESIGN 11): the capture or sale id. Payments recorded before it was kept
 * show their order id, or a subscription sign-up its subscription id, instead.
 */
function paypalIdOf(row: {
  paypalTransactionId: string | null;
  paypalOrderId: string | null;
  paypalSubscriptionId: string | null;
}) {
  return row.paypalTransactionId ?? row.paypalOrderId ?? row.paypalSubscriptionId;
}

const paymentSelect = {
  id: true,
  paypalTransactionId: true,
  paypalOrderId: true,
  paypalSubscriptionId: true,
  paypalPayerId: true,
  payerName: true,
  payerEmail: true,
  amountMinor: true,
  refundedMinor: true,
  feeMinor: true,
  currency: true,
  status: true,
  bundleTier: true,
  createdAt: true,
  button: { select: { id: true, name: true } },
  sellPage: { select: { id: true, name: true, basicName: true, premiumName: true } },
} as const satisfies Prisma.TransactionSelect;
type PaymentRecord = Prisma.TransactionGetPayload<{ select: typeof paymentSelect }>;

/** A Smart-button or sell-page payment as a row of the Payments list and its CSV export. */
function paymentRow(row: PaymentRecord) {
  return {
    id: row.id,
    source: "payment" as "payment" | "wps",
    paypalId: paypalIdOf(row),
    paypalOrderId: row.paypalOrderId,
    paypalSubscriptionId: row.paypalSubscriptionId,
    payerId: row.paypalPayerId,
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    amountMinor: row.amountMinor,
    refundedMinor: row.refundedMinor,
    feeMinor: row.feeMinor,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt,
    popName: popOf(row)?.name ?? null,
    item: itemOf(row),
  };
}
export type PaymentListRow = ReturnType<typeof paymentRow>;

const wpsPaymentSelect = {
  id: true,
  txnId: true,
  payerId: true,
  payerName: true,
  payerEmail: true,
  amountMinor: true,
  refundedMinor: true,
  feeMinor: true,
  currency: true,
  status: true,
  createdAt: true,
  itemName: true,
  optionSelected: true,
  button: { select: { itemName: true } },
} as const satisfies Prisma.WpsTransactionSelect;

/** A WPS payment as the same row: its txn_id is the PayPal id buyers and sellers see; there is no order. */
async function wpsPaymentRows(merchantId: string, ids: string[]): Promise<PaymentListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.wpsTransaction.findMany({ where: { id: { in: ids }, merchantId }, select: wpsPaymentSelect });
  return rows.map((row) => {
    const name = row.button?.itemName ?? row.itemName;
    return {
      id: row.id,
      source: "wps",
      paypalId: row.txnId,
      paypalOrderId: null,
      paypalSubscriptionId: null,
      payerId: row.payerId,
      payerName: row.payerName,
      payerEmail: row.payerEmail,
      amountMinor: row.amountMinor,
      refundedMinor: row.refundedMinor,
      feeMinor: row.feeMinor,
      currency: row.currency,
      status: row.status,
      createdAt: row.createdAt,
      popName: name,
      item: row.optionSelected && name ? `${name} (${row.optionSelected})` : name,
    };
  });
}

/** Both kinds of payment by id, in the order of `ids` (what the SQL that found them sorted). */
async function paymentRowsOf(merchantId: string, ids: { id: string; source: "payment" | "wps" }[]) {
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
  const position = new Map(ids.map((row, index) => [row.id, index]));
  return [...payments.map(paymentRow), ...wps].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

type ListPayments = z.output<typeof listPaymentsSchema>;
/** The list's filters without its sort and page: what the CSV export takes. */
export type PaymentFilters = Omit<ListPayments, "sort" | "dir" | "page">;

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
  const withWps = await hasWpsPayments(merchantId, input);
  const { total, rows } =
    withWps || input.q ? await searchPayments(merchantId, input, withWps) : await browsePayments(merchantId, input);
  return { total, pageSize: PAGE_SIZE, pageCount: pageCountOf(total), payments: rows };
}

/**
 * WPS payments live in wps_transactions; most merchants have none and keep the indexed paths. A subscription's
 * sales are never WPS payments.
 */
async function hasWpsPayments(merchantId: string, filters: PaymentFilters) {
  if (filters.paypalSubscriptionId) return false;
  return (await db.wpsTransaction.findFirst({ where: { merchantId }, select: { id: true } })) !== null;
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
    ...(input.paypalSubscriptionId && { paypalSubscriptionId: input.paypalSubscriptionId }),
    ...((input.from || input.to) && {
      createdAt: { ...(input.from && { gte: input.from }), ...(input.to && { lt: input.to }) },
    }),
  };
  const [total, rows] = await Promise.all([
    // One buyer's or one subscription's payments are few and indexed: count them.
    input.email || input.paypalSubscriptionId
      ? db.transaction.count({ where })
      : countFromHourlyTotals(merchantId, input),
    db.transaction.findMany({
      where,
      orderBy: orderOf(input),
      skip: (input.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: paymentSelect,
    }),
  ]);
  return { total, rows: rows.map(paymentRow) };
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * How many of the merchant's payments (of `status`) fall in [from, to): the whole hours from
 * merchant_hourly_totals, which a trigger keeps exact with every change to transactions (see analytics.ts), and
 * the partial hours at the window's two ends row by row. A window shorter than that is counted row by row.
 * Refunds sit in the totals as rows with a count of 0, so they never change a count.
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

/**
 * The payments matching `filters` as one relation (id, source, created_at, amount_minor) of both tables. Columns
 * are unqualified: every condition reads its own table, POP names through subqueries.
 */
function matchingPayments(merchantId: string, filters: PaymentFilters, withWps: boolean) {
  const pattern = `%${likeOperand(filters.q)}%`;
  const common = [
    Prisma.sql`merchant_id = ${merchantId}`,
    ...(filters.status ? [Prisma.sql`status = ${filters.status}::"TransactionStatus"`] : []),
    ...(filters.email ? [Prisma.sql`payer_email = ${filters.email}`] : []),
    ...(filters.from ? [Prisma.sql`created_at >= ${utcTimestamp(filters.from)}`] : []),
    ...(filters.to ? [Prisma.sql`created_at < ${utcTimestamp(filters.to)}`] : []),
  ];
  const conditions = [
    ...common,
    ...(filters.paypalSubscriptionId ? [Prisma.sql`paypal_subscription_id = ${filters.paypalSubscriptionId}`] : []),
    ...(filters.q
      ? [
          Prisma.sql`(payer_email ILIKE ${pattern} OR payer_name ILIKE ${pattern}
       OR paypal_transaction_id ILIKE ${pattern} OR paypal_order_id ILIKE ${pattern}
       OR paypal_subscription_id ILIKE ${pattern}
       OR button_id IN (SELECT id FROM payment_buttons WHERE merchant_id = ${merchantId} AND name ILIKE ${pattern})
       OR sell_page_id IN (SELECT id FROM digital_sell_pages WHERE merchant_id = ${merchantId} AND name ILIKE ${pattern}))`,
        ]
      : []),
  ];
  const wpsConditions = [
    ...common,
    ...(filters.q
      ? [
          Prisma.sql`(payer_email ILIKE ${pattern} OR payer_name ILIKE ${pattern} OR txn_id ILIKE ${pattern}
             OR item_name ILIKE ${pattern}
             OR button_id IN (SELECT id FROM wps_payment_buttons WHERE merchant_id = ${merchantId} AND item_name ILIKE ${pattern}))`,
        ]
      : []),
  ];
  const wps = withWps
    ? Prisma.sql`UNION ALL
      SELECT id, 'wps' AS source, created_at, amount_minor FROM wps_transactions
      WHERE ${Prisma.join(wpsConditions, " AND ")}`
    : Prisma.empty;
  return Prisma.sql`
    SELECT id, 'payment' AS source, created_at, amount_minor FROM transactions
    WHERE ${Prisma.join(conditions, " AND ")}
    ${wps}`;
}

type Match = { id: string; source: "payment" | "wps" };

/**
 * A text search (and, for a merchant with WPS payments, every listing: the two tables are paged as one). Matches
 * are rare and scattered, so walking the date index until a page is full would read most
 * of the table at random (seconds on a million rows): the matching ids are instead collected in one sequential
 * pass (ILIKE on the row, POP names resolved once in subqueries), counted and cut to the page, and only that
 * page's rows are then read in full.
 */
async function searchPayments(merchantId: string, input: ListPayments, withWps: boolean) {
  const dir = input.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order =
    input.sort === "amount"
      ? Prisma.sql`amount_minor ${dir}, created_at ${dir}, id ${dir}`
      : Prisma.sql`created_at ${dir}, id ${dir}`;
  const [found] = await db.$queryRaw<{ total: number; ids: Match[] }[]>`
    WITH matches AS MATERIALIZED (${matchingPayments(merchantId, input, withWps)})
    SELECT (SELECT COUNT(*) FROM matches)::int AS total,
           COALESCE((SELECT json_agg(json_build_object('id', id, 'source', source)) FROM (
             SELECT id, source FROM matches ORDER BY ${order} LIMIT ${PAGE_SIZE} OFFSET ${(input.page - 1) * PAGE_SIZE}
           ) page), '[]'::json) AS ids`;
  return { total: found?.total ?? 0, rows: await paymentRowsOf(merchantId, found?.ids ?? []) };
}

/**
 * Every payment matching the list's filters, newest first, `batchSize` at a time, for the CSV export. Keyset
 * paging on (created_at, id) keeps each query cheap and the result stable while new payments arrive.
 */
export async function* paymentExportBatches(merchantId: string, filters: PaymentFilters, batchSize = 500) {
  const withWps = await hasWpsPayments(merchantId, filters);
  const matches = matchingPayments(merchantId, filters, withWps);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: Prisma.Sql = after
      ? Prisma.sql`WHERE (created_at, id) < (${utcTimestamp(after.createdAt)}, ${after.id})`
      : Prisma.empty;
    const ids = await db.$queryRaw<(Match & { created_at: Date })[]>`
      SELECT id, source, created_at FROM (${matches}) matches ${keyset}
      ORDER BY created_at DESC, id DESC LIMIT ${batchSize}`;
    if (ids.length === 0) return;
    yield await paymentRowsOf(merchantId, ids);
    if (ids.length < batchSize) return;
    const last = ids[ids.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
}

const refundSelect = {
  id: true,
  paypalRefundId: true,
  kind: true,
  source: true,
  amountMinor: true,
  currency: true,
  paypalStatus: true,
  reason: true,
  createdAt: true,
} as const satisfies Prisma.RefundSelect;

const eventSelect = {
  id: true,
  type: true,
  state: true,
  outcome: true,
  receivedAt: true,
  processedAt: true,
} as const satisfies Prisma.PayPalEventSelect;
type PaymentEvent = Prisma.PayPalEventGetPayload<{ select: typeof eventSelect }>;

/** Statuses a seller may refund from: money PayPal settled that has not all gone back yet. */
const refundableStatuses: readonly string[] = ["completed", "partially_refunded"];

/**
 * One payment of the merchant's with everything we know about it: buyer, item, what was captured, PayPal's fee,
 * each refund, every PayPal event that touched it, and (a subscription sale) its subscriber. Another merchant's
 * payment is NOT_FOUND.
 */
export async function getPayment(merchantId: string, input: z.output<typeof getPaymentSchema>) {
  const row = await db.transaction.findFirst({
    where: { id: input.id, merchantId },
    select: {
      ...paymentSelect,
      updatedAt: true,
      refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: refundSelect },
      paypalEvents: { orderBy: [{ receivedAt: "asc" }, { id: "asc" }], select: eventSelect },
    },
  });
  if (!row) return getWpsPayment(merchantId, input.id);
  const subscription = row.paypalSubscriptionId
    ? await db.subscription.findFirst({
        where: { merchantId, paypalSubscriptionId: row.paypalSubscriptionId },
        select: { id: true, status: true, payerName: true, payerEmail: true },
      })
    : null;
  const { refunds, paypalEvents, updatedAt, ...record } = row;
  return {
    ...paymentRow(record),
    paypalTransactionId: row.paypalTransactionId,
    bundleTier: row.bundleTier,
    updatedAt,
    pop: popOf(row),
    netMinor: row.amountMinor - row.refundedMinor,
    refundableMinor: refundableStatuses.includes(row.status) ? Math.max(0, row.amountMinor - row.refundedMinor) : 0,
    refunds,
    events: paypalEvents,
    subscription,
    wps: null,
  };
}

/**
 * A WPS payment in the same shape (its txn_id is the PayPal id), with what the IPN or PDT reported and every IPN
 * that touched it (pending, completed, refund...). WPS payments are refunded in PayPal, never from here.
 */
async function getWpsPayment(merchantId: string, id: string) {
  const row = await db.wpsTransaction.findFirst({
    where: { id, merchantId },
    include: {
      button: { select: { id: true, itemName: true } },
      refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: refundSelect },
      ipnMessages: {
        where: { state: "recorded" },
        orderBy: { receivedAt: "asc" },
        select: { id: true, txnId: true, receivedAt: true, reason: true },
      },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", "Payment not found");
  const [listed] = await wpsPaymentRows(merchantId, [row.id]);
  return {
    ...listed!,
    paypalTransactionId: row.txnId as string | null,
    bundleTier: null,
    updatedAt: row.updatedAt,
    pop: null,
    netMinor: row.amountMinor - row.refundedMinor,
    refundableMinor: 0,
    refunds: row.refunds,
    events: [] as PaymentEvent[],
    subscription: null,
    wps: {
      button: row.button ? { id: row.button.id, name: row.button.itemName } : null,
      itemName: row.itemName,
      optionSelected: row.optionSelected,
      quantity: row.quantity,
      paymentStatus: row.paymentStatus,
      statusReason: row.statusReason,
      paymentDate: row.paymentDate,
      recordedBy: row.source,
      events: row.ipnMessages,
    },
  };
}

/** Both payment tables as one relation with the columns the customer views read, settled payments only. */
const allPayments = Prisma.sql`(
  SELECT merchant_id, status, payer_email, payer_name, amount_minor, refunded_minor, currency, created_at
    FROM transactions
  UNION ALL
  SELECT merchant_id, status, payer_email, payer_name, amount_minor, refunded_minor, currency, created_at
    FROM wps_transactions
) payments`;

const settled = Prisma.sql`status IN (${Prisma.join(
  settledStatuses.map((status) => Prisma.sql`${status}::"TransactionStatus"`),
)})`;

type CustomerRow = {
  email: string;
  currency: Currency;
  payments: number;
  spentMinor: bigint;
  refundedMinor: bigint;
  firstPaymentAt: Date;
  lastPaymentAt: Date;
};

type ListCustomers = z.output<typeof listCustomersSchema>;
export type CustomerFilters = Pick<ListCustomers, "q" | "from" | "to">;

/** A customer's figures: orders are their settled payments, lifetime value what those captured minus refunds. */
const customerColumns = Prisma.sql`payer_email AS email,
  currency,
  COUNT(*)::int AS payments,
  SUM(amount_minor - refunded_minor)::bigint AS "spentMinor",
  SUM(refunded_minor)::bigint AS "refundedMinor",
  MIN(created_at) AS "firstPaymentAt",
  MAX(created_at) AS "lastPaymentAt"`;

function customerQuery(merchantId: string, filters: CustomerFilters) {
  const conditions = [
    Prisma.sql`merchant_id = ${merchantId}`,
    settled,
    Prisma.sql`payer_email IS NOT NULL`,
    ...(filters.from ? [Prisma.sql`created_at >= ${utcTimestamp(filters.from)}`] : []),
    ...(filters.to ? [Prisma.sql`created_at < ${utcTimestamp(filters.to)}`] : []),
  ];
  const pattern = `%${likeOperand(filters.q)}%`;
  const having = filters.q
    ? Prisma.sql`HAVING payer_email ILIKE ${pattern} OR bool_or(payer_name ILIKE ${pattern})`
    : Prisma.empty;
  return { conditions, having };
}

/**
 * The name each buyer last paid under, for a page of customers only (the e-mail index finds it): picking it
 * inside the aggregate would keep PostgreSQL from splitting that work over its workers.
 */
async function customerRows(merchantId: string, rows: CustomerRow[]) {
  const emails = [...new Set(rows.map((row) => row.email))];
  const names = emails.length
    ? await db.$queryRaw<{ email: string; name: string }[]>`
        SELECT DISTINCT ON (payer_email) payer_email AS email, payer_name AS name
        FROM ${allPayments}
        WHERE merchant_id = ${merchantId} AND payer_email = ANY(${emails}) AND payer_name IS NOT NULL
        ORDER BY payer_email, created_at DESC`
    : [];
  const nameOf = new Map(names.map((row) => [row.email, row.name]));
  return rows.map(({ spentMinor, refundedMinor, ...row }) => ({
    email: row.email,
    name: nameOf.get(row.email) ?? null,
    currency: row.currency,
    payments: row.payments,
    spentMinor: Number(spentMinor),
    refundedMinor: Number(refundedMinor),
    firstPaymentAt: row.firstPaymentAt,
    lastPaymentAt: row.lastPaymentAt,
  }));
}

export type CustomerListRow = Awaited<ReturnType<typeof customerRows>>[number];

/**
 * Buyers with settled payments, one row per e-mail and currency (amounts in different currencies do not add up),
 * with their orders and lifetime value (net of refunds) in the window. The search matches the e-mail or any name
 * the buyer paid under, and the totals always count all of the buyer's payments in the window, not only those
 * whose name matched.
 */
export async function listCustomers(merchantId: string, input: ListCustomers) {
  const { conditions, having } = customerQuery(merchantId, input);
  const dir = input.dir === "asc" ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  const order = input.sort === "spent" ? Prisma.sql`SUM(amount_minor - refunded_minor)` : Prisma.sql`MAX(created_at)`;
  const rows = await db.$queryRaw<(CustomerRow & { total: number })[]>`
    SELECT ${customerColumns}, (COUNT(*) OVER ())::int AS total
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
  return {
    total,
    pageSize: PAGE_SIZE,
    pageCount: pageCountOf(total),
    customers: await customerRows(merchantId, rows),
  };
}

/**
 * Every customer matching the list's filters, by e-mail then currency, `batchSize` at a time, for the CSV
 * export; keyset paging on the group's own key.
 */
export async function* customerExportBatches(merchantId: string, filters: CustomerFilters, batchSize = 500) {
  const { conditions, having } = customerQuery(merchantId, filters);
  let after: { email: string; currency: Currency } | null = null;
  for (;;) {
    const keyset: Prisma.Sql[] = after
      ? [Prisma.sql`(payer_email, currency) > (${after.email}, ${after.currency}::"Currency")`]
      : [];
    const rows: CustomerRow[] = await db.$queryRaw<CustomerRow[]>`
      SELECT ${customerColumns}
      FROM ${allPayments}
      WHERE ${Prisma.join([...conditions, ...keyset], " AND ")}
      GROUP BY payer_email, currency
      ${having}
      ORDER BY payer_email ASC, currency ASC
      LIMIT ${batchSize}`;
    if (rows.length === 0) return;
    yield await customerRows(merchantId, rows);
    if (rows.length < batchSize) return;
    const last: CustomerRow = rows[rows.length - 1]!;
    after = { email: last.email, currency: last.currency };
  }
}

/**
 * One buyer of the merchant's, by the exact e-mail their payments carry: the name they last paid under, and per
 * currency their orders (settled payments), lifetime value net of refunds, and what was refunded, with their
 * first and last payment. NOT_FOUND when the merchant has no payment at all from that e-mail. Their payments
 * themselves come from listPayments({ email }).
 */
export async function getCustomer(merchantId: string, input: z.output<typeof getCustomerSchema>) {
  const where = { merchantId, payerEmail: input.email };
  const newest = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const named = { ...where, payerName: { not: null } };
  const select = { payerEmail: true, payerName: true, createdAt: true } as const;
  const grouped = {
    by: ["currency"] as "currency"[],
    where: { ...where, status: { in: [...settledStatuses] } },
    _count: { _all: true as const },
    _sum: { amountMinor: true as const, refundedMinor: true as const },
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
  type Line = { payments: number; capturedMinor: number; refundedMinor: number; first: Date[]; last: Date[] };
  const byCurrency = new Map<Currency, Line>();
  for (const group of [...totals, ...wpsTotals]) {
    const entry = byCurrency.get(group.currency) ?? {
      payments: 0,
      capturedMinor: 0,
      refundedMinor: 0,
      first: [],
      last: [],
    };
    entry.payments += group._count._all;
    entry.capturedMinor += group._sum.amountMinor ?? 0;
    entry.refundedMinor += group._sum.refundedMinor ?? 0;
    if (group._min.createdAt) entry.first.push(group._min.createdAt);
    if (group._max.createdAt) entry.last.push(group._max.createdAt);
    byCurrency.set(group.currency, entry);
  }
  // The currencies in their enum order (USD first), as every other per-currency list.
  const lines = currencies
    .filter((currency) => byCurrency.has(currency))
    .map((currency) => ({ currency, ...byCurrency.get(currency)! }));
  const firsts = lines.flatMap((line) => line.first);
  const lasts = lines.flatMap((line) => line.last);
  return {
    email,
    name: name ?? null,
    totals: lines.map((line) => ({
      currency: line.currency,
      payments: line.payments,
      spentMinor: line.capturedMinor - line.refundedMinor,
      refundedMinor: line.refundedMinor,
    })),
    orderCount: lines.reduce((sum, line) => sum + line.payments, 0),
    firstPaymentAt: firsts.length ? new Date(Math.min(...firsts.map(Number))) : null,
    lastPaymentAt: lasts.length ? new Date(Math.max(...lasts.map(Number))) : null,
  };
}
