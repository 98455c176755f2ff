import type { Prisma } from "~/generated/prisma/client";
import type { RefundKind, RefundSource, TransactionStatus } from "~/generated/prisma/enums";
import { refundCounts, statusAfterRefunds } from "~/lib/ledger";
import type { Currency } from "~/lib/money";
import { lineTax } from "~/lib/order-pricing";
import { db } from "~/server/platform/db";
import { logger } from "~/server/platform/logger";
import { type MerchantEventType, recordMerchantEvent } from "~/server/merchant-webhooks";
import { emptyOutbox, joinOutboxes, type Outbox, sendOutbox } from "~/server/payments/outbox";
import { disableKeysOfRefundedPayment, issueLicenseKeys } from "~/server/licenses/issuing";
import { revokeGrantsForTransaction, startGrantWindow } from "~/server/library/downloads";
import { recordRefundNotices, recordSaleNotices } from "~/server/payments/notices";
import { payerAndAmountSelect, paypalIdsSelect } from "~/server/payments/payments";
import { assignInvoiceNumber } from "~/server/invoices/numbering";

// Money is a ledger: a recorded payment keeps what PayPal captured; refunds and reversals are rows of
// their own; the payment's status is derived from both. Every writer of payments and refunds goes through here or
// through checkout.ts, so the rules (one row per PayPal id, status moves, download grants, merchant events) hold
// whichever way the money moved: our dashboard, PayPal's dashboard, a webhook or the reconciliation job.

type Tx = Prisma.TransactionClient;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

export interface RefundRecord {
  /** PayPal's refund id (or a reversal's id): the ledger keeps one row per id, however often it is reported. */
  paypalRefundId: string;
  amountMinor: number;
  currency: Currency;
  /** PayPal's refund status (COMPLETED, PENDING, FAILED, CANCELLED). */
  paypalStatus: string;
  kind: RefundKind;
  source: RefundSource;
  reason: string | null;
  /** The payment line the seller refunded; absent for a refund of the payment (PayPal's, or a full one). */
  paymentLineId?: string | null;
  /** When PayPal made it; revenue drops in this period. */
  createdAt: Date;
}

export interface RefundOutcome {
  refundId: string;
  /** False when this PayPal refund was recorded before (a webhook after our own refund, a redelivery). */
  created: boolean;
  status: TransactionStatus;
  refundedMinor: number;
}

/** The payment row's money fields, locked for the rest of the database transaction. */
async function lockPayment(tx: Tx, transactionId: string) {
  const [row] = await tx.$queryRaw<
    {
      id: string;
      merchantId: string;
      buttonId: string | null;
      amountMinor: number;
      refundedMinor: number;
      currency: Currency;
      status: TransactionStatus;
    }[]
  >`SELECT id, merchant_id AS "merchantId", button_id AS "buttonId", amount_minor AS "amountMinor",
           refunded_minor AS "refundedMinor", currency, status
      FROM transactions WHERE id = ${transactionId} FOR UPDATE`;
  return row ?? null;
}

/**
 * Adds a refund (or reversal) to a payment, once per PayPal refund id: the refund row, the payment's refunded
 * total and derived status, and (refunded in full) the end of its download grants, in one database transaction.
 * The same refund reported again (our dashboard's answer, then PayPal's webhook) changes nothing.
 */
/** Counts a refund against its line; a line refunded in full takes back what it delivered (its file, its keys). */
async function refundLine(tx: Prisma.TransactionClient, lineId: string, addedMinor: number) {
  const [line] = await tx.$queryRaw<
    {
      transaction_id: string;
      button_id: string | null;
      file_id: string | null;
      amount_minor: number;
      refunded_minor: number;
    }[]
  >`
    UPDATE payment_lines l SET refunded_minor = LEAST(l.amount_minor, l.refunded_minor + ${addedMinor})
    WHERE l.id = ${lineId}
    RETURNING l.transaction_id, l.button_id, l.amount_minor, l.refunded_minor,
      (SELECT downloadable_file_id FROM digital_sell_pages WHERE id = l.sell_page_id) AS file_id`;
  if (!line) return null;
  const inFull = line.refunded_minor >= line.amount_minor;
  // The line's file goes with it: its download links stop working (a refund of the whole payment revokes them all).
  if (inFull && line.file_id) {
    await tx.downloadGrant.updateMany({
      where: { transactionId: line.transaction_id, fileId: line.file_id, revokedAt: null },
      data: { revokedAt: new Date() },
    });
  }
  return { buttonId: line.button_id, inFull };
}

export async function recordRefund(transactionId: string, refund: RefundRecord): Promise<RefundOutcome> {
  const outcome = await db.$transaction(async (tx): Promise<RefundOutcome & { outbox: Outbox }> => {
    const payment = await lockPayment(tx, transactionId);
    if (!payment) throw new Error(`recordRefund: no payment ${transactionId}`);
    const existing = await tx.refund.findUnique({ where: { paypalRefundId: refund.paypalRefundId } });
    if (existing) {
      // PayPal's webhook for our own refund can overtake PayPal's answer to us: the row is the same, and it was
      // the seller's dashboard that asked for it.
      if (refund.source === "dashboard" && existing.source !== "dashboard") {
        await tx.refund.update({ where: { id: existing.id }, data: { source: "dashboard", reason: refund.reason } });
      }
      return {
        refundId: existing.id,
        created: false,
        status: payment.status,
        refundedMinor: payment.refundedMinor,
        outbox: emptyOutbox(),
      };
    }
    const counts = refundCounts(refund.paypalStatus);
    // PayPal refunds in the capture's currency and never more than it captured; should a report say otherwise,
    // the ledger stays within the payment and says so in the log.
    const added = counts ? Math.min(refund.amountMinor, payment.amountMinor - payment.refundedMinor) : 0;
    if (refund.currency !== payment.currency || added !== (counts ? refund.amountMinor : 0)) {
      logger.error("PayPal refund does not fit its payment", {
        transactionId,
        ...refund,
        left: payment.amountMinor - payment.refundedMinor,
      });
    }
    const row = await tx.refund.create({
      data: {
        merchantId: payment.merchantId,
        transactionId: payment.id,
        paymentLineId: refund.paymentLineId ?? null,
        buttonKey: payment.buttonId ?? "",
        paypalRefundId: refund.paypalRefundId,
        kind: refund.kind,
        source: refund.source,
        amountMinor: counts ? added : refund.amountMinor,
        currency: payment.currency,
        paypalStatus: refund.paypalStatus.toUpperCase(),
        reason: refund.reason,
        createdAt: refund.createdAt,
      },
    });
    if (added === 0) {
      return {
        refundId: row.id,
        created: true,
        status: payment.status,
        refundedMinor: payment.refundedMinor,
        outbox: emptyOutbox(),
      };
    }
    const refundedMinor = payment.refundedMinor + added;
    // A pending or failed capture has nothing to refund; only settled payments change status.
    const status =
      payment.status === "pending" || payment.status === "failed"
        ? payment.status
        : statusAfterRefunds(payment.amountMinor, refundedMinor);
    await tx.transaction.update({ where: { id: payment.id }, data: { refundedMinor, status } });
    const lineRefunded = refund.paymentLineId ? await refundLine(tx, refund.paymentLineId, added) : null;
    // PayPal taking the money while a case is open is a hold: the case's outcome decides whether the buyer keeps
    // the file and keys (disputes.ts; the seller may pause them meanwhile), not the reversal.
    const heldForCase =
      refund.kind === "reversal" &&
      (await tx.dispute.count({ where: { transactionId: payment.id, status: { not: "RESOLVED" } } })) > 0;
    const disabledKeys = heldForCase
      ? emptyOutbox()
      : status === "refunded"
        ? await disableKeysOfRefundedPayment(tx, payment.id)
        : lineRefunded?.inFull && lineRefunded.buttonId
          ? await disableKeysOfRefundedPayment(tx, payment.id, lineRefunded.buttonId)
          : emptyOutbox();
    if (status === "refunded" && !heldForCase) await revokeGrantsForTransaction(payment.id, tx);
    const outbox = await recordPaymentEvent(tx, "payment.refunded", payment.id, {
      refund: {
        id: refund.paypalRefundId,
        amount: added,
        currency: payment.currency,
        status: refund.paypalStatus.toUpperCase(),
        kind: refund.kind,
        reason: refund.reason,
        created_at: refund.createdAt.toISOString(),
      },
    });
    outbox.emails.push(...(await recordRefundNotices(tx, row.id)));
    return { refundId: row.id, created: true, status, refundedMinor, outbox: joinOutboxes(outbox, disabledKeys) };
  });
  const { outbox, ...result } = outcome;
  await sendOutbox(outbox);
  return result;
}

/**
 * PayPal gives back what it reversed for a case the seller won: a reversal row of negative amount (as a cancelled
 * WPS reversal is), once per case (`paypalId`), so revenue rises again in the period it comes back. Gives back at
 * most what reversals took from the payment and `capMinor`; nothing when nothing was reversed.
 */
export async function recordReinstatement(
  transactionId: string,
  input: { paypalId: string; capMinor: number; reason: string; createdAt: Date },
): Promise<{ created: boolean; amountMinor: number }> {
  return db.$transaction(async (tx) => {
    const payment = await lockPayment(tx, transactionId);
    if (!payment) throw new Error(`recordReinstatement: no payment ${transactionId}`);
    if (await tx.refund.findUnique({ where: { paypalRefundId: input.paypalId }, select: { id: true } })) {
      return { created: false, amountMinor: 0 };
    }
    const reversed = await tx.refund.aggregate({
      where: { transactionId, kind: "reversal", paypalStatus: { in: ["COMPLETED", "PENDING"] } },
      _sum: { amountMinor: true },
    });
    const amountMinor = Math.min(input.capMinor, reversed._sum.amountMinor ?? 0, payment.refundedMinor);
    if (amountMinor <= 0) return { created: false, amountMinor: 0 };
    await tx.refund.create({
      data: {
        merchantId: payment.merchantId,
        transactionId: payment.id,
        buttonKey: payment.buttonId ?? "",
        paypalRefundId: input.paypalId,
        kind: "reversal",
        source: "paypal",
        amountMinor: -amountMinor,
        currency: payment.currency,
        paypalStatus: "COMPLETED",
        reason: input.reason,
        createdAt: input.createdAt,
      },
    });
    const refundedMinor = payment.refundedMinor - amountMinor;
    const status =
      payment.status === "pending" || payment.status === "failed"
        ? payment.status
        : statusAfterRefunds(payment.amountMinor, refundedMinor);
    await tx.transaction.update({ where: { id: payment.id }, data: { refundedMinor, status } });
    return { created: true, amountMinor };
  });
}

/**
 * Records a payment event's merchant webhook deliveries, and for a completion the receipt and sale alert, in the
 * money change's own transaction: they exist exactly when the change does. Queued after the commit.
 */
export async function recordPaymentEvent(
  tx: Tx,
  type: Extract<MerchantEventType, "payment.completed" | "payment.refunded">,
  transactionId: string,
  extra: Record<string, unknown> = {},
): Promise<Outbox> {
  // Every completed payment passes here in its own transaction: its invoice number is taken now (gapless per
  // store), before the receipt that may print it.
  if (type === "payment.completed") await assignInvoiceNumber(tx, { kind: "checkout", id: transactionId });
  const payment = await tx.transaction.findUniqueOrThrow({ where: { id: transactionId }, select: paymentEventSelect });
  const deliveries = await recordMerchantEvent(tx, {
    merchantId: payment.merchantId,
    type,
    buttonId: payment.buttonId,
    data: { ...paymentEventData(payment), ...extra },
  });
  if (type !== "payment.completed") return { deliveries, emails: [] };
  // Keys before the receipt: the receipt lists them.
  const licenses = await issueLicenseKeys(tx, transactionId);
  const emails = await recordSaleNotices(tx, transactionId);
  return joinOutboxes({ deliveries, emails }, licenses);
}

/**
 * A WPS payment's refund, reversal or cancelled reversal (IPN), once per IPN txn_id. A cancelled
 * reversal gives the money back to the seller: it is kept as a row of negative amount, so the totals rise again.
 */
export async function recordWpsRefund(
  wpsTransactionId: string,
  refund: Omit<RefundRecord, "source" | "paypalStatus"> & { signedAmountMinor: number },
): Promise<{ created: boolean; status: TransactionStatus }> {
  return db.$transaction(async (tx) => {
    const [payment] = await tx.$queryRaw<
      {
        id: string;
        merchantId: string;
        buttonId: string | null;
        amountMinor: number;
        refundedMinor: number;
        status: TransactionStatus;
      }[]
    >`SELECT id, merchant_id AS "merchantId", button_id AS "buttonId", amount_minor AS "amountMinor",
             refunded_minor AS "refundedMinor", status
        FROM wps_transactions WHERE id = ${wpsTransactionId} FOR UPDATE`;
    if (!payment) throw new Error(`recordWpsRefund: no WPS payment ${wpsTransactionId}`);
    if (await tx.refund.findUnique({ where: { paypalRefundId: refund.paypalRefundId }, select: { id: true } })) {
      return { created: false, status: payment.status };
    }
    const refundedMinor = Math.max(0, Math.min(payment.amountMinor, payment.refundedMinor + refund.signedAmountMinor));
    await tx.refund.create({
      data: {
        merchantId: payment.merchantId,
        wpsTransactionId: payment.id,
        buttonKey: payment.buttonId ?? "",
        paypalRefundId: refund.paypalRefundId,
        kind: refund.kind,
        source: "paypal",
        amountMinor: refundedMinor - payment.refundedMinor,
        currency: refund.currency,
        paypalStatus: "COMPLETED",
        reason: refund.reason,
        createdAt: refund.createdAt,
      },
    });
    const status =
      payment.status === "pending" || payment.status === "failed"
        ? payment.status
        : statusAfterRefunds(payment.amountMinor, refundedMinor);
    await tx.wpsTransaction.update({ where: { id: payment.id }, data: { refundedMinor, status } });
    return { created: true, status };
  });
}

export const paymentEventSelect = {
  id: true,
  merchantId: true,
  buttonId: true,
  sellPageId: true,
  bundleTier: true,
  ...paypalIdsSelect,
  ...payerAndAmountSelect,
} as const;

type PaymentForEvent = Prisma.TransactionGetPayload<{ select: typeof paymentEventSelect }>;

/** A payment as merchant webhooks describe it (amounts in minor units, as everywhere in our API). */
export function paymentEventData(payment: PaymentForEvent) {
  return {
    id: payment.paypalTransactionId ?? payment.paypalOrderId ?? payment.id,
    popkit_payment_id: payment.id,
    paypal_transaction_id: payment.paypalTransactionId,
    paypal_order_id: payment.paypalOrderId,
    paypal_subscription_id: payment.paypalSubscriptionId,
    button_id: payment.buttonId,
    sell_page_id: payment.sellPageId,
    bundle_tier: payment.bundleTier,
    status: payment.status,
    amount: payment.amountMinor,
    refunded: payment.refundedMinor,
    fee: payment.feeMinor,
    currency: payment.currency,
    payer: { email: payment.payerEmail, name: payment.payerName },
    created_at: payment.createdAt.toISOString(),
  };
}

/**
 * Which status a capture event may move a payment from. Events arrive late and out of order (PayPal retries for
 * days): a late PENDING never undoes a completion, and refunds are the ledger's business, not a status event's.
 */
const CAPTURE_MOVES_FROM: Partial<Record<TransactionStatus, TransactionStatus[]>> = {
  completed: ["pending"],
  failed: ["pending"],
};

/** A capture PayPal reports COMPLETED, PENDING, DECLINED or DENIED later: moves the payment's status, once. */
export async function applyCaptureStatus(transactionId: string, status: TransactionStatus): Promise<boolean> {
  const from = CAPTURE_MOVES_FROM[status];
  if (!from) return false;
  const moved = await db.$transaction(async (tx) => {
    const { count } = await tx.transaction.updateMany({
      where: { id: transactionId, status: { in: from } },
      data: { status },
    });
    if (count === 0) return null;
    // A denied purchase loses its download grants; a pending one that completed starts its window now.
    if (status === "failed") {
      await revokeGrantsForTransaction(transactionId, tx);
      return emptyOutbox();
    }
    await startGrantWindow(transactionId, tx);
    return recordPaymentEvent(tx, "payment.completed", transactionId);
  });
  if (moved) await sendOutbox(moved);
  return moved !== null;
}

export interface SaleRecord {
  saleId: string;
  amountMinor: number;
  currency: Currency;
  feeMinor: number | null;
  createdAt: Date;
  payerEmail: string | null;
  payerName: string | null;
}

/**
 * One billing cycle of a subscription PayPal charged (a sale): one payment row per sale id, whichever of the
 * webhook and the reconciliation job reports it first. The subscription's last payment moves with it and its
 * consecutive failures reset (as PayPal's billing_info does).
 */
export async function recordSubscriptionSale(
  subscriptionId: string,
  sale: SaleRecord,
): Promise<{ created: boolean; transactionId: string }> {
  const subscription = await db.subscription.findUniqueOrThrow({
    where: { id: subscriptionId },
    select: {
      id: true,
      merchantId: true,
      buttonId: true,
      paypalSubscriptionId: true,
      payerId: true,
      payerEmail: true,
      payerName: true,
      lastPaymentAt: true,
      taxRatePpm: true,
      taxCountry: true,
      buyerVatId: true,
      button: { select: { sellPageId: true, bundleTier: true } },
    },
  });
  const known = await db.transaction.findUnique({ where: { paypalTransactionId: sale.saleId }, select: { id: true } });
  if (known) return { created: false, transactionId: known.id };
  // PayPal added the subscription's rate to the price: the payment includes its VAT.
  const taxMinor = lineTax(sale.amountMinor, subscription.taxRatePpm, true);
  let recorded: { transactionId: string; outbox: Outbox };
  try {
    recorded = await db.$transaction(async (tx) => {
      const row = await tx.transaction.create({
        data: {
          merchantId: subscription.merchantId,
          buttonId: subscription.buttonId,
          sellPageId: subscription.button?.sellPageId ?? null,
          bundleTier: subscription.button?.bundleTier ?? null,
          paypalTransactionId: sale.saleId,
          paypalSubscriptionId: subscription.paypalSubscriptionId,
          paypalPayerId: subscription.payerId,
          payerEmail: sale.payerEmail ?? subscription.payerEmail,
          payerName: sale.payerName ?? subscription.payerName,
          amountMinor: sale.amountMinor,
          feeMinor: sale.feeMinor,
          currency: sale.currency,
          taxMinor,
          taxCountry: subscription.taxCountry,
          buyerVatId: subscription.buyerVatId,
          status: "completed",
          createdAt: sale.createdAt,
        },
        select: { id: true },
      });
      if (!subscription.lastPaymentAt || subscription.lastPaymentAt < sale.createdAt) {
        await tx.subscription.update({
          where: { id: subscription.id },
          data: { lastPaymentAt: sale.createdAt, failedPaymentsCount: 0 },
        });
      }
      return { transactionId: row.id, outbox: await recordPaymentEvent(tx, "payment.completed", row.id) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await db.transaction.findUniqueOrThrow({
      where: { paypalTransactionId: sale.saleId },
      select: { id: true },
    });
    return { created: false, transactionId: winner.id };
  }
  await sendOutbox(recorded.outbox);
  return { created: true, transactionId: recorded.transactionId };
}
