import type { BundleTier, Prisma } from "~/generated/prisma/client";
import { conversionRate, revenueByCurrency, settledCount } from "~/lib/formulas";
import type { AnalyticsPeriod } from "~/schemas/analytics";
import { db } from "~/server/platform/db";
import {
  createdSince,
  paymentCounts,
  offerFigures,
  periodStart,
  popGroups,
  withPaypalId,
  recentFirst,
} from "~/server/analytics/pop-analytics";
import { notFound, pageSetupIssue } from "~/server/sell-pages/editor";
import { loadSellerSetup } from "~/server/stores/pop-setup";

// The sell pages' figures: the list's revenue, sales and conversion, and one page's analytics dialog. Payments
// are summed by popGroups, the query every POP's figures share.

/** Transactions of these pages: paid through one of their bundle buttons, or recorded against the page itself. */
function pageTransactionsWhere(merchantId: string, pageIds: string[], buttonIds: string[]) {
  return {
    merchantId,
    OR: [{ buttonId: { in: buttonIds } }, { sellPageId: { in: pageIds } }],
  } satisfies Prisma.TransactionWhereInput;
}

/**
 * The Digital Sell Pages tab, newest first, with each page's Revenue, Sales and Conversion from SQL aggregates.
 * Conversion is completed sales per page view (one per visitor and day, see recordSellPageView): measured, not
 * assumed from a fixed number of views per sale.
 */
export async function listSellPages(merchantId: string) {
  const seller = await loadSellerSetup(merchantId);
  const pages = await db.digitalSellPage.findMany({
    where: { merchantId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      paypalClientId: true,
      id: true,
      name: true,
      description: true,
      currency: true,
      basicPriceMinor: true,
      premiumEnabled: true,
      premiumPriceMinor: true,
      isActive: true,
      createdAt: true,
      updatedAt: true,
      bundleButtons: { select: { id: true } },
    },
  });
  const pageIds = pages.map((page) => page.id);
  const pageOfButton = new Map(pages.flatMap((page) => page.bundleButtons.map((button) => [button.id, page.id])));
  const buttonIds = [...pageOfButton.keys()];
  const [groups, views] = await Promise.all([
    pages.length > 0 ? popGroups(merchantId, { buttonIds, sellPageIds: pageIds }, null, new Date()) : [],
    pages.length > 0
      ? db.sellPageView.groupBy({ by: ["sellPageId"], where: { sellPageId: { in: pageIds } }, _count: { _all: true } })
      : [],
  ]);
  const pageOf = (row: { buttonId: string | null; sellPageId: string | null }) =>
    (row.buttonId ? pageOfButton.get(row.buttonId) : undefined) ?? row.sellPageId;
  const viewsOf = new Map(views.map((row) => [row.sellPageId, row._count._all]));

  return pages.map(({ bundleButtons: _buttons, paypalClientId, ...page }) => {
    const own = groups.filter((group) => pageOf(group) === page.id);
    const sales = settledCount(own);
    const pageViews = viewsOf.get(page.id) ?? 0;
    return {
      ...page,
      premiumPriceMinor: page.premiumEnabled ? page.premiumPriceMinor : null,
      revenue: revenueByCurrency(own),
      sales,
      views: pageViews,
      /** Percent to one decimal, or null before the page's first view. */
      conversionRate: conversionRate(sales, pageViews),
      setupIssue: pageSetupIssue(seller, { id: page.id, paypalClientId }),
    };
  });
}

/**
 * A sell page's analytics dialog: totals and per-bundle figures by SQL aggregate over the period, the bundle of
 * each sale told by the bundle button it was paid through, plus the 10 newest transactions.
 */
export async function getSellPageAnalytics(
  merchantId: string,
  input: { id: string; period: AnalyticsPeriod },
  now: Date = new Date(),
) {
  const page = await db.digitalSellPage.findFirst({
    where: { id: input.id, merchantId },
    select: {
      id: true,
      name: true,
      currency: true,
      basicName: true,
      basicPriceMinor: true,
      premiumEnabled: true,
      premiumName: true,
      premiumPriceMinor: true,
      bundleButtons: { select: { id: true, bundleTier: true } },
    },
  });
  if (!page) throw notFound();

  const tierOf = new Map(page.bundleButtons.map((button) => [button.id, button.bundleTier]));
  const since = periodStart(input.period, now);
  const buttonIds = [...tierOf.keys()];
  const where: Prisma.TransactionWhereInput = {
    ...pageTransactionsWhere(merchantId, [page.id], buttonIds),
    ...createdSince(since),
  };
  const [groups, recent, views, offers] = await Promise.all([
    popGroups(merchantId, { buttonIds, sellPageIds: [page.id] }, since, now),
    db.transaction.findMany({
      where,
      ...recentFirst,
      select: {
        id: true,
        paypalTransactionId: true,
        paypalOrderId: true,
        amountMinor: true,
        currency: true,
        status: true,
        createdAt: true,
        buttonId: true,
      },
    }),
    db.sellPageView.count({
      where: { sellPageId: page.id, ...createdSince(since) },
    }),
    offerFigures(merchantId, buttonIds, since),
  ]);

  const tierOfGroup = (group: { buttonId: string | null }) => (group.buttonId ? tierOf.get(group.buttonId) : undefined);
  const bundle = (tier: BundleTier, name: string, priceMinor: number) => {
    const own = groups.filter((group) => tierOfGroup(group) === tier);
    return { name, priceMinor, sales: settledCount(own), revenue: revenueByCurrency(own) };
  };
  const { totalTransactions, successfulTransactions, failedTransactions, successRate } = paymentCounts(groups);
  const bundleLabel = { basic: "Basic", premium: "Premium" } as const;
  return {
    page: { id: page.id, name: page.name, currency: page.currency },
    period: input.period,
    totalTransactions,
    totalRevenue: revenueByCurrency(groups),
    successfulTransactions,
    failedTransactions,
    successRate,
    views,
    conversionRate: conversionRate(successfulTransactions, views),
    basic: bundle("basic", page.basicName, page.basicPriceMinor),
    premium:
      page.premiumEnabled && page.premiumName !== null && page.premiumPriceMinor !== null
        ? bundle("premium", page.premiumName, page.premiumPriceMinor)
        : null,
    ...offers,
    recentTransactions: recent.map((row) => {
      const { buttonId, ...transaction } = withPaypalId(row);
      const tier = tierOfGroup({ buttonId });
      return {
        ...transaction,
        bundle: tier ? bundleLabel[tier] : ("Unknown" as const),
      };
    }),
  };
}
