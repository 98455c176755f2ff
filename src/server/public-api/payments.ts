import { getPayment } from "~/server/payments/payment-detail";

// The payments of the public REST API, read with the dashboard's own service (payment-detail.ts): money in minor
// units with its currency, ids as strings, times in ISO 8601 UTC.

type Payment = Awaited<ReturnType<typeof getPayment>>;

/** A payment as the API shows it. */
export function paymentObject(payment: Payment) {
  return {
    id: payment.id,
    object: "payment",
    kind: payment.source === "wps" ? "wps" : "checkout",
    status: payment.status,
    amount: payment.amountMinor,
    refunded: payment.refundedMinor,
    currency: payment.currency,
    created_at: payment.createdAt.toISOString(),
    buyer: { name: payment.payerName, email: payment.payerEmail },
    paypal: { id: payment.paypalId, order_id: payment.paypalOrderId, subscription_id: payment.paypalSubscriptionId },
    item: payment.item,
    lines: payment.lines.map((line) => ({
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      amount: line.amountMinor,
      refunded: line.refundedMinor,
      tax: line.taxMinor,
    })),
    refunds: payment.refunds.map((refund) => ({
      id: refund.id,
      paypal_refund_id: refund.paypalRefundId,
      kind: refund.kind,
      amount: refund.amountMinor,
      currency: refund.currency,
      status: refund.paypalStatus,
      reason: refund.reason,
      created_at: refund.createdAt.toISOString(),
    })),
  };
}

/** One of the store's payments (a Smart-button or WPS payment); another store's is NOT_FOUND. */
export async function getApiPayment(merchantId: string, id: string) {
  return paymentObject(await getPayment(merchantId, { id }));
}
