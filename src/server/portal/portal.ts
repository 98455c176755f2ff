import type { Prisma } from "~/generated/prisma/client";
import type { TransactionStatus } from "~/generated/prisma/enums";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";
import { getLibrary, storeBrandOf, storeBrandSelect } from "~/server/library/library";
import { itemOf, itemSelect } from "~/server/payments/payments";
import { keysOfPayment, keysOfSubscription } from "~/server/licenses/delivery";
import { equalsIgnoringCase } from "~/server/platform/text-match";

// What a signed-in buyer sees: every payment and subscription made with their e-mail, grouped by the store that
// sold it. Every read is scoped by that e-mail: an id of someone else's payment is simply not found.

export const PAYMENT_NOT_FOUND = "Payment not found.";
export const SUBSCRIPTION_NOT_FOUND = "Subscription not found.";

/** A failed capture took no money: it is not a purchase. */
const SHOWN: TransactionStatus[] = ["completed", "partially_refunded", "refunded", "pending"];
const payer = equalsIgnoringCase;

const storeSelect = {
  id: true,
  ...storeBrandSelect,
  storeSettings: { select: { ...storeBrandSelect.storeSettings.select, timeZone: true, portalAllowPause: true } },
} satisfies Prisma.MerchantSelect;
type StoreRow = Prisma.MerchantGetPayload<{ select: typeof storeSelect }>;

function storeOf(merchant: StoreRow) {
  return {
    id: merchant.id,
    brand: storeBrandOf(merchant, "buyer"),
    timeZone: merchant.storeSettings?.timeZone ?? "UTC",
    allowsPause: merchant.storeSettings?.portalAllowPause ?? false,
  };
}
export type PortalStore = ReturnType<typeof storeOf>;

/** What every kind of payment records alike, in columns of the same names. */
const paymentBasics = {
  id: true,
  merchantId: true,
  amountMinor: true,
  refundedMinor: true,
  currency: true,
  status: true,
  quantity: true,
  createdAt: true,
} as const;

const paymentSelect = {
  ...paymentBasics,
  discountMinor: true,
  discountCodeText: true,
  paypalTransactionId: true,
  paypalOrderId: true,
  paypalSubscriptionId: true,
  ...itemSelect,
} satisfies Prisma.TransactionSelect;
type PaymentRow = Prisma.TransactionGetPayload<{ select: typeof paymentSelect }>;

function paymentOf(row: PaymentRow) {
  return {
    id: row.id,
    href: `/portal/payments/${row.id}`,
    item: itemOf(row) ?? "Payment",
    amountMinor: row.amountMinor,
    refundedMinor: row.refundedMinor,
    currency: row.currency,
    status: row.status,
    quantity: row.quantity,
    discountMinor: row.discountMinor,
    discountCodeText: row.discountCodeText,
    paidAt: row.createdAt,
    /** The one id PayPal's own receipt and activity page show. */
    paypalId: row.paypalTransactionId ?? row.paypalOrderId ?? row.id,
    paypalSubscriptionId: row.paypalSubscriptionId,
  };
}
export type PortalPayment = ReturnType<typeof paymentOf>;

const wpsPaymentSelect = {
  ...paymentBasics,
  txnId: true,
  itemName: true,
  optionSelected: true,
  button: { select: { itemName: true } },
} satisfies Prisma.WpsTransactionSelect;

/** A payment through a WPS button, in the same shape as any other: a buyer need not know which kind of button it was. */
function wpsPaymentOf(row: Prisma.WpsTransactionGetPayload<{ select: typeof wpsPaymentSelect }>): PortalPayment {
  const name = row.button?.itemName ?? row.itemName;
  return {
    id: row.id,
    href: `/portal/payments/wps/${row.id}`,
    item: (row.optionSelected && name ? `${name} (${row.optionSelected})` : name) || "Payment",
    amountMinor: row.amountMinor,
    refundedMinor: row.refundedMinor,
    currency: row.currency,
    status: row.status,
    quantity: row.quantity,
    discountMinor: 0,
    discountCodeText: null,
    paidAt: row.createdAt,
    paypalId: row.txnId,
    paypalSubscriptionId: null,
  };
}

const subscriptionSelect = {
  id: true,
  merchantId: true,
  paypalSubscriptionId: true,
  status: true,
  amountMinor: true,
  currency: true,
  intervalUnit: true,
  intervalCount: true,
  nextBillingAt: true,
  lastPaymentAt: true,
  createdAt: true,
  cancelledAt: true,
  pendingPlanButtonId: true,
  button: { select: { name: true } },
} satisfies Prisma.SubscriptionSelect;
type SubscriptionRow = Prisma.SubscriptionGetPayload<{ select: typeof subscriptionSelect }>;

function subscriptionOf(row: SubscriptionRow) {
  const { button, merchantId: _merchantId, ...rest } = row;
  return { ...rest, name: button?.name ?? "Subscription" };
}
export type PortalSubscription = ReturnType<typeof subscriptionOf>;

/** The refunds a receipt lists: only money that did go back. */
const completedRefunds = {
  where: { paypalStatus: "COMPLETED" },
  orderBy: { createdAt: "asc" },
  select: { id: true, amountMinor: true, currency: true, createdAt: true },
} satisfies Prisma.RefundFindManyArgs;

async function storesById(ids: string[]) {
  const stores = await db.merchant.findMany({ where: { id: { in: [...new Set(ids)] } }, select: storeSelect });
  return new Map(stores.map((store) => [store.id, storeOf(store)]));
}

/** The portal's front page: every store this e-mail bought from, newest activity first. */
export async function portalOverview(email: string, now = new Date()) {
  const [payments, wpsPayments, subscriptions, library] = await Promise.all([
    db.transaction.findMany({
      where: { payerEmail: payer(email), status: { in: SHOWN } },
      orderBy: { createdAt: "desc" },
      take: 500,
      select: paymentSelect,
    }),
    db.wpsTransaction.findMany({
      where: { payerEmail: payer(email), status: { in: SHOWN } },
      orderBy: { createdAt: "desc" },
      take: 500,
      select: wpsPaymentSelect,
    }),
    db.subscription.findMany({
      where: { payerEmail: payer(email), status: { not: "approval_pending" } },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: subscriptionSelect,
    }),
    getLibrary(email, now),
  ]);
  const stores = await storesById([...payments, ...wpsPayments, ...subscriptions].map((row) => row.merchantId));
  const files = new Map(library.purchases.map((purchase) => [purchase.id, purchase]));
  const groups = new Map<
    string,
    { store: PortalStore; payments: PortalPayment[]; subscriptions: PortalSubscription[] }
  >();
  const groupOf = (merchantId: string) => {
    let group = groups.get(merchantId);
    if (!group) groups.set(merchantId, (group = { store: stores.get(merchantId)!, payments: [], subscriptions: [] }));
    return group;
  };
  // Subscriptions first: a store with only a subscription (its first sale not in yet) still gets its group.
  for (const row of subscriptions) groupOf(row.merchantId).subscriptions.push(subscriptionOf(row));
  for (const row of payments) groupOf(row.merchantId).payments.push(paymentOf(row));
  for (const row of wpsPayments) groupOf(row.merchantId).payments.push(wpsPaymentOf(row));
  // Both kinds in one list, newest first, as if they were one table.
  for (const group of groups.values()) group.payments.sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime());
  const latest = (group: { payments: PortalPayment[]; subscriptions: PortalSubscription[] }) =>
    Math.max(
      ...group.payments.map((payment) => payment.paidAt.getTime()),
      ...group.subscriptions.map((subscription) => subscription.createdAt.getTime()),
    );
  const ordered = [...groups.values()].sort((a, b) => latest(b) - latest(a));
  return { email, stores: ordered, files };
}

/**
 * One payment's receipt page: its store, refunds, file, license keys and (for a subscription sale) its subscription.
 */
export async function portalPayment(email: string, transactionId: string, now = new Date()) {
  const row = await db.transaction.findFirst({
    where: { id: transactionId, payerEmail: payer(email), status: { in: SHOWN } },
    select: { ...paymentSelect, refunds: completedRefunds },
  });
  if (!row) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  const [stores, library, licenseKeys, subscription] = await Promise.all([
    storesById([row.merchantId]),
    getLibrary(email, now),
    keysOfPayment(row),
    row.paypalSubscriptionId
      ? db.subscription.findUnique({
          where: { paypalSubscriptionId: row.paypalSubscriptionId },
          select: { id: true, payerEmail: true },
        })
      : null,
  ]);
  return {
    payment: paymentOf(row),
    refunds: row.refunds,
    store: stores.get(row.merchantId)!,
    files: library.purchases.filter((purchase) => purchase.id === row.id),
    licenseKeys,
    // Only when the subscription is this buyer's too (PayPal may report a sale under another payer e-mail).
    subscriptionId:
      subscription && subscription.payerEmail?.toLowerCase() === email.toLowerCase() ? subscription.id : null,
  };
}

/** A WPS payment's receipt page: its store and refunds. WPS buttons sell no files, keys or subscriptions. */
export async function portalWpsPayment(email: string, wpsTransactionId: string) {
  const row = await db.wpsTransaction.findFirst({
    where: { id: wpsTransactionId, payerEmail: payer(email), status: { in: SHOWN } },
    select: { ...wpsPaymentSelect, refunds: completedRefunds },
  });
  if (!row) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  const stores = await storesById([row.merchantId]);
  return { payment: wpsPaymentOf(row), refunds: row.refunds, store: stores.get(row.merchantId)! };
}

/** The subscription's row, scoped by the buyer's e-mail: what the portal's actions check before calling PayPal. */
export async function ownSubscription(email: string, subscriptionId: string) {
  const row = await db.subscription.findFirst({
    where: { id: subscriptionId, payerEmail: payer(email), status: { not: "approval_pending" } },
    select: subscriptionSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", SUBSCRIPTION_NOT_FOUND);
  return row;
}

/** One subscription's page: status, plan, price, next billing date, its license keys and every payment of it. */
export async function portalSubscription(email: string, subscriptionId: string) {
  const row = await ownSubscription(email, subscriptionId);
  const [stores, licenseKeys, payments] = await Promise.all([
    storesById([row.merchantId]),
    keysOfSubscription(row),
    db.transaction.findMany({
      where: { paypalSubscriptionId: row.paypalSubscriptionId, status: { in: SHOWN } },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: paymentSelect,
    }),
  ]);
  return {
    subscription: subscriptionOf(row),
    store: stores.get(row.merchantId)!,
    licenseKeys,
    payments: payments.map(paymentOf),
  };
}
