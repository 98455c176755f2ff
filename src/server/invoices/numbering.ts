import { Prisma } from "~/generated/prisma/client";

/** A payment of either kind: made through our checkout (transactions) or through a WPS button (wps_transactions). */
export type PaymentRef = { kind: "checkout" | "wps"; id: string };

/** The table each kind lives in: a fixed name, never text from a request. */
const tableOf = { checkout: Prisma.raw("transactions"), wps: Prisma.raw("wps_transactions") } as const;

/**
 * The payment's invoice sequence in its store, taken from the store's counter the first time (later calls return
 * the same number). Both kinds of payment draw from the one counter, so a store's invoices form one sequence. Call
 * it inside the database transaction that completes the payment: the counter row stays locked until that
 * transaction ends, so concurrent payments of one store queue on it and a rolled-back payment gives its number back.
 * No gaps, no duplicates. Locks the payment row first, then the counter, always in that order, so two writers cannot
 * deadlock on them.
 */
export async function assignInvoiceNumber(tx: Prisma.TransactionClient, payment: PaymentRef): Promise<number> {
  const table = tableOf[payment.kind];
  const [row] = await tx.$queryRaw<{ merchantId: string; invoiceSequence: number | null }[]>`
    SELECT merchant_id AS "merchantId", invoice_sequence AS "invoiceSequence"
      FROM ${table} WHERE id = ${payment.id} FOR UPDATE`;
  if (!row) throw new Error(`assignInvoiceNumber: no ${payment.kind} payment ${payment.id}`);
  if (row.invoiceSequence !== null) return row.invoiceSequence;
  const [counter] = await tx.$queryRaw<{ last: number }[]>`
    INSERT INTO invoice_counters (merchant_id, last) VALUES (${row.merchantId}, 1)
    ON CONFLICT (merchant_id) DO UPDATE SET last = invoice_counters.last + 1
    RETURNING last`;
  const sequence = counter!.last;
  await tx.$executeRaw`UPDATE ${table} SET invoice_sequence = ${sequence} WHERE id = ${payment.id}`;
  return sequence;
}

/** Holds the payment's row until the transaction ends, so writers of its invoices queue one after another. */
export async function lockPayment(tx: Prisma.TransactionClient, payment: PaymentRef): Promise<void> {
  await tx.$queryRaw`SELECT id FROM ${tableOf[payment.kind]} WHERE id = ${payment.id} FOR UPDATE`;
}
