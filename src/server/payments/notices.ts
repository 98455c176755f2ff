// Which e-mails a money event sends, recorded in the event's own database transaction so a receipt
// exists exactly when its payment does, once: each mail's key is unique, so a webhook racing the capture, a
// reconciliation or a redelivery records nothing twice.
import type { Prisma } from "~/generated/prisma/client";
import { recordEmail } from "~/server/email";

type Tx = Prisma.TransactionClient;

const present = (ids: (string | null)[]) => ids.filter((id): id is string => id !== null);

async function sellerOf(tx: Tx, merchantId: string) {
  const merchant = await tx.merchant.findUniqueOrThrow({
    where: { id: merchantId },
    select: { email: true, storeSettings: { select: { saleAlertsEnabled: true } } },
  });
  // A store that never saved its settings has the defaults: sale alerts on.
  return { email: merchant.email, saleAlerts: merchant.storeSettings?.saleAlertsEnabled ?? true };
}

/** A completed payment: the buyer's receipt and, unless turned off, the seller's sale alert. */
export async function recordSaleNotices(tx: Tx, transactionId: string): Promise<string[]> {
  const payment = await tx.transaction.findUniqueOrThrow({
    where: { id: transactionId },
    select: { merchantId: true, payerEmail: true },
  });
  const seller = await sellerOf(tx, payment.merchantId);
  return present([
    payment.payerEmail
      ? await recordEmail(tx, {
          template: "receipt",
          to: payment.payerEmail,
          payload: { transactionId },
          merchantId: payment.merchantId,
          key: `receipt:${transactionId}`,
        })
      : null,
    seller.saleAlerts
      ? await recordEmail(tx, {
          template: "sale-alert",
          to: seller.email,
          payload: { transactionId },
          merchantId: payment.merchantId,
          key: `sale-alert:${transactionId}`,
        })
      : null,
  ]);
}

/** A refund that moved money: the buyer is told what comes back, the seller what went out. */
export async function recordRefundNotices(tx: Tx, refundId: string): Promise<string[]> {
  const refund = await tx.refund.findUniqueOrThrow({
    where: { id: refundId },
    select: { merchantId: true, transaction: { select: { payerEmail: true } } },
  });
  const seller = await sellerOf(tx, refund.merchantId);
  const buyerEmail = refund.transaction?.payerEmail;
  return present([
    buyerEmail
      ? await recordEmail(tx, {
          template: "refund-notice",
          to: buyerEmail,
          payload: { refundId },
          merchantId: refund.merchantId,
          key: `refund-notice:${refundId}`,
        })
      : null,
    await recordEmail(tx, {
      template: "refund-received",
      to: seller.email,
      payload: { refundId },
      merchantId: refund.merchantId,
      key: `refund-received:${refundId}`,
    }),
  ]);
}

/** A subscription that ended by cancellation: both sides hear of it once. */
export async function recordCancellationNotices(tx: Tx, subscriptionId: string): Promise<string[]> {
  const subscription = await tx.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    select: { merchantId: true, payerEmail: true },
  });
  const seller = await sellerOf(tx, subscription.merchantId);
  return present([
    subscription.payerEmail
      ? await recordEmail(tx, {
          template: "subscription-cancelled",
          to: subscription.payerEmail,
          payload: { subscriptionId },
          merchantId: subscription.merchantId,
          key: `subscription-cancelled:${subscriptionId}`,
        })
      : null,
    await recordEmail(tx, {
      template: "subscription-cancelled-seller",
      to: seller.email,
      payload: { subscriptionId },
      merchantId: subscription.merchantId,
      key: `subscription-cancelled-seller:${subscriptionId}`,
    }),
  ]);
}
