import { db } from "~/server/db";
import { emitMerchantEvent } from "./index";

/**
 * Tells the seller's webhooks a WPS payment completed; called once its row is committed as completed (a new
 * payment, or a pending one that completed). WPS buttons have no Webhook URL of their own: the store URL gets it.
 */
export async function emitWpsPaymentCompleted(transactionId: string): Promise<void> {
  const payment = await db.wpsTransaction
    .findUnique({ where: { id: transactionId }, include: { button: { select: { itemName: true } } } })
    .catch(() => null);
  if (payment?.status !== "completed") return;
  await emitMerchantEvent({
    merchantId: payment.merchantId,
    type: "wps.payment.completed",
    buttonId: null,
    data: {
      id: payment.txnId,
      popkit_payment_id: payment.id,
      wps_button_id: payment.buttonId,
      status: payment.status,
      payment_status: payment.paymentStatus,
      amount: payment.amountMinor,
      fee: payment.feeMinor,
      currency: payment.currency,
      quantity: payment.quantity,
      item_name: payment.itemName ?? payment.button?.itemName ?? null,
      option: payment.optionSelected,
      payer: { email: payment.payerEmail, name: payment.payerName, paypal_payer_id: payment.payerId },
      created_at: payment.createdAt.toISOString(),
    },
  });
}
