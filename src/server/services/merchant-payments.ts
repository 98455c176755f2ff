import type { z } from "zod";
import { db } from "~/server/db";
import type { listCustomersSchema, listPaymentsSchema } from "~/schemas/merchant-payments";

export const PAGE_SIZE = 20;

/** The merchant's payments, newest first, one page at a time. */
export async function listPayments(merchantId: string, input: z.output<typeof listPaymentsSchema>) {
  const where = { merchantId, ...(input.status ? { status: input.status } : {}) };
  const [total, rows] = await Promise.all([
    db.transaction.count({ where }),
    db.transaction.findMany({
      where,
      orderBy: { createdAt: "desc" },
      skip: (input.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: {
        id: true,
        paypalOrderId: true,
        payerName: true,
        payerEmail: true,
        amountMinor: true,
        currency: true,
        status: true,
        createdAt: true,
        button: { select: { name: true } },
        sellPage: { select: { name: true } },
      },
    }),
  ]);
  return {
    total,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    payments: rows.map(({ button, sellPage, ...row }) => ({ ...row, popName: sellPage?.name ?? button?.name ?? null })),
  };
}

/** Buyers who paid the merchant, grouped by e-mail and currency, with what they spent (completed only). */
export async function listCustomers(merchantId: string, input: z.output<typeof listCustomersSchema>) {
  const where = {
    merchantId,
    status: "completed" as const,
    payerEmail: input.search ? { contains: input.search, mode: "insensitive" as const } : { not: null },
  };
  const [groups, customerCount] = await Promise.all([
    db.transaction.groupBy({
      by: ["payerEmail", "currency"],
      where,
      _count: { _all: true },
      _sum: { amountMinor: true },
      _max: { createdAt: true, payerName: true },
      orderBy: { _max: { createdAt: "desc" } },
      skip: (input.page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
    }),
    db.transaction.groupBy({ by: ["payerEmail", "currency"], where }).then((rows) => rows.length),
  ]);
  return {
    total: customerCount,
    pageCount: Math.max(1, Math.ceil(customerCount / PAGE_SIZE)),
    customers: groups.map((group) => ({
      email: group.payerEmail ?? "",
      name: group._max.payerName,
      currency: group.currency,
      payments: group._count._all,
      spentMinor: group._sum.amountMinor ?? 0,
      lastPaymentAt: group._max.createdAt,
    })),
  };
}
