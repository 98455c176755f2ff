import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getDashboard } from "~/server/analytics/analytics";
import { getButtonAnalytics } from "~/server/analytics/pop-analytics";
import { createCheckoutSession } from "../../factories/checkout-session";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createTransaction } from "../../factories/transaction";

// The dashboard and analytics read hourly totals that triggers keep (prisma/migrations/*_hourly_totals*), summed over
// each key's shards; these tests hold the totals to the rows they sum, through every kind of write, and the windows
// to exact edges.

const at = (iso: string) => new Date(iso);

/** The merchant's totals as the trigger keeps them vs recomputed from the rows, both without empty groups. */
async function totalsAndRows(merchantId: string) {
  const byButton = await db.$queryRaw<unknown[]>`
    SELECT button_key, hour, status::text, currency::text, SUM(count)::int AS count,
           SUM(amount_minor)::bigint AS amount_minor, SUM(one_time_count)::int AS one_time_count
    FROM button_hourly_totals WHERE merchant_id = ${merchantId}
    GROUP BY 1, 2, 3, 4 HAVING SUM(count) <> 0 ORDER BY 1, 2, 3, 4`;
  const byButtonFromRows = await db.$queryRaw<unknown[]>`
    SELECT COALESCE(button_id, '') AS button_key, date_trunc('hour', created_at) AS hour, status::text,
           currency::text, COUNT(*)::int AS count, SUM(amount_minor)::bigint AS amount_minor,
           (COUNT(*) FILTER (WHERE paypal_subscription_id IS NULL))::int AS one_time_count
    FROM transactions WHERE merchant_id = ${merchantId}
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`;
  const byMerchant = await db.$queryRaw<unknown[]>`
    SELECT hour, status::text, currency::text, SUM(count)::int AS count, SUM(amount_minor)::bigint AS amount_minor,
           SUM(one_time_count)::int AS one_time_count
    FROM merchant_hourly_totals WHERE merchant_id = ${merchantId}
    GROUP BY 1, 2, 3 HAVING SUM(count) <> 0 ORDER BY 1, 2, 3`;
  const byMerchantFromRows = await db.$queryRaw<unknown[]>`
    SELECT date_trunc('hour', created_at) AS hour, status::text, currency::text, COUNT(*)::int AS count,
           SUM(amount_minor)::bigint AS amount_minor,
           (COUNT(*) FILTER (WHERE paypal_subscription_id IS NULL))::int AS one_time_count
    FROM transactions WHERE merchant_id = ${merchantId}
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  return { totals: { byButton, byMerchant }, rows: { byButton: byButtonFromRows, byMerchant: byMerchantFromRows } };
}

describe("hourly totals", () => {
  it("stay equal to the transactions through inserts, status changes, moves, button deletes and deletes", async () => {
    const merchant = await createMerchant(db);
    const [a, b] = [await createPaymentButton(db, merchant.id), await createPaymentButton(db, merchant.id)];
    const first = await createTransaction(db, merchant.id, { buttonId: a.id, createdAt: at("2026-03-01T10:15:00Z") });
    await createTransaction(db, merchant.id, { buttonId: a.id, createdAt: at("2026-03-01T10:45:00Z") });
    const pending = await createTransaction(db, merchant.id, {
      buttonId: b.id,
      status: "pending",
      amountMinor: 2500,
      createdAt: at("2026-03-01T10:30:00Z"),
    });
    await createTransaction(db, merchant.id, {
      buttonId: b.id,
      paypalSubscriptionId: `I-${merchant.id}`,
      createdAt: at("2026-03-02T00:00:00Z"),
    });
    expect((await totalsAndRows(merchant.id)).totals.byButton).toHaveLength(3);

    await db.transaction.update({ where: { id: pending.id }, data: { status: "completed" } }); // webhook
    await db.transaction.update({ where: { id: first.id }, data: { status: "refunded" } });
    await db.transaction.update({
      where: { id: first.id },
      data: { amountMinor: 700, createdAt: at("2026-03-05T08:00:00Z") },
    });
    await db.paymentButton.delete({ where: { id: b.id } }); // SET NULL moves its payments to ""
    await db.transaction.deleteMany({ where: { merchantId: merchant.id, paypalSubscriptionId: { not: null } } });

    const { totals, rows } = await totalsAndRows(merchant.id);
    expect(totals).toEqual(rows);
    expect(rows.byButton).toHaveLength(3);
    expect(rows.byMerchant).toHaveLength(2);
  });

  it("count partial hours from the rows: a local midnight at :30 (Asia/Kolkata) splits an hour exactly", async () => {
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const pay = (iso: string, amountMinor: number) =>
      createTransaction(db, merchant.id, { buttonId: button.id, amountMinor, createdAt: at(iso) });
    // Midnight of Mar 10 in Kolkata (UTC+5:30) is 18:30 UTC on Mar 9: these two share a UTC hour, not a day.
    await pay("2026-03-09T18:20:00Z", 100); // Mar 9, 23:50 local
    await pay("2026-03-09T18:40:00Z", 200); // Mar 10, 00:10 local
    await pay("2026-03-10T12:00:00Z", 400); // Mar 10, 17:30 local
    await createCheckoutSession(db, merchant.id, { buttonId: button.id, createdAt: at("2026-03-09T18:25:00Z") });
    await createCheckoutSession(db, merchant.id, { buttonId: button.id, createdAt: at("2026-03-09T18:35:00Z") });
    const now = at("2026-03-10T12:00:00.000Z"); // the last payment is at this very instant: it counts

    const dashboard = await getDashboard(
      merchant.id,
      { range: "mtd", granularity: "day", timeZone: "Asia/Kolkata" },
      now,
    );
    const byDay = Object.fromEntries(dashboard.chart.points.map((point) => [point.bucket, point.values.USD]));
    expect(byDay["2026-03-09"]).toBe(100);
    expect(byDay["2026-03-10"]).toBe(600);
    expect(dashboard.revenue).toEqual([{ currency: "USD", amountMinor: 700, previousMinor: 0, change: null }]);
    expect(dashboard.conversionRate).toMatchObject({ checkoutsStarted: 2, completedPayments: 3 });

    // A rolling 7-day window starting mid-hour: 12:00 UTC on Mar 3 + 7 days ... the 18:20 payment is inside,
    // and moving the window start past it (to 18:30) drops exactly that one.
    const week = await getButtonAnalytics(merchant.id, { buttonId: button.id, period: "7d" }, now);
    expect(week).toMatchObject({ totalTransactions: 3, revenue: [{ currency: "USD", amountMinor: 700 }] });
    const later = await getButtonAnalytics(
      merchant.id,
      { buttonId: button.id, period: "7d" },
      at("2026-03-16T18:30:00Z"),
    );
    expect(later).toMatchObject({ totalTransactions: 2, revenue: [{ currency: "USD", amountMinor: 600 }] });
  });
});
