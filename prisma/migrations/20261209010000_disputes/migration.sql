-- PayPal cases against payments (CUSTOMER.DISPUTE.* webhooks), one row per case.
-- CreateTable
CREATE TABLE "disputes" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "paypal_dispute_id" TEXT NOT NULL,
    "transaction_id" TEXT,
    "paypal_transaction_id" TEXT,
    "reason" TEXT NOT NULL,
    "stage" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "seller_response_due_at" TIMESTAMP(3),
    "outcome" TEXT,
    "opened_at" TIMESTAMP(3) NOT NULL,
    "paypal_updated_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "disputes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "disputes_paypal_dispute_id_key" ON "disputes"("paypal_dispute_id");

-- CreateIndex
CREATE INDEX "disputes_merchant_id_status_seller_response_due_at_idx" ON "disputes"("merchant_id", "status", "seller_response_due_at");

-- CreateIndex
CREATE INDEX "disputes_transaction_id_idx" ON "disputes"("transaction_id");

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

