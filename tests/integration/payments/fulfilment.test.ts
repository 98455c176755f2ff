import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { fulfilmentMessages } from "~/server/payments/fulfilment";
import { createSeller } from "../../factories/seller";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { sendQueuedMail, waitForMail } from "../../support/mailbox";
import { approveOrder, orderAtPayPal } from "../../support/paypal-sandbox";
import { refusalOf } from "../../support/rejection";

// After an order that ships is paid: the "To ship" list, marking it shipped (PayPal gets the tracker, the buyer our
// e-mail with the tracking link, the seller's webhooks payment.shipped) and delivered.

async function paidOrder(overrides: { ships?: boolean; stockLimit?: number } = {}) {
  const seller = await createSeller(db, {
    name: "Ceramic mug",
    amountMinor: 2400,
    ships: overrides.ships ?? true,
    stockLimit: overrides.stockLimit ?? null,
  });
  const { orderId } = await buyerApi().createOrder({ buttonId: seller.button.id });
  const email = `mug-${orderId.toLowerCase()}@buyer.example.com`;
  await approveOrder(orderId, "alex", email, { address: "us-ny" });
  await buyerApi().captureOrder({ buttonId: seller.button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { ...seller, orderId, email, payment, api: merchantCaller(seller.merchant) };
}

describe("the To ship list", () => {
  it("lists paid orders that ship, oldest first, until they are shipped; searchable", async () => {
    const first = await paidOrder();
    const second = await createSeller(db);
    const toShip = await first.api.merchant.payments.shipments({});
    expect(toShip.rows.map((row) => row.id)).toEqual([first.payment.id]);
    expect(toShip.rows[0]).toMatchObject({
      item: "Ceramic mug",
      fulfilment: "unfulfilled",
      shipTo: { name: "Alex Buyer", lines: expect.arrayContaining(["New York, NY 10118", "United States"]) },
    });
    expect((await first.api.merchant.payments.shipments({ q: "nobody-like-this" })).total).toBe(0);
    // Another store's list does not show it.
    expect((await merchantCaller(second.merchant).merchant.payments.shipments({})).total).toBe(0);
  });
});

describe("marking an order shipped", () => {
  it("sends the tracker to PayPal, e-mails the buyer the tracking link and moves it to Shipped", async () => {
    const { api, payment, clientId, orderId, email } = await paidOrder();
    await api.merchant.webhooks.updateUrl({ url: "https://hooks.example.com/popkit" });
    await api.merchant.webhooks.rotateSecret();
    await api.merchant.payments.markShipped({
      id: payment.id,
      carrier: "USPS",
      trackingNumber: "9400 1000 0000 0000 0000 00",
    });
    const trackers = (await orderAtPayPal(clientId, orderId)).purchase_units[0]!.shipping?.trackers ?? [];
    expect(trackers).toEqual([expect.objectContaining({ status: "SHIPPED" })]);
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      fulfilment: "shipped",
      carrier: "USPS",
      trackingNumber: "9400 1000 0000 0000 0000 00",
    });
    const [delivery] = await db.webhookDelivery.findMany({ where: { merchantId: payment.merchantId } });
    expect(JSON.parse(delivery!.payload)).toMatchObject({
      type: "payment.shipped",
      data: { id: payment.paypalTransactionId, carrier: "USPS", tracking_number: "9400 1000 0000 0000 0000 00" },
    });
    await sendQueuedMail(email);
    const mail = await waitForMail(email, "has shipped");
    expect(mail.text).toContain("https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000");
    expect((await api.merchant.payments.shipments({ status: "shipped" })).rows[0]).toMatchObject({
      id: payment.id,
      carrier: "USPS",
    });
    const detail = await api.merchant.payments.get({ id: payment.id });
    expect(detail.shipment).toMatchObject({ fulfilment: "shipped", carrier: "USPS" });

    await api.merchant.payments.markDelivered({ id: payment.id });
    expect((await api.merchant.payments.shipments({ status: "delivered" })).total).toBe(1);
  });

  it("refuses what cannot be shipped, with the seller's sentence, and another store's payment", async () => {
    const { api, payment } = await paidOrder();
    expect(await refusalOf(api.merchant.payments.markDelivered({ id: payment.id }))).toMatchObject({
      message: fulfilmentMessages.notShipped,
    });
    const digital = await paidOrder({ ships: false });
    expect(
      await refusalOf(
        digital.api.merchant.payments.markShipped({ id: digital.payment.id, carrier: "UPS", trackingNumber: "1Z999" }),
      ),
    ).toMatchObject({ message: fulfilmentMessages.nothingShips });
    expect(
      await refusalOf(
        digital.api.merchant.payments.markShipped({ id: payment.id, carrier: "UPS", trackingNumber: "1Z999" }),
      ),
    ).toMatchObject({ code: "NOT_FOUND", message: fulfilmentMessages.notFound });
    expect(
      await refusalOf(api.merchant.payments.markShipped({ id: payment.id, carrier: "OTHER", trackingNumber: "AB-1" })),
    ).toMatchObject({ fieldErrors: { carrierName: ["Enter the carrier's name."] } });
    expect(
      await refusalOf(
        api.merchant.payments.markShipped({ id: payment.id, carrier: "UPS", trackingNumber: "<script>" }),
      ),
    ).toMatchObject({
      fieldErrors: { trackingNumber: ["A tracking number has only letters, digits, spaces and dashes."] },
    });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      fulfilment: "unfulfilled",
    });
  });
});

describe("a refund before the order ships", () => {
  it("puts its units back in stock when the seller asks, and not for a partial refund", async () => {
    const { api, payment, button } = await paidOrder({ stockLimit: 5 });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(1);
    await api.merchant.payments.refund({
      paymentId: payment.id,
      amountMinor: 100,
      idempotencyKey: randomUUID(),
      restock: true,
    });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(1);
    await api.merchant.payments.refund({ paymentId: payment.id, idempotencyKey: randomUUID(), restock: true });
    expect((await db.paymentButton.findUniqueOrThrow({ where: { id: button.id } })).soldCount).toBe(0);
  });
});

describe("marking orders shipped from a CSV", () => {
  it("ships each row it can and names the rows it cannot, with their reasons", async () => {
    const { api, payment, clientId, orderId, merchant } = await paidOrder();
    const csv = [
      "\uFEFFTransaction ID,Carrier,Tracking number",
      `${payment.paypalTransactionId},fedex,7489 1234 5678`,
      "NOT-OURS-123,UPS,1Z999",
      `${payment.paypalTransactionId},Hermes,<b>`,
      "",
    ].join("\r\n");
    const answer = await api.merchant.payments.markShippedFromCsv({ csv, notifyBuyer: false });
    expect(answer).toEqual({
      shipped: 1,
      results: [
        { row: 2, reference: payment.paypalTransactionId, message: null },
        { row: 3, reference: "NOT-OURS-123", message: fulfilmentMessages.notFound },
        {
          row: 4,
          reference: payment.paypalTransactionId,
          message: "A tracking number has only letters, digits, spaces and dashes.",
        },
      ],
    });
    expect(await db.transaction.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      fulfilment: "shipped",
      carrier: "FEDEX",
      trackingNumber: "7489 1234 5678",
    });
    expect((await orderAtPayPal(clientId, orderId)).purchase_units[0]!.shipping?.trackers).toHaveLength(1);
    // The same file again: the order is shipped already with that tracker, which PayPal keeps once.
    expect((await api.merchant.payments.markShippedFromCsv({ csv, notifyBuyer: false })).shipped).toBe(1);
    expect((await orderAtPayPal(clientId, orderId)).purchase_units[0]!.shipping?.trackers).toHaveLength(1);
    // Another store's transaction id is not found, as a made-up one.
    const other = await paidOrder();
    const refused = await other.api.merchant.payments.markShippedFromCsv({
      csv: `Transaction ID,Carrier,Tracking number\n${payment.paypalTransactionId},UPS,1Z1`,
    });
    expect(refused.results[0]!.message).toBe(fulfilmentMessages.notFound);
    expect(merchant.id).not.toBe(other.merchant.id);
  });

  it("refuses a file without the three columns", async () => {
    const { api } = await paidOrder();
    expect(await refusalOf(api.merchant.payments.markShippedFromCsv({ csv: "id,tracking\n1,2" }))).toMatchObject({
      message: "The CSV needs the columns Transaction ID, Carrier and Tracking number.",
    });
  });
});
