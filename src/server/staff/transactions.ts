import { Prisma } from "~/generated/prisma/client";
import { csvRow } from "~/lib/csv";
import { toDecimalString, type Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { pageCount } from "~/server/platform/paging";
import { recordAudit, type AuditActor } from "~/server/staff/audit";
import type { TransactionFilters } from "~/schemas/staff";

// Every transaction of the platform for staff: the paged list, one merchant's, and the CSV export. Counted and
// paged in SQL; the export streams batch by batch.

export const TRANSACTIONS_PAGE_SIZE = 25;

/**
 * Smart-button and sell-page payments (transactions) and WPS payments (wps_transactions) as one relation, with the
 * POP each belongs to. A sell-page payment's POP is the page, not its hidden bundle button.
 */
const allTransactions = Prisma.sql`
  SELECT t.id, 'payment' AS source, t.merchant_id, t.status::text AS status, t.amount_minor,
         t.currency::text AS currency, t.created_at,
         COALESCE(t.paypal_transaction_id, t.paypal_order_id, t.paypal_subscription_id) AS reference, t.payer_email, t.payer_name,
         COALESCE(t.sell_page_id, t.button_id) AS pop_id,
         CASE WHEN t.sell_page_id IS NOT NULL THEN 'sell_page'
              WHEN t.button_id IS NOT NULL THEN 'payment_button' END AS pop_kind,
         COALESCE(sp.name, pb.name) AS pop_name
    FROM transactions t
    LEFT JOIN payment_buttons pb ON pb.id = t.button_id
    LEFT JOIN digital_sell_pages sp ON sp.id = t.sell_page_id
  UNION ALL
  SELECT w.id, 'wps', w.merchant_id, w.status::text, w.amount_minor,
         w.currency::text, w.created_at, w.txn_id, w.payer_email, w.payer_name,
         w.button_id,
         CASE WHEN w.button_id IS NOT NULL THEN 'wps_button' END,
         wb.item_name
    FROM wps_transactions w
    LEFT JOIN wps_payment_buttons wb ON wb.id = w.button_id`;

type TransactionRow = {
  id: string;
  source: "payment" | "wps";
  merchant_id: string;
  merchant_name: string;
  merchant_email: string;
  status: string;
  amount_minor: number;
  currency: Currency;
  created_at: Date;
  reference: string;
  payer_email: string | null;
  payer_name: string | null;
  pop_id: string | null;
  pop_kind: "payment_button" | "sell_page" | "wps_button" | null;
  pop_name: string | null;
};

export function toTransaction(row: TransactionRow) {
  return {
    id: row.id,
    source: row.source,
    merchant: { id: row.merchant_id, name: row.merchant_name, email: row.merchant_email },
    status: row.status,
    amountMinor: Number(row.amount_minor),
    currency: row.currency,
    createdAt: new Date(row.created_at),
    reference: row.reference,
    payerEmail: row.payer_email,
    payerName: row.payer_name,
    pop: row.pop_id ? { id: row.pop_id, kind: row.pop_kind, name: row.pop_name } : null,
  };
}
export type AdminTransaction = ReturnType<typeof toTransaction>;

/** `%`, `_` and `\` typed into a search box are literal characters, not LIKE wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function whereOf(filters: TransactionFilters, extra: Prisma.Sql[] = []): Prisma.Sql {
  const conditions: Prisma.Sql[] = [...extra];
  if (filters.merchant) {
    const like = containsPattern(filters.merchant);
    conditions.push(Prisma.sql`(m.id = ${filters.merchant} OR m.name ILIKE ${like} OR m.email ILIKE ${like})`);
  }
  if (filters.pop) {
    conditions.push(Prisma.sql`(a.pop_id = ${filters.pop} OR a.pop_name ILIKE ${containsPattern(filters.pop)})`);
  }
  if (filters.status) conditions.push(Prisma.sql`a.status = ${filters.status}`);
  // Dates are whole UTC days, the same way the table prints them; created_at holds UTC.
  if (filters.from) conditions.push(Prisma.sql`a.created_at >= ${filters.from}::date`);
  if (filters.to) conditions.push(Prisma.sql`a.created_at < ${filters.to}::date + 1`);
  return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

export function selectTransactions(where: Prisma.Sql, tail: Prisma.Sql) {
  return db.$queryRaw<TransactionRow[]>`
    SELECT a.*, m.name AS merchant_name, m.email AS merchant_email
      FROM (${allTransactions}) a
      JOIN merchants m ON m.id = a.merchant_id
      ${where}
      ${tail}`;
}

export function listAllTransactions(input: { filters: TransactionFilters; page: number }) {
  return transactionPage(whereOf(input.filters), input.page);
}

/** One merchant's payments of both kinds, newest first, paged like the Transactions page. */
export function listMerchantTransactions(merchantId: string, page: number) {
  return transactionPage(Prisma.sql`WHERE a.merchant_id = ${merchantId}`, page);
}

async function transactionPage(where: Prisma.Sql, page: number) {
  const [countRows, rows] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`
      SELECT COUNT(*)::int AS total FROM (${allTransactions}) a JOIN merchants m ON m.id = a.merchant_id ${where}`,
    selectTransactions(
      where,
      Prisma.sql`ORDER BY a.created_at DESC, a.id DESC
        LIMIT ${TRANSACTIONS_PAGE_SIZE} OFFSET ${(page - 1) * TRANSACTIONS_PAGE_SIZE}`,
    ),
  ]);
  const total = Number(countRows[0]?.total ?? 0);
  return {
    total,
    pageCount: pageCount(total, TRANSACTIONS_PAGE_SIZE),
    transactions: rows.map(toTransaction),
  };
}

/**
 * Every transaction matching `filters`, newest first, `batchSize` rows per query. Keyset paging on
 * (created_at, id) keeps each query cheap and the result stable while new payments arrive during an export.
 */
export async function* transactionBatches(filters: TransactionFilters, batchSize = 500) {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset = after
      ? [Prisma.sql`(a.created_at, a.id) < (${after.createdAt.toISOString()}::timestamp, ${after.id})`]
      : [];
    const rows = await selectTransactions(
      whereOf(filters, keyset),
      Prisma.sql`ORDER BY a.created_at DESC, a.id DESC LIMIT ${batchSize}`,
    );
    if (rows.length === 0) return;
    const batch = rows.map(toTransaction);
    yield batch;
    if (rows.length < batchSize) return;
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

const csvHeader = [
  "Date (UTC)",
  "Transaction ID",
  "PayPal reference",
  "Source",
  "Merchant",
  "Merchant email",
  "POP",
  "POP type",
  "Payer name",
  "Payer email",
  "Amount",
  "Currency",
  "Status",
];
const popTypeLabels = { payment_button: "Payment button", sell_page: "Digital sell page", wps_button: "WPS button" };

function csvLine(row: AdminTransaction): string {
  return csvRow([
    row.createdAt.toISOString(),
    row.id,
    row.reference,
    row.source === "wps" ? "WPS" : "Payment",
    row.merchant.name,
    row.merchant.email,
    row.pop?.name ?? null,
    row.pop?.kind ? popTypeLabels[row.pop.kind] : null,
    row.payerName,
    row.payerEmail,
    toDecimalString(row.amountMinor, row.currency),
    row.currency,
    row.status,
  ]);
}

/**
 * The filtered transactions as a CSV stream, built batch by batch as the client reads it, so an export of any
 * size holds one batch in memory. The export of buyer data is itself recorded in the audit log.
 */
export async function transactionsCsvStream(actor: AuditActor, filters: TransactionFilters) {
  await recordAudit(db, actor, "transactions.export", { type: "transactions", id: null }, { filters });
  const encoder = new TextEncoder();
  const batches = transactionBatches(filters);
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // The byte-order mark makes spreadsheet apps read the file as UTF-8 (names with accents stay intact).
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(csvHeader)}`));
        return;
      }
      const next = await batches.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
