// What mails say about a store and a payment, loaded when the mail is composed (templates read the
// database at send time, so a receipt shows the store's name and logo of that moment).
import { env } from "~/env";
import type { Prisma } from "~/generated/prisma/client";
import { formatMoney, type Currency } from "~/lib/money";
import { safeWebsiteUrl } from "~/lib/store-brand";
import { db } from "~/server/platform/db";
import { itemOf, payerAndAmountSelect, paypalIdsSelect, shippingSelect } from "~/server/payments/payments";
import { imageVariantUrl } from "~/server/vendors/storage/images";

export interface StoreBrand {
  name: string;
  logoUrl: string | null;
  /** Where buyers write: the store's support e-mail, else the seller's account e-mail. */
  supportEmail: string;
  /** The store's own site, http(s) only; null when none is set. */
  websiteUrl: string | null;
  timeZone: string;
}

export async function storeBrand(merchantId: string): Promise<StoreBrand | null> {
  const merchant = await db.merchant.findUnique({
    where: { id: merchantId },
    select: {
      email: true,
      name: true,
      storeSettings: {
        select: {
          storeName: true,
          supportEmail: true,
          websiteUrl: true,
          timeZone: true,
          logoFile: { select: { key: true } },
        },
      },
    },
  });
  if (!merchant) return null;
  const settings = merchant.storeSettings;
  return {
    name: settings?.storeName ?? merchant.name,
    logoUrl: settings?.logoFile ? `${env.APP_URL}${imageVariantUrl(settings.logoFile.key, 400)}` : null,
    supportEmail: settings?.supportEmail ?? merchant.email,
    websiteUrl: safeWebsiteUrl(settings?.websiteUrl),
    timeZone: settings?.timeZone ?? "UTC",
  };
}

const paymentFactsSelect = {
  id: true,
  merchantId: true,
  ...paypalIdsSelect,
  ...payerAndAmountSelect,
  quantity: true,
  discountCodeText: true,
  discountMinor: true,
  bundleTier: true,
  button: { select: { name: true, sellPage: { select: { downloadableFileId: true } } } },
  sellPage: { select: { name: true, basicName: true, premiumName: true, downloadableFileId: true } },
  ...shippingSelect,
  taxCountry: true,
  buyerVatId: true,
  lines: {
    orderBy: { position: "asc" },
    select: {
      name: true,
      quantity: true,
      amountMinor: true,
      discountMinor: true,
      taxMinor: true,
      taxIncluded: true,
      sellPage: { select: { downloadableFileId: true } },
      button: { select: { sellPage: { select: { downloadableFileId: true } } } },
    },
  },
} satisfies Prisma.TransactionSelect;

export type PaymentFacts = Prisma.TransactionGetPayload<{ select: typeof paymentFactsSelect }> & {
  /** The one id buyers and sellers see. */
  purchaseId: string;
  item: string;
  /** A file comes with it: the receipt links the buyer's library. */
  isDigital: boolean;
};

export async function paymentFacts(transactionId: string): Promise<PaymentFacts | null> {
  const row = await db.transaction.findUnique({ where: { id: transactionId }, select: paymentFactsSelect });
  if (!row) return null;
  return {
    ...row,
    purchaseId: row.paypalTransactionId ?? row.paypalOrderId ?? row.id,
    item: itemOf(row) ?? "Your purchase",
    isDigital:
      Boolean(row.sellPage?.downloadableFileId ?? row.button?.sellPage?.downloadableFileId) ||
      row.lines.some((line) => (line.sellPage ?? line.button?.sellPage)?.downloadableFileId),
  };
}

const intervalWords = { DAY: "day", WEEK: "week", MONTH: "month", YEAR: "year" } as const;

/** "$10.00 / month", "$25.00 every 3 months": how the dashboard names a plan. */
export function planOf(plan: {
  amountMinor: number;
  currency: Currency;
  intervalUnit: keyof typeof intervalWords;
  intervalCount: number;
}) {
  const price = formatMoney(plan.amountMinor, plan.currency);
  const unit = intervalWords[plan.intervalUnit];
  return plan.intervalCount <= 1 ? `${price} / ${unit}` : `${price} every ${plan.intervalCount} ${unit}s`;
}

/** A refund, the payment it belongs to and its store; null when any of them is gone. */
export async function refundFacts(refundId: string) {
  const refund = await db.refund.findUnique({
    where: { id: refundId },
    select: {
      amountMinor: true,
      currency: true,
      kind: true,
      source: true,
      reason: true,
      createdAt: true,
      transactionId: true,
    },
  });
  const payment = refund?.transactionId ? await paymentFacts(refund.transactionId) : null;
  const store = payment && (await storeBrand(payment.merchantId));
  return refund && payment && store ? { refund, payment, store } : null;
}

/** A subscription with its button's name, and its store; null when either is gone. */
export async function subscriptionFacts(subscriptionId: string) {
  const subscription = await db.subscription.findUnique({
    where: { id: subscriptionId },
    include: { button: { select: { name: true } } },
  });
  const store = subscription && (await storeBrand(subscription.merchantId));
  return subscription && store ? { subscription, store } : null;
}
