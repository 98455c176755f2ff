import { Prisma } from "~/generated/prisma/client";
import type { FulfilmentStatus } from "~/generated/prisma/enums";
import { shippingAddressLines } from "~/lib/shipping-address";
import { carrierName, trackingUrl } from "~/lib/tracking";
import {
  listShipmentsSchema,
  markDeliveredSchema,
  markShippedSchema,
  type ListShipmentsInput,
  type MarkShippedInput,
} from "~/schemas/shipping";
import { recordEmail } from "~/server/email";
import { db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { pageCount } from "~/server/platform/paging";
import { recordMerchantEvent } from "~/server/merchant-webhooks";
import { paymentEventData, paymentEventSelect } from "~/server/payments/ledger";
import { sendOutbox } from "~/server/payments/outbox";
import { itemOf, itemSelect, likeOperand, PAGE_SIZE, shippingSelect } from "~/server/payments/payments";
import { merchantPayPal } from "~/server/vendors/paypal/merchant-client";

// Orders that ship, after the payment: the "To ship" list, marking one shipped (the tracking number goes to PayPal,
// which shows it to the buyer and releases held funds sooner; the buyer gets our e-mail with the tracking link; the
// seller's webhooks get payment.shipped) and marking it delivered.

/** An order that ships: what shipping and tax cost, where it is, and its tracking. */
export function shipmentOf(row: {
  shippingMinor: number;
  shippingMethod: string | null;
  taxMinor: number;
  fulfilment: FulfilmentStatus | null;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}) {
  return {
    shippingMinor: row.shippingMinor,
    shippingMethod: row.shippingMethod,
    taxMinor: row.taxMinor,
    fulfilment: row.fulfilment,
    carrier: row.carrier ? carrierName(row.carrier) : null,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    shippedAt: row.shippedAt,
    deliveredAt: row.deliveredAt,
  };
}

export const fulfilmentMessages = {
  notFound: "Payment not found.",
  nothingShips: "Nothing in this payment ships.",
  notPaid: "Only paid orders can be marked shipped.",
  notShipped: "Mark this order shipped first.",
  paypalRefused: "PayPal did not accept this tracking number. Check it and the carrier, then try again.",
} as const;

/** Paid orders, whatever was refunded of them since, less those refunded in full. */
const PAID = ["completed", "partially_refunded"] as const;

export async function listShipments(merchantId: string, input: ListShipmentsInput) {
  const { status, q, page } = listShipmentsSchema.parse(input);
  const search = q
    ? {
        OR: [
          { payerEmail: { contains: likeOperand(q), mode: "insensitive" as const } },
          { payerName: { contains: likeOperand(q), mode: "insensitive" as const } },
          { shippingName: { contains: likeOperand(q), mode: "insensitive" as const } },
          { paypalTransactionId: { contains: likeOperand(q), mode: "insensitive" as const } },
          { trackingNumber: { contains: likeOperand(q), mode: "insensitive" as const } },
        ],
      }
    : {};
  const where = {
    merchantId,
    fulfilment: status,
    status: { in: [...PAID] },
    ...search,
  } satisfies Prisma.TransactionWhereInput;
  // To ship: the oldest first, as a packing queue; shipped and delivered: the latest first.
  const order = status === "unfulfilled" ? Prisma.SortOrder.asc : Prisma.SortOrder.desc;
  const [total, rows] = await Promise.all([
    db.transaction.count({ where }),
    db.transaction.findMany({
      where,
      orderBy: [{ createdAt: order }, { id: order }],
      skip: (page - 1) * PAGE_SIZE,
      take: PAGE_SIZE,
      select: {
        id: true,
        createdAt: true,
        payerEmail: true,
        payerName: true,
        paypalTransactionId: true,
        amountMinor: true,
        currency: true,
        status: true,
        ...itemSelect,
        ...shippingSelect,
      },
    }),
  ]);
  return {
    total,
    page,
    pageCount: pageCount(total, PAGE_SIZE),
    pageSize: PAGE_SIZE,
    rows: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      buyer: row.payerName ?? row.payerEmail,
      buyerEmail: row.payerEmail,
      paypalId: row.paypalTransactionId,
      item: itemOf(row) ?? "—",
      amountMinor: row.amountMinor,
      currency: row.currency,
      shipTo: shippingAddressLines(row),
      ...shipmentOf(row),
    })),
  };
}

async function shipment(merchantId: string, id: string) {
  const row = await db.transaction.findFirst({
    where: { id, merchantId },
    select: {
      id: true,
      status: true,
      fulfilment: true,
      paypalOrderId: true,
      paypalTransactionId: true,
      button: { select: { paypalClientId: true } },
    },
  });
  if (!row) throw new AppError("NOT_FOUND", fulfilmentMessages.notFound);
  if (!row.fulfilment) throw new AppError("INVALID", fulfilmentMessages.nothingShips);
  return row;
}

/**
 * Marks a paid order shipped: PayPal gets the tracker first (so our record never says "shipped" while PayPal has
 * no tracking), then the payment, the buyer's e-mail and the payment.shipped webhook are written together.
 * A corrected tracking number is sent again the same way.
 */
export async function markShipped(merchantId: string, input: MarkShippedInput) {
  const { id, carrier, carrierName: otherName, trackingNumber, notifyBuyer } = markShippedSchema.parse(input);
  const row = await shipment(merchantId, id);
  if (!(PAID as readonly string[]).includes(row.status) || !row.paypalOrderId || !row.paypalTransactionId) {
    throw new AppError("CONFLICT", fulfilmentMessages.notPaid);
  }
  const paypal = await merchantPayPal(merchantId, row.button?.paypalClientId);
  try {
    await paypal.client.addTracker(row.paypalOrderId, {
      captureId: row.paypalTransactionId,
      trackingNumber,
      carrier,
      carrierNameOther: carrier === "OTHER" ? otherName : undefined,
      // PayPal e-mails the buyer too when asked; ours carries the store's name and the carrier's tracking link.
      notifyPayer: notifyBuyer,
    });
  } catch (error) {
    const appError = toAppError(error);
    logger.warn("PayPal refused a tracker", { paymentId: id, ...describeError(appError?.cause ?? error) });
    if (appError?.code === "UPSTREAM" || appError?.code === "RATE_LIMITED") throw appError;
    throw new AppError("INVALID", fulfilmentMessages.paypalRefused, {
      fieldErrors: { trackingNumber: [fulfilmentMessages.paypalRefused] },
    });
  }
  const outbox = await db.$transaction(async (tx) => {
    const updated = await tx.transaction.update({
      where: { id },
      data: {
        fulfilment: "shipped",
        carrier: carrier === "OTHER" ? otherName : carrier,
        trackingNumber,
        shippedAt: new Date(),
        deliveredAt: null,
      },
      select: { ...paymentEventSelect, payerEmail: true },
    });
    const deliveries = await recordMerchantEvent(tx, {
      merchantId,
      type: "payment.shipped",
      buttonId: updated.buttonId,
      data: {
        ...paymentEventData(updated),
        carrier: carrier === "OTHER" ? otherName : carrier,
        tracking_number: trackingNumber,
      },
    });
    const email =
      notifyBuyer && updated.payerEmail
        ? await recordEmail(tx, {
            template: "shipment-notice",
            to: updated.payerEmail,
            payload: { transactionId: id },
            merchantId,
            key: `shipment-notice:${id}:${trackingNumber}`,
          })
        : null;
    return { deliveries, emails: email ? [email] : [] };
  });
  await sendOutbox(outbox);
  return { id, fulfilment: "shipped" as const };
}

/** The seller says the parcel arrived (carriers do not tell us). */
export async function markDelivered(merchantId: string, input: { id: string }) {
  const { id } = markDeliveredSchema.parse(input);
  const row = await shipment(merchantId, id);
  if (row.fulfilment === "unfulfilled") throw new AppError("CONFLICT", fulfilmentMessages.notShipped);
  await db.transaction.update({ where: { id }, data: { fulfilment: "delivered", deliveredAt: new Date() } });
  return { id, fulfilment: "delivered" as const };
}
