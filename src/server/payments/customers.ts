import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { settledStatuses } from "~/lib/ledger";
import { currencies, type Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import type { getCustomerSchema, listCustomersSchema } from "~/schemas/payments";
import { likeOperand, PAGE_SIZE, pageCountOf, utcTimestamp } from "~/server/payments/payments";

// A seller's customers (the Customers list, a customer's page and the CSV export): buyers by e-mail, from both
// payment tables, with what their settled payments brought in net of refunds.

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
