-- Issue 26: an IPN PayPal resends (same ipn_track_id, or txn_id + payment_status without one) is stored once.
-- AlterTable
ALTER TABLE "wps_ipn_messages" ADD COLUMN     "dedupe_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "wps_ipn_messages_dedupe_key_key" ON "wps_ipn_messages"("dedupe_key");
