import type { z } from "zod";
import { disputesOfPayment } from "~/server/disputes/disputes";
import { reverseChargeNote, taxLabel } from "~/lib/eu-vat";
import type { Prisma } from "~/generated/prisma/client";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { keysOfPayment, type DeliveredKey } from "~/server/licenses/delivery";
import { paymentRow, paymentSelect, popOf, wpsPaymentRows } from "~/server/payments/payments";
import { shipmentOf } from "~/server/payments/fulfilment";
import type { getPaymentSchema } from "~/schemas/payments";

// One payment's page: everything known about it, where the Payments list (payments.ts) shows a row.

const refundSelect = {
  id: true,
  paypalRefundId: true,
  kind: true,
  source: true,
  amountMinor: true,
  currency: true,
  paypalStatus: true,
  reason: true,
  createdAt: true,
} as const satisfies Prisma.RefundSelect;

const eventSelect = {
  id: true,
  type: true,
  state: true,
  outcome: true,
  receivedAt: true,
  processedAt: true,
} as const satisfies Prisma.PayPalEventSelect;
type PaymentEvent = Prisma.PayPalEventGetPayload<{ select: typeof eventSelect }>;

/** Statuses a seller may refund from: money PayPal settled that has not all gone back yet. */
const refundableStatuses: readonly string[] = ["completed", "partially_refunded"];

/** What the detail shows of each item of the payment's order (one line per POP, bump, upsell or cart item). */
const lineSelect = {
  id: true,
  origin: true,
  name: true,
  quantity: true,
  unitAmountMinor: true,
  discountMinor: true,
  amountMinor: true,
  refundedMinor: true,
  taxMinor: true,
  taxIncluded: true,
} as const;

type PaymentLineRow = Prisma.PaymentLineGetPayload<{ select: typeof lineSelect }>;

/**
 * One payment of the merchant's with everything we know about it: buyer, item, what was captured, PayPal's fee,
 * each refund, every PayPal event that touched it, the license keys it issued, and (a subscription sale) its
 * subscriber. Another merchant's payment is NOT_FOUND.
 */
export async function getPayment(merchantId: string, input: z.output<typeof getPaymentSchema>) {
  const row = await db.transaction.findFirst({
    where: { id: input.id, merchantId },
    select: {
      ...paymentSelect,
      updatedAt: true,
      refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: refundSelect },
      paypalEvents: { orderBy: [{ receivedAt: "asc" }, { id: "asc" }], select: eventSelect },
      lines: { orderBy: { position: "asc" }, select: lineSelect },
    },
  });
  if (!row) return getWpsPayment(merchantId, input.id);
  const [subscription, licenseKeys, disputes] = await Promise.all([
    row.paypalSubscriptionId
      ? db.subscription.findFirst({
          where: { merchantId, paypalSubscriptionId: row.paypalSubscriptionId },
          select: { id: true, status: true, payerName: true, payerEmail: true },
        })
      : null,
    keysOfPayment({ id: row.id, merchantId, paypalSubscriptionId: row.paypalSubscriptionId }),
    disputesOfPayment(merchantId, row.id),
  ]);
  const { refunds, paypalEvents, updatedAt, lines, ...record } = row;
  const { taxCountry, buyerVatId } = row;
  return {
    ...paymentRow({ ...record, lines }),
    paypalTransactionId: row.paypalTransactionId,
    bundleTier: row.bundleTier,
    /** Null once the code is deleted; discountCodeText still says which it was. */
    discountCodeId: row.discountCodeId,
    updatedAt,
    pop: popOf(row),
    netMinor: row.amountMinor - row.refundedMinor,
    refundableMinor: refundableStatuses.includes(row.status) ? Math.max(0, row.amountMinor - row.refundedMinor) : 0,
    refunds,
    events: paypalEvents,
    subscription,
    licenseKeys,
    lines,
    shipment: shipmentOf(row),
    /** PayPal's cases against this payment, newest first. */
    disputes,
    /** A digital order's EU VAT: its row's label, and the reverse-charge note of a sale to a business. */
    vat: taxCountry
      ? {
          label: taxLabel(taxCountry),
          // Added on top, or inside prices that include it.
          taxMinor: row.taxMinor + lines.reduce((sum, line) => sum + (line.taxIncluded ? line.taxMinor : 0), 0),
          note: buyerVatId && reverseChargeNote(buyerVatId),
        }
      : null,
    wps: null,
  };
}

/**
 * A WPS payment in the same shape (its txn_id is the PayPal id), with what the IPN or PDT reported and every IPN
 * that touched it (pending, completed, refund...). WPS payments are refunded in PayPal, never from here.
 */
async function getWpsPayment(merchantId: string, id: string) {
  const row = await db.wpsTransaction.findFirst({
    where: { id, merchantId },
    include: {
      button: { select: { id: true, itemName: true } },
      refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: refundSelect },
      ipnMessages: {
        where: { state: "recorded" },
        orderBy: { receivedAt: "asc" },
        select: { id: true, txnId: true, receivedAt: true, reason: true },
      },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", "Payment not found");
  const [listed] = await wpsPaymentRows(merchantId, [row.id]);
  return {
    ...listed!,
    paypalTransactionId: row.txnId as string | null,
    bundleTier: null,
    discountCodeId: null as string | null,
    updatedAt: row.updatedAt,
    pop: null,
    netMinor: row.amountMinor - row.refundedMinor,
    refundableMinor: 0,
    refunds: row.refunds,
    events: [] as PaymentEvent[],
    subscription: null,
    licenseKeys: [] as DeliveredKey[],
    lines: [] as PaymentLineRow[],
    shipment: null as ReturnType<typeof shipmentOf> | null,
    disputes: [] as Awaited<ReturnType<typeof disputesOfPayment>>,
    vat: null,
    wps: {
      button: row.button ? { id: row.button.id, name: row.button.itemName } : null,
      itemName: row.itemName,
      optionSelected: row.optionSelected,
      quantity: row.quantity,
      paymentStatus: row.paymentStatus,
      statusReason: row.statusReason,
      paymentDate: row.paymentDate,
      recordedBy: row.source,
      events: row.ipnMessages,
    },
  };
}
