import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/dates";
import { db } from "~/server/platform/db";
import { sendEmail } from "~/server/email";
import { getDashboard } from "~/server/analytics/analytics";
import { sendDailyDigests } from "~/server/analytics/digest";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createRefund } from "../../factories/refund";
import { createSellPage } from "../../factories/sell-page";
import { createStoredFile } from "../../factories/stored-file";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { merchantCaller } from "../../support/callers";
import { linkIn, mailTo, sendQueuedMail, waitForMail } from "../../support/mailbox";

// Sellers' mail read from real SMTP traffic: each template is recorded with sendEmail, sent as the
// "email.send" worker would, and read back from the sandbox's SMTP server.

const APP_URL = "http://localhost:3000";

/** A merchant with a named store in `timeZone`. */
async function seller(
  settings: { timeZone?: string | null; dailyDigestEnabled?: boolean; saleAlertsEnabled?: boolean } = {},
) {
  const merchant = await createMerchant(db);
  const storeName = `Store ${unique("")}`;
  await db.storeSettings.create({
    data: { merchantId: merchant.id, storeName, timeZone: settings.timeZone ?? null, ...settings },
  });
  return { merchant, storeName };
}

async function mailOnce(to: string, subject: RegExp | string) {
  expect(await sendQueuedMail(to)).toBe(1);
  return waitForMail(to, subject);
}

describe("sale alert", () => {
  it("names the item, amount, buyer and purchase id, links the payment, and shows the store's name and logo", async () => {
    const { merchant, storeName } = await seller({ timeZone: "Asia/Tokyo" });
    const logo = await createStoredFile(db, merchant.id, "merchant_logo");
    await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { logoFileId: logo.id } });
    const page = await createSellPage(db, merchant.id, {
      name: "Ebook",
      premiumEnabled: true,
      premiumName: "Deluxe",
      premiumPriceMinor: 1250,
    });
    const payment = await createTransaction(db, merchant.id, {
      buttonId: page.premiumButton!.id,
      sellPageId: page.id,
      bundleTier: "premium",
      amountMinor: 1250,
      paypalTransactionId: unique("CAPTURE-"),
      payerName: "Grace Hopper",
      payerEmail: "grace@buyer.example.test",
      createdAt: new Date("2026-02-10T15:04:00Z"),
    });

    await sendEmail({
      template: "sale-alert",
      to: merchant.email,
      payload: { transactionId: payment.id },
      merchantId: merchant.id,
      key: `sale-alert:${payment.id}`,
    });
    const mail = await mailOnce(merchant.email, "New sale: $12.50 for Ebook (Deluxe)");
    expect(mail.text).toContain("Grace Hopper (grace@buyer.example.test)");
    expect(mail.text).toContain(payment.paypalTransactionId!);
    // 15:04 UTC is past midnight in Tokyo: the store's clock.
    expect(mail.text).toContain(formatDateTime(payment.createdAt, "Asia/Tokyo"));
    expect(mail.text).toContain("Feb 11, 2026");
    expect(linkIn(mail, "/dashboard/payments/")).toBe(`${APP_URL}/dashboard/payments/${payment.id}`);
    expect(mail.text).toContain("Turn them off in Store Settings");
    expect(linkIn(mail, "/dashboard/settings")).toBe(`${APP_URL}/dashboard/settings`);
    expect(mail.html).toContain(storeName);
    expect(mail.html).toContain(`${APP_URL}/api/images/${encodeURIComponent(logo.key)}?w=400`);
  });

  it("falls back to the order id and a plain subject for a deleted POP, and is dropped once alerts are off", async () => {
    const { merchant } = await seller();
    const payment = await createTransaction(db, merchant.id, { amountMinor: 999, payerEmail: "x@buyer.example.test" });
    await sendEmail({ template: "sale-alert", to: merchant.email, payload: { transactionId: payment.id } });
    const mail = await mailOnce(merchant.email, /^New sale: \$9\.99$/);
    expect(mail.text).toContain(payment.paypalOrderId!);
    expect(mail.text).toContain("A deleted POP");

    const later = await createTransaction(db, merchant.id, { amountMinor: 500 });
    await sendEmail({ template: "sale-alert", to: merchant.email, payload: { transactionId: later.id } });
    // Turned off between the sale and the send (a retry after an SMTP outage): nothing goes out.
    await merchantCaller(merchant).merchant.store.update({
      storeName: "Store",
      description: "",
      websiteUrl: "",
      paypalClientId: "",
      paypalSecret: "",
      paypalEnvironment: "sandbox",
      paypalWebhookId: "",
      saleAlertsEnabled: false,
    });
    expect(await sendQueuedMail(merchant.email)).toBe(1);
    expect((await mailTo(merchant.email)).map((sent) => sent.subject)).toEqual(["New sale: $9.99"]);
    expect(
      await db.emailMessage.findFirstOrThrow({ where: { payload: { equals: { transactionId: later.id } } } }),
    ).toMatchObject({ status: "failed", lastError: "Nothing to send any more" });
  });
});

describe("refund received", () => {
  it("tells the seller what went back, what remains, the purchase id and where the payment is", async () => {
    const { merchant, storeName } = await seller({ timeZone: "America/New_York" });
    const button = await createPaymentButton(db, merchant.id, { name: "Glaze Recipes" });
    const payment = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      amountMinor: 4000,
      refundedMinor: 1500,
      status: "partially_refunded",
      paypalTransactionId: unique("CAPTURE-"),
      payerName: "Ada",
      payerEmail: "ada@buyer.example.test",
    });
    const refund = await createRefund(db, merchant.id, {
      transactionId: payment.id,
      buttonKey: button.id,
      amountMinor: 1500,
      source: "dashboard",
      reason: "Asked nicely",
    });

    await sendEmail({ template: "refund-received", to: merchant.email, payload: { refundId: refund.id } });
    const mail = await mailOnce(merchant.email, "Refund of $15.00 for Glaze Recipes");
    expect(mail.text).toMatch(/Refunded:\s*\$15\.00/);
    expect(mail.text).toMatch(/Remaining:\s*\$25\.00/);
    expect(mail.text).toMatch(/Originally paid:\s*\$40\.00/);
    expect(mail.text).toContain(payment.paypalTransactionId!);
    expect(mail.text).toContain("From your Popkit dashboard");
    expect(mail.text).toContain("Asked nicely");
    expect(mail.text).toContain(formatDateTime(refund.createdAt, "America/New_York"));
    expect(linkIn(mail, "/dashboard/payments/")).toBe(`${APP_URL}/dashboard/payments/${payment.id}`);
    expect(mail.html).toContain(storeName);
  });

  it("says so when PayPal reversed a payment, and sends nothing for a refund that is gone", async () => {
    const { merchant } = await seller();
    const payment = await createTransaction(db, merchant.id, {
      amountMinor: 2000,
      refundedMinor: 2000,
      status: "refunded",
    });
    const reversal = await createRefund(db, merchant.id, {
      transactionId: payment.id,
      amountMinor: 2000,
      kind: "reversal",
    });
    await sendEmail({ template: "refund-received", to: merchant.email, payload: { refundId: reversal.id } });
    const mail = await mailOnce(merchant.email, "PayPal reversed $20.00 for a deleted POP");
    expect(mail.text).toMatch(/Remaining:\s*\$0\.00/);
    expect(mail.text).toContain("In PayPal");

    const gone = await createRefund(db, merchant.id, { transactionId: payment.id, amountMinor: 100 });
    await sendEmail({ template: "refund-received", to: merchant.email, payload: { refundId: gone.id } });
    await db.refund.delete({ where: { id: gone.id } });
    expect(await sendQueuedMail(merchant.email)).toBe(1);
    expect(await mailTo(merchant.email)).toHaveLength(1);
  });
});

describe("subscription cancelled (seller)", () => {
  it("names the subscriber, the plan and when, in the store's time zone, and links the subscriber", async () => {
    const { merchant } = await seller({ timeZone: "Asia/Kolkata" });
    const button = await createPaymentButton(db, merchant.id, { name: "Pattern Club", paymentType: "subscription" });
    const cancelledAt = new Date("2026-02-10T20:00:00Z");
    const subscription = await createSubscription(db, merchant.id, {
      buttonId: button.id,
      status: "cancelled",
      amountMinor: 2500,
      intervalUnit: "MONTH",
      intervalCount: 3,
      payerName: "Linus",
      payerEmail: "linus@buyer.example.test",
      cancelledAt,
    });

    await sendEmail({
      template: "subscription-cancelled-seller",
      to: merchant.email,
      payload: { subscriptionId: subscription.id },
    });
    const mail = await mailOnce(merchant.email, "Subscription cancelled: Linus ($25.00 every 3 months)");
    expect(mail.text).toContain("Linus (linus@buyer.example.test)");
    expect(mail.text).toContain("Pattern Club");
    expect(mail.text).toContain(subscription.paypalSubscriptionId);
    expect(mail.text).toContain(formatDateTime(cancelledAt, "Asia/Kolkata"));
    expect(mail.text).toContain("Feb 11, 2026");
    expect(linkIn(mail, "/dashboard/customers/subscribers/")).toBe(
      `${APP_URL}/dashboard/customers/subscribers/${subscription.id}`,
    );
  });
});

describe("daily digest", () => {
  const ZONE = "America/New_York";
  // 2026-02-10 in New York (UTC-5) runs from 05:00Z that day to 05:00Z the next.
  const at = (iso: string) => new Date(iso);

  it("sums yesterday in the store's time zone exactly as the dashboard does, refunds included", async () => {
    const { merchant, storeName } = await seller({ timeZone: ZONE, dailyDigestEnabled: true });
    const page = await createSellPage(db, merchant.id, { name: "Ebook" });
    const button = await createPaymentButton(db, merchant.id, { name: "Consultation" });
    const pay = (createdAt: string, amountMinor: number, pop: "page" | "button", extra = {}) =>
      createTransaction(db, merchant.id, {
        amountMinor,
        createdAt: at(createdAt),
        ...(pop === "page"
          ? { buttonId: page.basicButton.id, sellPageId: page.id, bundleTier: "basic" as const }
          : { buttonId: button.id }),
        ...extra,
      });
    // In the day: the page's sale, refunded in part the same evening, and a button sale at 23:30 local (the next
    // UTC day).
    const pageSale = await pay("2026-02-10T15:00:00Z", 2999, "page", {
      refundedMinor: 1000,
      status: "partially_refunded",
    });
    await createRefund(db, merchant.id, {
      transactionId: pageSale.id,
      buttonKey: page.basicButton.id,
      amountMinor: 1000,
      createdAt: at("2026-02-11T01:00:00Z"),
    });
    await pay("2026-02-11T04:30:00Z", 1500, "button");
    // A refund that day of an older sale lowers that day's revenue.
    const older = await pay("2026-02-07T15:00:00Z", 800, "button", {
      refundedMinor: 500,
      status: "partially_refunded",
    });
    await createRefund(db, merchant.id, {
      transactionId: older.id,
      buttonKey: button.id,
      amountMinor: 500,
      createdAt: at("2026-02-10T18:00:00Z"),
    });
    // Outside: the evening before (same UTC date), the morning after, a failed payment, a pending subscriber.
    await pay("2026-02-10T04:00:00Z", 700, "button");
    await pay("2026-02-11T05:00:00Z", 900, "button");
    await pay("2026-02-10T16:00:00Z", 5000, "button", { status: "failed" });
    await createSubscription(db, merchant.id, { createdAt: at("2026-02-10T12:00:00Z") });
    await createSubscription(db, merchant.id, { createdAt: at("2026-02-10T12:00:00Z"), status: "approval_pending" });
    await createSubscription(db, merchant.id, { createdAt: at("2026-02-09T12:00:00Z") });

    // 08:30 in New York the next morning.
    const now = at("2026-02-11T13:30:00Z");
    await sendDailyDigests(now);
    const mail = await mailOnce(merchant.email, `${storeName} on Feb 10, 2026: $29.99, 2 sales`);

    const dashboard = await getDashboard(merchant.id, { range: "30d", granularity: "day", timeZone: ZONE }, now);
    const day = dashboard.chart.points.find((point) => point.bucket === "2026-02-10");
    // 29.99 + 15.00 - 10.00 - 5.00
    expect(day?.values.USD).toBe(2999);
    expect(mail.text).toMatch(/Revenue:\s*\$29\.99/);
    expect(mail.text).toMatch(/Sales:\s*2/);
    expect(mail.text).toMatch(/Refunds:\s*2 \(\$15\.00\)/);
    expect(mail.text).toMatch(/New subscribers:\s*1/);
    // Top POPs, by that day's revenue: the page (29.99 - 10.00), then the button (15.00 - 5.00).
    expect(mail.text).toMatch(/Ebook:\s*\$19\.99 from 1 sale\s*Consultation:\s*\$10\.00 from 1 sale/);
    expect(linkIn(mail, "/dashboard")).toBe(`${APP_URL}/dashboard`);
    expect(mail.text).toContain("Turn it off in Store Settings");
  });

  it("goes only to stores at their 8 o'clock that want it, once per day", async () => {
    const newYork = await seller({ timeZone: ZONE, dailyDigestEnabled: true });
    const kolkata = await seller({ timeZone: "Asia/Kolkata", dailyDigestEnabled: true });
    const utc = await seller({ timeZone: null, dailyDigestEnabled: true });
    const off = await seller({ timeZone: ZONE, dailyDigestEnabled: false });
    const never = await createMerchant(db);
    const ids = [newYork, kolkata, utc, off].map((store) => store.merchant.id).concat(never.id);
    const digests = async () =>
      (
        await db.emailMessage.findMany({
          where: { template: "daily-digest", merchantId: { in: ids } },
          select: { merchantId: true, dedupeKey: true, toAddress: true, payload: true },
        })
      ).sort((a, b) => (a.dedupeKey! < b.dedupeKey! ? -1 : 1));

    // 02:40Z: 08:10 in Kolkata (UTC+5:30), 21:40 the evening before in New York, 02:40 in UTC.
    await sendDailyDigests(at("2026-03-02T02:40:00Z"));
    expect(await digests()).toEqual([
      {
        merchantId: kolkata.merchant.id,
        dedupeKey: `digest:${kolkata.merchant.id}:2026-03-01`,
        toAddress: kolkata.merchant.email,
        payload: { merchantId: kolkata.merchant.id, date: "2026-03-01" },
      },
    ]);

    // 08:00Z and 08:59Z: UTC's 8 o'clock, twice (a retry) and the same day again: one digest.
    await sendDailyDigests(at("2026-03-02T08:00:00Z"));
    await sendDailyDigests(at("2026-03-02T08:59:00Z"));
    // 13:00Z: 08:00 in New York; the store with the digest off gets nothing.
    await sendDailyDigests(at("2026-03-02T13:00:00Z"));
    // 14:00Z: 09:00 in New York: too late, nothing more.
    await sendDailyDigests(at("2026-03-02T14:00:00Z"));
    expect((await digests()).map((row) => row.dedupeKey)).toEqual(
      [kolkata, newYork, utc].map((store) => `digest:${store.merchant.id}:2026-03-01`).sort(),
    );

    // The next morning is a new day.
    await sendDailyDigests(at("2026-03-03T08:30:00Z"));
    expect((await digests()).filter((row) => row.merchantId === utc.merchant.id)).toHaveLength(2);
  });

  it("sends nothing when the seller turned the digest off after it was recorded", async () => {
    const { merchant } = await seller({ timeZone: "UTC", dailyDigestEnabled: true });
    await sendDailyDigests(at("2026-04-05T08:05:00Z"));
    await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { dailyDigestEnabled: false } });
    expect(await sendQueuedMail(merchant.email)).toBe(1);
    expect(await mailTo(merchant.email)).toEqual([]);
  });
});
