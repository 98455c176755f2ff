import type { z } from "zod";
import { settledStatuses } from "~/lib/ledger";
import { Prisma } from "~/generated/prisma/client";
import type { Currency } from "~/lib/money";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { containsAny, newestPage, type NewestSlice } from "~/server/platform/paging";
import { selectTransactions, toTransaction } from "~/server/staff/transactions";
import type { listMerchantPopsSchema, listMerchantsSchema } from "~/schemas/staff";

// What staff see of the platform: totals, merchants and their POPs (every transaction: transactions.ts).
// Everything is counted, summed and paged in SQL; no function here loads a whole table.

export const MERCHANTS_PAGE_SIZE = 20;
export const POPS_PAGE_SIZE = 10;

type RevenueRow = { currency: Currency; _sum: { amountMinor: number | null; refundedMinor: number | null } };

/** Completed revenue per currency from both payment tables, sorted by currency (amounts never mix currencies). */
function mergeRevenue(...groups: RevenueRow[][]) {
  const totals = new Map<Currency, number>();
  for (const row of groups.flat()) {
    const net = (row._sum.amountMinor ?? 0) - (row._sum.refundedMinor ?? 0);
    totals.set(row.currency, (totals.get(row.currency) ?? 0) + net);
  }
  return [...totals]
    .map(([currency, amountMinor]) => ({ currency, amountMinor }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Revenue is captured minus refunded: settled payments, less what went back. */
function revenueOf(where: Prisma.TransactionWhereInput & Prisma.WpsTransactionWhereInput) {
  const settled = { ...where, status: { in: [...settledStatuses] } };
  const sums = { amountMinor: true, refundedMinor: true } as const;
  return Promise.all([
    db.transaction.groupBy({ by: ["currency"], where: settled, _sum: sums }),
    db.wpsTransaction.groupBy({ by: ["currency"], where: settled, _sum: sums }),
  ]).then(([payments, wps]) => mergeRevenue(payments, wps));
}

/** The staff overview: the four tiles and the 10 most recent transactions. */
export async function platformOverview() {
  const [merchants, paymentButtons, payments, wpsPayments, revenueByCurrency, recent] = await Promise.all([
    db.merchant.count(),
    // Bundle buttons are the hidden halves of sell pages, not buttons a merchant made.
    db.paymentButton.count({ where: { buttonType: "manual" } }),
    db.transaction.count(),
    db.wpsTransaction.count(),
    revenueOf({}),
    selectTransactions(Prisma.empty, Prisma.sql`ORDER BY a.created_at DESC, a.id DESC LIMIT 10`),
  ]);
  return {
    merchants,
    paymentButtons,
    transactions: payments + wpsPayments,
    revenueByCurrency,
    recentTransactions: recent.map(toTransaction),
  };
}

export async function listMerchants(input: z.output<typeof listMerchantsSchema>) {
  const where: Prisma.MerchantWhereInput = containsAny(input.search, ["name", "email", "companyName"]);
  const { total, pageCount, rows } = await newestPage(
    input.page,
    MERCHANTS_PAGE_SIZE,
    db.merchant.count({ where }),
    (slice) => db.merchant.findMany({ where, ...slice, select: merchantSelect }),
  );
  return { total, pageCount, merchants: rows };
}

const merchantSelect = { id: true, name: true, email: true, companyName: true, createdAt: true, suspendedAt: true };

/** One merchant with how many POPs of each kind it has, its transaction count and completed revenue. */
export async function getMerchantDetail(merchantId: string) {
  const merchant = await db.merchant.findUnique({
    where: { id: merchantId },
    select: merchantSelect,
  });
  if (!merchant) throw new AppError("NOT_FOUND", "Merchant not found");
  const [paymentButtons, sellPages, wpsButtons, payments, wpsPayments, revenueByCurrency, unmatchedDisputes, apiKeys] =
    await Promise.all([
      db.paymentButton.count({ where: { merchantId, buttonType: "manual" } }),
      db.digitalSellPage.count({ where: { merchantId } }),
      db.wpsButton.count({ where: { merchantId } }),
      db.transaction.count({ where: { merchantId } }),
      db.wpsTransaction.count({ where: { merchantId } }),
      revenueOf({ merchantId }),
      // PayPal cases against payments Popkit never recorded (sold outside Popkit, or lost): kept for staff to see.
      db.dispute.findMany({
        where: { merchantId, transactionId: null },
        select: {
          id: true,
          paypalDisputeId: true,
          paypalTransactionId: true,
          reason: true,
          status: true,
          amountMinor: true,
          currency: true,
          openedAt: true,
        },
        orderBy: { openedAt: "desc" },
        take: 20,
      }),
      // That the store uses the REST API, and when it last did: never the keys, nor their prefixes.
      db.apiKey.aggregate({ where: { merchantId, revokedAt: null }, _count: true, _max: { lastUsedAt: true } }),
    ]);
  return {
    merchant,
    popCounts: { paymentButtons, sellPages, wpsButtons },
    transactionCount: payments + wpsPayments,
    revenueByCurrency,
    unmatchedDisputes,
    apiKeys: { live: apiKeys._count, lastUsedAt: apiKeys._max.lastUsedAt },
  };
}

type PopRow = {
  id: string;
  name: string;
  price: { amountMinor: number; currency: Currency } | null;
  detail: string;
  isActive: boolean;
  createdAt: Date;
};

/** One page of a merchant's POPs of one kind as PopRows: `toPop` says what the kind shows besides id and date. */
async function popPage<Row extends { id: string; createdAt: Date }>(
  input: { page: number },
  count: Promise<number>,
  rows: (slice: NewestSlice) => Promise<Row[]>,
  toPop: (row: Row) => Omit<PopRow, "id" | "createdAt">,
) {
  const { total, pageCount, rows: found } = await newestPage(input.page, POPS_PAGE_SIZE, count, rows);
  const pops: PopRow[] = found.map((row) => ({ id: row.id, ...toPop(row), createdAt: row.createdAt }));
  return { total, pageCount, pops };
}

/** One page of a merchant's POPs of one kind, newest first, in one shape for the three kinds. */
export async function listMerchantPops(input: z.output<typeof listMerchantPopsSchema>) {
  const { merchantId, kind } = input;
  const exists = await db.merchant.count({ where: { id: merchantId } });
  if (!exists) throw new AppError("NOT_FOUND", "Merchant not found");

  if (kind === "payment_buttons") {
    const where = { merchantId, buttonType: "manual" as const };
    return popPage(
      input,
      db.paymentButton.count({ where }),
      (slice) =>
        db.paymentButton.findMany({
          where,
          ...slice,
          select: {
            id: true,
            name: true,
            amountMinor: true,
            currency: true,
            paymentType: true,
            isActive: true,
            createdAt: true,
          },
        }),
      (row) => ({
        name: row.name,
        price: { amountMinor: row.amountMinor, currency: row.currency },
        detail: row.paymentType === "subscription" ? "Subscription" : "One-time",
        isActive: row.isActive,
      }),
    );
  }
  if (kind === "sell_pages") {
    return popPage(
      input,
      db.digitalSellPage.count({ where: { merchantId } }),
      (slice) =>
        db.digitalSellPage.findMany({
          where: { merchantId },
          ...slice,
          select: {
            id: true,
            name: true,
            basicPriceMinor: true,
            currency: true,
            premiumEnabled: true,
            isActive: true,
            createdAt: true,
          },
        }),
      (row) => ({
        name: row.name,
        price: { amountMinor: row.basicPriceMinor, currency: row.currency },
        detail: row.premiumEnabled ? "Basic and Premium bundles" : "Basic bundle",
        isActive: row.isActive,
      }),
    );
  }
  return popPage(
    input,
    db.wpsButton.count({ where: { merchantId } }),
    (slice) =>
      db.wpsButton.findMany({
        where: { merchantId },
        ...slice,
        select: { id: true, itemName: true, environment: true, buttonStatus: true, createdAt: true },
      }),
    (row) => ({
      name: row.itemName,
      price: null,
      detail: row.environment === "live" ? "LIVE" : "SANDBOX",
      isActive: row.buttonStatus === "active",
    }),
  );
}
