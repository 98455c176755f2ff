import { describe, expect, it } from "vitest";
import { resolveDateRange } from "~/lib/date-range";
import { db } from "~/server/platform/db";
import { getStoreTimeZone } from "~/server/stores/settings";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createPayPalEvent } from "../../factories/paypal-event";
import { createRefund } from "../../factories/refund";
import { createSellPage } from "../../factories/sell-page";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { createWpsButton } from "../../factories/wps-button";
import { unique } from "../../factories/unique";
import { anonymousCaller, merchantCaller } from "../../support/callers";
import { trpcErrorOf } from "../../support/rejection";
import { createWpsTransaction } from "../../factories/wps-transaction";

type Status = "completed" | "pending" | "failed" | "cancelled" | "partially_refunded" | "refunded";

async function pay(
  merchantId: string,
  buttonId: string,
  fields: {
    email?: string | null;
    name?: string | null;
    amountMinor?: number;
    status?: Status;
    at?: Date;
    currency?: "USD" | "EUR";
    transactionId?: string;
    refundedMinor?: number;
  } = {},
) {
  return createTransaction(db, merchantId, {
    buttonId,
    payerEmail: fields.email === undefined ? `${unique("buyer")}@buyer.test` : fields.email,
    payerName: fields.name === undefined ? "Buyer Name" : fields.name,
    amountMinor: fields.amountMinor ?? 1000,
    currency: fields.currency ?? "USD",
    status: fields.status ?? "completed",
    paypalTransactionId: fields.transactionId,
    refundedMinor: fields.refundedMinor,
    createdAt: fields.at,
  });
}

async function shop() {
  const merchant = await createMerchant(db);
  const button = await createPaymentButton(db, merchant.id, { name: `Course ${unique("")}` });
  return { merchant, button, api: merchantCaller(merchant) };
}

describe("merchant.payments.list", () => {
  it("lists only the merchant's own payments, newest first, filtered by status", async () => {
    const [ada, bob] = [await shop(), await shop()];
    await pay(ada.merchant.id, ada.button.id, { email: "one@buyer.test", at: new Date("2026-01-01") });
    await pay(ada.merchant.id, ada.button.id, {
      email: "two@buyer.test",
      amountMinor: 500,
      status: "failed",
      at: new Date("2026-01-02"),
    });
    await pay(bob.merchant.id, bob.button.id, { email: "one@buyer.test" });

    const all = await ada.api.merchant.payments.list({});
    expect(all).toMatchObject({ total: 2, pageCount: 1, pageSize: 20 });
    expect(all.payments.map((p) => p.payerEmail)).toEqual(["two@buyer.test", "one@buyer.test"]);
    expect(all.payments[0]?.popName).toBe(ada.button.name);

    const failed = await ada.api.merchant.payments.list({ status: "failed" });
    expect(failed.payments.map((p) => p.amountMinor)).toEqual([500]);
    // Bob's payment by the same buyer never shows in Ada's list, not even when searched for.
    expect((await ada.api.merchant.payments.list({ q: "one@buyer" })).total).toBe(1);
  });

  it("searches buyer e-mail, buyer name, PayPal transaction, order and subscription ids and POP names, ignoring case", async () => {
    const { merchant, button, api } = await shop();
    const page = await createSellPage(db, merchant.id, { name: "Watercolour Masterclass" });
    const byEmail = await pay(merchant.id, button.id, { email: "Jane.Doe@Example.test", name: "J. D." });
    const byName = await pay(merchant.id, button.id, { name: "Zoltan Kovacs" });
    const byTransaction = await pay(merchant.id, button.id, { transactionId: unique("CAPTURE-Q7") });
    const sale = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      paypalOrderId: null,
      paypalSubscriptionId: unique("I-SUBQ8"),
      paypalTransactionId: unique("SALE-"),
    });
    const onPage = await createTransaction(db, merchant.id, {
      buttonId: page.basicButton.id,
      sellPageId: page.id,
      bundleTier: "basic",
      payerEmail: "painter@buyer.test",
    });
    const ids = async (q: string) => (await api.merchant.payments.list({ q })).payments.map((p) => p.id).sort();

    expect(await ids("jane.doe@EXAMPLE")).toEqual([byEmail.id]);
    expect(await ids("zoltan")).toEqual([byName.id]);
    // The one id (capture or sale id) and, beside it, the order and subscription ids all find the payment.
    expect(await ids("capture-q7")).toEqual([byTransaction.id]);
    expect(await ids(byTransaction.paypalOrderId!.toLowerCase())).toEqual([byTransaction.id]);
    expect(await ids(byEmail.paypalOrderId!.toLowerCase())).toEqual([byEmail.id]);
    expect(await ids(sale.paypalTransactionId!)).toEqual([sale.id]);
    expect(await ids("i-subq8")).toEqual([sale.id]);
    expect(await ids("masterCLASS")).toEqual([onPage.id]);
    expect((await api.merchant.payments.list({ q: "masterclass" })).payments[0]?.popName).toBe(
      "Watercolour Masterclass",
    );
    expect((await ids(button.name.toUpperCase())).length).toBe(4);
    // Surrounding spaces are trimmed; LIKE's wildcards are plain characters in a search.
    expect(await ids("  zoltan  ")).toEqual([byName.id]);
    expect(await ids("%")).toEqual([]);
    expect(await ids("_")).toEqual([]);
  });

  it("shows each payment's PayPal transaction id, falling back to its order or subscription id, and its refunds", async () => {
    const { merchant, button, api } = await shop();
    const captured = await pay(merchant.id, button.id, {
      transactionId: unique("CAPTURE-"),
      status: "partially_refunded",
      amountMinor: 2000,
      refundedMinor: 500,
      at: new Date("2026-08-03"),
    });
    const legacy = await pay(merchant.id, button.id, { at: new Date("2026-08-02") });
    const signUp = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      paypalOrderId: null,
      paypalSubscriptionId: unique("I-"),
      createdAt: new Date("2026-08-01"),
    });

    const rows = (await api.merchant.payments.list({})).payments;
    expect(rows.map((row) => [row.paypalId, row.paypalOrderId])).toEqual([
      [captured.paypalTransactionId, captured.paypalOrderId],
      [legacy.paypalOrderId, legacy.paypalOrderId],
      [signUp.paypalSubscriptionId, null],
    ]);
    expect(rows[0]).toMatchObject({ amountMinor: 2000, refundedMinor: 500, status: "partially_refunded" });
    // The new status filters like the others, in both query paths.
    expect((await api.merchant.payments.list({ status: "partially_refunded" })).payments.map((p) => p.id)).toEqual([
      captured.id,
    ]);
    expect(
      (await api.merchant.payments.list({ status: "partially_refunded", q: "@buyer.test" })).payments.map((p) => p.id),
    ).toEqual([captured.id]);
  });

  it("keeps the half-open date window [from, to), computed in the store's own time zone", async () => {
    const { merchant, button, api } = await shop();
    await db.storeSettings.create({
      data: { merchantId: merchant.id, storeName: "Kolkata", timeZone: "Asia/Kolkata" },
    });
    // 10 March 2026 in India (UTC+5:30) runs from 9 March 18:30 UTC to 10 March 18:30 UTC.
    const at = (iso: string, email: string) => pay(merchant.id, button.id, { email, at: new Date(iso) });
    await at("2026-03-09T18:29:59.999Z", "before@buyer.test");
    await at("2026-03-09T18:30:00.000Z", "first@buyer.test");
    await at("2026-03-10T18:29:59.999Z", "last@buyer.test");
    await at("2026-03-10T18:30:00.000Z", "after@buyer.test");

    // What the Payments page does with ?range=custom&from=2026-03-10&to=2026-03-10.
    const timeZone = (await getStoreTimeZone(merchant.id)) ?? "UTC";
    expect(timeZone).toBe("Asia/Kolkata");
    const window = resolveDateRange({ range: "custom", from: "2026-03-10", to: "2026-03-10" }, timeZone);
    const inWindow = await api.merchant.payments.list({ ...window });
    expect(inWindow.payments.map((p) => p.payerEmail)).toEqual(["last@buyer.test", "first@buyer.test"]);

    // Open-ended on either side.
    expect((await api.merchant.payments.list({ from: window.from })).total).toBe(3);
    expect((await api.merchant.payments.list({ to: window.to })).total).toBe(3);
    // The same calendar day read in UTC is a different window.
    const utc = resolveDateRange({ range: "custom", from: "2026-03-10", to: "2026-03-10" }, "UTC");
    expect((await api.merchant.payments.list({ ...utc })).payments.map((p) => p.payerEmail)).toEqual([
      "after@buyer.test",
      "last@buyer.test",
    ]);
    // Filters combine: a window, a status and a search.
    expect((await api.merchant.payments.list({ ...window, q: "first@", status: "completed" })).total).toBe(1);
    expect((await api.merchant.payments.list({ ...window, q: "first@", status: "failed" })).total).toBe(0);
  });

  it("counts exactly what a window holds, whole hours and partial ones alike", async () => {
    // The total comes from hourly totals plus the window's partial hours: compare it with a plain count.
    const { merchant, button, api } = await shop();
    const start = Date.UTC(2026, 5, 1, 0, 0);
    const statuses: Status[] = ["completed", "failed", "pending", "refunded"];
    const times: { at: Date; status: Status }[] = [];
    for (let i = 0; i < 40; i++) {
      // Spread over ~3 days, some exactly on the hour.
      const at = new Date(start + (i % 5 === 0 ? i * 3_600_000 : i * 6_543_210 + 1_234));
      const status = statuses[i % statuses.length]!;
      times.push({ at, status });
      await pay(merchant.id, button.id, { at, status });
    }
    const hour = 3_600_000;
    const windows: { from?: Date; to?: Date }[] = [
      {},
      { from: new Date(start + 5 * hour) },
      { to: new Date(start + 30 * hour + 17_000) },
      { from: new Date(start + 2 * hour + 1), to: new Date(start + 50 * hour - 1) },
      { from: new Date(start + 10 * hour), to: new Date(start + 20 * hour) },
      { from: new Date(start + 10 * hour + 60_000), to: new Date(start + 10 * hour + 30 * 60_000) },
      { from: new Date(start + 7 * hour + 1), to: new Date(start + 8 * hour + 59 * 60_000) },
      { from: new Date(start + 90 * hour), to: new Date(start + 80 * hour) },
    ];
    for (const window of windows) {
      for (const status of [undefined, "failed"] as const) {
        const expected = times.filter(
          (row) =>
            (!status || row.status === status) &&
            (!window.from || row.at >= window.from) &&
            (!window.to || row.at < window.to),
        ).length;
        const { total } = await api.merchant.payments.list({ ...window, status });
        expect(total, `${JSON.stringify(window)} ${status ?? "all"}`).toBe(expected);
      }
    }
  });

  it("sorts by date and by amount, both ways, on the server", async () => {
    const { merchant, button, api } = await shop();
    await pay(merchant.id, button.id, { amountMinor: 300, at: new Date("2026-02-01"), email: "a@buyer.test" });
    await pay(merchant.id, button.id, { amountMinor: 100, at: new Date("2026-02-03"), email: "b@buyer.test" });
    await pay(merchant.id, button.id, { amountMinor: 200, at: new Date("2026-02-02"), email: "c@buyer.test" });
    await pay(merchant.id, button.id, { amountMinor: 200, at: new Date("2026-02-04"), email: "d@buyer.test" });
    // Browsing and searching (a different query path) sort alike.
    const order = async (sort: "date" | "amount", dir: "asc" | "desc") => {
      const [browsed, searched] = await Promise.all([
        api.merchant.payments.list({ sort, dir }),
        api.merchant.payments.list({ sort, dir, q: "@buyer.test" }),
      ]);
      const letters = browsed.payments.map((p) => p.payerEmail?.[0]).join("");
      expect(searched.payments.map((p) => p.payerEmail?.[0]).join("")).toBe(letters);
      return letters;
    };

    expect(await order("date", "desc")).toBe("dbca");
    expect(await order("date", "asc")).toBe("acbd");
    // Equal amounts keep date order in the same direction.
    expect(await order("amount", "desc")).toBe("adcb");
    expect(await order("amount", "asc")).toBe("bcda");
  });

  it("pages 20 at a time with the total", async () => {
    const { merchant, button, api } = await shop();
    for (let i = 0; i < 21; i++) {
      await pay(merchant.id, button.id, { amountMinor: 100 + i, at: new Date(Date.UTC(2026, 0, 1, 0, i)) });
    }
    const first = await api.merchant.payments.list({});
    expect(first).toMatchObject({ total: 21, pageCount: 2 });
    expect(first.payments).toHaveLength(20);
    const second = await api.merchant.payments.list({ page: 2 });
    expect(second.payments.map((p) => p.amountMinor)).toEqual([100]);
    const byAmount = await api.merchant.payments.list({ sort: "amount", dir: "asc", page: 2 });
    expect(byAmount.payments.map((p) => p.amountMinor)).toEqual([120]);
    expect((await api.merchant.payments.list({ page: 3 })).payments).toEqual([]);
    const searched = await api.merchant.payments.list({ q: "@buyer.test", sort: "amount", page: 2 });
    expect(searched).toMatchObject({ total: 21, pageCount: 2 });
    expect(searched.payments.map((p) => p.amountMinor)).toEqual([100]);
    expect(await api.merchant.payments.list({ q: "@buyer.test", page: 3 })).toMatchObject({ total: 21, payments: [] });
  });

  it("refuses input it cannot use with BAD_REQUEST, and signed-out callers", async () => {
    const { api } = await shop();
    const bad = [
      { q: "x".repeat(201) },
      { sort: "name" },
      { dir: "sideways" },
      { status: "lost" },
      { page: 0 },
      { from: "yesterday" },
    ];
    for (const input of bad) {
      const error = await trpcErrorOf(api.merchant.payments.list(input as never));
      expect(error.code, JSON.stringify(input)).toBe("BAD_REQUEST");
    }
    // 200 characters (after trimming) is still a search.
    expect((await api.merchant.payments.list({ q: ` ${"x".repeat(200)} ` })).total).toBe(0);
    expect((await trpcErrorOf(anonymousCaller().merchant.payments.list({}))).code).toBe("UNAUTHORIZED");
  });
});

describe("merchant.payments.get", () => {
  it("shows one payment with its buyer, item, PayPal references, POP and bundle", async () => {
    const { merchant, api } = await shop();
    const page = await createSellPage(db, merchant.id, { name: "Bread Baking", basicName: "Starter" });
    const row = await createTransaction(db, merchant.id, {
      buttonId: page.basicButton.id,
      sellPageId: page.id,
      bundleTier: "basic",
      paypalTransactionId: unique("CAP-"),
      paypalPayerId: "PAYER123",
      payerEmail: "baker@buyer.test",
      payerName: "Bea Baker",
      amountMinor: 2999,
      feeMinor: 117,
      currency: "EUR",
    });

    const payment = await api.merchant.payments.get({ id: row.id });
    expect(payment).toMatchObject({
      id: row.id,
      source: "payment",
      paypalId: row.paypalTransactionId,
      paypalTransactionId: row.paypalTransactionId,
      paypalOrderId: row.paypalOrderId,
      payerId: "PAYER123",
      payerEmail: "baker@buyer.test",
      payerName: "Bea Baker",
      amountMinor: 2999,
      refundedMinor: 0,
      feeMinor: 117,
      netMinor: 2999,
      refundableMinor: 2999,
      currency: "EUR",
      status: "completed",
      bundleTier: "basic",
      item: "Bread Baking (Starter)",
      pop: { kind: "sell_page", id: page.id, name: "Bread Baking" },
      refunds: [],
      events: [],
      subscription: null,
      wps: null,
    });
  });

  it("lists its refunds and the PayPal events that touched it, and what is left to refund", async () => {
    const { merchant, button, api } = await shop();
    const row = await pay(merchant.id, button.id, {
      amountMinor: 5000,
      refundedMinor: 2000,
      status: "partially_refunded",
      transactionId: unique("CAPTURE-"),
    });
    const first = await createRefund(db, merchant.id, {
      transactionId: row.id,
      amountMinor: 1500,
      source: "dashboard",
      reason: "Damaged in transit",
      createdAt: new Date("2026-09-01T10:00:00Z"),
    });
    const second = await createRefund(db, merchant.id, {
      transactionId: row.id,
      amountMinor: 500,
      kind: "reversal",
      createdAt: new Date("2026-09-02T10:00:00Z"),
    });
    await createPayPalEvent(db, merchant.id, {
      transactionId: row.id,
      type: "PAYMENT.CAPTURE.REFUNDED",
      state: "processed",
      receivedAt: new Date("2026-09-01T10:00:01Z"),
    });
    await createPayPalEvent(db, merchant.id, {
      transactionId: row.id,
      type: "PAYMENT.CAPTURE.COMPLETED",
      state: "ignored",
      outcome: "Already recorded.",
      receivedAt: new Date("2026-08-31T10:00:00Z"),
    });
    // Another payment's refund and event stay on that payment.
    const other = await pay(merchant.id, button.id);
    await createRefund(db, merchant.id, { transactionId: other.id });
    await createPayPalEvent(db, merchant.id, { transactionId: other.id });

    const payment = await api.merchant.payments.get({ id: row.id });
    expect(payment).toMatchObject({ netMinor: 3000, refundableMinor: 3000, status: "partially_refunded" });
    expect(payment.refunds).toMatchObject([
      {
        id: first.id,
        paypalRefundId: first.paypalRefundId,
        amountMinor: 1500,
        source: "dashboard",
        kind: "refund",
        reason: "Damaged in transit",
        paypalStatus: "COMPLETED",
      },
      { id: second.id, amountMinor: 500, source: "paypal", kind: "reversal", reason: null },
    ]);
    expect(payment.events.map((event) => [event.type, event.state, event.outcome])).toEqual([
      ["PAYMENT.CAPTURE.COMPLETED", "ignored", "Already recorded."],
      ["PAYMENT.CAPTURE.REFUNDED", "processed", null],
    ]);
  });

  it("offers no refund for a pending, failed or fully refunded payment", async () => {
    const { merchant, button, api } = await shop();
    for (const [status, refundedMinor] of [
      ["pending", 0],
      ["failed", 0],
      ["cancelled", 0],
      ["refunded", 1000],
    ] as const) {
      const row = await pay(merchant.id, button.id, { status, refundedMinor });
      expect((await api.merchant.payments.get({ id: row.id })).refundableMinor, status).toBe(0);
    }
  });

  it("links a subscription sale to its subscriber", async () => {
    const { merchant, api } = await shop();
    const button = await createPaymentButton(db, merchant.id, { paymentType: "subscription" });
    const subscription = await createSubscription(db, merchant.id, { buttonId: button.id, payerName: "Sam Sub" });
    const sale = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      paypalOrderId: null,
      paypalSubscriptionId: subscription.paypalSubscriptionId,
      paypalTransactionId: unique("SALE-"),
    });
    expect((await api.merchant.payments.get({ id: sale.id })).subscription).toEqual({
      id: subscription.id,
      status: "active",
      payerName: "Sam Sub",
      payerEmail: null,
    });
  });

  it("shows a WPS payment with its txn_id as the transaction id, its IPN history and refunds, never refundable here", async () => {
    const { merchant, api } = await shop();
    const wpsButton = await createWpsButton(db, merchant.id, { itemName: "Poster" });
    const wps = await createWpsTransaction(db, merchant.id, {
      buttonId: wpsButton.id,
      status: "partially_refunded",
      amountMinor: 1200,
      refundedMinor: 200,
      feeMinor: 65,
      optionSelected: "Large",
      payerEmail: "wps@buyer.test",
      rawIpn: "txn_id=...",
    });
    await createRefund(db, merchant.id, { wpsTransactionId: wps.id, amountMinor: 200 });
    await db.wpsIpnMessage.create({
      data: { body: Buffer.from("x"), state: "recorded", txnId: wps.txnId, wpsTransactionId: wps.id },
    });

    const payment = await api.merchant.payments.get({ id: wps.id });
    expect(payment).toMatchObject({
      source: "wps",
      paypalId: wps.txnId,
      paypalOrderId: null,
      item: "Poster (Large)",
      netMinor: 1000,
      feeMinor: 65,
      refundableMinor: 0,
      wps: { button: { id: wpsButton.id, name: "Poster" }, optionSelected: "Large" },
    });
    expect(payment.refunds.map((refund) => refund.amountMinor)).toEqual([200]);
    expect(payment.wps?.events).toHaveLength(1);
    const listed = (await api.merchant.payments.list({})).payments;
    expect(listed.map((row) => [row.paypalId, row.refundedMinor, row.popName])).toEqual([[wps.txnId, 200, "Poster"]]);
  });

  it("names a payment button as its POP, and none once it is deleted", async () => {
    const { merchant, button, api } = await shop();
    const row = await pay(merchant.id, button.id);
    expect((await api.merchant.payments.get({ id: row.id })).pop).toEqual({
      kind: "payment_button",
      id: button.id,
      name: button.name,
    });
    await db.paymentButton.delete({ where: { id: button.id } });
    expect((await api.merchant.payments.get({ id: row.id })).pop).toBeNull();
    expect((await api.merchant.payments.list({})).payments[0]?.popName).toBeNull();
  });

  it("is NOT_FOUND for another merchant's payment (Smart or WPS) and for an unknown id", async () => {
    const [ada, bob] = [await shop(), await shop()];
    const bobs = await pay(bob.merchant.id, bob.button.id);
    const bobsWps = await createWpsTransaction(db, bob.merchant.id, { amountMinor: 100 });
    expect((await trpcErrorOf(ada.api.merchant.payments.get({ id: bobs.id }))).code).toBe("NOT_FOUND");
    expect((await trpcErrorOf(ada.api.merchant.payments.get({ id: bobsWps.id }))).code).toBe("NOT_FOUND");
    expect((await trpcErrorOf(ada.api.merchant.payments.get({ id: "no-such-payment" }))).code).toBe("NOT_FOUND");
    expect((await trpcErrorOf(ada.api.merchant.payments.get({ id: "" }))).code).toBe("BAD_REQUEST");
    expect((await trpcErrorOf(anonymousCaller().merchant.payments.get({ id: bobs.id }))).code).toBe("UNAUTHORIZED");
  });
});

describe("merchant.payments.refund", () => {
  it("needs a signed-in merchant and refuses malformed input before it reaches PayPal", async () => {
    const { merchant, button, api } = await shop();
    const row = await pay(merchant.id, button.id);
    const valid = { paymentId: row.id, idempotencyKey: crypto.randomUUID() };
    expect((await trpcErrorOf(anonymousCaller().merchant.payments.refund(valid))).code).toBe("UNAUTHORIZED");
    for (const input of [
      { ...valid, idempotencyKey: "not-a-uuid" },
      { ...valid, amountMinor: 0 },
      { ...valid, amountMinor: 1.5 },
      { ...valid, reason: "r".repeat(256) },
      { ...valid, paymentId: "" },
    ]) {
      expect((await trpcErrorOf(api.merchant.payments.refund(input))).code, JSON.stringify(input)).toBe("BAD_REQUEST");
    }
  });
});

describe("merchant.customers.list", () => {
  it("groups settled payments by e-mail and currency with each buyer's orders and lifetime value net of refunds", async () => {
    const { merchant, button, api } = await shop();
    const loyal = (amountMinor: number, hour: number, fields: Parameters<typeof pay>[2] = {}) =>
      pay(merchant.id, button.id, {
        email: "loyal@buyer.test",
        amountMinor,
        at: new Date(Date.UTC(2026, 6, 1, hour)),
        ...fields,
      });
    await loyal(1000, 9, { name: "Old Name" });
    await loyal(700, 10, { currency: "EUR" });
    await loyal(2500, 11, { name: "Lou Loyal", status: "partially_refunded", refundedMinor: 500 });
    await loyal(9999, 12, { status: "failed", name: null });
    await loyal(400, 13, { status: "refunded", refundedMinor: 400, name: null });
    await pay(merchant.id, button.id, { email: "once@buyer.test", amountMinor: 300 });
    await pay(merchant.id, button.id, { email: null, amountMinor: 300 });
    await pay(merchant.id, button.id, { email: "failed-only@buyer.test", status: "failed" });

    const { customers, total } = await api.merchant.customers.list({});
    expect(total).toBe(3);
    expect(customers.find((c) => c.email === "loyal@buyer.test" && c.currency === "USD")).toMatchObject({
      // Refunded orders still count as orders; what went back comes off the value.
      payments: 3,
      spentMinor: 3000,
      refundedMinor: 900,
      // The name on their latest payment that carries one.
      name: "Lou Loyal",
    });
    expect(customers.find((c) => c.email === "loyal@buyer.test" && c.currency === "EUR")).toMatchObject({
      payments: 1,
      spentMinor: 700,
      refundedMinor: 0,
    });
    const once = customers.find((c) => c.email === "once@buyer.test");
    expect(once?.firstPaymentAt).toBeInstanceOf(Date);
    expect(once?.lastPaymentAt.getTime()).toBe(once?.firstPaymentAt.getTime());
    // Sorting by value sorts by the net figure.
    const byValue = await api.merchant.customers.list({ sort: "spent", dir: "desc" });
    expect(byValue.customers.map((c) => c.spentMinor)).toEqual([3000, 700, 300]);
  });

  it("searches e-mail and every name a buyer paid under, counting all their payments", async () => {
    const { merchant, button, api } = await shop();
    await pay(merchant.id, button.id, { email: "mx@buyer.test", name: "Maxine Q", amountMinor: 100 });
    await pay(merchant.id, button.id, { email: "mx@buyer.test", name: "Max", amountMinor: 200 });
    await pay(merchant.id, button.id, { email: "other@buyer.test", name: "Other Person" });
    const found = async (q: string) => (await api.merchant.customers.list({ q })).customers;

    expect((await found("MAXINE")).map((c) => [c.email, c.spentMinor])).toEqual([["mx@buyer.test", 300]]);
    expect((await found("OTHER@")).map((c) => c.email)).toEqual(["other@buyer.test"]);
    expect(await found("_")).toEqual([]);
    expect((await found("buyer.test")).length).toBe(2);
  });

  it("filters by when they paid, sorts by last payment and by total spent, and pages", async () => {
    const { merchant, button, api } = await shop();
    await pay(merchant.id, button.id, { email: "a@buyer.test", amountMinor: 500, at: new Date("2026-04-01T10:00Z") });
    await pay(merchant.id, button.id, { email: "a@buyer.test", amountMinor: 500, at: new Date("2026-04-20T10:00Z") });
    await pay(merchant.id, button.id, { email: "b@buyer.test", amountMinor: 2000, at: new Date("2026-04-10T10:00Z") });
    await pay(merchant.id, button.id, { email: "c@buyer.test", amountMinor: 50, at: new Date("2026-04-15T10:00Z") });
    const order = async (input: Parameters<typeof api.merchant.customers.list>[0]) =>
      (await api.merchant.customers.list(input)).customers.map((c) => `${c.email[0]}${c.spentMinor}`).join(" ");

    expect(await order({})).toBe("a1000 c50 b2000");
    expect(await order({ sort: "last", dir: "asc" })).toBe("b2000 c50 a1000");
    expect(await order({ sort: "spent", dir: "desc" })).toBe("b2000 a1000 c50");
    expect(await order({ sort: "spent", dir: "asc" })).toBe("c50 a1000 b2000");
    // Paid between 5 and 16 April: b and c; a's payments fall outside, so a is not listed.
    const window = { from: new Date("2026-04-05T00:00Z"), to: new Date("2026-04-16T00:00Z") };
    expect(await order(window)).toBe("c50 b2000");
    // From 15 April: a counts only what was spent in the window.
    expect(await order({ from: new Date("2026-04-15T00:00Z") })).toBe("a500 c50");

    for (let i = 0; i < 20; i++) await pay(merchant.id, button.id, { email: `many${i}@buyer.test` });
    const second = await api.merchant.customers.list({ page: 2 });
    expect(second).toMatchObject({ total: 23, pageCount: 2 });
    expect(second.customers).toHaveLength(3);
    const past = await api.merchant.customers.list({ page: 5 });
    expect(past).toMatchObject({ total: 23, pageCount: 2, customers: [] });
  });

  it("never lists another merchant's buyers and refuses bad input", async () => {
    const [ada, bob] = [await shop(), await shop()];
    await pay(bob.merchant.id, bob.button.id, { email: "bobs-buyer@buyer.test" });
    expect((await ada.api.merchant.customers.list({ q: "bobs-buyer" })).total).toBe(0);
    expect((await ada.api.merchant.customers.list({})).customers).toEqual([]);
    for (const input of [{ q: "y".repeat(201) }, { sort: "amount" }, { dir: "up" }]) {
      const error = await trpcErrorOf(ada.api.merchant.customers.list(input as never));
      expect(error.code, JSON.stringify(input)).toBe("BAD_REQUEST");
    }
  });
});

describe("merchant.customers.get", () => {
  it("sums a buyer's orders per currency net of refunds, with their first and last payment and their payments", async () => {
    const { merchant, button, api } = await shop();
    const email = `${unique("vip")}@buyer.test`;
    await pay(merchant.id, button.id, { email, amountMinor: 1000, name: "Vee", at: new Date("2026-05-01") });
    await pay(merchant.id, button.id, { email, amountMinor: 400, currency: "EUR", at: new Date("2026-05-03") });
    await pay(merchant.id, button.id, {
      email,
      amountMinor: 9000,
      status: "refunded",
      refundedMinor: 9000,
      at: new Date("2026-05-05"),
    });
    await pay(merchant.id, button.id, { email, amountMinor: 700, status: "pending", at: new Date("2026-05-07") });
    await pay(merchant.id, button.id, { email: "someone-else@buyer.test" });

    const customer = await api.merchant.customers.get({ email });
    expect(customer).toMatchObject({
      email,
      name: "Buyer Name",
      orderCount: 3,
      totals: [
        { currency: "USD", payments: 2, spentMinor: 1000, refundedMinor: 9000 },
        { currency: "EUR", payments: 1, spentMinor: 400, refundedMinor: 0 },
      ],
      firstPaymentAt: new Date("2026-05-01"),
      lastPaymentAt: new Date("2026-05-05"),
    });
    // The customer page's table: every one of their payments, refunded and pending included.
    const payments = await api.merchant.payments.list({ email });
    expect(payments.payments.map((p) => p.amountMinor)).toEqual([700, 9000, 400, 1000]);
  });

  it("is NOT_FOUND for an unknown e-mail and for another merchant's buyer", async () => {
    const [ada, bob] = [await shop(), await shop()];
    const email = `${unique("bobs")}@buyer.test`;
    await pay(bob.merchant.id, bob.button.id, { email });
    expect((await trpcErrorOf(ada.api.merchant.customers.get({ email }))).code).toBe("NOT_FOUND");
    expect((await trpcErrorOf(ada.api.merchant.customers.get({ email: "nobody@buyer.test" }))).code).toBe("NOT_FOUND");
    expect((await ada.api.merchant.payments.list({ email })).total).toBe(0);
    expect((await bob.api.merchant.customers.get({ email })).email).toBe(email);
  });
});
