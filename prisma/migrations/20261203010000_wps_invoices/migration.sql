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


-- Prisma cannot say "exactly one of the two"; the database can. A trigger, not a CHECK constraint: Prisma's schema
-- engine (6.19, the wasm build `db:drift` runs) crashes introspecting CHECK constraints.
CREATE FUNCTION "invoices_one_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF num_nonnulls(NEW."transaction_id", NEW."wps_transaction_id") <> 1 THEN
    RAISE EXCEPTION 'invoices_one_payment: an invoice belongs to exactly one payment, checkout or WPS'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "invoices_one_payment" BEFORE INSERT OR UPDATE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_one_payment"();
