import { SANDBOX_WEBHOOK_ID } from "../../../sandbox/paypal";
import { db } from "~/server/platform/db";
import { encryptSecret } from "~/server/platform/crypto";
import { createMerchant } from "../../factories/merchant";
import { createPaymentButton } from "../../factories/payment-button";
import { connectPayPal } from "../../factories/store-settings";
import { buyerApi } from "../../support/buyer-api";
import { approveOrder } from "../../support/paypal-sandbox";

/**
 * A store with PayPal connected and the sandbox's webhook id saved (so signed test events verify), and one paid
 * $10.00 order; with `merchantWebhook`, the store's own webhook URL and secret are set too.
 */
export async function paidOrder(options: { merchantWebhook?: boolean } = {}) {
  const merchant = await createMerchant(db);
  const { clientId } = await connectPayPal(db, merchant.id);
  await db.storeSettings.update({
    where: { merchantId: merchant.id },
    data: {
      paypalWebhookId: SANDBOX_WEBHOOK_ID,
      ...(options.merchantWebhook && {
        webhookUrl: "https://hooks.example.test/popkit",
        webhookSecretEncrypted: encryptSecret("whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ="),
      }),
    },
  });
  const button = await createPaymentButton(db, merchant.id, { paypalClientId: clientId });
  const { orderId } = await buyerApi().createOrder({ buttonId: button.id });
  await approveOrder(orderId);
  await buyerApi().captureOrder({ buttonId: button.id, orderId });
  const payment = await db.transaction.findUniqueOrThrow({ where: { paypalOrderId: orderId } });
  return { merchant, payment, captureId: payment.paypalTransactionId! };
}
