-- CreateEnum
CREATE TYPE "LicenseExpiry" AS ENUM ('never', 'days', 'subscription');

-- CreateTable
CREATE TABLE "license_policies" (
    "button_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "activation_limit" INTEGER,
    "expiry" "LicenseExpiry" NOT NULL DEFAULT 'never',
    "expiry_days" INTEGER,
    "key_prefix" TEXT NOT NULL DEFAULT '',
    "pool_low_warned_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "license_policies_pkey" PRIMARY KEY ("button_id")
);

-- CreateTable
CREATE TABLE "license_keys" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "button_id" TEXT NOT NULL,
    "issue_key" TEXT,
    "transaction_id" TEXT,
    "paypal_subscription_id" TEXT,
    "key_hash" TEXT NOT NULL,
    "key_encrypted" TEXT NOT NULL,
    "key_hint" TEXT NOT NULL,
    "from_pool" BOOLEAN NOT NULL DEFAULT false,
    "buyer_email" TEXT,
    "activation_limit" INTEGER,
    "expires_at" TIMESTAMP(3),
    "expires_with_subscription" BOOLEAN NOT NULL DEFAULT false,
    "disabled_at" TIMESTAMP(3),
    "disabled_by" TEXT,
    "replaces_id" TEXT,
    "issued_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "license_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "license_instances" (
    "id" TEXT NOT NULL,
    "license_key_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_at" TIMESTAMP(3),

    CONSTRAINT "license_instances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "license_key_events" (
    "id" TEXT NOT NULL,
    "license_key_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "license_key_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "license_policies_merchant_id_idx" ON "license_policies"("merchant_id");

-- CreateIndex
CREATE UNIQUE INDEX "license_keys_issue_key_key" ON "license_keys"("issue_key");

-- CreateIndex
CREATE UNIQUE INDEX "license_keys_key_hash_key" ON "license_keys"("key_hash");

-- CreateIndex
CREATE UNIQUE INDEX "license_keys_replaces_id_key" ON "license_keys"("replaces_id");

-- CreateIndex
CREATE INDEX "license_keys_button_id_issue_key_created_at_idx" ON "license_keys"("button_id", "issue_key", "created_at");

-- CreateIndex
CREATE INDEX "license_keys_merchant_id_issued_at_idx" ON "license_keys"("merchant_id", "issued_at");

-- CreateIndex
CREATE INDEX "license_keys_merchant_id_buyer_email_idx" ON "license_keys"("merchant_id", "buyer_email");

-- CreateIndex
CREATE INDEX "license_keys_transaction_id_idx" ON "license_keys"("transaction_id");

-- CreateIndex
CREATE INDEX "license_keys_paypal_subscription_id_idx" ON "license_keys"("paypal_subscription_id");

-- CreateIndex
CREATE INDEX "license_instances_license_key_id_deactivated_at_idx" ON "license_instances"("license_key_id", "deactivated_at");

-- CreateIndex
CREATE INDEX "license_key_events_license_key_id_created_at_idx" ON "license_key_events"("license_key_id", "created_at");

-- AddForeignKey
ALTER TABLE "license_policies" ADD CONSTRAINT "license_policies_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "license_keys" ADD CONSTRAINT "license_keys_replaces_id_fkey" FOREIGN KEY ("replaces_id") REFERENCES "license_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "license_instances" ADD CONSTRAINT "license_instances_license_key_id_fkey" FOREIGN KEY ("license_key_id") REFERENCES "license_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "license_key_events" ADD CONSTRAINT "license_key_events_license_key_id_fkey" FOREIGN KEY ("license_key_id") REFERENCES "license_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

