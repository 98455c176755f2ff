import type { Prisma } from "~/generated/prisma/client";
import { recordMerchantEvent } from "./index";

/**
 * Records the seller's "wps.payment.completed" deliveries in the transaction that makes the WPS payment completed
 * (a new payment, or a pending one that completed); the caller queues the returned ids after it commits. WPS
 * buttons have no Webhook URL of their own: the store URL gets it.
 */
export async function recordWpsPaymentCompleted(
  tx: Prisma.TransactionClient,
  transactionId: string,
): Promise<string[]> {
  const payment = await tx.wpsTransaction.findUnique({
    where: { id: transactionId },
    include: { button: { select: { itemName: true } } },
  });
  if (payment?.status !== "completed") return [];
  return recordMerchantEvent(tx, {
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
