import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import type { Currency } from "~/generated/prisma/enums";
import { db } from "~/server/platform/db";
import { cartMessages } from "~/server/checkout/cart";
import { discountMessages } from "~/server/checkout/pricing";
import { invoicePdf, invoicesOf } from "~/server/invoices/invoices";
import { getButtonAnalytics } from "~/server/analytics/pop-analytics";
import { createPaymentButton } from "../../factories/payment-button";
import { createSellPage } from "../../factories/sell-page";
import { createSeller } from "../../factories/seller";
import { createStoredFile } from "../../factories/stored-file";
import { unique } from "../../factories/unique";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import { mailTo, sendQueuedMail, waitForMail } from "../../support/mailbox";
import { approveOrder, orderAtPayPal } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";
import { merchantCaller } from "../../support/callers";

// A store page's cart: several POPs of one store in one PayPal order, every line priced by our server from the
// store's data, claimed together at the capture, and recorded as payment lines of their own.

const buyer = () => buyerApi();

/** A connected store with its page open at a fresh address, listing `items` in that order. */
async function openStore() {
  const seller = await createSeller(db, { name: "Ebook", amountMinor: 1200, maxQuantity: 5 });
  const handle = unique("cart-").toLowerCase().slice(0, 30);
  await db.storeSettings.update({
    where: { merchantId: seller.merchant.id },
    data: { storeHandle: handle, storePageEnabled: true },
  });
  const listed = async (fields: Parameters<typeof createPaymentButton>[2], position: number) => {
    const button = await createPaymentButton(db, seller.merchant.id, {
      paypalClientId: seller.clientId,
      storePosition: position,
      ...fields,
    });
    return button;
  };
  await db.paymentButton.update({ where: { id: seller.button.id }, data: { storePosition: 0 } });
  return { ...seller, handle, listed };
}

async function refusal(promise: Promise<unknown>) {
  const { code, message } = await rejectionOf<CheckoutRefused>(promise);
  return { code, message };
}

describe("store page cart", () => {
  it("pays three items with a code in one PayPal order, records three lines and sends one receipt listing them", async () => {
    const store = await openStore();
    const stickers = await store.listed({ name: "Stickers", amountMinor: 300, maxQuantity: 10, stockLimit: 20 }, 1);
    const file = await createStoredFile(db, store.merchant.id, "downloadable_file");
    const page = await createSellPage(db, store.merchant.id, {
      paypalClientId: store.clientId,
      storePosition: 2,
      downloadableFileId: file.id,
    });
    await db.discountCode.create({
      data: { merchantId: store.merchant.id, code: "TENOFF", kind: "percent", percentOff: 10, maxUses: 5 },
    });
    const cart = {
      handle: store.handle,
      items: [
        { buttonId: store.button.id, quantity: 1 },
        { buttonId: stickers.id, quantity: 3 },
        { buttonId: page.basicButton.id, quantity: 1 },
      ],
      discountCode: "tenoff",
    };

    const quote = await buyer().quoteCart(cart);
    expect(quote.lines.map((line) => [line.name, line.quantity, line.amount])).toEqual([
      ["Ebook", 1, "$10.80"],
      ["Stickers", 3, "$8.10"],
      [`${page.name} - Basic Bundle`, 1, "$26.99"],
    ]);
    expect(quote).toMatchObject({ subtotal: "$50.99", discountText: "TENOFF: −$5.10", total: "$45.89" });

    const before = await db.checkoutSession.count({ where: { merchantId: store.merchant.id } });
    const { orderId, buttonId } = await buyer().createCartOrder(cart);
    expect(buttonId).toBe(store.button.id);
    expect(await db.checkoutSession.count({ where: { merchantId: store.merchant.id } })).toBe(before + 1);
    const [unit] = (await orderAtPayPal(store.clientId, orderId)).purchase_units;
    expect(unit!.amount.value).toBe("45.89");
    expect(unit!.amount.breakdown?.item_total?.value).toBe("50.99");
    expect(unit!.amount.breakdown?.discount?.value).toBe("5.10");
    expect(unit!.items!.map((item) => [item.name, item.quantity, item.unit_amount.value])).toEqual([
      ["Ebook", "1", "12.00"],
      ["Stickers", "3", "3.00"],
      [`${page.name} - Basic Bundle`, "1", "29.99"],
    ]);

    const email = `cart-${orderId.toLowerCase()}@buyer.example.com`;
    await approveOrder(orderId, "alex", email);
    const result = await buyer().captureOrder({ buttonId, orderId });
    // The cart's files are in the buyer's library, which the receipt links: no one file's thank-you token.
    expect(result).toMatchObject({ status: "completed", downloadToken: null, upsell: null });

    const payment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    expect(payment).toMatchObject({ amountMinor: 4589, discountMinor: 510, discountCodeText: "TENOFF" });
    expect(
      payment.lines.map((line) => [line.origin, line.buttonId, line.quantity, line.discountMinor, line.amountMinor]),
    ).toEqual([
      ["cart", store.button.id, 1, 120, 1080],
      ["cart", stickers.id, 3, 90, 810],
      ["cart", page.basicButton.id, 1, 300, 2699],
    ]);
    expect(payment.lines.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(payment.amountMinor);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: stickers.id } })).soldCount).toBe(3);
    expect(
      (await db.discountCode.findFirstOrThrow({ where: { merchantId: store.merchant.id, code: "TENOFF" } })).usesCount,
    ).toBe(1);

    // The seller's Payments list names every line and marks the payment as the store page's cart.
    const listed = await merchantCaller(store.merchant).merchant.payments.get({ id: payment.id });
    expect(listed).toMatchObject({
      item: `Ebook + 3 × Stickers + ${page.name} - Basic Bundle`,
      lineCount: 3,
      sellingTool: "cart",
    });

    // Each POP's analytics count its own line: a sale, and what the buyer paid for it after the code.
    const revenueOf = async (buttonId: string) =>
      (await getButtonAnalytics(store.merchant.id, { buttonId, period: "7d" })).revenue;
    expect(await revenueOf(store.button.id)).toEqual([{ currency: "USD", amountMinor: 1080 }]);
    expect(await revenueOf(stickers.id)).toEqual([{ currency: "USD", amountMinor: 810 }]);

    // The invoice prints each line at its price, then the discount and the total.
    const [invoice] = await invoicesOf({ merchantId: store.merchant.id }, payment.id);
    const pdf = (await invoicePdf({ merchantId: store.merchant.id }, invoice!.id)).pdf;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text.replace(/\s+/g, " ")).toContain(
      `Ebook 1 $12.00 Stickers 3 $9.00 ${page.name} - Basic Bundle 1 $29.99 Discount -$5.10 Total $45.89`,
    );

    await sendQueuedMail(email);
    const receipt = await waitForMail(email, "Your receipt from");
    expect(receipt.subject).toContain(`: Ebook + 3 × Stickers + ${page.name} - Basic Bundle`);
    for (const row of [
      "Ebook",
      "$12.00",
      "3 × Stickers",
      "$9.00",
      "$29.99",
      "TENOFF",
      "$45.89",
      "Open your purchases",
    ]) {
      expect(receipt.text).toContain(row);
    }
    // One receipt for the whole cart.
    expect((await mailTo(email)).filter((mail) => mail.subject.startsWith("Your receipt from"))).toHaveLength(1);
  });

  it("refuses a tampered cart with a sentence and creates no order", async () => {
    const store = await openStore();
    const unlisted = await createPaymentButton(db, store.merchant.id, { paypalClientId: store.clientId });
    const euros = await store.listed({ name: "Euro print", currency: "EUR" }, 1);
    const plan = await store.listed({ name: "Club", paymentType: "subscription", subscriptionPlanId: "P-1" }, 2);
    const other = await openStore();
    const before = await db.checkoutSession.count();
    const item = (buttonId: string, quantity = 1) => ({ buttonId, quantity });
    const cases: [unknown, string, string][] = [
      [{ handle: store.handle, items: [item(store.button.id), item(unlisted.id)] }, "CONFLICT", cartMessages.itemGone],
      [{ handle: store.handle, items: [item(other.button.id)] }, "CONFLICT", cartMessages.itemGone],
      [{ handle: store.handle, items: [item(plan.id)] }, "CONFLICT", cartMessages.itemGone],
      [
        { handle: store.handle, items: [item(store.button.id), item(euros.id)] },
        "INVALID",
        cartMessages.mixedCurrencies,
      ],
      [
        { handle: store.handle, items: [item(store.button.id, 6)] },
        "INVALID",
        "Ebook: You can buy at most 5 at a time.",
      ],
      [{ handle: store.handle, items: [item(store.button.id, 0)] }, "INVALID", "Buy at least 1."],
      [
        { handle: store.handle, items: [{ buttonId: store.button.id, quantity: "1; DROP" }] },
        "INVALID",
        "Enter a whole number of items.",
      ],
      [{ handle: store.handle, items: [] }, "INVALID", "Your cart is empty."],
      [{ handle: "no-such-store", items: [item(store.button.id)] }, "NOT_FOUND", cartMessages.storeNotFound],
      [
        { handle: store.handle, items: [item(store.button.id)], discountCode: "NOPE" },
        "INVALID",
        discountMessages.invalid,
      ],
    ];
    for (const [cart, code, message] of cases) {
      expect(await refusal(buyer().createCartOrder(cart)), JSON.stringify(cart)).toEqual({ code, message });
    }
    // A price, currency or total the browser adds is not read: the order is priced from the store's data.
    const { orderId } = await buyer().createCartOrder({
      handle: store.handle,
      items: [{ ...item(store.button.id), amountMinor: 1, price: "0.01" }],
      currency: "JPY",
      totalMinor: 1,
    });
    expect((await orderAtPayPal(store.clientId, orderId)).purchase_units[0]!.amount).toMatchObject({
      currency_code: "USD",
      value: "12.00",
    });
    expect(await db.checkoutSession.count()).toBe(before + 1);

    // A page turned off takes no carts.
    await db.storeSettings.update({ where: { merchantId: store.merchant.id }, data: { storePageEnabled: false } });
    expect(await refusal(buyer().quoteCart({ handle: store.handle, items: [item(store.button.id)] }))).toEqual({
      code: "NOT_FOUND",
      message: cartMessages.storeNotFound,
    });
  });

  it("takes a code only off the lines it is for, and refuses a code for none of them like a made-up one", async () => {
    const store = await openStore();
    const poster = await store.listed({ name: "Poster", amountMinor: 2000 }, 1);
    await db.discountCode.create({
      data: {
        merchantId: store.merchant.id,
        code: "POSTER5",
        kind: "fixed",
        amountOffMinor: 500,
        currency: "USD",
        appliesToAll: false,
        buttonIds: [poster.id],
      },
    });
    const quote = await buyer().quoteCart({
      handle: store.handle,
      items: [
        { buttonId: store.button.id, quantity: 1 },
        { buttonId: poster.id, quantity: 1 },
      ],
      discountCode: "poster5",
    });
    expect(quote.lines.map((line) => [line.name, line.discount, line.amount])).toEqual([
      ["Ebook", null, "$12.00"],
      ["Poster", "−$5.00", "$15.00"],
    ]);
    expect(
      await refusal(
        buyer().quoteCart({
          handle: store.handle,
          items: [{ buttonId: store.button.id, quantity: 1 }],
          discountCode: "POSTER5",
        }),
      ),
    ).toEqual({ code: "INVALID", message: discountMessages.invalid });
  });

  it.each<[Currency, number[], number, string]>([
    // 3 × 0.10 less 15%: 1.5 cents rounds per line to 2 (6 in all, not 4.5), so the items still add up for PayPal.
    ["USD", [10, 10, 10], 15, "0.24"],
    // Yen have no minor unit: 10% of ¥333 and ¥334 is ¥33 a line, never a fraction PayPal would refuse.
    ["JPY", [333, 333, 334], 10, "901"],
  ])("adds up to PayPal's breakdown rule in %s (items less the discount)", async (currency, prices, percent, total) => {
    const store = await openStore();
    const buttons = await Promise.all(
      prices.map((amountMinor, position) =>
        store.listed({ name: `Item ${position}`, amountMinor, currency }, position + 1),
      ),
    );
    await db.discountCode.create({
      data: { merchantId: store.merchant.id, code: "ROUND", kind: "percent", percentOff: percent },
    });
    const { orderId, buttonId } = await buyer().createCartOrder({
      handle: store.handle,
      items: buttons.map((button) => ({ buttonId: button.id, quantity: 1 })),
      discountCode: "ROUND",
    });
    expect((await orderAtPayPal(store.clientId, orderId)).purchase_units[0]!.amount.value).toBe(total);
    await approveOrder(orderId);
    expect((await buyer().captureOrder({ buttonId, orderId })).status).toBe("completed");
  });

  it("claims every line's stock at the capture or none: the last unit sold elsewhere refuses the cart by name", async () => {
    const store = await openStore();
    const print = await store.listed({ name: "Signed print", amountMinor: 5000, stockLimit: 1 }, 1);
    const stickers = await store.listed({ name: "Stickers", amountMinor: 300, maxQuantity: 5, stockLimit: 50 }, 2);
    const cart = {
      handle: store.handle,
      items: [
        { buttonId: stickers.id, quantity: 2 },
        { buttonId: print.id, quantity: 1 },
      ],
    };
    const first = await buyer().createCartOrder(cart);
    const second = await buyer().createCartOrder(cart);
    await approveOrder(first.orderId);
    await approveOrder(second.orderId);
    expect((await buyer().captureOrder(first)).status).toBe("completed");
    expect(await refusal(buyer().captureOrder(second))).toEqual({
      code: "CONFLICT",
      message: "Signed print: Sold out",
    });
    // The refused cart took none of the stickers: only the paid cart's two are counted.
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: stickers.id } })).soldCount).toBe(2);
    expect(await db.transaction.count({ where: { paypalOrderId: second.orderId } })).toBe(0);
  });
});
