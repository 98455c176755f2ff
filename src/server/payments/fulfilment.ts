import { Prisma } from "~/generated/prisma/client";
import type { FulfilmentStatus } from "~/generated/prisma/enums";
import { shippingAddressLines } from "~/lib/shipping-address";
import { carrierLabels, carrierName, carriers, trackingUrl } from "~/lib/tracking";
import Papa from "papaparse";
import {
  listShipmentsSchema,
  markDeliveredSchema,
  markShippedFromCsvSchema,
  markShippedSchema,
  MAX_SHIPMENT_ROWS,
  type ListShipmentsInput,
  type MarkShippedFromCsvInput,
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
      carrier: true,
      trackingNumber: true,
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
  const storedCarrier = carrier === "OTHER" ? otherName : carrier;
  // The same tracker again (a double click, a CSV sent twice): PayPal has it already, and so do we.
  if (row.fulfilment !== "unfulfilled" && row.trackingNumber === trackingNumber && row.carrier === storedCarrier) {
    return { id, fulfilment: row.fulfilment };
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
        carrier: storedCarrier,
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
        carrier: storedCarrier,
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
  return { id, fulfilment: "shipped" as FulfilmentStatus };
}

/** The seller says the parcel arrived (carriers do not tell us). */
export async function markDelivered(merchantId: string, input: { id: string }) {
  const { id } = markDeliveredSchema.parse(input);
  const row = await shipment(merchantId, id);
  if (row.fulfilment === "unfulfilled") throw new AppError("CONFLICT", fulfilmentMessages.notShipped);
  await db.transaction.update({ where: { id }, data: { fulfilment: "delivered", deliveredAt: new Date() } });
  return { id, fulfilment: "delivered" as const };
}

/** A CSV's carrier as one of ours (by code or label, any case); another carrier's name as OTHER. */
function carrierOf(text: string): { carrier: (typeof carriers)[number]; carrierName: string } {
  const wanted = text.trim().toUpperCase();
  const known = carriers.find((code) => code === wanted || carrierLabels[code].toUpperCase() === wanted);
  return known && known !== "OTHER"
    ? { carrier: known, carrierName: "" }
    : { carrier: "OTHER", carrierName: text.trim() };
}

const csvColumns = { reference: "transaction id", carrier: "carrier", trackingNumber: "tracking number" } as const;

/**
 * Marks the orders of a CSV shipped (columns "Transaction ID" — PayPal's, as the Payments export lists it —,
 * "Carrier", "Tracking number"), one at a time as the dialog would: each row's answer is its own, so one bad row
 * never stops the others, and a file sent twice only resends the same trackers.
 */
export async function markShippedFromCsv(merchantId: string, input: MarkShippedFromCsvInput) {
  const { csv, notifyBuyer } = markShippedFromCsvSchema.parse(input);
  const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const headers = parsed.meta.fields ?? [];
  const missing = Object.values(csvColumns).filter((column) => !headers.includes(column));
  if (missing.length > 0) {
    throw new AppError("INVALID", `The CSV needs the columns Transaction ID, Carrier and Tracking number.`);
  }
  if (parsed.data.length > MAX_SHIPMENT_ROWS) {
    throw new AppError("INVALID", `Send at most ${MAX_SHIPMENT_ROWS} orders at a time.`);
  }
  const results: { row: number; reference: string; message: string | null }[] = [];
  for (const [index, record] of parsed.data.entries()) {
    const reference = (record[csvColumns.reference] ?? "").trim().slice(0, 64);
    const row = index + 2;
    try {
      const payment = reference
        ? await db.transaction.findFirst({
            where: { merchantId, OR: [{ paypalTransactionId: reference }, { id: reference }] },
            select: { id: true },
          })
        : null;
      if (!payment) throw new AppError("NOT_FOUND", fulfilmentMessages.notFound);
      const parsedRow = markShippedSchema.safeParse({
        id: payment.id,
        ...carrierOf(record[csvColumns.carrier] ?? ""),
        trackingNumber: record[csvColumns.trackingNumber] ?? "",
        notifyBuyer,
      });
      if (!parsedRow.success) throw new AppError("INVALID", parsedRow.error.issues[0]?.message ?? "Check this row.");
      await markShipped(merchantId, parsedRow.data);
      results.push({ row, reference, message: null });
    } catch (error) {
      const appError = toAppError(error);
      if (!appError) throw error;
      results.push({ row, reference, message: appError.userMessage });
    }
  }
  return { shipped: results.filter((result) => result.message === null).length, results };
}
