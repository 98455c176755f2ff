// The demo's physical goods: Store Settings › Shipping and tax with two zones (the United States with Standard and
// Express, Canada with one rate) and New York and California sales tax, and two paid orders of the Limited Art Print
// made in the PayPal simulator, one shipped with a USPS tracking number PayPal holds, one waiting in "To ship".
// Added after prisma/seed.ts's seedDemo by the same callers. Idempotent: settings a seller changed are kept, and the
// orders are made once.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { toStoredShipping } from "../../src/schemas/shipping";
import { createPayPalClient } from "../../src/server/vendors/paypal/client";
import { buildTransaction } from "../../tests/factories/transaction";
import { demoItemLine } from "./demo-payments";

const PRINT = "Limited Art Print";

export async function seedDemoShipping(db: PrismaClient, seeded: DemoSeed) {
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true, storeSettings: { select: { shippingZones: true, paypalClientId: true } } },
  });
  const zones = merchant.storeSettings?.shippingZones;
  if (Array.isArray(zones) && zones.length === 0) {
    let id = 0;
    const stored = toStoredShipping(
      {
        zones: [
          {
            name: "United States",
            currency: "USD",
            places: "US",
            rates: [
              { name: "Standard", price: "5.00", perItem: "1.00", freeAbove: "100" },
              { name: "Express", price: "15.00", perItem: "", freeAbove: "" },
            ],
          },
          {
            name: "Canada",
            currency: "USD",
            places: "CA",
            rates: [{ name: "International", price: "12.00", perItem: "", freeAbove: "" }],
          },
        ],
        taxRates: [
          { place: "US-NY", rate: "8.875" },
          { place: "US-CA", rate: "7.25" },
        ],
        chargesEuVat: false,
      },
      () => `demo${++id}`,
    );
    await db.storeSettings.update({
      where: { merchantId: merchant.id },
      data: { shippingZones: stored.zones, taxRates: stored.taxRates },
    });
  }
  const print = await db.paymentButton.findFirst({ where: { merchantId: merchant.id, name: PRINT } });
  const clientId = merchant.storeSettings?.paypalClientId;
  if (!seeded.paypalApiBase || !print || !clientId) return;
  if (await db.transaction.findFirst({ where: { merchantId: merchant.id, fulfilment: { not: null } } })) return;
  const paypal = createPayPalClient({
    apiBase: seeded.paypalApiBase,
    clientId,
    secret: sandboxSecretFor(clientId),
  });
  // A New York buyer's Standard order (25.00 + 6.00 shipping + 2.22 tax), shipped; a Californian's, to ship.
  const orders = [
    {
      address: "us-ny",
      email: "alex.buyer@buyer.example.com",
      shippingMinor: 600,
      taxMinor: 222,
      days: 4,
      shipped: true,
    },
    {
      address: "us-ca",
      email: "sam.maker@buyer.example.com",
      shippingMinor: 600,
      taxMinor: 181,
      days: 1,
      shipped: false,
    },
  ];
  for (const order of orders) {
    const totalMinor = print.amountMinor + order.shippingMinor + order.taxMinor;
    const value = (minor: number) => ({ currency: "USD" as const, valueMinor: minor });
    const created = await paypal.createOrder({
      ships: true,
      amount: value(totalMinor),
      shippingMinor: order.shippingMinor,
      taxMinor: order.taxMinor,
      items: [{ name: PRINT, quantity: 1, unitAmountMinor: print.amountMinor }],
      customId: print.id,
      requestId: `popkit-demo-ship-${order.address}`,
    });
    const approved = await fetch(`${seeded.paypalApiBase}/__sandbox/orders/${created.id}/approve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ buyer: "alex", email: order.email, address: order.address }),
    });
    if (!approved.ok) throw new Error(`PayPal simulator approve: ${approved.status} ${await approved.text()}`);
    const captured = await paypal.captureOrder(created.id, { requestId: `popkit-demo-ship-capture-${order.address}` });
    const shipping = captured.shipping;
    const createdAt = new Date(Date.now() - order.days * 24 * 60 * 60 * 1000);
    const payment = await db.transaction.create({
      data: buildTransaction(merchant.id, {
        buttonId: print.id,
        paypalOrderId: created.id,
        paypalTransactionId: captured.capture.id,
        payerEmail: order.email,
        payerName: shipping?.name ?? null,
        amountMinor: captured.capture.amount.valueMinor,
        currency: "USD",
        shippingName: shipping?.name ?? null,
        shippingLine1: shipping?.line1 ?? null,
        shippingCity: shipping?.city ?? null,
        shippingRegion: shipping?.region ?? null,
        shippingPostalCode: shipping?.postalCode ?? null,
        shippingCountry: shipping?.countryCode ?? null,
        shippingMinor: order.shippingMinor,
        shippingMethod: "Standard",
        taxMinor: order.taxMinor,
        fulfilment: "unfulfilled",
        createdAt,
        lines: demoItemLine(merchant.id, print, order.taxMinor, createdAt),
      }),
    });
    if (!order.shipped) continue;
    await paypal.addTracker(created.id, {
      captureId: captured.capture.id,
      trackingNumber: "9400111899223197428490",
      carrier: "USPS",
      notifyPayer: false,
    });
    await db.transaction.update({
      where: { id: payment.id },
      data: {
        fulfilment: "shipped",
        carrier: "USPS",
        trackingNumber: "9400111899223197428490",
        shippedAt: new Date(createdAt.getTime() + 24 * 60 * 60 * 1000),
      },
    });
  }
}
