// Which e-mails a money event sends, recorded in the event's own database transaction so a receipt
// exists exactly when its payment does, once: each mail's key is unique, so a webhook racing the capture, a
// reconciliation or a redelivery records nothing twice.
import type { Prisma } from "~/generated/prisma/client";
import { recordEmail } from "~/server/email";
import type { EmailPayloads, EmailTemplateName } from "~/server/email/templates";

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

/**
 * Records one notice of an event, keyed "<template>:<event id>" so it is recorded once; nothing when there is
 * no address to send it to.
 */
async function recordNotice<K extends EmailTemplateName>(
  tx: Tx,
  template: K,
  to: string | null | undefined,
  event: { id: string; merchantId: string; payload: EmailPayloads[K] },
): Promise<string | null> {
  if (!to) return null;
  return recordEmail(tx, {
    template,
    to,
    payload: event.payload,
    merchantId: event.merchantId,
    key: `${template}:${event.id}`,
  });
}

/** A completed payment: the buyer's receipt and, unless turned off, the seller's sale alert. */
export async function recordSaleNotices(tx: Tx, transactionId: string): Promise<string[]> {
  const payment = await tx.transaction.findUniqueOrThrow({
    where: { id: transactionId },
    select: { merchantId: true, payerEmail: true },
  });
  const seller = await sellerOf(tx, payment.merchantId);
  const event = { id: transactionId, merchantId: payment.merchantId, payload: { transactionId } };
  return present([
    await recordNotice(tx, "receipt", payment.payerEmail, event),
    seller.saleAlerts ? await recordNotice(tx, "sale-alert", seller.email, event) : null,
  ]);
}

/** A refund that moved money: the buyer is told what comes back, the seller what went out. */
export async function recordRefundNotices(tx: Tx, refundId: string): Promise<string[]> {
  const refund = await tx.refund.findUniqueOrThrow({
    where: { id: refundId },
    select: { merchantId: true, transaction: { select: { payerEmail: true } } },
  });
  const seller = await sellerOf(tx, refund.merchantId);
  const event = { id: refundId, merchantId: refund.merchantId, payload: { refundId } };
  return present([
    await recordNotice(tx, "refund-notice", refund.transaction?.payerEmail, event),
    await recordNotice(tx, "refund-received", seller.email, event),
  ]);
}

/** A subscription that ended by cancellation: both sides hear of it once. */
export async function recordCancellationNotices(tx: Tx, subscriptionId: string): Promise<string[]> {
  const subscription = await tx.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    select: { merchantId: true, payerEmail: true },
  });
  const seller = await sellerOf(tx, subscription.merchantId);
  const event = { id: subscriptionId, merchantId: subscription.merchantId, payload: { subscriptionId } };
  return present([
    await recordNotice(tx, "subscription-cancelled", subscription.payerEmail, event),
    await recordNotice(tx, "subscription-cancelled-seller", seller.email, event),
  ]);
}
