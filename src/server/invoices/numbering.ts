import type { Prisma } from "~/generated/prisma/client";

/**
 * The payment's invoice sequence in its store, taken from the store's counter the first time (later calls return
 * the same number). Call it inside the database transaction that completes the payment: the counter row stays
 * locked until that transaction ends, so concurrent payments of one store queue on it and a rolled-back payment
 * gives its number back. No gaps, no duplicates. Locks the payment row first, then the counter, always in that
 * order, so two writers cannot deadlock on them.
 */
export async function assignInvoiceNumber(tx: Prisma.TransactionClient, transactionId: string): Promise<number> {
  const [payment] = await tx.$queryRaw<{ merchantId: string; invoiceSequence: number | null }[]>`
    SELECT merchant_id AS "merchantId", invoice_sequence AS "invoiceSequence"
      FROM transactions WHERE id = ${transactionId} FOR UPDATE`;
  if (!payment) throw new Error(`assignInvoiceNumber: no payment ${transactionId}`);
  if (payment.invoiceSequence !== null) return payment.invoiceSequence;
  const [counter] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO invoice_counters (merchant_id, last) VALUES (${payment.merchantId}, 1)
    ON CONFLICT (merchant_id) DO UPDATE SET last = invoice_counters.last + 1
    RETURNING last`;
  const sequence = counter!.last;
  await tx.$executeRaw`UPDATE transactions SET invoice_sequence = ${sequence} WHERE id = ${transactionId}`;
  return sequence;
}
