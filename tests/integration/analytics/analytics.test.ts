import type { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getDashboard } from "~/server/analytics/analytics";
import { createCheckoutSession } from "../../factories/checkout-session";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { connectPayPal } from "../../factories/store-settings";
import { createSubscription } from "../../factories/subscription";
import { createRefund } from "../../factories/refund";
import { createTransaction } from "../../factories/transaction";
import { anonymousCaller, merchantCaller } from "../../support/callers";

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe("analytics.forButton", () => {
  it("counts each period from SQL aggregates: revenue and Successful only from completed payments", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const pay = (days: number, amountMinor: number, status: "completed" | "failed" | "pending" | "refunded") =>
      createTransaction(db, merchant.id, { buttonId: button.id, amountMinor, status, createdAt: daysAgo(days) });
    await pay(1, 1000, "completed");
    await pay(3, 5000, "failed");
    await pay(10, 2000, "completed");
    // Refunded in full the next day: its 70.00 counts when captured and goes back when refunded.
    const refunded = await pay(20, 7000, "refunded");
    await db.transaction.update({ where: { id: refunded.id }, data: { refundedMinor: 7000 } });
    await createRefund(db, merchant.id, {
      transactionId: refunded.id,
      buttonKey: button.id,
      amountMinor: 7000,
      createdAt: daysAgo(19),
    });
    await pay(40, 9000, "pending");
    await pay(100, 3000, "completed");
    // Another button of the same merchant and another merchant's payment stay out.
    const other = await createPaymentButton(db, merchant.id);
    await createTransaction(db, merchant.id, { buttonId: other.id, amountMinor: 99_900, createdAt: daysAgo(1) });

    const api = merchantCaller(merchant);
    const figures = async (period: "7d" | "30d" | "90d" | "all") => {
      const result = await api.analytics.forButton({ buttonId: button.id, period });
      const { recentTransactions: _recent, ...totals } = result;
      return totals;
    };

    await expect(figures("7d")).resolves.toEqual({
      period: "7d",
      currency: "USD",
      totalTransactions: 2,
      successfulTransactions: 1,
      failedTransactions: 1,
      successRate: 50,
      revenue: [{ currency: "USD", amountMinor: 1000 }],
      orderBump: null,
      upsell: null,
    });
    // 3 of 4 were paid (the refunded one too); revenue is captured minus refunded.
    await expect(figures("30d")).resolves.toMatchObject({
      totalTransactions: 4,
      successfulTransactions: 3,
      failedTransactions: 1,
      successRate: 75,
      revenue: [{ currency: "USD", amountMinor: 3000 }],
    });
    await expect(figures("90d")).resolves.toMatchObject({
      totalTransactions: 5,
      successfulTransactions: 3,
      successRate: 60,
      revenue: [{ currency: "USD", amountMinor: 3000 }],
    });
    await expect(figures("all")).resolves.toMatchObject({
      totalTransactions: 6,
      successfulTransactions: 4,
      failedTransactions: 1,
      successRate: 67,
      revenue: [{ currency: "USD", amountMinor: 6000 }],
    });
  });

  it("defaults to 30 days and rounds the success rate (1 of 3 -> 33, 2 of 3 -> 67)", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { currency: "EUR" });
    for (const status of ["completed", "failed", "failed"] as const) {
      await createTransaction(db, merchant.id, { buttonId: button.id, currency: "EUR", status, createdAt: daysAgo(2) });
    }
    await createTransaction(db, merchant.id, { buttonId: button.id, currency: "EUR", createdAt: daysAgo(45) });
    const api = merchantCaller(merchant);

    const byDefault = await api.analytics.forButton({ buttonId: button.id });
    expect(byDefault).toMatchObject({ period: "30d", totalTransactions: 3, successRate: 33 });
    expect(byDefault.revenue).toEqual([{ currency: "EUR", amountMinor: 1000 }]);
    await expect(api.analytics.forButton({ buttonId: button.id, period: "90d" })).resolves.toMatchObject({
      totalTransactions: 4,
      successfulTransactions: 2,
      successRate: 50,
    });

    const twoOfThree = await createPaymentButton(db, merchant.id);
    for (const status of ["completed", "completed", "failed"] as const) {
      await createTransaction(db, merchant.id, { buttonId: twoOfThree.id, status, createdAt: daysAgo(2) });
    }
    await expect(api.analytics.forButton({ buttonId: twoOfThree.id })).resolves.toMatchObject({ successRate: 67 });
  });

  it("lists the 10 most recent transactions, newest first, by PayPal's id (the order's for rows without a capture id)", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const created = [];
    for (let index = 0; index < 12; index += 1) {
      created.push(
        await createTransaction(db, merchant.id, {
          buttonId: button.id,
          amountMinor: 100 + index,
          status: index % 3 === 0 ? "failed" : "completed",
          createdAt: new Date(Date.now() - (index + 1) * 60_000),
        }),
      );
    }

    const { recentTransactions } = await merchantCaller(merchant).analytics.forButton({ buttonId: button.id });
    expect(recentTransactions).toEqual(
      created.slice(0, 10).map((row) => ({
        id: row.id,
        paypalId: row.paypalOrderId,
        amountMinor: row.amountMinor,
        refundedMinor: 0,
        currency: "USD",
        status: row.status,
        createdAt: row.createdAt,
      })),
    );
  });

  it("answers zeros and no rows for a button without transactions", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { currency: "JPY", amountMinor: 1500 });
    await expect(merchantCaller(merchant).analytics.forButton({ buttonId: button.id, period: "all" })).resolves.toEqual(
      {
        period: "all",
        currency: "JPY",
        totalTransactions: 0,
        successfulTransactions: 0,
        failedTransactions: 0,
        successRate: 0,
        revenue: [],
        orderBump: null,
        upsell: null,
        recentTransactions: [],
      },
    );
  });

  it("treats another merchant's button and an unknown id as NOT_FOUND", async () => {
    const [owner, intruder] = [await createMerchant(db), await createMerchant(db)];
    const button = await createPaymentButton(db, owner.id);
    await createTransaction(db, owner.id, { buttonId: button.id });
    const api = merchantCaller(intruder);

    await expect(api.analytics.forButton({ buttonId: button.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Payment button not found",
    } satisfies Partial<TRPCError>);
    await expect(api.analytics.forButton({ buttonId: "no-such-button" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("rejects signed-out callers and bad input", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    await expect(anonymousCaller().analytics.forButton({ buttonId: button.id })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "User not authenticated",
    });
    const api = merchantCaller(merchant);
    await expect(api.analytics.forButton({ buttonId: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      api.analytics.forButton({ buttonId: button.id, period: "1y" as unknown as "7d" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("analytics.dashboard", () => {
  // A fixed "now" makes every range boundary known: 2026-03-15 is a Sunday, 2026-03-01 too.
  const now = new Date("2026-03-15T12:00:00Z");
  const at = (iso: string) => new Date(iso);

  /**
   * mtd (UTC): [Mar 1 00:00, Mar 15 12:00], 14.5 days; its previous period [Feb 14 12:00, Mar 1).
   * 30d (UTC): [Feb 14 00:00, Mar 15 12:00], 29.5 days; previous [Jan 15 12:00, Feb 14).
   */
  async function seedMerchant() {
    const merchant = await createMerchant(db);
    const usdA = await createPaymentButton(db, merchant.id, { name: "Ebook" });
    const usdB = await createPaymentButton(db, merchant.id, { name: "Course" });
    const eur = await createPaymentButton(db, merchant.id, { name: "Stickers", currency: "EUR" });
    const jpy = await createPaymentButton(db, merchant.id, { name: "Tea", currency: "JPY" });
    const bundle = await createPaymentButton(db, merchant.id, { name: "Page - Basic", buttonType: "bundle" });
    const pay = (
      buttonId: string,
      createdAt: string,
      amountMinor: number,
      extra: { currency?: "USD" | "EUR" | "JPY"; status?: "completed" | "failed" | "refunded" } = {},
    ) => createTransaction(db, merchant.id, { buttonId, amountMinor, createdAt: at(createdAt), ...extra });

    await pay(usdA.id, "2026-03-10T09:00:00Z", 1000);
    await pay(usdA.id, "2026-03-14T23:00:00Z", 2000);
    await pay(usdA.id, "2026-03-12T09:00:00Z", 5000, { status: "failed" });
    // Refunded in full an hour later, within the same periods: it adds nothing to any revenue figure.
    const refunded = await pay(usdA.id, "2026-03-11T09:00:00Z", 7000, { status: "refunded" });
    await db.transaction.update({ where: { id: refunded.id }, data: { refundedMinor: 7000 } });
    await createRefund(db, merchant.id, {
      transactionId: refunded.id,
      buttonKey: usdA.id,
      amountMinor: 7000,
      createdAt: at("2026-03-11T10:00:00Z"),
    });
    await pay(usdA.id, "2026-03-15T13:00:00Z", 50_000); // after "now"
    await pay(usdB.id, "2026-03-02T09:00:00Z", 3000);
    await pay(eur.id, "2026-03-05T09:00:00Z", 1500, { currency: "EUR" });
    await pay(jpy.id, "2026-03-06T09:00:00Z", 5000, { currency: "JPY" });
    await pay(bundle.id, "2026-03-07T09:00:00Z", 100); // a sell page's bundle button: never a "top page"
    // A subscription payment counts as revenue but did not come from a checkout (no PayPal order flow).
    await createTransaction(db, merchant.id, {
      buttonId: usdB.id,
      amountMinor: 500,
      createdAt: at("2026-03-03T09:00:00Z"),
      paypalSubscriptionId: `I-${merchant.id}`,
    });
    await pay(usdA.id, "2026-02-20T09:00:00Z", 4000); // previous period of mtd, current of 30d
    await pay(usdA.id, "2026-01-20T09:00:00Z", 8000); // previous period of 30d

    for (let day = 1; day <= 8; day += 1) {
      await createCheckoutSession(db, merchant.id, { buttonId: usdA.id, createdAt: at(`2026-03-0${day}T10:00:00Z`) });
    }
    for (let day = 20; day <= 24; day += 1) {
      await createCheckoutSession(db, merchant.id, { buttonId: usdA.id, createdAt: at(`2026-02-${day}T10:00:00Z`) });
    }

    const since = (iso: string) => ({ createdAt: at(iso) });
    await createSubscription(db, merchant.id, { amountMinor: 1000, ...since("2026-01-01T00:00:00Z") });
    await createSubscription(db, merchant.id, { amountMinor: 2500, ...since("2026-03-05T00:00:00Z") });
    await createSubscription(db, merchant.id, {
      status: "cancelled",
      amountMinor: 1000,
      cancelledAt: at("2026-03-03T00:00:00Z"),
      ...since("2026-01-01T00:00:00Z"),
    });
    await createSubscription(db, merchant.id, {
      status: "suspended",
      currency: "EUR",
      amountMinor: 900,
      updatedAt: at("2026-02-01T00:00:00Z"),
      ...since("2026-01-01T00:00:00Z"),
    });
    await createSubscription(db, merchant.id, { status: "approval_pending", amountMinor: 9999 });
    await createSubscription(db, merchant.id, { currency: "EUR", amountMinor: 1200, ...since("2026-02-01T00:00:00Z") });
    return { merchant, buttons: { usdA, usdB, eur, jpy } };
  }

  it("computes month-to-date tiles against the previous period of equal length", async () => {
    const { merchant, buttons } = await seedMerchant();
    const dashboard = await getDashboard(merchant.id, { range: "mtd", granularity: "day", timeZone: "UTC" }, now);

    expect(dashboard.periodStart).toEqual(at("2026-03-01T00:00:00Z"));
    expect(dashboard.previousPeriodStart).toEqual(at("2026-02-14T12:00:00Z"));
    expect(dashboard.revenue).toEqual([
      { currency: "EUR", amountMinor: 1500, previousMinor: 0, change: null },
      { currency: "JPY", amountMinor: 5000, previousMinor: 0, change: null },
      { currency: "USD", amountMinor: 6600, previousMinor: 4000, change: 65 },
    ]);
    // MRR from active subscriptions now vs those active when the period began (Mar 1).
    expect(dashboard.monthlyRecurringRevenue).toEqual([
      { currency: "EUR", amountMinor: 1200, previousMinor: 1200, change: 0 },
      { currency: "USD", amountMinor: 3500, previousMinor: 2000, change: 75 },
    ]);
    expect(dashboard.activeSubscribers).toEqual({ current: 3, previous: 3, change: 0 });
    // 7 paid orders (incl. the bundle button's, and the one refunded since: it converted) of 8 checkouts;
    // before: 1 of 5.
    expect(dashboard.conversionRate).toMatchObject({
      current: 87.5,
      previous: 20,
      change: 67.5,
      completedPayments: 7,
      checkoutsStarted: 8,
    });
    // Ranked by face value across currencies (no exchange rates): ¥5,000, then $35.00 (incl. a subscription
    // payment), then $30.00 (3 sales, one refunded since); the bundle button and the EUR button are not in the top 3.
    expect(dashboard.topPages.map(({ setupIssue: _issue, ...pop }) => pop)).toEqual([
      { id: buttons.jpy.id, kind: "payment-button", name: "Tea", currency: "JPY", sales: 1, revenue: 5000 },
      { id: buttons.usdB.id, kind: "payment-button", name: "Course", currency: "USD", sales: 2, revenue: 3500 },
      { id: buttons.usdA.id, kind: "payment-button", name: "Ebook", currency: "USD", sales: 3, revenue: 3000 },
    ]);
    expect(dashboard.hasPops).toBe(true);

    // Biggest face value first: ¥5,000, $66.00, €15.00.
    expect(dashboard.chart.currencies).toEqual(["JPY", "USD", "EUR"]);
    expect(dashboard.chart.points).toHaveLength(15);
    expect(dashboard.chart.points[0]).toEqual({ bucket: "2026-03-01", values: { EUR: 0, JPY: 0, USD: 0 } });
    const byDay = Object.fromEntries(dashboard.chart.points.map((point) => [point.bucket, point.values]));
    expect(byDay["2026-03-02"]).toEqual({ EUR: 0, JPY: 0, USD: 3000 });
    expect(byDay["2026-03-07"]).toEqual({ EUR: 0, JPY: 0, USD: 100 });
    expect(byDay["2026-03-14"]).toEqual({ EUR: 0, JPY: 0, USD: 2000 });
    expect(byDay["2026-03-15"]).toEqual({ EUR: 0, JPY: 0, USD: 0 });
  });

  it("moves the range, the previous period and the buckets with the range and granularity", async () => {
    const { merchant } = await seedMerchant();

    const last30 = await getDashboard(merchant.id, { range: "30d", granularity: "week", timeZone: "UTC" }, now);
    expect(last30.periodStart).toEqual(at("2026-02-14T00:00:00Z"));
    expect(last30.previousPeriodStart).toEqual(at("2026-01-15T12:00:00Z"));
    expect(last30.revenue.find((line) => line.currency === "USD")).toEqual({
      currency: "USD",
      amountMinor: 10_600,
      previousMinor: 8000,
      change: 32.5,
    });
    // Weeks start on Monday: Feb 9 (holds Feb 14) .. Mar 9 (holds Mar 15).
    expect(last30.chart.points.map((point) => point.bucket)).toEqual([
      "2026-02-09",
      "2026-02-16",
      "2026-02-23",
      "2026-03-02",
      "2026-03-09",
    ]);
    expect(last30.chart.points.map((point) => point.values.USD)).toEqual([0, 4000, 0, 3600, 3000]);
    // 13 checkouts in the 30 days, 7 completed order payments.
    expect(last30.conversionRate).toMatchObject({ current: 61.5, checkoutsStarted: 13, previous: null, change: null });

    const last90 = await getDashboard(merchant.id, { range: "90d", granularity: "month", timeZone: "UTC" }, now);
    expect(last90.periodStart).toEqual(at("2025-12-16T00:00:00Z"));
    expect(last90.chart.points.map((point) => point.bucket)).toEqual([
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
    ]);
    expect(last90.chart.points.map((point) => point.values.USD)).toEqual([0, 8000, 4000, 6600]);
    expect(last90.revenue.find((line) => line.currency === "USD")).toMatchObject({ previousMinor: 0, change: null });
  });

  it("follows the merchant's time zone for month to date and daily buckets", async () => {
    const { merchant } = await seedMerchant();
    const tokyo = await getDashboard(merchant.id, { range: "mtd", granularity: "day", timeZone: "Asia/Tokyo" }, now);
    // Midnight of Mar 1 in Tokyo (UTC+9) is Feb 28 15:00 UTC; Mar 14 23:00 UTC is already Mar 15 there.
    expect(tokyo.periodStart).toEqual(at("2026-02-28T15:00:00Z"));
    const byDay = Object.fromEntries(tokyo.chart.points.map((point) => [point.bucket, point.values.USD]));
    expect(byDay["2026-03-14"]).toBe(0);
    expect(byDay["2026-03-15"]).toBe(2000);
    expect(tokyo.chart.points).toHaveLength(15);
  });

  it("keeps local days right across a daylight-saving change", async () => {
    const merchant = await createMerchant(db);
    // New York moves from UTC-5 to UTC-4 on 2026-03-08 at 2:00.
    await createTransaction(db, merchant.id, { amountMinor: 100, createdAt: at("2026-03-08T04:30:00Z") }); // Mar 7, 23:30
    await createTransaction(db, merchant.id, { amountMinor: 200, createdAt: at("2026-03-08T05:30:00Z") }); // Mar 8, 00:30
    await createTransaction(db, merchant.id, { amountMinor: 400, createdAt: at("2026-03-09T03:30:00Z") }); // Mar 8, 23:30
    await createTransaction(db, merchant.id, { amountMinor: 800, createdAt: at("2026-03-09T04:30:00Z") }); // Mar 9, 00:30
    const dashboard = await getDashboard(
      merchant.id,
      { range: "mtd", granularity: "day", timeZone: "America/New_York" },
      now,
    );
    expect(dashboard.periodStart).toEqual(at("2026-03-01T05:00:00Z"));
    const byDay = Object.fromEntries(dashboard.chart.points.map((point) => [point.bucket, point.values.USD]));
    expect([byDay["2026-03-07"], byDay["2026-03-08"], byDay["2026-03-09"]]).toEqual([100, 600, 800]);
  });

  it("shows an empty dashboard, and no other merchant's data, for a merchant without buttons", async () => {
    await seedMerchant();
    const newcomer = await createMerchant(db);
    const dashboard = await merchantCaller(newcomer).analytics.dashboard({ range: "30d", granularity: "day" });
    expect(dashboard).toMatchObject({
      revenue: [],
      monthlyRecurringRevenue: [],
      activeSubscribers: { current: 0, previous: 0, change: null },
      conversionRate: { current: null, previous: null, change: null },
      hasPops: false,
      topPages: [],
      chart: { currencies: [] },
    });
    expect(dashboard.chart.points).toHaveLength(30);
    expect(dashboard.chart.points.every((point) => Object.keys(point.values).length === 0)).toBe(true);
  });

  it("lists buttons without sales in the range as top pages with zero revenue", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { name: "Quiet button" });
    const dashboard = await merchantCaller(merchant).analytics.dashboard({});
    expect(dashboard.range).toBe("mtd");
    expect(dashboard.topPages).toEqual([
      {
        id: button.id,
        kind: "payment-button",
        name: "Quiet button",
        currency: "USD",
        sales: 0,
        revenue: 0,
        // No PayPal secret saved: buyers cannot pay it yet, and the dashboard says so.
        setupIssue: expect.objectContaining({ code: "paypal_not_connected", label: "Setup needed" }),
      },
    ]);
  });

  it("ranks sell pages by their bundles' sales next to buttons, and drops 'Setup needed' once PayPal is saved", async () => {
    const merchant = await createMerchant(db);
    await connectPayPal(db, merchant.id);
    const button = await createPaymentButton(db, merchant.id, { name: "Poster" });
    const page = await createSellPage(db, merchant.id, {
      name: "Course page",
      premiumEnabled: true,
      premiumName: "Premium",
      premiumPriceMinor: 5000,
      premiumOriginalPriceMinor: 6000,
    });
    const recent = new Date(Date.now() - 60_000);
    await createTransaction(db, merchant.id, { buttonId: button.id, amountMinor: 1000, createdAt: recent });
    for (const [buttonId, amountMinor] of [
      [page.basicButton.id, 2999],
      [page.premiumButton!.id, 5000],
    ] as const) {
      await createTransaction(db, merchant.id, {
        buttonId,
        sellPageId: page.id,
        amountMinor,
        createdAt: recent,
      });
    }
    const dashboard = await merchantCaller(merchant).analytics.dashboard({ range: "30d" });
    expect(dashboard.topPages).toEqual([
      {
        id: page.id,
        kind: "sell-page",
        name: "Course page",
        currency: "USD",
        sales: 2,
        revenue: 7999,
        setupIssue: null,
      },
      {
        id: button.id,
        kind: "payment-button",
        name: "Poster",
        currency: "USD",
        sales: 1,
        revenue: 1000,
        setupIssue: null,
      },
    ]);
  });

  it("reads the store's time zone when none is given", async () => {
    const merchant = await createMerchant(db);
    await db.storeSettings.create({ data: { merchantId: merchant.id, storeName: "Tokyo", timeZone: "Asia/Tokyo" } });
    const dashboard = await merchantCaller(merchant).analytics.dashboard({ range: "mtd" });
    const tokyoMonth = await getDashboard(merchant.id, { range: "mtd", granularity: "day", timeZone: "Asia/Tokyo" });
    expect(dashboard.periodStart).toEqual(tokyoMonth.periodStart);
    // Midnight in Tokyo is 15:00 UTC.
    expect(dashboard.periodStart.getUTCHours()).toBe(15);
  });

  it("rejects signed-out callers and unknown ranges or time zones", async () => {
    await expect(anonymousCaller().analytics.dashboard({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const api = merchantCaller(await createMerchant(db));
    await expect(api.analytics.dashboard({ range: "1y" as unknown as "mtd" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    for (const timeZone of ["Mars/Olympus", "+05:00", ""]) {
      await expect(api.analytics.dashboard({ timeZone })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(api.analytics.dashboard({ timeZone: "America/New_York" })).resolves.toMatchObject({ range: "mtd" });
    await expect(api.analytics.dashboard({ timeZone: "UTC'; DROP TABLE transactions; --" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });
});
