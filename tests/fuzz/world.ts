import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../../src/generated/prisma/client";
import { issueDownloadGrant } from "../../src/server/library/downloads";
import { startPortalSession } from "../../src/server/portal/sessions";
import { createMerchant } from "../factories/merchant";
import { createPaymentButton } from "../factories/payment-button";
import { createPayPalEvent } from "../factories/paypal-event";
import { createSaasUser } from "../factories/saas-user";
import { createSellPage } from "../factories/sell-page";
import { connectPayPal } from "../factories/store-settings";
import { createStoredFile } from "../factories/stored-file";
import { createTransaction } from "../factories/transaction";
import { unique } from "../factories/unique";
import { createWpsButton } from "../factories/wps-button";
import { merchantCaller } from "../support/callers";
import { buyerApi } from "../support/buyer-api";
import { pngFile } from "../support/files";
import { approveOrder, approveSubscription, createPlan, createSubscription } from "../support/paypal-sandbox";

/**
 * The rows the fuzz inputs point at, so that a mutated valid input reaches the service and the database instead of
 * stopping at "not found": a merchant connected to the PayPal sandbox with a paid order, a subscriber, a sell
 * page, a WPS button, files, a digital purchase and a webhook delivery; a super admin with staff and a merchant to
 * act on. Editing and deleting procedures get rows of their own, so the others keep theirs.
 */
export async function createFuzzWorld(db: PrismaClient) {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  const seller = merchantCaller(merchant);
  const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId, amountMinor: 100_000 });

  const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
  await approveOrder(orderId, "alex", `${unique("buyer")}@example.test`);
  await buyerApi().captureOrder({ buttonId: button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });

  const planId = await createPlan(clientId, { price: "10.00" });
  const subscriptionButton = await createPaymentButton(db, merchant.id, {
    paypalClientId: clientId,
    paymentType: "subscription",
    subscriptionPlanId: planId,
  });
  const paypalSubscriptionId = await createSubscription(clientId, planId, subscriptionButton.id);
  await approveSubscription(paypalSubscriptionId);
  await buyerApi().recordSubscription({
    buttonId: subscriptionButton.id,
    subscriptionId: paypalSubscriptionId,
  });
  const subscription = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId } });

  const sellPage = await createSellPage(db, merchant.id, { paypalClientId: clientId });
  const wpsButton = await createWpsButton(db, merchant.id);

  // A digital purchase with its file at the storage sandbox: the download and portal routes have real rows.
  const file = await createStoredFile(db, merchant.id, "downloadable_file", { content: "%PDF-1.4 fuzz" });
  const digitalPage = await createSellPage(db, merchant.id, { paypalClientId: clientId, downloadableFileId: file.id });
  const purchase = await createTransaction(db, merchant.id, {
    buttonId: digitalPage.basicButton.id,
    sellPageId: digitalPage.id,
    payerEmail: payment.payerEmail,
    amountMinor: digitalPage.basicPriceMinor,
  });
  const grant = await issueDownloadGrant(purchase.id);
  const portalSession = await startPortalSession(payment.payerEmail ?? `${unique("buyer")}@example.test`);
  const image = await createStoredFile(db, merchant.id, "product_image", { content: pngFile() });
  const logo = await createStoredFile(db, merchant.id, "merchant_logo", { content: pngFile() });
  await seller.merchant.webhooks.updateUrl({ url: "http://127.0.0.1:9/popkit-fuzz" });
  await seller.merchant.webhooks.rotateSecret();
  const delivery = await seller.merchant.webhooks.sendTestEvent();
  const apiKey = (await seller.merchant.apiKeys.create({ name: "Fuzz", scope: "write" })).key;

  const staff = await createSaasUser(db, { role: "super_admin" });
  const operator = await createSaasUser(db, { role: "operator", createdById: staff.id });
  const otherMerchant = await createMerchant(db);
  const event = await createPayPalEvent(db, merchant.id, { state: "failed", transactionId: payment.id });

  return {
    merchant,
    clientId,
    button,
    orderId,
    payment,
    subscriptionButton,
    paypalSubscriptionId,
    subscription,
    sellPage,
    wpsButton,
    digitalPage,
    purchase,
    downloadToken: grant?.token ?? "no-grant",
    portalSession,
    image,
    logo,
    delivery,
    apiKey,
    staff,
    operator,
    otherMerchant,
    event,
    /** Rows that the editing procedures' valid inputs change (price, status), so checkout keeps its button. */
    editable: {
      button: await createPaymentButton(db, merchant.id, { paypalClientId: clientId }),
      sellPage: await createSellPage(db, merchant.id, { paypalClientId: clientId }),
      wpsButton: await createWpsButton(db, merchant.id),
    },
    /** Rows that the deleting procedures' valid inputs remove. */
    spares: {
      button: await createPaymentButton(db, merchant.id, { paypalClientId: clientId }),
      sellPage: await createSellPage(db, merchant.id, { paypalClientId: clientId }),
      wpsButton: await createWpsButton(db, merchant.id),
      operator: await createSaasUser(db, { role: "operator", createdById: staff.id }),
      image: await createStoredFile(db, merchant.id, "product_image"),
    },
    idempotencyKey: randomUUID(),
    /** Puts back what a fuzzed valid input may have changed and the next procedure relies on. */
    async restore() {
      await connectPayPal(db, merchant.id, clientId);
      await db.merchant.updateMany({ where: { id: merchant.id }, data: { suspendedAt: null } });
    },
  };
}

export type FuzzWorld = Awaited<ReturnType<typeof createFuzzWorld>>;
