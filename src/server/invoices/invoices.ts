import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import type { TransactionStatus } from "~/generated/prisma/enums";
import type { Currency } from "~/lib/money";
import { billingDetailsSchema, type BillingDetailsInput } from "~/schemas/invoices";
import { assignInvoiceNumber } from "~/server/invoices/numbering";
import { itemOf } from "~/server/payments/payments";
import { db } from "~/server/platform/db";
import { AppError } from "~/server/platform/errors";

// A payment's invoice: issued once it is paid, never rewritten. A buyer's correction of their billing details is a
// new version with the same number; every version stays downloadable. Buyers reach a payment by the e-mail it was
// paid with, sellers by their store: anything else is simply not found.

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

async function versionsOf(transactionId: string): Promise<InvoiceSummary[]> {
  const rows = await db.invoice.findMany({
    where: { transactionId },
    orderBy: { version: "desc" },
    select: summarySelect,
  });
  return rows.map(summaryOf);
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
async function issueFirstVersion(transactionId: string): Promise<void> {
  try {
    await db.$transaction(async (tx) => {
      const sequence = await assignInvoiceNumber(tx, transactionId);
      if (await tx.invoice.findFirst({ where: { transactionId }, select: { id: true } })) return;
      const payment = await tx.transaction.findUniqueOrThrow({
        where: { id: transactionId },
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
          bundleTier: true,
          button: { select: { name: true } },
          sellPage: { select: { name: true, basicName: true, premiumName: true } },
          merchant: {
            select: {
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
            },
          },
        },
      });
      const settings = payment.merchant.storeSettings;
      await tx.invoice.create({
        data: {
          merchantId: payment.merchantId,
          transactionId,
          number: invoiceNumber(settings?.invoicePrefix ?? "INV-", sequence),
          version: 1,
          sellerName: settings?.businessLegalName || settings?.storeName || payment.merchant.name,
          sellerAddress: settings?.businessAddress || null,
          sellerTaxId: settings?.businessTaxId || null,
          sellerEmail: settings?.supportEmail || payment.merchant.email,
          buyerEmail: payment.payerEmail ?? "",
          buyerName: payment.payerName,
          itemName: itemOf(payment) ?? "Payment",
          quantity: payment.quantity,
          amountMinor: payment.amountMinor,
          discountMinor: payment.discountMinor,
          currency: payment.currency,
          paypalId:
            payment.paypalTransactionId ?? payment.paypalOrderId ?? payment.paypalSubscriptionId ?? transactionId,
          paidAt: payment.createdAt,
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
export async function invoicesOf(scope: InvoiceScope, transactionId: string): Promise<InvoiceSummary[]> {
  const payment = await db.transaction.findUnique({
    where: { id: transactionId },
    select: { id: true, status: true, merchantId: true, payerEmail: true },
  });
  if (!payment || !isInScope(scope, payment)) throw new AppError("NOT_FOUND", PAYMENT_NOT_FOUND);
  const versions = await versionsOf(payment.id);
  if (versions.length > 0 || !paidStatuses.includes(payment.status)) return versions;
  await issueFirstVersion(payment.id);
  return versionsOf(payment.id);
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
  transactionId: string,
  details: BillingDetailsInput,
): Promise<InvoiceSummary> {
  const parsed = billingDetailsSchema.safeParse(details);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>;
    throw new AppError("INVALID", parsed.error.issues[0]?.message ?? "Please check the billing details.", {
      fieldErrors,
    });
  }
  const [current] = await invoicesOf(scope, transactionId);
  if (!current) throw new AppError("INVALID", "This payment has no invoice yet: it is not paid.");
  try {
    return await db.$transaction(async (tx) => {
      // Corrections of one payment queue here, so each sees the version the one before it issued.
      await tx.$queryRaw`SELECT id FROM transactions WHERE id = ${transactionId} FOR UPDATE`;
      const {
        id: _id,
        issuedAt: _issuedAt,
        version,
        ...latest
      } = await tx.invoice.findFirstOrThrow({
        where: { transactionId },
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
        data: { ...latest, ...buyer, version: version + 1 },
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
    },
  });
  if (!found || !isInScope(scope, found.transaction)) throw new AppError("NOT_FOUND", INVOICE_NOT_FOUND);
  const { transaction: _transaction, ...invoice } = found;
  const replaced =
    invoice.version > 1
      ? await db.invoice.findUnique({
          where: { transactionId_version: { transactionId: invoice.transactionId, version: invoice.version - 1 } },
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
