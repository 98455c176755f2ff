import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { embedConfig } from "~/embed/payment-button";
import { vatMessages } from "~/lib/checkout-messages";
import { db } from "~/server/platform/db";
import { invoicePdf, invoicesOf } from "~/server/invoices/invoices";
import { taxReport } from "~/server/payments/tax-report";
import type { CreateOrderInput } from "~/schemas/checkout";
import { createPaymentButton } from "../../factories/payment-button";
import { createSeller } from "../../factories/seller";
import { unique } from "../../factories/unique";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { sendQueuedMail, waitForMail } from "../../support/mailbox";
import {
  approveOrder,
  approveSubscription,
  billSubscription,
  createPlan,
  createSubscription,
  orderAtPayPal,
  subscriptionAtPayPal,
} from "../../support/paypal-sandbox";
import { createSubscriptionButton } from "../../factories/payment-button";
import { syncSubscription } from "~/server/subscriptions/subscriptions";
import { rejectionOf } from "../../support/rejection";

// EU VAT on digital products: a store that charges it asks the buyer's country before the order is created, the
// PayPal order carries that country's standard rate as its tax_total, and the payment, receipt, invoice and Tax
// report say so. A business with a valid VAT number pays none (reverse charge).

const buyer = () => buyerApi();

/** A store that charges EU VAT, selling a digital POP in `currency`. */
async function vatSeller(button: Parameters<typeof createSeller>[1] = {}) {
  const seller = await createSeller(db, { name: "Font licence", currency: "EUR", amountMinor: 1000, ...button });
  await merchantCaller(seller.merchant).merchant.store.updateShipping({ zones: [], taxRates: [], chargesEuVat: true });
  return seller;
}

/** The buyer pays: the order is created, approved in PayPal's window and captured; the payment row is returned. */
async function pay(input: CreateOrderInput, clientId: string) {
  const { orderId } = await buyer().createOrder(input);
  const atPayPal = (await orderAtPayPal(clientId, orderId)).purchase_units[0]!;
  const email = `vat-${orderId.toLowerCase()}@buyer.example.com`;
  await approveOrder(orderId, "alex", email);
  await buyer().captureOrder({ buttonId: input.buttonId, orderId });
  const payment = await db.transaction.findUniqueOrThrow({
    where: { paypalOrderId: orderId },
    include: { lines: true },
  });
  return { payment, atPayPal, email };
}

async function refusal(promise: Promise<unknown>) {
  const { code, message } = await rejectionOf<CheckoutRefused>(promise);
  return { code, message };
}

describe("EU VAT on digital products", () => {
  it("charges an EU consumer their country's rate, in PayPal's breakdown, on the payment, receipt and invoice", async () => {
    const { merchant, button, clientId } = await vatSeller();
    // The page's preview, before and after the buyer names their country.
    expect(await buyer().quoteOrder({ buttonId: button.id })).toMatchObject({ total: "€10.00", vatText: null });
    expect(await buyer().quoteOrder({ buttonId: button.id, buyerCountry: "DE" })).toMatchObject({
      total: "€11.90",
      vatText: "VAT (Germany): €1.90",
    });
    const { payment, atPayPal, email } = await pay({ buttonId: button.id, buyerCountry: "DE" }, clientId);
    // €10.00 + 19 % German VAT.
    expect(atPayPal.amount).toMatchObject({
      value: "11.90",
      breakdown: { item_total: { value: "10.00" }, tax_total: { value: "1.90" } },
    });
    expect(payment).toMatchObject({ amountMinor: 1190, taxMinor: 190, taxCountry: "DE", buyerVatId: null });
    expect(payment.lines.map((line) => [line.amountMinor, line.taxMinor, line.taxIncluded])).toEqual([
      [1000, 190, false],
    ]);

    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from");
    expect(receipt.text).toContain("VAT (Germany)");
    expect(receipt.text).toContain("€1.90");
    expect(receipt.text).toContain("€11.90");

    const [invoice] = await invoicesOf({ merchantId: merchant.id }, payment.id);
    const pdf = (await invoicePdf({ merchantId: merchant.id }, invoice!.id)).pdf;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain("VAT (Germany) €1.90 Total €11.90");
  });

  it("takes the VAT out of a price that includes it, and rounds each line in currencies with and without decimals", async () => {
    const included = await vatSeller({ amountMinor: 1190, taxIncluded: true });
    // France 20 %: 11.90 − 11.90 ÷ 1.2 = 1.9833, so 1.98 of the price is VAT; the buyer pays the price.
    const france = await pay({ buttonId: included.button.id, buyerCountry: "FR" }, included.clientId);
    expect(france.atPayPal.amount.value).toBe("11.90");
    expect(france.payment).toMatchObject({ amountMinor: 1190, taxMinor: 0, taxCountry: "FR" });
    expect(france.payment.lines[0]).toMatchObject({ taxMinor: 198, taxIncluded: true });

    // Finland 25.5 % of €0.99 = 0.25245: 0.25 (half up per line).
    const cents = await vatSeller({ amountMinor: 99 });
    const finland = await pay({ buttonId: cents.button.id, buyerCountry: "FI" }, cents.clientId);
    expect(finland.atPayPal.amount.value).toBe("1.24");
    expect(finland.payment).toMatchObject({ amountMinor: 124, taxMinor: 25 });

    // Hungary 27 % of ¥999 = 269.73: ¥270, no decimals anywhere in the order.
    const yen = await vatSeller({ currency: "JPY", amountMinor: 999 });
    const hungary = await pay({ buttonId: yen.button.id, buyerCountry: "HU" }, yen.clientId);
    expect(hungary.atPayPal.amount).toMatchObject({ value: "1269", breakdown: { tax_total: { value: "270" } } });
    expect(hungary.payment).toMatchObject({ amountMinor: 1269, taxMinor: 270, currency: "JPY" });
  });

  it("charges an EU business with a valid VAT number no VAT, and its receipt and invoice say reverse charge", async () => {
    const { merchant, button, clientId } = await vatSeller();
    const { payment, atPayPal, email } = await pay(
      { buttonId: button.id, buyerCountry: "DE", vatNumber: "de 136 695 976" },
      clientId,
    );
    expect(atPayPal.amount.value).toBe("10.00");
    expect(atPayPal.amount.breakdown?.tax_total).toBeUndefined();
    expect(payment).toMatchObject({ amountMinor: 1000, taxMinor: 0, taxCountry: "DE", buyerVatId: "DE136695976" });

    const note = "Reverse charge: VAT to be accounted for by the buyer (VAT number DE136695976).";
    await sendQueuedMail(email);
    expect((await waitForMail(email, "Your receipt from")).text).toContain(note);
    const [invoice] = await invoicesOf({ merchantId: merchant.id }, payment.id);
    expect(invoice).toMatchObject({ buyerVatId: "DE136695976" });
    const pdf = (await invoicePdf({ merchantId: merchant.id }, invoice!.id)).pdf;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain(note);
  });

  it("refuses an order without a country or with a VAT number not valid for it, and creates nothing", async () => {
    const { button } = await vatSeller();
    const before = await db.checkoutSession.count({ where: { buttonId: button.id } });
    const cases: [CreateOrderInput, string][] = [
      [{ buttonId: button.id }, vatMessages.chooseCountry],
      // A German number (valid) for a buyer who said France; a German number whose check digit is wrong.
      [{ buttonId: button.id, buyerCountry: "FR", vatNumber: "DE136695976" }, vatMessages.vatNumberInvalid],
      [{ buttonId: button.id, buyerCountry: "DE", vatNumber: "DE136695977" }, vatMessages.vatNumberInvalid],
    ];
    for (const [input, message] of cases) {
      expect(await refusal(buyer().createOrder(input)), JSON.stringify(input)).toEqual({ code: "INVALID", message });
    }
    for (const input of [
      { buttonId: button.id, buyerCountry: "Germany" },
      { buttonId: button.id, buyerCountry: "DE", vatNumber: "x".repeat(21) },
    ]) {
      const { code } = await refusal(buyer().createOrder(input as CreateOrderInput));
      expect(code, JSON.stringify(input)).toBe("INVALID");
    }
    expect(await db.checkoutSession.count({ where: { buttonId: button.id } })).toBe(before);
  });

  it("charges no VAT outside the EU, nor for a store that does not charge it", async () => {
    const { button, clientId } = await vatSeller();
    const outside = await pay({ buttonId: button.id, buyerCountry: "other" }, clientId);
    expect(outside.payment).toMatchObject({ amountMinor: 1000, taxMinor: 0, taxCountry: null });

    const plain = await createSeller(db, { currency: "EUR", amountMinor: 1000 });
    const unset = await pay({ buttonId: plain.button.id, buyerCountry: "DE" }, plain.clientId);
    expect(unset.payment).toMatchObject({ amountMinor: 1000, taxMinor: 0, taxCountry: null });
    // The embed (the seller's site, and sell pages) draws the country choice from its config.
    const urls = { appUrl: "", sdkBaseUrl: "https://sdk.test/js" };
    const config = async (buttonId: string) =>
      embedConfig(buttonId, await buyer().getButton({ buttonId }), urls).button?.vat;
    expect(await config(plain.button.id)).toBeUndefined();
    expect(await config(button.id)).toMatchObject({ rates: { DE: "19", FI: "25.5" } });
  });

  it("taxes a one-click upsell like the payment before it", async () => {
    const seller = await vatSeller({ name: "Course", amountMinor: 2000 });
    const workbook = await createPaymentButton(db, seller.merchant.id, {
      name: "Workbook",
      currency: "EUR",
      amountMinor: 3000,
      paypalClientId: seller.clientId,
    });
    await db.paymentButton.update({
      where: { id: seller.button.id },
      data: {
        upsellButtonId: workbook.id,
        upsellPriceMinor: 900,
        upsellHeadline: "Add the workbook?",
        upsellDeclineText: "No thanks",
      },
    });
    const { orderId } = await buyer().createOrder({ buttonId: seller.button.id, buyerCountry: "NL" });
    await approveOrder(orderId);
    const paid = await buyer().captureOrder({ buttonId: seller.button.id, orderId });
    expect(paid.upsell).toMatchObject({ name: "Workbook", price: "€9.00 + VAT" });
    expect(await buyer().answerUpsell({ token: paid.upsell!.token, answer: "yes" })).toMatchObject({
      taken: { status: "completed" },
    });
    // The Netherlands 21 % of €9.00 = €1.89, on the wallet PayPal saved with the first order.
    const upsell = await db.transaction.findFirstOrThrow({
      where: { buttonId: workbook.id },
      include: { lines: true },
    });
    expect(upsell).toMatchObject({ amountMinor: 1089, taxMinor: 189, taxCountry: "NL", buyerVatId: null });
    expect(upsell.lines.map((line) => [line.origin, line.amountMinor, line.taxMinor])).toEqual([["upsell", 900, 189]]);
  });

  it("adds VAT to a store page's cart, and the Tax report's totals are the sums of the payments it lists", async () => {
    const seller = await vatSeller();
    const handle = unique("vat-").toLowerCase().slice(0, 30);
    await db.storeSettings.update({
      where: { merchantId: seller.merchant.id },
      data: { storeHandle: handle, storePageEnabled: true },
    });
    await db.paymentButton.update({ where: { id: seller.button.id }, data: { storePosition: 0 } });
    const brushes = await createPaymentButton(db, seller.merchant.id, {
      paypalClientId: seller.clientId,
      name: "Brush pack",
      currency: "EUR",
      amountMinor: 500,
      maxQuantity: 5,
      storePosition: 1,
    });
    const items = [
      { buttonId: seller.button.id, quantity: 1 },
      { buttonId: brushes.id, quantity: 2 },
    ];
    expect(await refusal(buyer().createCartOrder({ handle, items }))).toEqual({
      code: "INVALID",
      message: vatMessages.chooseCountry,
    });
    // Austria 20 %: 10.00 → 2.00 and 2 × 5.00 → 2.00.
    const { orderId, cart } = await buyer().createCartOrder({ handle, items, buyerCountry: "AT" });
    expect(cart).toMatchObject({ tax: "€4.00", total: "€24.00" });
    expect((await orderAtPayPal(seller.clientId, orderId)).purchase_units[0]!.amount).toMatchObject({
      value: "24.00",
      breakdown: { item_total: { value: "20.00" }, tax_total: { value: "4.00" } },
    });
    await approveOrder(orderId, "alex");
    await buyer().captureOrder({ buttonId: seller.button.id, orderId });
    const cartPayment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    expect(cartPayment).toMatchObject({ amountMinor: 2400, taxMinor: 400, taxCountry: "AT" });
    expect(cartPayment.lines.map((line) => line.taxMinor)).toEqual([200, 200]);

    const business = await pay(
      { buttonId: seller.button.id, buyerCountry: "AT", vatNumber: "ATU13585627" },
      seller.clientId,
    );
    const consumer = await pay({ buttonId: seller.button.id, buyerCountry: "AT" }, seller.clientId);
    const report = await taxReport(seller.merchant.id, { timeZone: "UTC" });
    const austria = report.filter((row) => row.country === "AT");
    expect(austria).toEqual([
      expect.objectContaining({ reverseCharge: false, payments: 2, grossMinor: 3600, taxMinor: 600, netMinor: 3000 }),
      expect.objectContaining({ reverseCharge: true, payments: 1, grossMinor: 1000, taxMinor: 0, netMinor: 1000 }),
    ]);
    const listed = [cartPayment, business.payment, consumer.payment].reduce((sum, row) => sum + row.amountMinor, 0);
    expect(austria.reduce((sum, row) => sum + row.grossMinor, 0)).toBe(listed);
  });

  it("adds the buyer country's VAT to every payment of a subscription, and none for a business", async () => {
    const { merchant, clientId } = await vatSeller();
    const plan = await createPlan(clientId, { price: "10.00", currency: "EUR" });
    const button = await createSubscriptionButton(db, merchant.id, { clientId, planId: plan }, { amountMinor: 1000 });
    expect((await buyer().getButton({ buttonId: button.id })).asksBuyerCountry).toBe(true);
    expect(await refusal(buyer().startSubscription({ buttonId: button.id }))).toEqual({
      code: "INVALID",
      message: vatMessages.chooseCountry,
    });

    // France 20 %: PayPal adds it to this subscription's payments alone (its plan stays €10.00 for everyone).
    const { subscriptionId } = await buyer().startSubscription({ buttonId: button.id, buyerCountry: "FR" });
    expect(await subscriptionAtPayPal(clientId, subscriptionId)).toMatchObject({
      plan_id: plan,
      custom_id: button.id,
      plan_overridden: true,
      plan: { taxes: { percentage: "20", inclusive: false } },
    });
    await approveSubscription(subscriptionId);
    // The sign-up is reported by the buyer's page or by PayPal's webhook, neither with the buyer's country: the
    // VAT comes from what our server asked PayPal for.
    await buyer().recordSubscription({ buttonId: button.id, subscriptionId });
    const sub = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: subscriptionId } });
    expect(sub).toMatchObject({ amountMinor: 1000, taxRatePpm: 200_000, taxCountry: "FR", buyerVatId: null });
    await billSubscription(subscriptionId);
    await syncSubscription(sub.id);
    const payments = await db.transaction.findMany({
      where: { paypalSubscriptionId: subscriptionId },
      orderBy: { createdAt: "asc" },
    });
    expect(payments.map((row) => [row.amountMinor, row.taxMinor, row.taxCountry, row.buyerVatId])).toEqual([
      [1200, 200, "FR", null],
      [1200, 200, "FR", null],
    ]);

    // A German business: no VAT added, each payment says reverse charge.
    const business = await buyer().startSubscription({
      buttonId: button.id,
      buyerCountry: "DE",
      vatNumber: "DE136695976",
    });
    expect(await subscriptionAtPayPal(clientId, business.subscriptionId)).toMatchObject({ plan_overridden: false });
    await approveSubscription(business.subscriptionId);
    await buyer().recordSubscription({ buttonId: button.id, subscriptionId: business.subscriptionId });
    expect(
      await db.transaction.findFirstOrThrow({ where: { paypalSubscriptionId: business.subscriptionId } }),
    ).toMatchObject({ amountMinor: 1000, taxMinor: 0, taxCountry: "DE", buyerVatId: "DE136695976" });

    // A subscription made with PayPal's SDK by hand, without our start, is recorded as PayPal charges it: no VAT,
    // no country (never refused: PayPal has taken the buyer's money).
    const untaxed = await createSubscription(clientId, plan, button.id);
    await approveSubscription(untaxed);
    await buyer().recordSubscription({ buttonId: button.id, subscriptionId: untaxed });
    expect(await db.transaction.findFirstOrThrow({ where: { paypalSubscriptionId: untaxed } })).toMatchObject({
      amountMinor: 1000,
      taxMinor: 0,
      taxCountry: null,
    });

    const report = await taxReport(merchant.id, { timeZone: "UTC" });
    expect(report.find((row) => row.country === "FR")).toMatchObject({ payments: 2, grossMinor: 2400, taxMinor: 400 });
    expect(report.find((row) => row.country === "DE" && row.reverseCharge)).toMatchObject({ payments: 1 });
  });
});
