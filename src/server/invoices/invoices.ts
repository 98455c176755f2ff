import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import type { TransactionStatus } from "~/generated/prisma/enums";
import type { Currency } from "~/lib/money";
import { billingDetailsSchema, type BillingDetailsInput } from "~/schemas/invoices";
import { assignInvoiceNumber, lockPayment, type PaymentRef } from "~/server/invoices/numbering";
import { itemOf, itemSelect, shippingSelect } from "~/server/payments/payments";
import { shippingAddressLines } from "~/lib/shipping-address";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";

// A payment's invoice: issued once it is paid, never rewritten. A buyer's correction of their billing details is a
// new version with the same number; every version stays downloadable. Buyers reach a payment by the e-mail it was
// paid with, sellers by their store: anything else is simply not found. Payments through our checkout and through
// WPS buttons get the same invoices, numbered in one sequence per store; callers name a payment by its id alone
// (ids are unique across both tables), as the payment's detail does.

/** Who is asking: a buyer (the e-mail they proved) or a seller (their store). */
export type InvoiceScope = { buyerEmail: string } | { merchantId: string };

export type InvoiceSummary = {
  id: string;
  number: string;
  version: number;
  replacesVersion: number | null;
  issuedAt: Date;
  buyerName: string | null;
  buyerCompany: string | null;
  buyerAddress: string | null;
  buyerVatId: string | null;
  amountMinor: number;
  currency: Currency;
};

const PAYMENT_NOT_FOUND = "Payment not found.";
const INVOICE_NOT_FOUND = "Invoice not found.";

/** Money the buyer paid: a refund later does not unmake the sale the invoice records. */
const paidStatuses: readonly TransactionStatus[] = ["completed", "partially_refunded", "refunded"];

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/**
 * Whether a payment is the asker's. Compared here, not in SQL: Prisma's case-insensitive equals is an ILIKE, where a
 * "_" or "%" in the asked e-mail would match other buyers' addresses.
 */
function isInScope(scope: InvoiceScope, payment: { merchantId: string; payerEmail: string | null }): boolean {
  if ("merchantId" in scope) return scope.merchantId !== "" && payment.merchantId === scope.merchantId;
  const email = scope.buyerEmail.trim().toLowerCase();
  return email !== "" && payment.payerEmail?.trim().toLowerCase() === email;
}

const summarySelect = {
  id: true,
  number: true,
  version: true,
  issuedAt: true,
  buyerName: true,
  buyerCompany: true,
  buyerAddress: true,
  buyerVatId: true,
  amountMinor: true,
  currency: true,
} as const satisfies Prisma.InvoiceSelect;

function summaryOf(row: Prisma.InvoiceGetPayload<{ select: typeof summarySelect }>): InvoiceSummary {
  return { ...row, replacesVersion: row.version > 1 ? row.version - 1 : null };
}

/** The invoices of one payment, whichever kind it is. */
const invoicesWhere = (payment: PaymentRef) =>
  payment.kind === "checkout" ? { transactionId: payment.id } : { wpsTransactionId: payment.id };

async function versionsOf(payment: PaymentRef): Promise<InvoiceSummary[]> {
  const rows = await db.invoice.findMany({
    where: invoicesWhere(payment),
    orderBy: { version: "desc" },
    select: summarySelect,
  });
  return rows.map(summaryOf);
}

type PaymentFound = PaymentRef & { status: TransactionStatus; merchantId: string; payerEmail: string | null };

/** The payment with this id, looked up in both tables. */
async function paymentOf(id: string): Promise<PaymentFound | null> {
  const select = { id: true, status: true, merchantId: true, payerEmail: true } as const;
  const checkout = await db.transaction.findUnique({ where: { id }, select });
  if (checkout) return { kind: "checkout", ...checkout };
  const wps = await db.wpsTransaction.findUnique({ where: { id }, select });
  return wps ? { kind: "wps", ...wps } : null;
}

const storeSelect = {
  name: true,
  email: true,
  storeSettings: {
    select: {
      storeName: true,
      supportEmail: true,
      businessLegalName: true,
      businessAddress: true,
      businessTaxId: true,
      invoicePrefix: true,
    },
  },
} as const satisfies Prisma.MerchantSelect;

/** What an invoice says about the sale, read from the payment of either kind. */
async function saleOf(tx: Prisma.TransactionClient, payment: PaymentRef) {
  if (payment.kind === "wps") {
    const wps = await tx.wpsTransaction.findUniqueOrThrow({
      where: { id: payment.id },
      select: {
        merchantId: true,
        txnId: true,
        payerEmail: true,
        payerName: true,
        itemName: true,
        optionSelected: true,
        quantity: true,
        amountMinor: true,
        currency: true,
        createdAt: true,
        merchant: { select: storeSelect },
      },
    });
    const item = wps.itemName ?? "Payment";
    return {
      merchantId: wps.merchantId,
      merchant: wps.merchant,
      payerEmail: wps.payerEmail,
      payerName: wps.payerName,
      itemName: wps.optionSelected ? `${item} (${wps.optionSelected})` : item,
      quantity: wps.quantity,
      lines: [],
      // What the buyer paid, tax and shipping included: WPS has no discount codes.
      amountMinor: wps.amountMinor,
      discountMinor: 0,
      shippingMinor: 0,
      taxMinor: 0,
      shipTo: null,
      taxCountry: null,
      buyerVatId: null,
      currency: wps.currency,
      paypalId: wps.txnId,
      paidAt: wps.createdAt,
    };
  }
  const checkout = await tx.transaction.findUniqueOrThrow({
    where: { id: payment.id },
    select: {
      merchantId: true,
      paypalTransactionId: true,
      paypalOrderId: true,
      paypalSubscriptionId: true,
      payerEmail: true,
      payerName: true,
      amountMinor: true,
      discountMinor: true,
      quantity: true,
      currency: true,
      createdAt: true,
      ...itemSelect,
      lines: {
        orderBy: { position: "asc" },
        select: { name: true, quantity: true, amountMinor: true, discountMinor: true, taxMinor: true },
      },
      ...shippingSelect,
      taxCountry: true,
      buyerVatId: true,
      merchant: { select: storeSelect },
    },
  });
  const shipTo = shippingAddressLines(checkout);
  return {
    merchantId: checkout.merchantId,
    merchant: checkout.merchant,
    payerEmail: checkout.payerEmail,
    payerName: checkout.payerName,
    itemName: itemOf(checkout) ?? "Payment",
    quantity: checkout.quantity,
    lines:
      checkout.lines.length > 1
        ? checkout.lines.map((line) => ({
            name: line.name,
            quantity: line.quantity,
            amountMinor: line.amountMinor + line.discountMinor,
            taxMinor: line.taxMinor,
          }))
        : [],
    amountMinor: checkout.amountMinor,
    discountMinor: checkout.discountMinor,
    shippingMinor: checkout.shippingMinor,
    taxMinor: checkout.taxMinor,
    shipTo: shipTo ? [shipTo.name, ...shipTo.lines].filter(Boolean).join("\n") : null,
    taxCountry: checkout.taxCountry,
    buyerVatId: checkout.buyerVatId,
    currency: checkout.currency,
    paypalId: checkout.paypalTransactionId ?? checkout.paypalOrderId ?? checkout.paypalSubscriptionId ?? payment.id,
    paidAt: checkout.createdAt,
  };
}

/** "INV-000042": the store's prefix and the payment's sequence, padded so numbers sort as text too. */
export function invoiceNumber(prefix: string, sequence: number) {
  return `${prefix}${String(sequence).padStart(6, "0")}`;
}

/**
 * Version 1 of a paid payment's invoice, with the seller's and buyer's details as they are now. A payment recorded
 * before invoices were numbered takes its number here. Concurrent first calls queue on the payment's row lock
 * (taken by assignInvoiceNumber): the later one finds the version the first made, and should one still race past,
 * the unique (payment, version) refuses it and the caller reads the winner's.
 */
async function issueFirstVersion(payment: PaymentRef): Promise<void> {
  try {
    await db.$transaction(async (tx) => {
      const sequence = await assignInvoiceNumber(tx, payment);
      if (await tx.invoice.findFirst({ where: invoicesWhere(payment), select: { id: true } })) return;
      const { merchant, ...sale } = await saleOf(tx, payment);
      const settings = merchant.storeSettings;
      await tx.invoice.create({
        data: {
          ...invoicesWhere(payment),
          merchantId: sale.merchantId,
          number: invoiceNumber(settings?.invoicePrefix ?? "INV-", sequence),
          version: 1,
          sellerName: settings?.businessLegalName || settings?.storeName || merchant.name,
          sellerAddress: settings?.businessAddress || null,
          sellerTaxId: settings?.businessTaxId || null,
          sellerEmail: settings?.supportEmail || merchant.email,
          buyerEmail: sale.payerEmail ?? "",
          buyerName: sale.payerName,
          // A reverse-charge sale is billed to the VAT number the buyer paid with.
          buyerVatId: sale.buyerVatId,
          reverseCharge: sale.buyerVatId !== null,
          taxCountry: sale.taxCountry,
          itemName: sale.itemName,
          quantity: sale.quantity,
          lines: sale.lines,
          amountMinor: sale.amountMinor,
          discountMinor: sale.discountMinor,
          shippingMinor: sale.shippingMinor,
          taxMinor: sale.taxMinor,
          shipTo: sale.shipTo,
          currency: sale.currency,
          paypalId: sale.paypalId,
          paidAt: sale.paidAt,
        },
      });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/**
 * Every version of a payment's invoice, the newest first; a paid payment without one gets version 1 now. A payment
 * not paid (pending, failed) has none yet: an empty list. Out of scope: NOT_FOUND.
 */
export async function invoicesOf(scope: InvoiceScope, paymentId: string): Promise<InvoiceSummary[]> {
  return (await invoicedPayment(scope, paymentId)).versions;
}

async function invoicedPayment(scope: InvoiceScope, paymentId: string) {
  const payment = await paymentOf(paymentId);
  if (!payment || !isInScope(scope, payment)) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  const versions = await versionsOf(payment);
  if (versions.length > 0 || !paidStatuses.includes(payment.status)) return { payment, versions };
  await issueFirstVersion(payment);
  return { payment, versions: await versionsOf(payment) };
}

/** A field of the correction: left out keeps the latest version's value, sent empty removes it. */
const nextValue = (sent: string | undefined, latest: string | null) =>
  sent === undefined ? latest : sent === "" ? null : sent;

/**
 * The buyer's corrected billing details as a new version of the invoice (version N+1, same number, everything but
 * the buyer's details copied from version N, so no amount can change this way). Issued invoices are never updated.
 * A correction that changes nothing is refused.
 */
export async function correctInvoice(
  scope: { buyerEmail: string },
  paymentId: string,
  details: BillingDetailsInput,
): Promise<InvoiceSummary> {
  const parsed = billingDetailsSchema.safeParse(details);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    throw new AppError("INVALID", parsed.error.issues[0]?.message ?? "Please check the billing details.", {
      fieldErrors,
    });
  }
  const { payment, versions } = await invoicedPayment(scope, paymentId);
  if (versions.length === 0) throw new AppError("INVALID", "This payment has no invoice yet: it is not paid.");
  try {
    return await db.$transaction(async (tx) => {
      // Corrections of one payment queue here, so each sees the version the one before it issued.
      await lockPayment(tx, payment);
      const {
        id: _id,
        issuedAt: _issuedAt,
        version,
        ...latest
      } = await tx.invoice.findFirstOrThrow({
        where: invoicesWhere(payment),
        orderBy: { version: "desc" },
      });
      const buyer = {
        buyerName: nextValue(parsed.data.name, latest.buyerName),
        buyerCompany: nextValue(parsed.data.company, latest.buyerCompany),
        buyerAddress: nextValue(parsed.data.address, latest.buyerAddress),
        buyerVatId: nextValue(parsed.data.vatId, latest.buyerVatId),
      };
      const isSame = (Object.keys(buyer) as (keyof typeof buyer)[]).every((key) => buyer[key] === latest[key]);
      if (isSame) {
        throw new AppError(
          "INVALID",
          `Invoice ${latest.number} (version ${version}) already has these billing details, so there is nothing to correct.`,
        );
      }
      const row = await tx.invoice.create({
        // The lines are the earlier version's (a JSON array, never null: the column's default is []).
        data: { ...latest, ...buyer, lines: latest.lines as Prisma.InputJsonValue, version: version + 1 },
        select: summarySelect,
      });
      return summaryOf(row);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("CONFLICT", "The invoice was corrected a moment ago. Please reload it and try again.");
  }
}

/** One version's PDF, for the buyer who paid or the seller who was paid; anyone else: NOT_FOUND. */
export async function invoicePdf(scope: InvoiceScope, invoiceId: string): Promise<{ fileName: string; pdf: Buffer }> {
  const found = await db.invoice.findUnique({
    where: { id: invoiceId },
    include: {
      merchant: { select: { name: true, storeSettings: { select: { storeName: true, timeZone: true } } } },
      transaction: { select: { merchantId: true, payerEmail: true } },
      wpsTransaction: { select: { merchantId: true, payerEmail: true } },
    },
  });
  const payment = found?.transaction ?? found?.wpsTransaction;
  if (!found || !payment || !isInScope(scope, payment)) throw new AppError("NOT_FOUND", INVOICE_NOT_FOUND);
  const { transaction: _transaction, wpsTransaction: _wpsTransaction, ...invoice } = found;
  const replaced =
    invoice.version > 1
      ? await db.invoice.findFirst({
          where: {
            transactionId: invoice.transactionId,
            wpsTransactionId: invoice.wpsTransactionId,
            version: invoice.version - 1,
          },
          select: { version: true, issuedAt: true },
        })
      : null;
  const { merchant, ...snapshot } = invoice;
  // Loaded on the first invoice asked for: the PDF renderer takes over a second to load, and every process that
  // imports the routers (each test file, each app instance) would otherwise pay it.
  const { renderInvoicePdf } = await import("~/server/invoices/pdf");
  const pdf = await renderInvoicePdf({
    invoice: snapshot,
    replaced,
    storeName: merchant.storeSettings?.storeName || merchant.name,
    timeZone: merchant.storeSettings?.timeZone ?? "UTC",
  });
  return { fileName: `${invoice.number}-v${invoice.version}.pdf`, pdf };
}
