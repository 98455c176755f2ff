import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { getPublicButton } from "~/server/checkout/public-button";
import { BUMP_GONE } from "~/server/checkout/pricing";
import { getButtonAnalytics } from "~/server/analytics/pop-analytics";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { createSeller } from "../../factories/seller";
import { buyerApi, type CheckoutRefused } from "../../support/buyer-api";
import { approveOrder, orderAtPayPal } from "../../support/paypal-sandbox";
import { rejectionOf } from "../../support/rejection";
import { sendQueuedMail, waitForMail } from "../../support/mailbox";
import { merchantCaller } from "../../support/callers";

// The order bump at the checkout: priced on the server from the seller's settings, sent to PayPal as an item of
// its own, claimed with the main item's stock, and recorded as a payment line of its own.

const buyer = () => buyerApi();

/** A button selling an ebook at $20 with a $15 workbook offered as a bump at $5 (or as `bump` overrides say). */
async function sellerWithBump(
  bump: Parameters<typeof createPaymentButton>[2] = {},
  bumpPriceMinor: number | null = 500,
) {
  const seller = await createSeller(db, { name: "Ebook", amountMinor: 2000, maxQuantity: 3 });
  const workbook = await createPaymentButton(db, seller.merchant.id, {
    name: "Workbook",
    amountMinor: 1500,
    paypalClientId: seller.clientId,
    ...bump,
  });
  await db.paymentButton.update({
    where: { id: seller.button.id },
    data: { bumpButtonId: workbook.id, bumpPriceMinor, bumpPitch: "Practise every chapter" },
  });
  return { ...seller, workbook };
}

async function refusal(promise: Promise<unknown>) {
  const { code, message } = await rejectionOf<CheckoutRefused>(promise);
  return { code, message };
}

describe("order bump", () => {
  it("shows the buyer the bump's name, price, usual price and pitch, and nothing when it cannot be sold", async () => {
    const { button, workbook } = await sellerWithBump();
    expect((await getPublicButton({ buttonId: button.id })).bump).toEqual({
      name: "Workbook",
      amountMinor: 500,
      regularAmountMinor: 1500,
      pitch: "Practise every chapter",
    });
    await db.paymentButton.update({ where: { id: workbook.id }, data: { stockLimit: 2, soldCount: 2 } });
    expect((await getPublicButton({ buttonId: button.id })).bump).toBeNull();
    await db.paymentButton.update({ where: { id: workbook.id }, data: { stockLimit: null, isActive: false } });
    expect((await getPublicButton({ buttonId: button.id })).bump).toBeNull();
  });

  it("sends PayPal both items with their sum, and records two lines that add up to the payment", async () => {
    const { button, workbook, clientId } = await sellerWithBump();
    const { orderId } = await buyer().createOrder({ buttonId: button.id, quantity: "2", bump: "true" });
    const [unit] = (await orderAtPayPal(clientId, orderId)).purchase_units;
    expect(unit!.amount.value).toBe("45.00");
    expect(unit!.amount.breakdown?.item_total?.value).toBe("45.00");
    expect(unit!.items!.map((item) => [item.name, item.quantity, item.unit_amount.value])).toEqual([
      ["Ebook", "2", "20.00"],
      ["Workbook", "1", "5.00"],
    ]);

    const email = `bump-${orderId.toLowerCase()}@buyer.example.com`;
    await approveOrder(orderId, "alex", email);
    expect((await buyer().captureOrder({ buttonId: button.id, orderId })).status).toBe("completed");
    // The receipt names both items, as PayPal's does.
    await sendQueuedMail(email);
    expect((await waitForMail(email, "Your receipt from")).subject).toContain(": 2 × Ebook + Workbook");
    const payment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    expect(payment.amountMinor).toBe(4500);
    expect(
      payment.lines.map((line) => [line.origin, line.buttonId, line.name, line.quantity, line.amountMinor]),
    ).toEqual([
      ["item", button.id, "Ebook", 2, 4000],
      ["bump", workbook.id, "Workbook", 1, 500],
    ]);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: workbook.id } })).soldCount).toBe(1);
  });

  it("takes a discount code off the main item only, and charges the bump's own price when it has no bump price", async () => {
    const { button, merchant } = await sellerWithBump({}, null);
    await db.discountCode.create({ data: { merchantId: merchant.id, code: "HALF", kind: "percent", percentOff: 50 } });
    const quote = await buyer().quoteOrder({ buttonId: button.id, discountCode: "half", bump: true });
    expect(quote).toMatchObject({ discountMinor: 1000, totalMinor: 2500, bumpName: "Workbook" });
    const { orderId } = await buyer().createOrder({ buttonId: button.id, discountCode: "half", bump: true });
    await approveOrder(orderId);
    await buyer().captureOrder({ buttonId: button.id, orderId });
    const lines = await db.paymentLine.findMany({
      where: { transaction: { paypalOrderId: orderId } },
      orderBy: { position: "asc" },
    });
    expect(lines.map((line) => [line.unitAmountMinor, line.discountMinor, line.amountMinor])).toEqual([
      [2000, 1000, 1000],
      [1500, 0, 1500],
    ]);
  });

  it("issues the bump's license key under the bump POP's own policy, with the main item's, in the buyer's answer", async () => {
    const { button, workbook, merchant } = await sellerWithBump();
    await db.licensePolicy.create({ data: { buttonId: button.id, merchantId: merchant.id, keyPrefix: "BOOK-" } });
    await db.licensePolicy.create({ data: { buttonId: workbook.id, merchantId: merchant.id, keyPrefix: "WORK-" } });
    const { orderId } = await buyer().createOrder({ buttonId: button.id, bump: "true" });
    await approveOrder(orderId);
    const { licenseKeys } = await buyer().captureOrder({ buttonId: button.id, orderId });
    expect(licenseKeys.map((key) => key.slice(0, 5)).sort()).toEqual(["BOOK-", "WORK-"]);
    const keys = await db.licenseKey.findMany({ where: { transaction: { paypalOrderId: orderId } } });
    expect(keys.map((key) => key.buttonId).sort()).toEqual([button.id, workbook.id].sort());
  });

  it("counts the bump's take rate and revenue over the paid orders that offered it, on the button's analytics", async () => {
    const { button, merchant } = await sellerWithBump();
    const figures = () => getButtonAnalytics(merchant.id, { buttonId: button.id, period: "30d" });
    expect((await figures()).orderBump).toBeNull();
    for (const bump of ["true", "false", "false", undefined] as const) {
      const { orderId } = await buyer().createOrder({ buttonId: button.id, ...(bump && { bump }) });
      await approveOrder(orderId);
      await buyer().captureOrder({ buttonId: button.id, orderId });
    }
    // An order never paid is not an order that declined the bump.
    await buyer().createOrder({ buttonId: button.id });
    expect((await figures()).orderBump).toEqual({ offered: 4, taken: 1, takeRate: 25, revenueMinor: 500 });
  });

  it("counts the bump as its own POP's sale in analytics, and only the main item on the main POP, after a line refund too", async () => {
    const { button, workbook, merchant } = await sellerWithBump();
    const { orderId } = await buyer().createOrder({ buttonId: button.id, bump: "true" });
    await approveOrder(orderId);
    await buyer().captureOrder({ buttonId: button.id, orderId });
    const figures = async (buttonId: string) => {
      const { successfulTransactions, totalTransactions, revenue } = await getButtonAnalytics(merchant.id, {
        buttonId,
        period: "30d",
      });
      return { successfulTransactions, totalTransactions, revenue };
    };
    const usd = (amountMinor: number) => [{ currency: "USD", amountMinor }];
    expect(await figures(button.id)).toEqual({ successfulTransactions: 1, totalTransactions: 1, revenue: usd(2000) });
    expect(await figures(workbook.id)).toEqual({ successfulTransactions: 1, totalTransactions: 1, revenue: usd(500) });

    const payment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    await merchantCaller(merchant).merchant.payments.refund({
      paymentId: payment.id,
      idempotencyKey: crypto.randomUUID(),
      lineId: payment.lines[1]!.id,
      amountMinor: 200,
    });
    expect((await figures(button.id)).revenue).toEqual(usd(2000));
    expect((await figures(workbook.id)).revenue).toEqual(usd(300));
  });

  it("refunds one line: within what is left of it, counted on the line, and its keys only are disabled", async () => {
    const { button, workbook, merchant } = await sellerWithBump();
    await db.licensePolicy.create({ data: { buttonId: button.id, merchantId: merchant.id } });
    await db.licensePolicy.create({ data: { buttonId: workbook.id, merchantId: merchant.id } });
    const { orderId } = await buyer().createOrder({ buttonId: button.id, bump: "true" });
    await approveOrder(orderId);
    await buyer().captureOrder({ buttonId: button.id, orderId });
    const payment = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    const [ebookLine, bumpLine] = payment.lines;
    const refund = (input: { lineId: string; amountMinor?: number }) =>
      merchantCaller(merchant).merchant.payments.refund({
        paymentId: payment.id,
        idempotencyKey: crypto.randomUUID(),
        ...input,
      });

    expect((await rejectionOf(refund({ lineId: bumpLine!.id, amountMinor: 501 }))).message).toBe(
      "The refund cannot be more than what is left of this item ($5.00).",
    );
    const other = await sellerWithBump();
    const { orderId: otherOrder } = await buyer().createOrder({ buttonId: other.button.id });
    await approveOrder(otherOrder);
    await buyer().captureOrder({ buttonId: other.button.id, orderId: otherOrder });
    const foreignLine = await db.paymentLine.findFirstOrThrow({
      where: { transaction: { paypalOrderId: otherOrder } },
    });
    expect((await rejectionOf(refund({ lineId: foreignLine.id }))).message).toBe("Payment line not found.");

    await refund({ lineId: bumpLine!.id, amountMinor: 200 });
    expect((await db.paymentLine.findUniqueOrThrow({ where: { id: bumpLine!.id } })).refundedMinor).toBe(200);
    const result = await refund({ lineId: bumpLine!.id });
    expect(result).toMatchObject({ amountMinor: 300, status: "partially_refunded", refundedMinor: 500 });
    expect((await rejectionOf(refund({ lineId: bumpLine!.id }))).message).toBe(
      "This item has been refunded in full already.",
    );
    const keys = await db.licenseKey.findMany({ where: { transactionId: payment.id } });
    expect(keys.map((key) => [key.buttonId, key.disabledAt !== null]).sort()).toEqual(
      [
        [button.id, false],
        [workbook.id, true],
      ].sort(),
    );
    expect((await db.paymentLine.findUniqueOrThrow({ where: { id: ebookLine!.id } })).refundedMinor).toBe(0);
    expect(await db.refund.count({ where: { paymentLineId: bumpLine!.id } })).toBe(2);
  });

  it("refuses a ticked bump the button does not offer, and a malformed tick, before any PayPal order exists", async () => {
    const { button } = await createSeller(db);
    expect(await refusal(buyer().createOrder({ buttonId: button.id, bump: "true" }))).toEqual({
      code: "CONFLICT",
      message: BUMP_GONE,
    });
    expect((await refusal(buyer().createOrder({ buttonId: button.id, bump: "yes" as "true" }))).code).toBe("INVALID");
    expect(await db.checkoutSession.count({ where: { buttonId: button.id } })).toBe(0);
  });

  it("never offers another store's POP, or one in another currency, whatever the row says", async () => {
    const other = await createMerchant(db);
    const foreign = await createPaymentButton(db, other.id, { amountMinor: 100 });
    const { button } = await createSeller(db, { bumpPriceMinor: 50 });
    await db.paymentButton.update({ where: { id: button.id }, data: { bumpButtonId: foreign.id } });
    expect((await getPublicButton({ buttonId: button.id })).bump).toBeNull();
    expect((await refusal(buyer().createOrder({ buttonId: button.id, bump: "true" }))).message).toBe(BUMP_GONE);

    const { button: euro } = await sellerWithBump({ currency: "EUR" });
    expect((await getPublicButton({ buttonId: euro.id })).bump).toBeNull();
  });

  it("refuses the capture without charging when the bump sold out after the order, and frees the main item", async () => {
    const { button, workbook } = await sellerWithBump({ stockLimit: 1 });
    const { orderId } = await buyer().createOrder({ buttonId: button.id, bump: "true" });
    await db.paymentButton.update({ where: { id: workbook.id }, data: { soldCount: 1 } });
    await approveOrder(orderId);
    expect(await refusal(buyer().captureOrder({ buttonId: button.id, orderId }))).toEqual({
      code: "CONFLICT",
      message: BUMP_GONE,
    });
    expect(await db.transaction.count({ where: { paypalOrderId: orderId } })).toBe(0);
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(0);
  });
});
