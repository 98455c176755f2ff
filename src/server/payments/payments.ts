import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import type { PaymentLineOrigin } from "~/generated/prisma/enums";
import { shippingAddressLines } from "~/lib/shipping-address";
import { db } from "~/server/platform/db";
import { pageCount } from "~/server/platform/paging";
import type { listPaymentsSchema } from "~/schemas/payments";

export const PAGE_SIZE = 20;

export const pageCountOf = (total: number) => pageCount(total, PAGE_SIZE);

/** `q` as a LIKE operand that matches itself literally: Prisma's `contains` passes % and _ through as wildcards. */
export function likeOperand(q: string) {
  return q.replace(/[\\%_]/g, "\\$&");
}

/**
 * The UTC instant as a SQL `timestamp` in UTC wall time, how Prisma stores DateTime columns; text with an explicit
 * "Z" keeps it independent of the session's TimeZone (as in analytics/hourly-totals.ts).
 */
export function utcTimestamp(instant: Date) {
  return Prisma.sql`(${instant.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
}

type Pop = { kind: "payment_button" | "sell_page"; id: string; name: string };

/** Where a payment's POP is: a sell page's bundle button belongs to its page, any other button is the POP. */
export function popOf(row: {
  button: { id: string; name: string } | null;
  sellPage: { id: string; name: string } | null;
}) {
  if (row.sellPage) return { kind: "sell_page", id: row.sellPage.id, name: row.sellPage.name } satisfies Pop;
  if (row.button) return { kind: "payment_button", id: row.button.id, name: row.button.name } satisfies Pop;
  return null;
}

const bundleTierLabels = { basic: "Basic", premium: "Premium" } as const;

/** The columns itemOf reads, for a payment's select. */
export const itemSelect = {
  bundleTier: true,
  button: { select: { name: true } },
  sellPage: { select: { name: true, basicName: true, premiumName: true } },
  lines: { orderBy: { position: "asc" }, select: { name: true, quantity: true } },
} as const satisfies Prisma.TransactionSelect;

/**
 * What was bought, in words: the button's name, or the sell page with its bundle ("Glaze Recipes (Premium)"); a
 * payment of several lines (an order bump, a cart) names them all, as its receipt does ("Ebook + 3 × Stickers").
 */
export function itemOf(row: {
  bundleTier: PaymentRecord["bundleTier"];
  button: { name: string } | null;
  sellPage: { name: string; basicName: string; premiumName: string | null } | null;
  lines: { name: string; quantity: number }[];
}): string | null {
  if (row.lines.length > 1) return row.lines.map(lineLabel).join(" + ");
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
 * The PayPal id buyers and sellers see: the capture or sale id. Payments recorded before it was kept
 * show their order id, or a subscription sign-up its subscription id, instead.
 */
function paypalIdOf(row: {
  paypalTransactionId: string | null;
  paypalOrderId: string | null;
  paypalSubscriptionId: string | null;
}) {
  return row.paypalTransactionId ?? row.paypalOrderId ?? row.paypalSubscriptionId;
}

/** Who paid and what the payment came to: the same columns in transactions and wps_transactions. */
export const payerAndAmountSelect = {
  payerName: true,
  payerEmail: true,
  amountMinor: true,
  refundedMinor: true,
  feeMinor: true,
  currency: true,
  status: true,
  createdAt: true,
} as const;

/** The address a shipped payment goes to (src/lib/shipping-address.ts prints it). */
export const shippingSelect = {
  shippingName: true,
  shippingLine1: true,
  shippingLine2: true,
  shippingCity: true,
  shippingRegion: true,
  shippingPostalCode: true,
  shippingCountry: true,
  shippingMinor: true,
  shippingMethod: true,
  taxMinor: true,
  fulfilment: true,
  carrier: true,
  trackingNumber: true,
  shippedAt: true,
  deliveredAt: true,
} as const satisfies Prisma.TransactionSelect;

/** The PayPal ids a payment may carry (see paypalIdOf). */
export const paypalIdsSelect = { paypalTransactionId: true, paypalOrderId: true, paypalSubscriptionId: true } as const;

export const paymentSelect = {
  id: true,
  ...paypalIdsSelect,
  paypalPayerId: true,
  ...payerAndAmountSelect,
  bundleTier: true,
  quantity: true,
  discountCodeId: true,
  discountCodeText: true,
  discountMinor: true,
  button: { select: { id: true, name: true } },
  sellPage: { select: { id: true, name: true, basicName: true, premiumName: true } },
  lines: { orderBy: { position: "asc" }, select: { name: true, quantity: true, origin: true } },
  ...shippingSelect,
  taxCountry: true,
  buyerVatId: true,
} as const satisfies Prisma.TransactionSelect;
type PaymentRecord = Prisma.TransactionGetPayload<{ select: typeof paymentSelect }>;

/** The columns of payerAndAmountSelect, as a list row names them (the same in both kinds of payment). */
function payerAndAmount<Row extends Pick<PaymentRecord, keyof typeof payerAndAmountSelect>>(row: Row) {
  return {
    payerName: row.payerName,
    payerEmail: row.payerEmail,
    amountMinor: row.amountMinor,
    refundedMinor: row.refundedMinor,
    feeMinor: row.feeMinor,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt,
  };
}

/** "2 × Stickers": a payment line as receipts and the Payments list name it. */
export const lineLabel = (line: { name: string; quantity: number }) =>
  line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name;

/** Which selling tool brought a payment's lines: a store page's cart, a one-click upsell, an order bump, or none. */
export function sellingToolOf(lines: { origin: PaymentLineOrigin }[]): Exclude<PaymentLineOrigin, "item"> | null {
  for (const tool of ["cart", "upsell", "bump"] as const) {
    if (lines.some((line) => line.origin === tool)) return tool;
  }
  return null;
}

/** A Smart-button or sell-page payment as a row of the Payments list and its CSV export. */
export function paymentRow(row: PaymentRecord) {
  return {
    id: row.id,
    source: "payment" as "payment" | "wps",
    paypalId: paypalIdOf(row),
    paypalOrderId: row.paypalOrderId,
    paypalSubscriptionId: row.paypalSubscriptionId,
    payerId: row.paypalPayerId,
    ...payerAndAmount(row),
    popName: popOf(row)?.name ?? null,
    item: itemOf(row),
    quantity: row.quantity,
    lineCount: row.lines.length,
    sellingTool: sellingToolOf(row.lines),
    shipTo: shippingAddressLines(row),
    /** The code as the buyer applied it (kept when the code is deleted) and what it took off. */
    discountCodeText: row.discountCodeText,
    discountMinor: row.discountMinor,
    /** What the buyer paid for shipping and in tax added to the prices; a digital order's EU VAT country and VAT number. */
    shippingMinor: row.shippingMinor,
    taxMinor: row.taxMinor,
    taxCountry: row.taxCountry,
    buyerVatId: row.buyerVatId,
  };
}
export type PaymentListRow = ReturnType<typeof paymentRow>;

const wpsPaymentSelect = {
  id: true,
  txnId: true,
  payerId: true,
  ...payerAndAmountSelect,
  itemName: true,
  optionSelected: true,
  quantity: true,
  button: { select: { itemName: true } },
} as const satisfies Prisma.WpsTransactionSelect;

/** A WPS payment as the same row: its txn_id is the PayPal id buyers and sellers see; there is no order. */
export async function wpsPaymentRows(merchantId: string, ids: string[]): Promise<PaymentListRow[]> {
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
      ...payerAndAmount(row),
      popName: name,
      item: row.optionSelected && name ? `${name} (${row.optionSelected})` : name,
      quantity: row.quantity,
      lineCount: 1,
      sellingTool: null,
      // A WPS button collects its address on PayPal's own pages; it arrives in PayPal's IPN, not in these columns.
      shipTo: null,
      // WPS buttons take no discount codes; their own tax and shipping are inside the amount PayPal reports.
      discountCodeText: null,
      discountMinor: 0,
      shippingMinor: 0,
      taxMinor: 0,
      taxCountry: null,
      buyerVatId: null,
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
 * merchant_hourly_totals, which a trigger keeps exact with every change to transactions (see
 * analytics/hourly-totals.ts), and
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

/** Where a payment stands in the newest-first order: its time, then its id. */
export type PaymentPosition = { createdAt: Date; id: string };

/**
 * The payments matching `filters` after `after` in the newest-first order, at most `limit`: keyset paging on
 * (created_at, id) over both tables, so each page is cheap and stable while new payments arrive (the CSV export and
 * the REST API's cursor both page this way).
 */
export async function paymentsAfter(
  merchantId: string,
  filters: PaymentFilters,
  after: PaymentPosition | null,
  limit: number,
  /** Whether the store has WPS payments, when the caller already knows (a long export asks once). */
  withWps?: boolean,
): Promise<{ rows: PaymentListRow[]; last: PaymentPosition | null }> {
  const matches = matchingPayments(merchantId, filters, withWps ?? (await hasWpsPayments(merchantId, filters)));
  const keyset: Prisma.Sql = after
    ? Prisma.sql`WHERE (created_at, id) < (${utcTimestamp(after.createdAt)}, ${after.id})`
    : Prisma.empty;
  const ids = await db.$queryRaw<(Match & { created_at: Date })[]>`
    SELECT id, source, created_at FROM (${matches}) matches ${keyset}
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  const last = ids.at(-1);
  return {
    rows: await paymentRowsOf(merchantId, ids),
    last: last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

/** A payment's place in that order, when it is one of the merchant's (of either kind); else null. */
export async function paymentPosition(merchantId: string, id: string): Promise<PaymentPosition | null> {
  const select = { id: true, createdAt: true } as const;
  return (
    (await db.transaction.findFirst({ where: { id, merchantId }, select })) ??
    (await db.wpsTransaction.findFirst({ where: { id, merchantId }, select }))
  );
}

/** Every payment matching the list's filters, newest first, `batchSize` at a time, for the CSV export. */
export async function* paymentExportBatches(merchantId: string, filters: PaymentFilters, batchSize = 500) {
  const withWps = await hasWpsPayments(merchantId, filters);
  let after: PaymentPosition | null = null;
  for (;;) {
    const page = await paymentsAfter(merchantId, filters, after, batchSize, withWps);
    if (page.rows.length === 0) return;
    yield page.rows;
    if (page.rows.length < batchSize) return;
    after = page.last;
  }
}
