import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { transactionsCsvStream } from "~/server/staff/transactions";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSaasUser } from "../../factories/saas-user";
import { unique } from "../../factories/unique";
import { merchantCaller, staffCaller } from "../../support/callers";
import { createWpsTransaction } from "../../factories/wps-transaction";

type Status = "completed" | "pending" | "failed" | "cancelled";
type Currency = "USD" | "EUR";

function pay(
  merchantId: string,
  pop: { buttonId?: string; sellPageId?: string },
  fields: { amountMinor: number; status?: Status; currency?: Currency; at?: Date; payerName?: string },
) {
  return db.transaction.create({
    data: {
      merchantId,
      ...pop,
      paypalOrderId: unique("ORDER"),
      payerEmail: `${unique("buyer")}@buyer.test`,
      payerName: fields.payerName ?? "Buyer Name",
      amountMinor: fields.amountMinor,
      currency: fields.currency ?? "USD",
      status: fields.status ?? "completed",
      createdAt: fields.at,
    },
  });
}

async function wpsButton(merchantId: string, itemName = `Item ${unique("")}`) {
  return db.wpsButton.create({
    data: {
      merchantId,
      paypalMerchantIdentifier: "seller@example.test",
      itemName,
      priceOptions: [{ label: "Default value", amountMinor: 1000 }],
    },
  });
}

function payWps(merchantId: string, buttonId: string, fields: { amountMinor: number; status?: Status; at?: Date }) {
  return createWpsTransaction(db, merchantId, {
    buttonId,
    status: fields.status ?? "completed",
    amountMinor: fields.amountMinor,
    rawIpn: "verified",
    createdAt: fields.at,
  });
}

async function sellPage(merchantId: string, name = `Page ${unique("")}`) {
  return db.digitalSellPage.create({
    data: {
      merchantId,
      name,
      description: "A page",
      basicName: "Basic",
      basicPriceMinor: 2999,
      basicOriginalPriceMinor: 3999,
      paypalClientId: "client",
      currency: "EUR",
    },
  });
}

// ignoreBOM keeps the byte-order mark in the text, so the test can see that it is sent.
async function readAll(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
}

describe("overview", () => {
  it("counts by SQL aggregates, keeps revenue per currency and lists the 10 most recent", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const wps = await wpsButton(merchant.id);
    const future = Date.now() + 365 * 24 * 3600_000;
    const newest = await payWps(merchant.id, wps.id, { amountMinor: 700, at: new Date(future + 5000) });
    for (let i = 0; i < 11; i++) {
      await pay(merchant.id, { buttonId: button.id }, { amountMinor: 100, at: new Date(future - i * 1000) });
    }

    const overview = await staffCaller(staff).admin.overview();
    expect(overview.merchants).toBe(await db.merchant.count());
    expect(overview.paymentButtons).toBe(await db.paymentButton.count({ where: { buttonType: "manual" } }));
    expect(overview.transactions).toBe((await db.transaction.count()) + (await db.wpsTransaction.count()));
    expect(overview.recentTransactions).toHaveLength(10);
    expect(overview.recentTransactions[0]).toMatchObject({
      id: newest.id,
      source: "wps",
      amountMinor: 700,
      currency: "USD",
      status: "completed",
      pop: { id: wps.id, kind: "wps_button", name: wps.itemName },
    });
    expect(overview.recentTransactions[0]?.createdAt).toEqual(new Date(future + 5000));
    const currencies = overview.revenueByCurrency.map((row) => row.currency);
    expect(currencies).toEqual([...currencies].sort());
  });
});

describe("merchants", () => {
  it("searches and pages merchants, newest first", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const tag = unique("acme");
    const made = [];
    for (let i = 0; i < 22; i++) made.push(await createMerchant(db, { name: `${tag} shop ${i}` }));
    const caller = staffCaller(staff);
    const first = await caller.admin.merchants.list({ search: tag.toUpperCase(), page: 1 });
    expect(first.total).toBe(22);
    expect(first.pageCount).toBe(2);
    expect(first.merchants).toHaveLength(20);
    expect(first.merchants[0]).toMatchObject({ id: made[21]!.id, companyName: null });
    const second = await caller.admin.merchants.list({ search: tag, page: 2 });
    expect(second.merchants.map((m) => m.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect((await caller.admin.merchants.list({ search: "%", page: 1 })).total).toBe(
      await db.merchant.count({ where: { name: { contains: "%" } } }),
    );
  });

  it("shows one merchant's POPs, transaction count and revenue per currency", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id, { name: "Ebook" });
    // A sell page's hidden bundle button is not one of the merchant's payment buttons.
    const page = await sellPage(merchant.id);
    await createPaymentButton(db, merchant.id, { buttonType: "bundle", sellPageId: page.id, bundleTier: "basic" });
    const wps = await wpsButton(merchant.id);
    await pay(merchant.id, { buttonId: button.id }, { amountMinor: 1000 });
    await pay(merchant.id, { buttonId: button.id }, { amountMinor: 999, status: "failed" });
    await pay(merchant.id, { sellPageId: page.id }, { amountMinor: 2999, currency: "EUR" });
    await payWps(merchant.id, wps.id, { amountMinor: 500 });

    // Staff see that the store uses the API (live keys, last use), never a key or its prefix.
    const seller = merchantCaller(merchant).merchant.apiKeys;
    const { key } = await seller.create({ name: "Warehouse", scope: "read" });
    await seller.revoke({ id: (await seller.create({ name: "Old", scope: "read" })).id });

    const caller = staffCaller(staff);
    const detail = await caller.admin.merchants.get({ id: merchant.id });
    expect(detail.apiKeys).toEqual({ live: 1, lastUsedAt: null });
    expect(JSON.stringify(detail)).not.toContain(key.slice(0, 12));
    expect(detail).toMatchObject({
      merchant: { id: merchant.id, email: merchant.email, companyName: null },
      popCounts: { paymentButtons: 1, sellPages: 1, wpsButtons: 1 },
      transactionCount: 4,
      revenueByCurrency: [
        { currency: "EUR", amountMinor: 2999 },
        { currency: "USD", amountMinor: 1500 },
      ],
    });

    const buttons = await caller.admin.merchants.listPops({ merchantId: merchant.id, kind: "payment_buttons" });
    expect(buttons).toMatchObject({ total: 1, pops: [{ id: button.id, name: "Ebook", detail: "One-time" }] });
    const pages = await caller.admin.merchants.listPops({ merchantId: merchant.id, kind: "sell_pages" });
    expect(pages.pops[0]).toMatchObject({ id: page.id, price: { amountMinor: 2999, currency: "EUR" } });
    const wpsList = await caller.admin.merchants.listPops({ merchantId: merchant.id, kind: "wps_buttons" });
    expect(wpsList.pops[0]).toMatchObject({ id: wps.id, detail: "SANDBOX", isActive: true });

    await expect(caller.admin.merchants.get({ id: "missing" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("transactions", () => {
  it("lists every merchant's payments and WPS payments with merchant, status, date and POP filters", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const [ada, bob] = [await createMerchant(db), await createMerchant(db)];
    const adaButton = await createPaymentButton(db, ada.id, { name: `Ada course ${unique("")}` });
    const adaPage = await sellPage(ada.id);
    const bobWps = await wpsButton(bob.id);
    const day = (d: string) => new Date(`2031-03-${d}T12:00:00Z`);
    const a1 = await pay(ada.id, { buttonId: adaButton.id }, { amountMinor: 100, at: day("01") });
    const a2 = await pay(ada.id, { buttonId: adaButton.id }, { amountMinor: 200, status: "failed", at: day("02") });
    const a3 = await pay(ada.id, { sellPageId: adaPage.id }, { amountMinor: 300, at: day("03") });
    const b1 = await payWps(bob.id, bobWps.id, { amountMinor: 400, at: day("04") });
    const caller = staffCaller(staff);
    const ids = async (filters: Record<string, string>) =>
      (await caller.admin.transactions.list({ filters })).transactions.map((t) => t.id);

    expect(await ids({ merchant: ada.id })).toEqual([a3.id, a2.id, a1.id]);
    expect(await ids({ merchant: bob.email.toUpperCase() })).toEqual([b1.id]);
    expect(await ids({ merchant: ada.id, status: "failed" })).toEqual([a2.id]);
    expect(await ids({ merchant: ada.id, from: "2031-03-02", to: "2031-03-02" })).toEqual([a2.id]);
    expect(await ids({ pop: adaButton.name })).toEqual([a2.id, a1.id]);
    expect(await ids({ pop: adaPage.id })).toEqual([a3.id]);
    expect(await ids({ pop: bobWps.id })).toEqual([b1.id]);

    const page = await caller.admin.transactions.list({ filters: { merchant: ada.id } });
    expect(page.total).toBe(3);
    expect(page.transactions[0]).toMatchObject({
      merchant: { id: ada.id, name: ada.name, email: ada.email },
      pop: { id: adaPage.id, kind: "sell_page", name: adaPage.name },
      amountMinor: 300,
    });
  });

  it("pages 25 at a time and rejects a date range that ends before it starts", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    for (let i = 0; i < 27; i++) await pay(merchant.id, { buttonId: button.id }, { amountMinor: 100 + i });
    const caller = staffCaller(staff);
    const second = await caller.admin.transactions.list({ filters: { merchant: merchant.id }, page: 2 });
    expect(second).toMatchObject({ total: 27, pageCount: 2 });
    expect(second.transactions).toHaveLength(2);
    await expect(
      caller.admin.transactions.list({ filters: { from: "2031-03-02", to: "2031-03-01" } }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("exports the filtered set as CSV in batches, escaped and safe from formula injection, and audits it", async () => {
    const staff = await createSaasUser(db, { role: "operator" });
    const merchant = await createMerchant(db, { name: 'Shop "Quotes", Inc.' });
    const button = await createPaymentButton(db, merchant.id);
    await pay(merchant.id, { buttonId: button.id }, { amountMinor: 1234, payerName: '=HYPERLINK("http://x")' });
    await pay(merchant.id, { buttonId: button.id }, { amountMinor: 1, payerName: "Line\nbreak" });
    for (let i = 0; i < 5; i++) await pay(merchant.id, { buttonId: button.id }, { amountMinor: 10 });

    const csv = await readAll(
      await transactionsCsvStream({ id: staff.id, username: staff.username }, { merchant: merchant.id, pop: "" }),
    );
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"Date (UTC)","Transaction ID","PayPal reference","Source","Merchant","Merchant email","POP",' +
        '"POP type","Payer name","Payer email","Amount","Currency","Status"',
    );
    expect(lines.at(-1)).toBe("");
    expect(csv).toContain('"Shop ""Quotes"", Inc."');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain('"Line\nbreak"');
    expect(csv).toContain('"12.34","USD","completed"');
    expect(csv.match(/"Payment","Shop/g)).toHaveLength(7);

    const audit = await db.auditLog.findFirst({
      where: { actorId: staff.id, action: "transactions.export" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit?.details).toMatchObject({ filters: { merchant: merchant.id } });
  });

  it("keeps exporting past one batch without repeating or skipping rows", async () => {
    const { transactionBatches } = await import("~/server/staff/transactions");
    const merchant = await createMerchant(db);
    const button = await createPaymentButton(db, merchant.id);
    const at = new Date("2032-01-01T00:00:00Z");
    // Equal timestamps force the id tie-break of the keyset.
    for (let i = 0; i < 7; i++) await pay(merchant.id, { buttonId: button.id }, { amountMinor: i + 1, at });
    const seen: string[] = [];
    for await (const batch of transactionBatches({ merchant: merchant.id, pop: "" }, 3)) {
      seen.push(...batch.map((row) => row.id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});
