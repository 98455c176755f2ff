import { randomUUID } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import type { SubscriptionStatus, TransactionStatus } from "~/generated/prisma/enums";
import type { SavedButtonStyle } from "~/lib/paypal-button";
import type {
  CaptureOrderInput,
  CheckoutButtonInput,
  CreateOrderInput,
  RecordSubscriptionInput,
} from "~/schemas/checkout";
import { checkoutMessages } from "~/lib/checkout-messages";
import { env } from "~/env";
import { databaseQueueLength, db } from "~/server/platform/db";
import { AppError, toAppError } from "~/server/platform/errors";
import { describeError, logger } from "~/server/platform/logger";
import { DOWNLOAD_ALREADY_ISSUED_MESSAGE, issueDownloadGrant } from "~/server/library/downloads";
import { emptyOutbox, sendOutbox } from "~/server/payments/outbox";
import { recordPaymentEvent } from "~/server/payments/ledger";
import { syncSubscription } from "~/server/subscriptions/subscriptions";
import { claimForCapture, releaseClaims } from "~/server/checkout/claims";
import { describeQuote, quoteCheckout } from "~/server/checkout/pricing";
import { planLimitMessage } from "~/server/plans/plans";
import { storeBrandOf, storeBrandSelect } from "~/server/library/library";
import type { CapturedOrder, CaptureStatus, PayPalPayer, PayPalSubscription } from "~/server/vendors/paypal/client";
import {
  type MerchantPayPal,
  sellerCanTakePayments,
  sellerPayPalFrom,
  sellerSelect,
} from "~/server/vendors/paypal/merchant-client";

// DESIGN 5: the buyer never tells us a price or a status. Orders are created here from the button's stored
// amount, captured here after the buyer approves, and recorded from PayPal's own answer.

const BUTTON_NOT_FOUND = "Payment button not found";
const PAYMENT_NOT_FOUND = "Payment not found.";

/** A bundle button is only payable while its sell page is active too. */
const payableWhere = (buttonId: string) => ({
  id: buttonId,
  isActive: true,
  OR: [{ sellPageId: null }, { sellPage: { isActive: true } }],
});

/** The columns toPublicButton reads: sell pages select them for their bundles' buttons. */
export const publicButtonSelect = {
  id: true,
  name: true,
  description: true,
  amountMinor: true,
  currency: true,
  paymentType: true,
  payWhatYouWant: true,
  minimumAmountMinor: true,
  maxQuantity: true,
  stockLimit: true,
  soldCount: true,
  subscriptionPlanId: true,
  paypalClientId: true,
  successUrl: true,
  cancelUrl: true,
  styleColor: true,
  styleShape: true,
  styleSize: true,
  styleLabel: true,
  merchant: {
    select: {
      ...sellerSelect,
      // Whether to offer a discount-code field at all.
      _count: { select: { discountCodes: { where: { isActive: true } } } },
    },
  },
} as const;

const buttonSelect = {
  ...publicButtonSelect,
  merchantId: true,
  isActive: true,
  sellPageId: true,
  bundleTier: true,
  sellPage: { select: { isActive: true } },
} as const;

type ButtonRow = NonNullable<Awaited<ReturnType<typeof findButton>>>;

function findButton(where: { id: string } | ReturnType<typeof payableWhere>) {
  return db.paymentButton.findFirst({ where, select: buttonSelect });
}

type PublicButtonRow = Prisma.PaymentButtonGetPayload<{ select: typeof publicButtonSelect }>;

/** Everything a buyer's page may know about a button: explicit fields only, never credentials or e-mails. */
export function toPublicButton(button: PublicButtonRow) {
  const isOneTime = button.paymentType === "one_time";
  const stockLeft = button.stockLimit === null ? null : Math.max(0, button.stockLimit - button.soldCount);
  const style: SavedButtonStyle = {
    color: button.styleColor,
    shape: button.styleShape,
    size: button.styleSize,
    label: button.styleLabel,
  };
  return {
    id: button.id,
    name: button.name,
    description: button.description,
    /** The price; with pay what you want, the suggested price. */
    amountMinor: button.amountMinor,
    currency: button.currency,
    isSubscription: button.paymentType === "subscription",
    /** Pay what you want: the buyer names the price, at least minimumAmountMinor. */
    payWhatYouWant: isOneTime && button.payWhatYouWant,
    minimumAmountMinor: isOneTime && button.payWhatYouWant ? (button.minimumAmountMinor ?? 1) : null,
    /** The most units one order may buy (1: no quantity field), never more than the stock left. */
    maxQuantity: isOneTime ? Math.max(1, Math.min(button.maxQuantity, stockLeft ?? Infinity)) : 1,
    /** Units left for sale; null: unlimited. */
    stockLeft,
    soldOut: stockLeft === 0,
    acceptsDiscountCodes: isOneTime && button.merchant._count.discountCodes > 0,
    subscriptionPlanId: button.paymentType === "subscription" ? button.subscriptionPlanId : null,
    paypalClientId: button.paypalClientId,
    style,
    successUrl: button.successUrl,
    cancelUrl: button.cancelUrl,
    /**
     * False when the merchant has no saved secret for this client id ("cannot take payments yet") or is
     * suspended (isSellerSuspended: "not accepting payments right now"): the buyer sees that message, no button.
     */
    canTakePayments: sellerCanTakePayments(button.merchant, button.paypalClientId),
    isSellerSuspended: button.merchant.suspendedAt !== null,
  };
}

export type PublicButton = ReturnType<typeof toPublicButton>;

/**
 * /checkout/{id}: an active button and the store selling it, else NOT_FOUND (the page shows 'Product Not Found').
 * The store is only on this page's answer: embed scripts carry nothing they do not draw.
 */
export async function getPublicButton({ buttonId }: CheckoutButtonInput) {
  const button = await findButton(payableWhere(buttonId));
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  const merchant = await db.merchant.findUniqueOrThrow({ where: { id: button.merchantId }, select: storeBrandSelect });
  return { ...toPublicButton(button), store: storeBrandOf(merchant, "public") };
}

/** The embed script and the test page: unknown (null), inactive (id and name only), or the public button. */
export async function getEmbedButton(
  buttonId: string,
): Promise<null | { isActive: false; id: string; name: string } | ({ isActive: true } & PublicButton)> {
  const button = await findButton({ id: buttonId });
  if (!button) return null;
  if (!button.isActive || button.sellPage?.isActive === false) {
    return { isActive: false, id: button.id, name: button.name };
  }
  return { isActive: true, ...toPublicButton(button) };
}

/**
 * PayPal's failures as the buyer may read them: a declined or unapproved payment keeps PayPal's sentence and
 * issue (INSTRUMENT_DECLINED lets the buyer's page restart with another instrument); any other provider
 * trouble is the spec's generic payment error, with the real cause in the log.
 */
async function withPayPal<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const appError = toAppError(error);
    if (appError?.code === "PAYMENT_FAILED" || appError?.code === "NOT_FOUND") throw appError;
    logger.warn("PayPal call failed", { what, ...describeError(appError?.cause ?? error) });
    throw new AppError("UPSTREAM", checkoutMessages.error, { cause: error });
  }
}

function sellerPayPal(button: ButtonRow) {
  return sellerPayPalFrom(button.merchantId, button.merchant, button.paypalClientId);
}

function payerName(payer: PayPalPayer | null): string | null {
  const name = [payer?.givenName, payer?.surname].filter(Boolean).join(" ");
  return name || null;
}

/** PayPal's capture status as our transaction status (SPEC 4 plus refunded). */
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

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/**
 * Under a burst the database queue is the load: new checkouts are refused before they join it (and before any
 * money moves), so the captures of buyers who already approved, never refused, get through in time.
 */
export function refuseNewCheckoutWhenBusy(): void {
  if (databaseQueueLength() > env.CHECKOUT_BUSY_QUEUE) throw new AppError("BUSY", checkoutMessages.busy);
}

/**
 * Creates the PayPal order for a one-time button, priced here from the button and what the seller lets the buyer
 * choose (checkout-pricing.ts), and counts the checkout start.
 */
export async function createOrder({ buttonId, ...choice }: CreateOrderInput): Promise<{ orderId: string }> {
  const button = await findButton(payableWhere(buttonId));
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  // A store over its plan's monthly limit takes no new checkouts; an order already approved is still captured.
  const overLimit = await planLimitMessage(button.merchantId);
  if (overLimit) throw new AppError("CONFLICT", overLimit);
  const quote = await quoteCheckout(button, choice);
  const paypal = sellerPayPal(button);
  const amount = { currency: button.currency, valueMinor: quote.totalMinor };
  // SPEC 7: a sell-page bundle's order reads '{page name} - {bundle name} Bundle' (its button's name + ' Bundle').
  const name = button.bundleTier ? `${button.name} Bundle` : button.name;
  const order = await withPayPal("create order", () =>
    paypal.client.createOrder({
      amount,
      customId: button.id,
      description: [
        quote.quantity > 1 ? `${quote.quantity} × ${name}` : name,
        quote.discount && `(code ${quote.discount.code})`,
      ]
        .filter(Boolean)
        .join(" "),
      // A fresh key per checkout: each click is a new order, and a retried request cannot create two.
      requestId: `popkit-order-${randomUUID()}`,
    }),
  );
  // The session remembers what we asked PayPal for: the capture checks the order against it.
  await db.checkoutSession.create({
    data: {
      merchantId: button.merchantId,
      buttonId: button.id,
      sellPageId: button.sellPageId,
      paypalOrderId: order.id,
      amountMinor: amount.valueMinor,
      currency: amount.currency,
      quantity: quote.quantity,
      discountCodeId: quote.discount?.id ?? null,
      discountMinor: quote.discountMinor,
    },
  });
  return { orderId: order.id };
}

/** The "Apply" preview of the buyer's page: the total the order would have. Refusals are the buyer's sentences. */
export async function quoteOrder({ buttonId, ...choice }: CreateOrderInput) {
  const button = await findButton(payableWhere(buttonId));
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  return describeQuote(await quoteCheckout(button, choice));
}

const transactionResultSelect = {
  id: true,
  buttonId: true,
  sellPageId: true,
  paypalTransactionId: true,
  status: true,
} as const;
type RecordedCapture = Prisma.TransactionGetPayload<{ select: typeof transactionResultSelect }>;

export type CaptureResult = {
  orderId: string;
  /** PayPal's capture id: the one id the buyer's receipt, PayPal's activity page and the seller's Payments show. */
  paymentId: string;
  /**
   * "confirming": the buyer approved and PayPal may have taken the money, but it is not recorded yet (the
   * database is busy or failing, PayPal's answer was lost). Never a failure: the buyer's page shows `message`
   * and asks again (the capture is idempotent) until it is recorded. `paymentId` is then PayPal's capture id if
   * PayPal answered, else the order id.
   */
  status: TransactionStatus | "confirming";
  /** The buyer's sentence for "confirming"; null otherwise. */
  message?: string;
  /** A digital sell page's purchase: the download grant's token that /thank-you takes; otherwise null. */
  downloadToken: string | null;
  /**
   * A digital purchase whose link an earlier call already handed out: what to tell the buyer instead (the token
   * is given once, see issueDownloadGrant); otherwise null.
   */
  downloadNotice: string | null;
};

function sameButton(row: RecordedCapture, buttonId: string): RecordedCapture {
  if (row.buttonId !== buttonId) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  return row;
}

/**
 * Every buyer's capture, for payment buttons and sell-page bundles alike: the capture is recorded from PayPal's
 * answer, then a bundle's purchase gets the download grant for its page's file. A pending capture gets its token
 * too: /thank-you then waits for PayPal to complete the payment. Safe to repeat: the capture is idempotent, and
 * only the first call that finds the purchase without a grant gets the token. That is the buyer's own page in
 * every case but one: its answer was lost after the grant was made, and the retry is then told to use the
 * receipt's library link. A call that failed before the grant leaves none, so the retry still gets the token.
 */
export async function captureOrder(input: CaptureOrderInput): Promise<CaptureResult> {
  try {
    return await resultOf(input.orderId, await recordCapture(input), { deliver: true });
  } catch (error) {
    if (isFinalAnswer(error)) throw error;
    // A buyer whom PayPal may have charged is never told "failed": whatever went wrong on our side, their page
    // asks again; this call, a PayPal webhook or the reconciliation records the payment.
    const paymentId = error instanceof CaptureNotRecorded ? error.paymentId : input.orderId;
    logger.warn("capture not recorded yet; the buyer is told it is being confirmed", {
      orderId: input.orderId,
      paymentId,
      ...describeError(error instanceof CaptureNotRecorded ? error.cause : error),
    });
    return {
      orderId: input.orderId,
      paymentId,
      status: "confirming",
      message: checkoutMessages.confirming.replace("{id}", paymentId),
      downloadToken: null,
      downloadNotice: null,
    };
  }
}

/** PayPal captured (`paymentId`) but our write failed: the money moved, the row is missing. */
class CaptureNotRecorded extends Error {
  constructor(
    readonly paymentId: string,
    cause: unknown,
  ) {
    super("PayPal captured the order but the payment could not be recorded", { cause });
  }
}

/**
 * Answers that are true whatever happens next: PayPal refused the payment, the order or button is not this
 * buyer's, the product sold out before the capture. Anything else (our database, PayPal unreachable) is not.
 */
function isFinalAnswer(error: unknown): boolean {
  if (error instanceof CaptureNotRecorded) return false;
  const code = toAppError(error)?.code;
  return code !== undefined && code !== "UPSTREAM" && code !== "BUSY" && code !== "RATE_LIMITED";
}

/**
 * Records a checkout PayPal knows about but we never recorded (the buyer closed the tab after approving, or our
 * write failed after PayPal captured): through recordCapture, the buyer's own path, so the payment row and the
 * merchant's events are the same. It makes no download grant, whose token nobody here could pass on: the buyer's
 * page, when it retries its capture, still gets the first one; otherwise the receipt's library link serves the
 * file. Null when no checkout session has this order.
 */
export async function settleCheckout(orderId: string): Promise<CaptureResult | null> {
  const session = await db.checkoutSession.findUnique({ where: { paypalOrderId: orderId } });
  if (!session?.buttonId) return null;
  return resultOf(orderId, await recordCapture({ buttonId: session.buttonId, orderId }), { deliver: false });
}

async function resultOf(orderId: string, row: RecordedCapture, opts: { deliver: boolean }): Promise<CaptureResult> {
  const delivers = opts.deliver && row.sellPageId !== null && (row.status === "completed" || row.status === "pending");
  const grant = delivers ? await issueDownloadGrant(row.id) : null;
  return {
    orderId,
    paymentId: row.paypalTransactionId ?? orderId,
    status: row.status,
    downloadToken: grant?.token ?? null,
    downloadNotice: grant && grant.token === null ? DOWNLOAD_ALREADY_ISSUED_MESSAGE : null,
  };
}

/**
 * Captures an approved order of this button and records the transaction from PayPal's capture. Idempotent on
 * the order id: a repeated (or concurrent) capture returns the recorded row and never adds a second one.
 */
async function recordCapture({ buttonId, orderId }: CaptureOrderInput): Promise<RecordedCapture> {
  // The button may have been switched off after the buyer approved: the order was ours when created, so it
  // is still honoured.
  const button = await findButton({ id: buttonId });
  if (!button) throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);

  const recorded = await db.transaction.findUnique({
    where: { paypalOrderId: orderId },
    select: transactionResultSelect,
  });
  if (recorded) return sameButton(recorded, button.id);

  const session = await findSession(orderId);
  if (!session || session.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);

  const paypal = sellerPayPal(button);
  const order = await withPayPal("get order", () => paypal.client.getOrder(orderId));
  if (
    order.customId !== button.id ||
    order.amount.valueMinor !== session.amountMinor ||
    order.amount.currency !== session.currency
  ) {
    logger.warn("PayPal order does not match its checkout session", { orderId, buttonId });
    throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  }

  // An order already captured (our earlier attempt captured but could not record) is recorded from PayPal's
  // answer instead of being captured twice. Any other is captured only once its stock and code use are claimed.
  const earlierCapture = order.status === "COMPLETED" ? order.capture : null;
  await claimForCapture(session, { email: order.payer?.email ?? null }, { force: earlierCapture !== null });
  const captured = earlierCapture
    ? { ...order, capture: earlierCapture }
    : await withPayPal("capture order", () =>
        paypal.client.captureOrder(orderId, { requestId: `popkit-capture-${orderId}` }),
      ).catch(async (error: unknown) => {
        // PayPal said no (a declined card, an order it no longer has): nothing was taken, so neither is the stock.
        // Any other failure may have captured after all; the claim waits for the retry or the reconciliation.
        const code = toAppError(error)?.code;
        if (code === "PAYMENT_FAILED" || code === "NOT_FOUND") await releaseClaims(session.id);
        throw error;
      });
  const { capture } = captured;
  if (capture.amount.valueMinor !== session.amountMinor || capture.amount.currency !== session.currency) {
    // PayPal's capture is the truth about the money moved; record it, but make the mismatch visible.
    logger.error("PayPal captured another amount than the order's", { orderId, buttonId });
  }

  try {
    return await recordCaptured(button, session, orderId, captured);
  } catch (error) {
    throw new CaptureNotRecorded(capture.id, error);
  }
}

function findSession(orderId: string) {
  return db.checkoutSession.findUnique({
    where: { paypalOrderId: orderId },
    include: { discountCode: { select: { code: true } } },
  });
}
type CheckoutSessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

/** Writes the payment PayPal captured; idempotent on the order id (a concurrent writer's row wins). */
async function recordCaptured(
  button: ButtonRow,
  session: CheckoutSessionRow,
  orderId: string,
  captured: CapturedOrder,
): Promise<RecordedCapture> {
  const { capture } = captured;
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
          // Recorded late (by a webhook or the reconciliation), a payment still counts when PayPal captured it.
          ...(capture.createTime && { createdAt: new Date(capture.createTime) }),
        },
        select: transactionResultSelect,
      });
      await tx.checkoutSession.update({
        where: { id: session.id },
        data: { settledAt: new Date(), checkResult: "recorded" },
      });
      const outbox =
        created.status === "completed" ? await recordPaymentEvent(tx, "payment.completed", created.id) : emptyOutbox();
      return { created, outbox };
    });
    await sendOutbox(row.outbox);
    if (row.created.status === "failed") await releaseClaims(session.id);
    if (capture.status !== "COMPLETED") {
      logger.info("PayPal capture not completed", { orderId, status: capture.status, reason: capture.statusReason });
    }
    return sameButton(row.created, button.id);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await db.transaction.findUniqueOrThrow({
      where: { paypalOrderId: orderId },
      select: transactionResultSelect,
    });
    return sameButton(winner, button.id);
  }
}

export type SubscriptionResult = { subscriptionId: string; status: SubscriptionStatus };

/**
 * Records a verified PayPal subscription of a subscription button: a Subscription row (what MRR and active
 * subscribers count) with the plan's price and billing cycle as PayPal defines them. A subscription becoming
 * ACTIVE is not a payment (a trial is free, a setup fee is its own sale): payments come from PayPal's sales only,
 * through PAYMENT.SALE.COMPLETED or syncSubscription, which runs here once at once.
 */
async function recordVerifiedSubscription(
  button: ButtonRow,
  paypal: MerchantPayPal,
  sub: PayPalSubscription,
): Promise<SubscriptionResult> {
  const plan = await withPayPal("get plan", () => paypal.client.getPlan(sub.planId));
  const payer = sub.subscriber;
  let id: string;
  try {
    const row = await db.subscription.create({
      data: {
        merchantId: button.merchantId,
        buttonId: button.id,
        paypalSubscriptionId: sub.id,
        planId: sub.planId,
        status: "active",
        amountMinor: plan.price.valueMinor,
        currency: plan.price.currency,
        intervalUnit: plan.intervalUnit,
        intervalCount: plan.intervalCount,
        payerId: payer?.payerId ?? null,
        payerEmail: payer?.email ?? null,
        payerName: payerName(payer),
        nextBillingAt: sub.nextBillingTime ? new Date(sub.nextBillingTime) : null,
        ...(sub.startTime && { createdAt: new Date(sub.startTime) }),
      },
      select: { id: true },
    });
    id = row.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await db.subscription.findUniqueOrThrow({ where: { paypalSubscriptionId: sub.id } });
    if (existing.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    return { subscriptionId: sub.id, status: existing.status };
  }
  // The first sale may be there already; if PayPal is slow, its webhook or the reconciliation records it.
  await syncSubscription(id).catch((error: unknown) =>
    logger.warn("Could not read a new subscription's payments yet", {
      subscriptionId: sub.id,
      ...describeError(error),
    }),
  );
  return { subscriptionId: sub.id, status: "active" };
}

/** Verifies a subscription with PayPal (ACTIVE, this button's plan) and records it; idempotent on its id. */
export async function recordSubscription({
  buttonId,
  subscriptionId,
}: RecordSubscriptionInput): Promise<SubscriptionResult> {
  const button = await findButton({ id: buttonId });
  if (!button || button.paymentType !== "subscription" || !button.subscriptionPlanId) {
    throw new AppError("NOT_FOUND", BUTTON_NOT_FOUND);
  }
  const existing = await db.subscription.findUnique({ where: { paypalSubscriptionId: subscriptionId } });
  if (existing) {
    if (existing.buttonId !== button.id) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
    return { subscriptionId, status: existing.status };
  }
  const paypal = sellerPayPal(button);
  const sub = await withPayPal("get subscription", () => paypal.client.getSubscription(subscriptionId));
  if (sub.planId !== button.subscriptionPlanId || (sub.customId !== null && sub.customId !== button.id)) {
    logger.warn("PayPal subscription is for another plan or button", { subscriptionId: sub.id, buttonId: button.id });
    throw new AppError("INVALID", "This subscription is not for this product's plan.");
  }
  if (sub.status !== "ACTIVE") {
    throw new AppError("PAYMENT_FAILED", "Your subscription is not active in PayPal yet. Please try again.", {
      issue: `SUBSCRIPTION_${sub.status}`,
    });
  }
  return recordVerifiedSubscription(button, paypal, sub);
}
