import type { ApiListPaymentsQuery } from "~/schemas/public-api";
import { getPayment } from "~/server/payments/payment-detail";
import { type PaymentListRow, paymentPosition, paymentsAfter } from "~/server/payments/payments";
import { problem, Refusal } from "~/server/public-api/http";

// The payments of the public REST API, read with the dashboard's own service (payment-detail.ts): money in minor
// units with its currency, ids as strings, times in ISO 8601 UTC.

type Payment = Awaited<ReturnType<typeof getPayment>>;

/** What the list and the single payment both show of a payment. */
function paymentFields(payment: Payment | PaymentListRow) {
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
  };
}

/** A payment as GET /payments/{id} shows it: with its lines and refunds. */
export function paymentObject(payment: Payment) {
  return {
    ...paymentFields(payment),
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

/** A payment as the API's list shows it: the dashboard list's row (GET /payments/{id} adds lines and refunds). */
function paymentSummary(row: PaymentListRow) {
  return { ...paymentFields(row), tax: row.taxMinor, shipping: row.shippingMinor };
}

/**
 * The store's payments newest first, a page after `starting_after` (the last id of the page before), with the
 * dashboard's filters: a page never repeats or skips a payment while new ones arrive, since they sort before it.
 */
export async function listApiPayments(merchantId: string, query: ApiListPaymentsQuery) {
  const after = query.starting_after ? await paymentPosition(merchantId, query.starting_after) : null;
  if (query.starting_after && !after) {
    throw new Refusal(
      problem(400, "invalid-request", "The request is not valid.", "starting_after is not a payment of this store.", {
        errors: [{ parameter: "starting_after", message: "Not a payment of this store." }],
      }),
    );
  }
  const filters = {
    q: "",
    status: query.status,
    email: query.email,
    from: query.created_gte,
    to: query.created_lt,
  };
  // One more than the page tells whether another page follows.
  const { rows } = await paymentsAfter(merchantId, filters, after, query.limit + 1);
  const data = rows.slice(0, query.limit).map(paymentSummary);
  return { object: "list", data, has_more: rows.length > query.limit };
}
