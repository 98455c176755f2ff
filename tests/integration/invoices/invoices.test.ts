import type { Session } from "next-auth";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { GET as invoiceRoute } from "~/app/api/exports/invoices/[id]/route";
import { AppError } from "~/server/platform/errors";
import { db } from "~/server/platform/db";
import { correctInvoice, invoicePdf, invoicesOf, type InvoiceScope } from "~/server/invoices/invoices";
import { applyCaptureStatus, recordSubscriptionSale } from "~/server/payments/ledger";
import { applyVerifiedWpsMessage } from "~/server/wps/apply-message";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { connectPayPal } from "../../factories/store-settings";
import { createSubscription } from "../../factories/subscription";
import { createTransaction } from "../../factories/transaction";
import { unique } from "../../factories/unique";
import { createWpsButton } from "../../factories/wps-button";
import { createWpsTransaction } from "../../factories/wps-transaction";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { approveOrder } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";

// The seller route reads the session through next-auth's auth(); here it is whoever the test signs in.
const session = vi.hoisted(() => ({ current: null as Session | null }));
vi.mock("~/server/auth", () => ({ auth: () => Promise.resolve(session.current) }));

function signIn(merchant: { id: string; email: string; name: string } | null) {
  session.current = merchant
    ? ({
        user: { id: merchant.id, email: merchant.email, name: merchant.name, userType: "merchant" },
        expires: new Date(Date.now() + 3600_000).toISOString(),
      } as Session)
    : null;
}

beforeEach(() => signIn(null));

/** A store with its business details in Store Settings. */
async function store(settings: { businessLegalName?: string; invoicePrefix?: string; timeZone?: string } = {}) {
  const merchant = await createMerchant(db);
  const storeName = `Clay Studio ${unique("")}`;
  await db.storeSettings.create({
    data: {
      merchantId: merchant.id,
      storeName,
      businessAddress: "12 Kiln Road\nLeeds LS1 4AB",
      businessTaxId: "GB123456789",
      supportEmail: "help@clay.example.test",
      ...settings,
    },
  });
  const button = await createPaymentButton(db, merchant.id, { name: "Glaze workshop" });
  return { merchant, storeName, button };
}

/** A payment recorded before invoices were numbered: completed, no sequence, no invoice. */
async function oldPayment(merchantId: string, buttonId: string, payerEmail = `${unique("buyer")}@example.test`) {
  return createTransaction(db, merchantId, {
    buttonId,
    paypalTransactionId: unique("CAPTURE"),
    payerEmail,
    payerName: "Ada Buyer",
    amountMinor: 4250,
    discountMinor: 750,
    quantity: 2,
    createdAt: new Date("2026-11-02T23:30:00Z"),
  });
}

async function pdfText(pdf: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

async function notFound(promise: Promise<unknown>) {
  const error = await rejectionOf<AppError>(promise);
  expect(error).toBeInstanceOf(AppError);
  expect(error.code).toBe("NOT_FOUND");
  return error.userMessage;
}

/** Each stranger finds neither the payment's invoices nor the invoice, and cannot correct it. */
async function expectKeptOut(strangers: InvoiceScope[], paymentId: string, invoiceId: string) {
  for (const scope of strangers) {
    expect(await notFound(invoicesOf(scope, paymentId))).toBe("Payment not found.");
    expect(await notFound(invoicePdf(scope, invoiceId))).toBe("Invoice not found.");
    if ("buyerEmail" in scope) {
      expect(await notFound(correctInvoice(scope, paymentId, { vatId: "DE123" }))).toBe("Payment not found.");
    }
  }
}

const saleOf = (n: number) => ({
  saleId: unique(`SALE${n}-`),
  amountMinor: 1000,
  currency: "USD" as const,
  feeMinor: 59,
  createdAt: new Date(),
  payerEmail: "sub@example.test",
  payerName: "Sub Scriber",
});

const sequencesOf = async (merchantId: string) =>
  (await db.transaction.findMany({ where: { merchantId }, select: { invoiceSequence: true } })).map(
    (row) => row.invoiceSequence,
  );

describe("invoice numbering", () => {
  it("numbers concurrent payments of one store 1..20 with no gap and no duplicate; another store starts at 1", async () => {
    const one = await store();
    const two = await store();
    const subscriptionOne = await createSubscription(db, one.merchant.id, { buttonId: one.button.id });
    const subscriptionTwo = await createSubscription(db, two.merchant.id, { buttonId: two.button.id });
    await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => recordSubscriptionSale(subscriptionOne.id, saleOf(n))),
      ...Array.from({ length: 5 }, (_, n) => recordSubscriptionSale(subscriptionTwo.id, saleOf(n))),
    ]);
    expect((await sequencesOf(one.merchant.id)).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 20 }, (_, n) => n + 1),
    );
    expect((await sequencesOf(two.merchant.id)).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5]);
    expect(await db.invoiceCounter.findUnique({ where: { merchantId: one.merchant.id } })).toMatchObject({ last: 20 });
  });

  it("numbers a capture, and a pending capture only once it completes", async () => {
    const merchant = await createMerchant(db);
    const { clientId } = await connectPayPal(db, merchant.id);
    const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId, amountMinor: 1500 });
    const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
    await approveOrder(orderId);
    await buyerApi().captureOrder({ buttonId: button.id, orderId });
    const captured = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
    expect(captured.invoiceSequence).toBe(1);

    const pending = await createTransaction(db, merchant.id, { buttonId: button.id, status: "pending" });
    expect(await applyCaptureStatus(pending.id, "completed")).toBe(true);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: pending.id } })).invoiceSequence).toBe(2);

    const [invoice] = await invoicesOf({ merchantId: merchant.id }, captured.id);
    expect(invoice).toMatchObject({ number: "INV-000001", version: 1, amountMinor: 1500 });
  });
});

describe("invoices of a payment", () => {
  it("issues version 1 of an old payment on first look, numbered after the store's last, once", async () => {
    const { merchant, button, storeName } = await store({ invoicePrefix: "CLAY-" });
    const payment = await oldPayment(merchant.id, button.id, "Ada.Buyer@Example.test");
    const [first, again] = await Promise.all([
      invoicesOf({ merchantId: merchant.id }, payment.id),
      invoicesOf({ buyerEmail: "ada.buyer@example.TEST" }, payment.id),
    ]);
    expect(first).toEqual(again);
    expect(first).toEqual([
      expect.objectContaining({
        number: "CLAY-000001",
        version: 1,
        replacesVersion: null,
        buyerName: "Ada Buyer",
        buyerCompany: null,
        buyerVatId: null,
        amountMinor: 4250,
        currency: "USD",
      }),
    ]);
    const row = await db.invoice.findUniqueOrThrow({ where: { id: first![0]!.id } });
    expect(row).toMatchObject({
      sellerName: storeName,
      sellerAddress: "12 Kiln Road\nLeeds LS1 4AB",
      sellerTaxId: "GB123456789",
      sellerEmail: "help@clay.example.test",
      buyerEmail: "Ada.Buyer@Example.test",
      itemName: "Glaze workshop",
      quantity: 2,
      discountMinor: 750,
      paypalId: payment.paypalTransactionId,
      paidAt: payment.createdAt,
    });
    expect(await db.invoice.count({ where: { transactionId: payment.id } })).toBe(1);
    expect((await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).invoiceSequence).toBe(1);
  });

  it("has none for a payment not paid yet", async () => {
    const { merchant, button } = await store();
    const pending = await createTransaction(db, merchant.id, { buttonId: button.id, status: "pending" });
    expect(await invoicesOf({ merchantId: merchant.id }, pending.id)).toEqual([]);
  });

  it("corrects the buyer's details as version 2, keeps version 1 unchanged, and both download", async () => {
    const { merchant, button, storeName } = await store({
      businessLegalName: "Clay Studio Ltd",
      timeZone: "Asia/Tokyo",
    });
    const buyerEmail = `${unique("buyer")}@example.test`;
    const payment = await oldPayment(merchant.id, button.id, buyerEmail);
    const [v1] = await invoicesOf({ buyerEmail }, payment.id);
    const v1Row = await db.invoice.findUniqueOrThrow({ where: { id: v1!.id } });

    const v2 = await correctInvoice({ buyerEmail }, payment.id, {
      company: "  Ada Ltd ",
      address: "1 Main St\r\nParis",
      vatId: "FR 12-345.678",
    });
    expect(v2).toMatchObject({
      number: v1!.number,
      version: 2,
      replacesVersion: 1,
      buyerName: "Ada Buyer",
      buyerCompany: "Ada Ltd",
      buyerAddress: "1 Main St\nParis",
      buyerVatId: "FR 12-345.678",
      amountMinor: 4250,
    });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: v1!.id } })).toEqual(v1Row);
    expect((await invoicesOf({ merchantId: merchant.id }, payment.id)).map((i) => i.version)).toEqual([2, 1]);

    // An empty field removes the value; a left-out one keeps it.
    const v3 = await correctInvoice({ buyerEmail }, payment.id, { name: "" });
    expect(v3).toMatchObject({ version: 3, buyerName: null, buyerCompany: "Ada Ltd", buyerVatId: "FR 12-345.678" });

    const first = await invoicePdf({ merchantId: merchant.id }, v1!.id);
    expect(first.fileName).toBe(`${v1!.number}-v1.pdf`);
    const firstText = await pdfText(first.pdf);
    expect(firstText).toContain(storeName);
    expect(firstText).toContain(`Invoice ${v1!.number}`);
    expect(firstText).toContain("$42.50");
    expect(firstText).toContain("$50.00");
    expect(firstText).toContain("Clay Studio Ltd");
    expect(firstText).toContain(payment.paypalTransactionId!);
    // 23:30 UTC on Nov 2 is Nov 3 in Tokyo.
    expect(firstText).toContain("Nov 3, 2026");
    expect(firstText).not.toContain("FR 12-345.678");

    const second = await invoicePdf({ buyerEmail }, v2.id);
    expect(second.fileName).toBe(`${v1!.number}-v2.pdf`);
    const secondText = await pdfText(second.pdf);
    expect(secondText).toContain("Version 2, replaces version 1 issued");
    expect(secondText).toContain("Bill to");
    expect(secondText).toContain("Ada Ltd");
    expect(secondText).toContain("FR 12-345.678");
    expect(secondText).toContain("$42.50");
  });

  it("prints names and addresses in Latin, Greek and Cyrillic letters as the buyer wrote them", async () => {
    const { merchant, button } = await store({ businessLegalName: "Łódź Ceramika Sp. z o.o." });
    const buyerEmail = `${unique("buyer")}@example.test`;
    const payment = await oldPayment(merchant.id, button.id, buyerEmail);
    await invoicesOf({ buyerEmail }, payment.id);
    const corrected = await correctInvoice({ buyerEmail }, payment.id, {
      name: "Łukasz Wróbel",
      company: "ООО «Ромашка»",
      address: "Οδός Ερμού 12\nΑθήνα",
      vatId: "EL123456789",
    });
    const text = await pdfText((await invoicePdf({ buyerEmail }, corrected.id)).pdf);
    for (const written of ["Łódź Ceramika Sp. z o.o.", "Łukasz Wróbel", "ООО «Ромашка»", "Οδός Ερμού 12", "Αθήνα"]) {
      expect(text).toContain(written);
    }
  });

  it("refuses a correction that changes nothing, and over-long or odd input, with plain sentences", async () => {
    const { merchant, button } = await store();
    const buyerEmail = `${unique("buyer")}@example.test`;
    const payment = await oldPayment(merchant.id, button.id, buyerEmail);
    await invoicesOf({ buyerEmail }, payment.id);
    const same = await rejectionOf<AppError>(correctInvoice({ buyerEmail }, payment.id, { name: " Ada Buyer " }));
    expect(same.code).toBe("INVALID");
    expect(same.userMessage).toMatch(/already has these billing details/);

    const refusals: [Parameters<typeof correctInvoice>[2], string, string][] = [
      [{ name: "x".repeat(201) }, "name", "Name must be at most 200 characters"],
      [{ company: "y".repeat(201) }, "company", "Company must be at most 200 characters"],
      [{ address: "z".repeat(501) }, "address", "Address must be at most 500 characters"],
      [{ vatId: "1".repeat(33) }, "vatId", "VAT ID must be at most 32 characters"],
      [{ vatId: "FR<script>" }, "vatId", "VAT ID may contain only letters, digits, spaces, dots and dashes"],
      [{ name: "Ada\nBuyer" }, "name", "Name must be on one line"],
    ];
    for (const [details, field, message] of refusals) {
      const error = await rejectionOf<AppError>(correctInvoice({ buyerEmail }, payment.id, details));
      expect(error.code).toBe("INVALID");
      expect(error.userMessage).toBe(message);
      expect(error.fieldErrors?.[field]).toEqual([message]);
    }
    expect(await db.invoice.count({ where: { transactionId: payment.id } })).toBe(1);
  });

  it("keeps buyers and stores apart: another e-mail or store gets NOT_FOUND everywhere", async () => {
    const { merchant, button } = await store();
    const other = await store();
    const buyerEmail = `ab${unique("")}@example.test`;
    const payment = await oldPayment(merchant.id, button.id, buyerEmail);
    const [invoice] = await invoicesOf({ buyerEmail }, payment.id);

    const strangers: InvoiceScope[] = [
      { buyerEmail: `${unique("other")}@example.test` },
      // LIKE's wildcards are letters here, not patterns.
      { buyerEmail: buyerEmail.replace(/^ab/, "a_") },
      { buyerEmail: "%" },
      { buyerEmail: "" },
      { merchantId: other.merchant.id },
      { merchantId: "" },
    ];
    await expectKeptOut(strangers, payment.id, invoice!.id);
    expect(await db.invoice.count({ where: { transactionId: payment.id } })).toBe(1);
  });
});

describe("the seller's side", () => {
  it("lists a payment's invoices through merchant.payments.invoices, for its own store only", async () => {
    const { merchant, button } = await store();
    const other = await store();
    const payment = await oldPayment(merchant.id, button.id);
    const invoices = await merchantCaller(merchant).merchant.payments.invoices({ id: payment.id });
    expect(invoices).toHaveLength(1);
    const refused = await rejectionOf<{ code: string }>(
      merchantCaller(other.merchant).merchant.payments.invoices({ id: payment.id }),
    );
    expect(refused.code).toBe("NOT_FOUND");
  });

  it("downloads the PDF at /api/exports/invoices/{id}; another store's invoice is 404, no session 401", async () => {
    const { merchant, button, storeName } = await store();
    const other = await store();
    const payment = await oldPayment(merchant.id, button.id);
    const [invoice] = await invoicesOf({ merchantId: merchant.id }, payment.id);
    const get = (id: string) =>
      invoiceRoute(new Request(`http://localhost:3000/api/exports/invoices/${id}`), {
        params: Promise.resolve({ id }),
      });

    expect((await get(invoice!.id)).status).toBe(401);

    signIn(other.merchant);
    const foreign = await get(invoice!.id);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toBe("Invoice not found.");
    expect((await get("no-such-invoice")).status).toBe(404);

    signIn(merchant);
    const response = await get(invoice!.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice!.number}-v1.pdf"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(storeName);
    expect(text).toContain(invoice!.number);
    expect(text).toContain("$42.50");
  });
});

describe("WPS payments' invoices", () => {
  /** A verified IPN of a WPS button for `gross` (the button's price options are $10.00 and $25.00 Large). */
  const ipn = (button: { id: string; paypalMerchantIdentifier: string }, status: string, txnId = unique("TXN")) => ({
    custom: button.id,
    receiver_email: button.paypalMerchantIdentifier,
    mc_currency: "USD",
    mc_gross: "10.00",
    txn_id: txnId.slice(0, 20),
    payment_status: status,
    quantity: "1",
    payer_email: "wps.buyer@example.test",
    first_name: "Wen",
    last_name: "Poster",
  });

  it("numbers WPS and checkout payments of one store in one sequence as they complete, concurrently, no gap", async () => {
    const { merchant } = await store();
    const wpsButton = await createWpsButton(db, merchant.id, { itemName: "City Poster" });
    const subscription = await createSubscription(db, merchant.id);
    const pending = ipn(wpsButton, "Pending");
    await applyVerifiedWpsMessage(pending, { source: "ipn", raw: "test", button: wpsButton });
    await Promise.all([
      ...Array.from({ length: 8 }, (_, n) => recordSubscriptionSale(subscription.id, saleOf(n))),
      ...Array.from({ length: 8 }, () =>
        applyVerifiedWpsMessage(ipn(wpsButton, "Completed"), { source: "ipn", raw: "test", button: wpsButton }),
      ),
    ]);
    const waiting = await db.wpsTransaction.findUniqueOrThrow({ where: { txnId: pending.txn_id } });
    expect(waiting.invoiceSequence).toBeNull();
    expect(await invoicesOf({ merchantId: merchant.id }, waiting.id)).toEqual([]);

    // The pending payment completes later: it takes the next number then.
    await applyVerifiedWpsMessage({ ...pending, payment_status: "Completed" }, { source: "ipn", raw: "test" });
    expect((await db.wpsTransaction.findUniqueOrThrow({ where: { id: waiting.id } })).invoiceSequence).toBe(17);
    const wpsSequences = (
      await db.wpsTransaction.findMany({ where: { merchantId: merchant.id }, select: { invoiceSequence: true } })
    ).map((row) => row.invoiceSequence);
    expect([...(await sequencesOf(merchant.id)), ...wpsSequences].sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 17 }, (_, n) => n + 1),
    );
    const [invoice] = await invoicesOf({ buyerEmail: "WPS.Buyer@example.test" }, waiting.id);
    expect(invoice).toMatchObject({ number: "INV-000017", version: 1, buyerName: "Wen Poster", amountMinor: 1000 });
  });

  it("issues, corrects and renders a WPS payment's invoice for its buyer and its seller, and no one else", async () => {
    const { merchant, storeName } = await store({ invoicePrefix: "POST-" });
    const other = await store();
    const buyerEmail = `${unique("wps")}@example.test`;
    const wpsButton = await createWpsButton(db, merchant.id, { itemName: "City Poster" });
    // Recorded before WPS payments had invoices: numbered on first look.
    const payment = await createWpsTransaction(db, merchant.id, {
      buttonId: wpsButton.id,
      payerEmail: buyerEmail,
      payerName: "Wen Poster",
      amountMinor: 2750,
      quantity: 1,
      itemName: "City Poster",
      optionSelected: "Large",
      createdAt: new Date("2026-11-02T10:00:00Z"),
    });

    const [v1] = await merchantCaller(merchant).merchant.payments.invoices({ id: payment.id });
    expect(v1).toMatchObject({ number: "POST-000001", version: 1, amountMinor: 2750, buyerName: "Wen Poster" });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: v1!.id } })).toMatchObject({
      transactionId: null,
      wpsTransactionId: payment.id,
      itemName: "City Poster (Large)",
      discountMinor: 0,
      paypalId: payment.txnId,
      paidAt: payment.createdAt,
    });

    const v2 = await correctInvoice({ buyerEmail }, payment.id, { company: "Wen Prints GmbH", vatId: "DE123456789" });
    expect(v2).toMatchObject({ number: "POST-000001", version: 2, replacesVersion: 1, amountMinor: 2750 });
    expect((await invoicesOf({ buyerEmail }, payment.id)).map((invoice) => invoice.version)).toEqual([2, 1]);

    const text = await pdfText((await invoicePdf({ buyerEmail }, v2.id)).pdf);
    expect(text).toContain(storeName);
    expect(text).toContain("Invoice POST-000001");
    expect(text).toContain("Version 2, replaces version 1 issued");
    expect(text).toContain("City Poster (Large)");
    expect(text).toContain("$27.50");
    expect(text).toContain("DE123456789");
    expect(text).toContain(payment.txnId);
    expect(await pdfText((await invoicePdf({ merchantId: merchant.id }, v1!.id)).pdf)).toContain("Invoice POST-000001");

    const strangers: InvoiceScope[] = [{ buyerEmail: "someone@example.test" }, { merchantId: other.merchant.id }];
    await expectKeptOut(strangers, payment.id, v1!.id);
    expect(await db.invoice.count({ where: { wpsTransactionId: payment.id } })).toBe(2);
  });

  it("lets the database refuse an invoice of no payment or of two", async () => {
    const { merchant, button } = await store();
    const checkout = await oldPayment(merchant.id, button.id);
    const wps = await createWpsTransaction(db, merchant.id, {});
    const [invoice] = await invoicesOf({ merchantId: merchant.id }, checkout.id);
    const { id: _id, lines: _lines, ...row } = await db.invoice.findUniqueOrThrow({ where: { id: invoice!.id } });
    await expect(db.invoice.create({ data: { ...row, version: 9, transactionId: null } })).rejects.toThrow(
      /invoices_one_payment/,
    );
    await expect(db.invoice.create({ data: { ...row, version: 9, wpsTransactionId: wps.id } })).rejects.toThrow(
      /invoices_one_payment/,
    );
  });
});
