-- CreateEnum
CREATE TYPE "SubscriptionChangeAction" AS ENUM ('cancel', 'pause', 'resume', 'change_plan');

-- CreateEnum
CREATE TYPE "SubscriptionChangeSource" AS ENUM ('portal', 'seller');

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "portal_switchable" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "business_address" TEXT,
ADD COLUMN     "business_legal_name" TEXT,
ADD COLUMN     "business_tax_id" TEXT,
ADD COLUMN     "invoice_prefix" TEXT NOT NULL DEFAULT 'INV-',
ADD COLUMN     "portal_allow_pause" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "pending_plan_button_id" TEXT;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "invoice_sequence" INTEGER;

-- CreateTable
CREATE TABLE "subscription_changes" (
    "id" TEXT NOT NULL,
    "subscription_id" TEXT NOT NULL,
    "action" "SubscriptionChangeAction" NOT NULL,
    "source" "SubscriptionChangeSource" NOT NULL,
    "reason" TEXT,
    "from_plan_id" TEXT,
    "to_plan_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscription_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "buyer_sign_in_tokens" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "buyer_sign_in_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "buyer_sessions" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "buyer_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_counters" (
    "merchant_id" TEXT NOT NULL,
    "last" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_counters_pkey" PRIMARY KEY ("merchant_id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "seller_name" TEXT NOT NULL,
    "seller_address" TEXT,
    "seller_tax_id" TEXT,
    "seller_email" TEXT,
    "buyer_email" TEXT NOT NULL,
    "buyer_name" TEXT,
    "buyer_company" TEXT,
    "buyer_address" TEXT,
    "buyer_vat_id" TEXT,
    "item_name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "discount_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "paypal_id" TEXT NOT NULL,
    "paid_at" TIMESTAMP(3) NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "subscription_changes_subscription_id_created_at_idx" ON "subscription_changes"("subscription_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "buyer_sign_in_tokens_token_hash_key" ON "buyer_sign_in_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "buyer_sign_in_tokens_email_idx" ON "buyer_sign_in_tokens"("email");

-- CreateIndex
CREATE UNIQUE INDEX "buyer_sessions_token_hash_key" ON "buyer_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "buyer_sessions_email_idx" ON "buyer_sessions"("email");

-- CreateIndex
CREATE INDEX "buyer_sessions_expires_at_idx" ON "buyer_sessions"("expires_at");

-- CreateIndex
CREATE INDEX "invoices_merchant_id_issued_at_idx" ON "invoices"("merchant_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_transaction_id_version_key" ON "invoices"("transaction_id", "version");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_merchant_id_invoice_sequence_key" ON "transactions"("merchant_id", "invoice_sequence");

-- AddForeignKey
ALTER TABLE "subscription_changes" ADD CONSTRAINT "subscription_changes_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

