import type { Prisma } from "~/generated/prisma/client";
import type { TransactionStatus } from "~/generated/prisma/enums";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { logger } from "~/server/platform/logger";
import { emptyOutbox, sendOutbox } from "~/server/payments/outbox";
import { recordPaymentEvent } from "~/server/payments/ledger";
import { releaseClaims } from "~/server/checkout/claims";
import { itemNameOf, PAYMENT_NOT_FOUND, type ButtonRow } from "~/server/checkout/public-button";
import { isUniqueViolation, payerName } from "~/server/checkout/seller-paypal";
import type { CapturedOrder, CaptureStatus, ShippingAddress } from "~/server/vendors/paypal/types";
import { asOrderPlan, type OrderPrice } from "~/lib/order-pricing";

// Recording what PayPal captured, whichever call got the answer: the buyer's capture, a webhook, the
// reconciliation, or an upsell charged to a saved wallet. One payment per PayPal order, with its lines.

/** PayPal's capture status as our transaction status. */
export function transactionStatusOf(status: CaptureStatus): TransactionStatus {
  switch (status) {
    case "COMPLETED":
      return "completed";
    case "PENDING":
      return "pending";
    // Refunds are the ledger's rows (recordRefund): a capture first seen already refunded was completed, and the
    // refund's own event or the reconciliation adds the refund.
    case "REFUNDED":
    case "PARTIALLY_REFUNDED":
      return "completed";
    default:
      return "failed";
  }
}

export const transactionResultSelect = {
  id: true,
  merchantId: true,
  paypalSubscriptionId: true,
  buttonId: true,
  sellPageId: true,
  paypalTransactionId: true,
  status: true,
} as const;
export type RecordedCapture = Prisma.TransactionGetPayload<{ select: typeof transactionResultSelect }> & {
  /** This call wrote the payment (and so issued its license keys); false when it was recorded before. */
  isNew: boolean;
};

export function sameButton(
  row: Prisma.TransactionGetPayload<{ select: typeof transactionResultSelect }>,
  buttonId: string,
  isNew: boolean,
): RecordedCapture {
  if (row.buttonId !== buttonId) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  return { ...row, isNew };
}

/** What recording a capture reads of its checkout session. */
export const sessionInclude = {
  discountCode: { select: { code: true } },
  bumpButton: { select: { id: true, name: true, sellPageId: true, bundleTier: true } },
  cartItems: {
    orderBy: { position: "asc" },
    include: { button: { select: { id: true, name: true, sellPageId: true, bundleTier: true } } },
  },
} as const;

export function findSession(orderId: string) {
  return db.checkoutSession.findUnique({ where: { paypalOrderId: orderId }, include: sessionInclude });
}
export type CheckoutSessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/**
 * The order's items as payment lines, in the order PayPal's order lists them: the POP the buyer chose (with the
 * discount, which is its), then the bump they ticked; or a cart's items, each with its share of the discount.
 * They add up to what the session asked PayPal for.
 */
function linesOf(button: ButtonRow, session: CheckoutSessionRow, createdAt: Date | undefined) {
  const base = { merchantId: button.merchantId, currency: session.currency, createdAt };
  if (session.fromCart) {
    return session.cartItems.map(
      (item): Prisma.PaymentLineCreateManyTransactionInput => ({
        ...base,
        position: item.position,
        origin: "cart",
        buttonId: item.button?.id ?? null,
        sellPageId: item.button?.sellPageId ?? null,
        bundleTier: item.button?.bundleTier ?? null,
        name: item.button ? itemNameOf(item.button) : "Deleted item",
        quantity: item.quantity,
        unitAmountMinor: item.unitAmountMinor,
        discountMinor: item.discountMinor,
        amountMinor: item.unitAmountMinor * item.quantity - item.discountMinor,
      }),
    );
  }
  const bumpMinor = session.bumpAmountMinor ?? 0;
  const itemSubtotal = session.amountMinor - bumpMinor + session.discountMinor;
  const lines: Prisma.PaymentLineCreateManyTransactionInput[] = [
    {
      ...base,
      position: 0,
      origin: session.upsellOfferId ? "upsell" : "item",
      buttonId: button.id,
      sellPageId: button.sellPageId,
      bundleTier: button.bundleTier,
      name: itemNameOf(button),
      quantity: session.quantity,
      unitAmountMinor: Math.round(itemSubtotal / session.quantity),
      discountMinor: session.discountMinor,
      amountMinor: itemSubtotal - session.discountMinor,
    },
  ];
  if (session.bumpAmountMinor !== null) {
    const bump = session.bumpButton;
    lines.push({
      ...base,
      position: 1,
      origin: "bump",
      buttonId: bump?.id ?? null,
      sellPageId: bump?.sellPageId ?? null,
      bundleTier: bump?.bundleTier ?? null,
      // Its POP deleted since the order was created (the session keeps the price, not the name).
      name: bump ? itemNameOf(bump) : "Deleted item",
      quantity: 1,
      unitAmountMinor: bumpMinor,
      amountMinor: bumpMinor,
    });
  }
  return lines;
}

/** The address PayPal's buyer chose for what ships, as the payment's columns. */
function shippingColumns(shipping: ShippingAddress | null) {
  return {
    shippingName: shipping?.name ?? null,
    shippingLine1: shipping?.line1 ?? null,
    shippingLine2: shipping?.line2 ?? null,
    shippingCity: shipping?.city ?? null,
    shippingRegion: shipping?.region ?? null,
    shippingPostalCode: shipping?.postalCode ?? null,
    shippingCountry: shipping?.countryCode ?? null,
  };
}

/** An order that ships: what the buyer paid for shipping and tax, and that it waits to be shipped. */
function fulfilmentColumns(shipping: ShippingAddress | null, price: OrderPrice | null) {
  return {
    ...shippingColumns(shipping),
    shippingMinor: price?.shippingMinor ?? 0,
    shippingMethod: price?.shippingMethod ?? null,
    taxMinor: price?.taxMinor ?? 0,
    fulfilment: shipping ? ("unfulfilled" as const) : null,
  };
}

/** A digital order with EU VAT: the country its buyer named, and a business's VAT number (reverse charge). */
function digitalTaxColumns(session: CheckoutSessionRow, price: OrderPrice | null) {
  const buyer = price ? asOrderPlan(session.orderPlan)?.buyer : undefined;
  return { taxCountry: buyer?.country ?? null, buyerVatId: buyer?.vatId ?? null };
}

/**
 * Keeps what the buyer was shown when they paid: the POP's name, text and price and, for a sell page, its
 * bundle, features and guarantee. A dispute "not as described" is answered with this, not with today's page.
 */
async function snapshotPurchase(tx: Prisma.TransactionClient, transactionId: string) {
  await tx.$executeRaw`
    UPDATE transactions t SET purchase_snapshot = jsonb_build_object(
      'name', b.name, 'description', b.description, 'priceMinor', b.amount_minor, 'currency', b.currency,
      'sellPage', CASE WHEN p.id IS NULL THEN NULL ELSE jsonb_build_object(
        'name', p.name, 'description', p.description, 'guarantee', p.guarantee,
        'bundle', CASE WHEN b.bundle_tier = 'premium' THEN p.premium_name ELSE p.basic_name END,
        'features', to_jsonb(CASE WHEN b.bundle_tier = 'premium' THEN p.premium_features ELSE p.basic_features END))
      END)
    FROM payment_buttons b LEFT JOIN digital_sell_pages p ON p.id = b.sell_page_id
    WHERE t.id = ${transactionId} AND b.id = t.button_id`;
}

/**
 * Writes the payment PayPal captured; idempotent on the order id (a concurrent writer's row wins). `price` is our
 * price of an order that ships (checkout/shipping.ts): its shipping, and the tax of each line.
 */
export async function recordCaptured(
  button: ButtonRow,
  session: CheckoutSessionRow,
  orderId: string,
  captured: CapturedOrder,
  price: OrderPrice | null = null,
): Promise<RecordedCapture> {
  const { capture } = captured;
  const lines = linesOf(button, session, capture.createTime ? new Date(capture.createTime) : undefined).map(
    (line, index) => ({
      ...line,
      taxMinor: price?.lineTaxes[index]?.taxMinor ?? 0,
      taxIncluded: price?.lineTaxes[index]?.included ?? false,
    }),
  );
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.transaction.create({
        data: {
          merchantId: button.merchantId,
          buttonId: button.id,
          sellPageId: button.sellPageId,
          bundleTier: button.bundleTier,
          paypalOrderId: orderId,
          paypalTransactionId: capture.id,
          paypalPayerId: captured.payer?.payerId ?? null,
          payerEmail: captured.payer?.email ?? null,
          payerName: payerName(captured.payer),
          amountMinor: capture.amount.valueMinor,
          feeMinor: capture.fee?.currency === capture.amount.currency ? capture.fee.valueMinor : null,
          currency: capture.amount.currency,
          status: transactionStatusOf(capture.status),
          quantity: session.quantity,
          discountCodeId: session.discountCodeId,
          discountCodeText: session.discountCode?.code ?? null,
          discountMinor: session.discountMinor,
          ...fulfilmentColumns(captured.shipping, price),
          ...digitalTaxColumns(session, price),
          // Recorded late (by a webhook or the reconciliation), a payment still counts when PayPal captured it.
          ...(capture.createTime && { createdAt: new Date(capture.createTime) }),
          lines: { createMany: { data: lines } },
        },
        select: transactionResultSelect,
      });
      await snapshotPurchase(tx, created.id);
      await tx.checkoutSession.update({
        where: { id: session.id },
        data: { settledAt: new Date(), checkResult: "recorded" },
      });
      // An upsell paid in PayPal's window (or charged to the saved wallet) closes its offer.
      if (session.upsellOfferId && created.status !== "failed") {
        await tx.upsellOffer.update({
          where: { id: session.upsellOfferId },
          data: { status: "taken", takenTransactionId: created.id, vaultTokenEncrypted: null },
        });
      }
      const outbox =
        created.status === "completed" ? await recordPaymentEvent(tx, "payment.completed", created.id) : emptyOutbox();
      return { created, outbox };
    });
    await sendOutbox(row.outbox);
    if (row.created.status === "failed") await releaseClaims(session.id);
    if (capture.status !== "COMPLETED") {
      logger.info("PayPal capture not completed", { orderId, status: capture.status, reason: capture.statusReason });
    }
    return sameButton(row.created, button.id, true);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      select: transactionResultSelect,
    });
    return sameButton(winner, button.id, false);
  }
}
