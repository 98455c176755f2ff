-- WPS payments get invoices too: an invoice belongs to a checkout payment or a WPS payment, never both, never neither.
-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "wps_transaction_id" TEXT,
ALTER COLUMN "transaction_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "wps_transactions" ADD COLUMN     "invoice_sequence" INTEGER;

-- CreateIndex
CREATE UNIQUE INDEX "invoices_wps_transaction_id_version_key" ON "invoices"("wps_transaction_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "wps_transactions_merchant_id_invoice_sequence_key" ON "wps_transactions"("merchant_id", "invoice_sequence");

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_wps_transaction_id_fkey" FOREIGN KEY ("wps_transaction_id") REFERENCES "wps_transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Prisma cannot say "exactly one of the two"; the database can.
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_one_payment_check" CHECK (num_nonnulls("transaction_id", "wps_transaction_id") = 1);
