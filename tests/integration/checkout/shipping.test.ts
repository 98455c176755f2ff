import { describe, expect, it } from "vitest";
import { db } from "~/server/platform/db";
import { paymentButtonDefaults } from "~/schemas/payment-buttons";
import { createSeller } from "../../factories/seller";
import { buildSellPageInput } from "../../factories/sell-page";
import { buyerApi } from "../../support/buyer-api";
import { merchantCaller } from "../../support/callers";
import { sendQueuedMail, waitForMail } from "../../support/mailbox";
import { approveOrder, orderAtPayPal } from "../../support/paypal-sandbox";

// Physical goods, first part: a button that ships has PayPal ask the buyer for the address on their account, and
// the payment keeps the address PayPal's capture carries; a digital one asks nothing.

const buyer = () => buyerApi();

async function paid(buttonId: string, clientId: string) {
  const { orderId } = await buyer().createOrder({ buttonId });
  const email = `ships-${orderId.toLowerCase()}@buyer.example.com`;
  await approveOrder(orderId, "alex", email);
  await buyer().captureOrder({ buttonId, orderId });
  const unit = (await orderAtPayPal(clientId, orderId)).purchase_units[0]!;
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { unit, payment, email };
}

describe("a button that ships", () => {
  it("asks PayPal for the buyer's address and keeps it on the payment, its detail and the receipt", async () => {
    const { merchant, button, clientId } = await createSeller(db, { name: "Tote bag", amountMinor: 1800, ships: true });
    const { unit, payment, email } = await paid(button.id, clientId);
    expect(unit.shipping?.address?.postal_code).toBe("95131");
    expect(payment).toMatchObject({
      shippingName: "Alex Buyer",
      shippingLine1: "2211 N First Street",
      shippingCity: "San Jose",
      shippingRegion: "CA",
      shippingPostalCode: "95131",
      shippingCountry: "US",
    });
    const detail = await merchantCaller(merchant).merchant.payments.get({ id: payment.id });
    expect(detail.shipTo).toEqual({
      name: "Alex Buyer",
      lines: ["2211 N First Street", "San Jose, CA 95131", "United States"],
    });
    await sendQueuedMail(email);
    expect((await waitForMail(email, "Your receipt from")).text).toContain(
      "Alex Buyer, 2211 N First Street, San Jose, CA 95131, United States",
    );
  });

  it("asks nothing for a digital button, and the payment has no address", async () => {
    const { button, clientId } = await createSeller(db, { name: "Ebook" });
    const { unit, payment } = await paid(button.id, clientId);
    expect(unit.shipping).toBeUndefined();
    expect(payment.shippingCountry).toBeNull();
  });

  it("ships from a sell page: both bundles ask for the address once the page's form says it ships", async () => {
    const { merchant, clientId } = await createSeller(db);
    const api = merchantCaller(merchant);
    const { id } = await api.pages.sellPages.create(
      buildSellPageInput({ paypalClientId: clientId, premiumEnabled: true, ships: true }),
    );
    expect((await api.pages.sellPages.get({ id })).values.ships).toBe(true);
    const bundles = await db.paymentButton.findMany({ where: { sellPageId: id } });
    expect(bundles.map((bundle) => bundle.ships)).toEqual([true, true]);
    const { payment } = await paid(bundles[0]!.id, clientId);
    expect(payment.shippingCountry).toBe("US");
  });

  it("is saved from the button's form for one-time buttons only", async () => {
    const { merchant } = await createSeller(db);
    const api = merchantCaller(merchant);
    const input = { ...paymentButtonDefaults, name: "Poster", amount: "12.00", paypalClientId: "client-abc" };
    const created = await api.pages.buttons.create({ ...input, ships: true });
    expect(created.values.ships).toBe(true);
    const plan = await api.pages.buttons.create({
      ...input,
      paymentType: "subscription",
      subscriptionPlanId: "P-12345",
      planSource: "existing",
      ships: true,
    });
    expect(plan.values.ships).toBe(false);
  });
});
