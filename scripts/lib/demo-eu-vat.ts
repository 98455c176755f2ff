// The demo's EU VAT: the Demo Store charges it on digital products (its buyers choose their country before paying),
// with two paid orders made in the PayPal simulator, a German consumer's (19 % VAT) and an Austrian business's with
// a VAT number (reverse charge), and a French subscriber of the club whose every payment PayPal adds France's 20 % to,
// so the payment pages, receipts and the Tax report show all three. Added after
// prisma/seed.ts's seedDemo by the same callers; made once, so a seller who turns VAT off keeps it off.
import type { PrismaClient } from "../../src/generated/prisma/client";
import type { DemoSeed } from "../../prisma/seed";
import { sandboxSecretFor } from "../../sandbox/paypal";
import { EU_VAT_STANDARD_RATES, euVatRatePpm, type EuCountry } from "../../src/lib/eu-vat";
import { lineTax } from "../../src/lib/order-pricing";
import { createPayPalClient } from "../../src/server/vendors/paypal/client";
import { buildSubscription } from "../../tests/factories/subscription";
import { buildTransaction } from "../../tests/factories/transaction";
import { demoItemLine } from "./demo-payments";

export async function seedDemoEuVat(db: PrismaClient, seeded: DemoSeed) {
  const merchant = await db.merchant.findFirstOrThrow({
    where: { email: seeded.logins.merchant.email },
    select: { id: true, storeSettings: { select: { paypalClientId: true } } },
  });
  if (await db.transaction.findFirst({ where: { merchantId: merchant.id, taxCountry: { not: null } } })) return;
  await db.storeSettings.update({ where: { merchantId: merchant.id }, data: { chargesEuVat: true } });
  const product = await db.paymentButton.findFirst({
    where: { merchantId: merchant.id, paymentType: "one_time", ships: false, sellPageId: null, payWhatYouWant: false },
    orderBy: { createdAt: "asc" },
  });
  const clientId = merchant.storeSettings?.paypalClientId;
  if (!seeded.paypalApiBase || !product || !clientId) return;
  const paypal = createPayPalClient({ apiBase: seeded.paypalApiBase, clientId, secret: sandboxSecretFor(clientId) });
  const orders: { country: EuCountry; email: string; vatId: string | null; days: number }[] = [
    { country: "DE", email: "lena.kunde@buyer.example.com", vatId: null, days: 3 },
    { country: "AT", email: "einkauf@studio.buyer.example.com", vatId: "ATU13585627", days: 2 },
  ];
  for (const order of orders) {
    const taxMinor = order.vatId ? 0 : lineTax(product.amountMinor, euVatRatePpm(order.country), false);
    const created = await paypal.createOrder({
      amount: { currency: product.currency, valueMinor: product.amountMinor + taxMinor },
      taxMinor,
      items: [{ name: product.name, quantity: 1, unitAmountMinor: product.amountMinor }],
      customId: product.id,
      requestId: `popkit-demo-vat-${order.country}`,
    });
    const approved = await fetch(`${seeded.paypalApiBase}/__sandbox/orders/${created.id}/approve`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ buyer: "alex", email: order.email }),
    });
    if (!approved.ok) throw new Error(`PayPal simulator approve: ${approved.status} ${await approved.text()}`);
    const captured = await paypal.captureOrder(created.id, { requestId: `popkit-demo-vat-capture-${order.country}` });
    const createdAt = new Date(Date.now() - order.days * 24 * 60 * 60 * 1000);
    await db.transaction.create({
      data: buildTransaction(merchant.id, {
        buttonId: product.id,
        paypalOrderId: created.id,
        paypalTransactionId: captured.capture.id,
        payerEmail: order.email,
        amountMinor: captured.capture.amount.valueMinor,
        currency: product.currency,
        taxMinor,
        taxCountry: order.country,
        buyerVatId: order.vatId,
        createdAt,
        lines: demoItemLine(merchant.id, product, taxMinor, createdAt),
      }),
    });
  }
  await seedTaxedSubscriber(db, merchant.id, paypal, seeded.paypalApiBase);
}

/** A consumer in France subscribes to the club as the checkout does: PayPal adds 20 % to each payment. */
async function seedTaxedSubscriber(
  db: PrismaClient,
  merchantId: string,
  paypal: ReturnType<typeof createPayPalClient>,
  apiBase: string,
) {
  const club = await db.paymentButton.findFirst({
    where: { merchantId, paymentType: "subscription", subscriptionPlanId: { startsWith: "P-" } },
    orderBy: { createdAt: "asc" },
  });
  if (!club?.subscriptionPlanId) return;
  const email = "camille.abonnee@buyer.example.com";
  const { id } = await paypal.createSubscription({
    planId: club.subscriptionPlanId,
    customId: club.id,
    taxPercentage: EU_VAT_STANDARD_RATES.FR,
    requestId: "popkit-demo-vat-subscription-FR",
  });
  const approved = await fetch(`${apiBase}/__sandbox/subscriptions/${id}/approve`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ buyer: "alex", email }),
  });
  if (!approved.ok) throw new Error(`PayPal simulator approve: ${approved.status} ${await approved.text()}`);
  const sub = await paypal.getSubscription(id);
  const [sale] = await paypal.listSubscriptionSales(id, new Date(Date.now() - 86_400_000), new Date());
  if (!sale) return;
  const taxRatePpm = euVatRatePpm("FR");
  await db.subscription.create({
    data: buildSubscription(merchantId, {
      buttonId: club.id,
      paypalSubscriptionId: id,
      planId: club.subscriptionPlanId,
      amountMinor: club.amountMinor,
      currency: club.currency,
      payerEmail: email,
      payerName: "Camille Abonnée",
      nextBillingAt: sub.nextBillingTime ? new Date(sub.nextBillingTime) : null,
      lastPaymentAt: new Date(sale.time),
      taxRatePpm,
      taxCountry: "FR",
    }),
  });
  await db.transaction.create({
    data: buildTransaction(merchantId, {
      buttonId: club.id,
      // A subscription's payment is PayPal's sale: no order.
      paypalOrderId: null,
      paypalSubscriptionId: id,
      paypalTransactionId: sale.id,
      payerEmail: email,
      payerName: "Camille Abonnée",
      amountMinor: sale.amount.valueMinor,
      currency: sale.amount.currency,
      // As the ledger takes it out of each of the subscription's payments.
      taxMinor: lineTax(sale.amount.valueMinor, taxRatePpm, true),
      createdAt: new Date(sale.time),
    }),
  });
}
