-- Payments sorted by amount, and one buyer's payments (the Payments and Customers lists).
-- CreateIndex
CREATE INDEX "transactions_merchant_id_amount_minor_idx" ON "transactions"("merchant_id", "amount_minor");

-- CreateIndex
CREATE INDEX "transactions_merchant_id_payer_email_created_at_idx" ON "transactions"("merchant_id", "payer_email", "created_at");
