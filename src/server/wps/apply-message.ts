import type { TransactionStatus, WpsButton } from "~/generated/prisma/client";
import { currencies, toMinorUnits, type Currency } from "~/lib/money";
import { matchWpsPayment } from "~/lib/wps";
import type { Prisma } from "~/generated/prisma/client";
import { assignInvoiceNumber } from "~/server/invoices/numbering";
import { db } from "~/server/platform/db";
import { isSafeText } from "~/server/platform/request";
import { queueDeliveryJobs } from "~/server/merchant-webhooks";
import { recordWpsPaymentCompleted } from "~/server/merchant-webhooks/wps";
import { recordWpsRefund } from "~/server/payments/ledger";
import { priceOptionsOf, taxRateText } from "~/server/wps/buttons";

// The one rule IPN and PDT share: a verified PayPal message is checked against the button it names and then
// records or updates ONE wps_transactions row per txn_id. Whichever of IPN or PDT arrives first records the
// payment; the other finds it and changes nothing.

/** The button a message names in `custom` (Popkit sets it to the button id), or null. */
export async function buttonOfMessage(fields: Record<string, string>) {
  const id = fields.custom?.trim();
  if (!id || id.length > 100 || !isSafeText(id)) return null;
  return db.wpsButton.findUnique({ where: { id } });
}

const statusOf: Record<string, TransactionStatus> = {
  Completed: "completed",
  Processed: "completed",
  Pending: "pending",
  "In-Progress": "pending",
  Denied: "failed",
  Failed: "failed",
  Voided: "failed",
  Expired: "failed",
};

/** How far along a payment is: a late, older message (Pending after Completed) must not move it back. */
const rank: Record<TransactionStatus, number> = {
  pending: 0,
  completed: 1,
  failed: 1,
  cancelled: 1,
  partially_refunded: 2,
  refunded: 2,
};

export type WpsOutcome =
  | { result: "recorded" | "updated" | "duplicate"; transactionId: string; reason?: string }
  | { result: "rejected"; reason: string };

const rejected = (reason: string): WpsOutcome => ({ result: "rejected", reason });

function sameReceiver(button: WpsButton, fields: Record<string, string>) {
  const expected = button.paypalMerchantIdentifier.trim().toLowerCase();
  const email = fields.receiver_email?.trim().toLowerCase();
  const id = fields.receiver_id?.trim().toLowerCase();
  return Boolean(expected) && (email === expected || id === expected);
}

function moneyOf(value: string | undefined, currency: Currency): number | null {
  if (value === undefined) return null;
  const text = value.trim();
  const negative = text.startsWith("-");
  const minor = toMinorUnits(negative ? text.slice(1) : text, currency);
  return minor === null ? null : negative ? -minor : minor;
}

export function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === "P2002";
}

/**
 * A payment that completes takes its invoice number in the same transaction (so a store's numbers have no gaps, in
 * the order payments complete) and records its merchant webhook deliveries.
 */
async function recordCompleted(tx: Prisma.TransactionClient, id: string) {
  await assignInvoiceNumber(tx, { kind: "wps", id });
  return recordWpsPaymentCompleted(tx, id);
}

/**
 * Applies one VERIFIED message (IPN body or PDT answer, already decoded) to the button it names. Checks, in order:
 * the button exists (`custom`), the money went to its merchant (receiver_email case-insensitively or receiver_id
 * equals its merchant identifier), the currency is its currency, and mc_gross is an amount the button can produce
 * (matchWpsPayment). A refund or reversal (parent_txn_id) changes the status of the payment it refers to. Throws
 * only on a transient failure (database), so the caller's job is retried.
 */
export async function applyVerifiedWpsMessage(
  fields: Record<string, string>,
  options: { source: "ipn" | "pdt"; raw: string; button?: WpsButton | null },
): Promise<WpsOutcome> {
  const button = options.button === undefined ? await buttonOfMessage(fields) : options.button;
  if (!button) return rejected(`Unknown button (custom=${JSON.stringify(fields.custom ?? "")})`);
  if (!sameReceiver(button, fields)) {
    return rejected(
      `Receiver ${fields.receiver_email ?? ""}/${fields.receiver_id ?? ""} is not the button's merchant account`,
    );
  }
  const currency = fields.mc_currency?.trim() ?? "";
  if (!(currencies as readonly string[]).includes(currency) || currency !== button.currency) {
    return rejected(`Currency ${currency || "(none)"} is not the button's ${button.currency}`);
  }
  const txnId = fields.txn_id?.trim() ?? "";
  if (!txnId || txnId.length > 64) return rejected("No txn_id");
  const gross = moneyOf(fields.mc_gross, button.currency);
  if (gross === null) return rejected(`Unreadable mc_gross ${JSON.stringify(fields.mc_gross ?? "")}`);
  const paymentStatus = fields.payment_status?.trim() ?? "";

  const parentTxnId = fields.parent_txn_id?.trim();
  if (parentTxnId && ["Refunded", "Reversed", "Canceled_Reversal"].includes(paymentStatus)) {
    return applyReversal(button, { txnId, parentTxnId, paymentStatus, gross, reason: fields.reason_code ?? null });
  }

  const status = statusOf[paymentStatus];
  if (!status) return rejected(`Unhandled payment_status ${JSON.stringify(paymentStatus)}`);
  const quantity = Number(fields.quantity ?? "1");
  const optionLabel = fields.option_selection1 ?? null;
  const match = matchWpsPayment(
    {
      priceOptions: priceOptionsOf(button.priceOptions),
      taxRate: taxRateText(button.taxRate),
      shippingCostMinor: button.shippingCostMinor,
      undefinedQuantity: button.undefinedQuantity,
    },
    { grossMinor: gross, quantity, optionLabel },
  );
  if (!match) {
    return rejected(
      `Amount ${fields.mc_gross} ${currency} for quantity ${fields.quantity ?? "1"}${optionLabel ? ` of "${optionLabel}"` : ""} is not a price of this button`,
    );
  }
  const payerName = [fields.first_name, fields.last_name].filter(Boolean).join(" ").trim();
  const statusReason = fields.pending_reason || fields.reason_code || null;
  const columns = {
    paymentStatus,
    status,
    statusReason,
    amountMinor: gross,
    feeMinor: moneyOf(fields.mc_fee, button.currency),
  };

  for (let attempt = 0; attempt < 2; attempt++) {
    const existing = await db.wpsTransaction.findUnique({ where: { txnId } });
    if (existing) {
      if (existing.buttonId !== button.id) return rejected(`txn_id ${txnId} belongs to another button`);
      if (existing.paymentStatus === paymentStatus || rank[status] <= rank[existing.status]) {
        return { result: "duplicate", transactionId: existing.id, reason: "Already recorded" };
      }
      // Only a payment still where this one found it moves: a concurrent message may have moved it already. Its
      // merchant webhook deliveries are recorded with the change, so a crash cannot lose them, and queued after it
      // commits.
      const moved = await db.$transaction(async (tx) => {
        const { count } = await tx.wpsTransaction.updateMany({
          where: { id: existing.id, paymentStatus: existing.paymentStatus },
          data: columns,
        });
        if (count === 0) return null;
        return status === "completed" ? recordCompleted(tx, existing.id) : [];
      });
      if (moved === null) continue;
      await queueDeliveryJobs(moved);
      return { result: "updated", transactionId: existing.id };
    }
    try {
      const { created, deliveries } = await db.$transaction(async (tx) => {
        const row = await tx.wpsTransaction.create({
          data: {
            ...columns,
            buttonId: button.id,
            merchantId: button.merchantId,
            txnId,
            txnType: fields.txn_type ?? null,
            currency: button.currency,
            quantity,
            payerEmail: fields.payer_email?.trim() || null,
            payerId: fields.payer_id?.trim() || null,
            payerName: payerName || null,
            receiverEmail: fields.receiver_email?.trim() || null,
            receiverId: fields.receiver_id?.trim() || null,
            itemName: fields.item_name ?? button.itemName,
            optionSelected: optionLabel ?? match.label,
            paymentDate: fields.payment_date ?? null,
            source: options.source,
            rawIpn: options.raw,
          },
          select: { id: true },
        });
        return { created: row, deliveries: status === "completed" ? await recordCompleted(tx, row.id) : [] };
      });
      await queueDeliveryJobs(deliveries);
      return { result: "recorded", transactionId: created.id };
    } catch (error) {
      // IPN and PDT for the same txn_id at the same moment: the other one recorded it; read it and go again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const row = await db.wpsTransaction.findUniqueOrThrow({ where: { txnId }, select: { id: true } });
  return { result: "duplicate", transactionId: row.id, reason: "Already recorded" };
}

/**
 * Refunded / Reversed add a refund row to the original payment (a partial refund leaves it partially refunded);
 * Canceled_Reversal gives the reversed money back. Each refund IPN's own txn_id is its ledger id, so the same
 * refund reported twice is recorded once.
 */
async function applyReversal(
  button: WpsButton,
  event: { txnId: string; parentTxnId: string; paymentStatus: string; gross: number; reason: string | null },
): Promise<WpsOutcome> {
  const parent = await db.wpsTransaction.findUnique({ where: { txnId: event.parentTxnId } });
  if (!parent || parent.buttonId !== button.id) {
    return rejected(`Refund or reversal of unknown payment ${event.parentTxnId}`);
  }
  const restoring = event.paymentStatus === "Canceled_Reversal";
  // A refund carries a negative mc_gross of at most the payment; a cancelled reversal gives the money back.
  if (restoring ? event.gross <= 0 : event.gross >= 0 || -event.gross > parent.amountMinor) {
    return rejected(`Amount of ${event.paymentStatus} does not fit payment ${event.parentTxnId}`);
  }
  const { created } = await recordWpsRefund(parent.id, {
    paypalRefundId: event.txnId,
    kind: event.paymentStatus === "Refunded" ? "refund" : "reversal",
    signedAmountMinor: -event.gross,
    amountMinor: Math.abs(event.gross),
    currency: parent.currency,
    reason: event.reason,
    createdAt: new Date(),
  });
  if (!created) return { result: "duplicate", transactionId: parent.id, reason: "Already recorded" };
  await db.wpsTransaction.update({
    where: { id: parent.id },
    data: { paymentStatus: event.paymentStatus, statusReason: event.reason },
  });
  return { result: "updated", transactionId: parent.id };
}
