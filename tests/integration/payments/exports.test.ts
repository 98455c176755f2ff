import type { Session } from "next-auth";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as exportCustomers } from "~/app/api/exports/customers/route";
import { GET as exportPayments } from "~/app/api/exports/payments/route";
import { db } from "~/server/platform/db";
import { customerExportBatches } from "~/server/payments/customers";
import { paymentExportBatches } from "~/server/payments/payments";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { createWpsButton } from "../../factories/wps-button";
import { createWpsTransaction } from "../../factories/wps-transaction";
import { download, records } from "../../support/csv";

// The export routes read the session through next-auth's auth(); here it is whoever the test signs in.
const session = vi.hoisted(() => ({ current: null as Session | null }));
vi.mock("~/server/auth", () => ({ auth: () => Promise.resolve(session.current) }));

function signIn(merchant: { id: string; email: string; name: string } | null, userType = "merchant") {
  session.current = merchant
    ? ({
        user: { id: merchant.id, email: merchant.email, name: merchant.name, userType },
        expires: new Date(Date.now() + 3600_000).toISOString(),
      } as Session)
    : null;
}

beforeEach(() => signIn(null));

async function shop() {
  const merchant = await createMerchant(db);
  const button = await createPaymentButton(db, merchant.id, { name: `Lessons ${unique("")}` });
  return { merchant, button };
}

describe("GET /api/exports/payments", () => {
  it("needs a signed-in merchant", async () => {
    const { merchant } = await shop();
    expect((await download(exportPayments, "/api/exports/payments")).response.status).toBe(401);
    signIn(merchant, "saas_admin");
    const staff = await download(exportPayments, "/api/exports/payments");
    expect(staff.response.status).toBe(401);
    expect(staff.text).toBe("User not authenticated");
  });

  it("exports the merchant's payments of both kinds, newest first, with ids, decimals, refunds, net and fee", async () => {
    const { merchant, button } = await shop();
    const other = await shop();
    const page = await createSellPage(db, merchant.id, { name: "Glaze Recipes", currency: "USD" });
    const captured = await createTransaction(db, merchant.id, {
      buttonId: button.id,
      paypalTransactionId: unique("CAPTURE-"),
      paypalPayerId: "PAYER1",
      payerName: "Ada Lovelace",
      payerEmail: "ada@buyer.test",
      amountMinor: 4200,
      refundedMinor: 1200,
      feeMinor: 152,
      status: "partially_refunded",
      createdAt: new Date("2026-10-03T12:00:00.000Z"),
    });
    const bundle = await createTransaction(db, merchant.id, {
      buttonId: page.basicButton.id,
      sellPageId: page.id,
      bundleTier: "basic",
      amountMinor: 150000,
      currency: "JPY",
      createdAt: new Date("2026-10-02T12:00:00.000Z"),
      shippingName: "Aiko Tanaka",
      shippingLine1: "1-2-3 Shibuya",
      shippingCity: "Shibuya-ku",
      shippingRegion: "Tokyo",
      shippingPostalCode: "150-0002",
      shippingCountry: "JP",
      shippingMinor: 1200,
      taxMinor: 1500,
    });
    const wpsButton = await createWpsButton(db, merchant.id, { itemName: "Poster" });
    const wps = await createWpsTransaction(db, merchant.id, {
      buttonId: wpsButton.id,
      amountMinor: 999,
      createdAt: new Date("2026-10-01T12:00:00.000Z"),
    });
    await createTransaction(db, other.merchant.id, { buttonId: other.button.id, payerEmail: "ada@buyer.test" });

    signIn(merchant);
    const { response, text } = await download(exportPayments, "/api/exports/payments");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="popkit-payments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text.startsWith('\uFEFF"Date","Transaction ID","PayPal order ID",')).toBe(true);
    const rows = records(text);
    expect(rows.map((row) => row["Popkit payment ID"])).toEqual([captured.id, bundle.id, wps.id]);
    expect(rows[0]).toEqual({
      Date: "2026-10-03T12:00:00.000Z",
      "Transaction ID": captured.paypalTransactionId,
      "PayPal order ID": captured.paypalOrderId,
      "PayPal subscription ID": "",
      Status: "partially_refunded",
      Item: button.name,
      "Buyer name": "Ada Lovelace",
      "Buyer email": "ada@buyer.test",
      "PayPal payer ID": "PAYER1",
      Currency: "USD",
      Amount: "42.00",
      Refunded: "12.00",
      Net: "30.00",
      "PayPal fee": "1.52",
      Source: "Smart button",
      "Popkit payment ID": captured.id,
      "Discount code": "",
      Discount: "",
      "Selling tool": "",
      "Ship to": "",
      Shipping: "",
      Tax: "",
      "VAT country": "",
      "Buyer VAT number": "",
    });
    // Older rows without a transaction id show their order id; JPY has no decimals; no fee reported is empty.
    expect(rows[1]).toMatchObject({
      "Transaction ID": bundle.paypalOrderId,
      Item: "Glaze Recipes (Basic)",
      Currency: "JPY",
      Amount: "150000",
      Net: "150000",
      "PayPal fee": "",
      "Ship to": "Aiko Tanaka, 1-2-3 Shibuya, Shibuya-ku, Tokyo 150-0002, Japan",
      Shipping: "1200",
      Tax: "1500",
    });
    expect(rows[2]).toMatchObject({
      "Transaction ID": wps.txnId,
      "PayPal order ID": "",
      Item: "Poster",
      Amount: "9.99",
      Source: "WPS button",
    });
  });

  it("applies the page's filters: search, status and date range in the store's time zone", async () => {
    const { merchant, button } = await shop();
    await db.storeSettings.create({ data: { merchantId: merchant.id, storeName: "NY", timeZone: "America/New_York" } });
    const at = (iso: string, fields: Parameters<typeof createTransaction>[2] = {}) =>
      createTransaction(db, merchant.id, { buttonId: button.id, createdAt: new Date(iso), ...fields });
    // 5 Oct 2026 in New York (UTC-4) runs from 04:00 UTC that day to 04:00 UTC the next.
    await at("2026-10-05T03:59:59.999Z", { payerEmail: "before@buyer.test" });
    const inside = await at("2026-10-05T04:00:00.000Z", { payerEmail: "inside@buyer.test" });
    const failed = await at("2026-10-05T12:00:00.000Z", { payerEmail: "failed@buyer.test", status: "failed" });
    await at("2026-10-06T04:00:00.000Z", { payerEmail: "after@buyer.test" });

    signIn(merchant);
    const ids = async (query: string) =>
      records((await download(exportPayments, `/api/exports/payments?${query}`)).text).map(
        (row) => row["Popkit payment ID"],
      );
    const day = "range=custom&from=2026-10-05&to=2026-10-05";
    expect(await ids(day)).toEqual([failed.id, inside.id]);
    expect(await ids(`${day}&status=completed`)).toEqual([inside.id]);
    expect(await ids(`${day}&q=FAILED%40buyer`)).toEqual([failed.id]);
    expect((await ids("q=%25")).length).toBe(0);
    // Values the page ignores are ignored here too, rather than failing the download.
    expect((await ids("status=lost&range=nonsense&page=9&sort=amount")).length).toBe(4);
  });

  it("neutralizes spreadsheet formulas and keeps quotes, commas and line breaks in their cells", async () => {
    const { merchant, button } = await shop();
    await createTransaction(db, merchant.id, {
      buttonId: button.id,
      payerName: '=HYPERLINK("http://evil.test","Click")',
      payerEmail: "+cmd@buyer.test",
      createdAt: new Date("2026-10-02T00:00:00Z"),
    });
    await createTransaction(db, merchant.id, {
      buttonId: button.id,
      payerName: 'Smith, "Jo"\nSecond line',
      payerEmail: "-1+2@buyer.test",
      createdAt: new Date("2026-10-01T00:00:00Z"),
    });
    signIn(merchant);
    const { text } = await download(exportPayments, "/api/exports/payments");
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""Click"")"`);
    expect(text).toContain(`"'+cmd@buyer.test"`);
    expect(text).toContain(`"'-1+2@buyer.test"`);
    const rows = records(text);
    expect(rows[1]?.["Buyer name"]).toBe('Smith, "Jo"\nSecond line');
  });

  it("pages through the payments without repeating or skipping rows", async () => {
    const { merchant, button } = await shop();
    const at = new Date("2026-11-01T00:00:00Z");
    // Equal timestamps force the id tie-break of the keyset; a WPS payment sorts among them.
    for (let i = 0; i < 6; i++) await createTransaction(db, merchant.id, { buttonId: button.id, createdAt: at });
    await createWpsTransaction(db, merchant.id, { amountMinor: 100, createdAt: at });
    const seen: string[] = [];
    for await (const batch of paymentExportBatches(merchant.id, { q: "" }, 3)) seen.push(...batch.map((row) => row.id));
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});

describe("GET /api/exports/customers", () => {
  it("needs a signed-in merchant", async () => {
    expect((await download(exportCustomers, "/api/exports/customers")).response.status).toBe(401);
  });

  it("exports each buyer per currency with orders and lifetime value net of refunds, only the merchant's, filtered", async () => {
    const { merchant, button } = await shop();
    const other = await shop();
    const pay = (email: string, fields: Parameters<typeof createTransaction>[2] = {}) =>
      createTransaction(db, merchant.id, { buttonId: button.id, payerEmail: email, ...fields });
    await pay("amy@buyer.test", { payerName: "Amy", amountMinor: 1000, createdAt: new Date("2026-06-01T00:00:00Z") });
    await pay("amy@buyer.test", {
      payerName: "Amy A.",
      amountMinor: 3000,
      refundedMinor: 500,
      status: "partially_refunded",
      createdAt: new Date("2026-06-02T00:00:00Z"),
    });
    await pay("amy@buyer.test", { amountMinor: 800, currency: "EUR", createdAt: new Date("2026-06-03T00:00:00Z") });
    await pay("amy@buyer.test", { amountMinor: 9999, status: "failed" });
    await pay("=cmd@buyer.test", { payerName: "@SUM(A1)", createdAt: new Date("2026-07-01T00:00:00Z") });
    await createTransaction(db, other.merchant.id, { buttonId: other.button.id, payerEmail: "zed@buyer.test" });

    signIn(merchant);
    const { response, text } = await download(exportCustomers, "/api/exports/customers");
    expect(response.headers.get("content-disposition")).toMatch(/filename="popkit-customers-/);
    expect(text).toContain(`"'=cmd@buyer.test","'@SUM(A1)"`);
    const rows = records(text);
    expect(rows).toEqual([
      {
        Email: "'=cmd@buyer.test",
        Name: "'@SUM(A1)",
        Currency: "USD",
        Orders: "1",
        "Lifetime value": "10.00",
        Refunded: "0.00",
        "First payment": "2026-07-01T00:00:00.000Z",
        "Last payment": "2026-07-01T00:00:00.000Z",
      },
      {
        Email: "amy@buyer.test",
        Name: "Amy A.",
        Currency: "USD",
        Orders: "2",
        "Lifetime value": "35.00",
        Refunded: "5.00",
        "First payment": "2026-06-01T00:00:00.000Z",
        "Last payment": "2026-06-02T00:00:00.000Z",
      },
      expect.objectContaining({ Email: "amy@buyer.test", Currency: "EUR", Orders: "1", "Lifetime value": "8.00" }),
    ]);

    const filtered = async (query: string) =>
      records((await download(exportCustomers, `/api/exports/customers?${query}`)).text).map(
        (row) => `${row.Email} ${row.Currency} ${row["Lifetime value"]}`,
      );
    expect(await filtered("q=AMY")).toEqual(["amy@buyer.test USD 35.00", "amy@buyer.test EUR 8.00"]);
    expect(await filtered("range=custom&from=2026-06-02&to=2026-06-02")).toEqual(["amy@buyer.test USD 25.00"]);
    expect(await filtered("q=zed")).toEqual([]);
  });

  it("pages through buyers and currencies without repeating or skipping any", async () => {
    const { merchant, button } = await shop();
    for (const email of ["a@buyer.test", "b@buyer.test", "c@buyer.test"]) {
      for (const currency of ["USD", "EUR"] as const) {
        await createTransaction(db, merchant.id, { buttonId: button.id, payerEmail: email, currency });
      }
    }
    const seen: string[] = [];
    for await (const batch of customerExportBatches(merchant.id, { q: "" }, 4)) {
      seen.push(...batch.map((row) => `${row.email}/${row.currency}`));
    }
    expect(seen).toEqual([
      "a@buyer.test/USD",
      "a@buyer.test/EUR",
      "b@buyer.test/USD",
      "b@buyer.test/EUR",
      "c@buyer.test/USD",
      "c@buyer.test/EUR",
    ]);
  });
});
