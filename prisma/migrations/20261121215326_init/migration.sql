-- CreateEnum
CREATE TYPE "Currency" AS ENUM ('USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY');

-- CreateEnum
CREATE TYPE "PaypalEnvironment" AS ENUM ('sandbox', 'live');

-- CreateEnum
CREATE TYPE "PaymentType" AS ENUM ('one-time', 'subscription');

-- CreateEnum
CREATE TYPE "ButtonColor" AS ENUM ('gold', 'blue', 'silver', 'white', 'black');

-- CreateEnum
CREATE TYPE "ButtonShape" AS ENUM ('rect', 'pill');

-- CreateEnum
CREATE TYPE "ButtonSize" AS ENUM ('small', 'medium', 'large');

-- CreateEnum
CREATE TYPE "ButtonLabel" AS ENUM ('paypal', 'checkout', 'buynow', 'pay', 'subscribe');

-- CreateEnum
CREATE TYPE "ButtonType" AS ENUM ('manual', 'bundle');

-- CreateEnum
CREATE TYPE "BundleTier" AS ENUM ('basic', 'premium');

-- CreateEnum
CREATE TYPE "ButtonStatus" AS ENUM ('active', 'inactive');

-- CreateEnum
CREATE TYPE "TransactionStatus" AS ENUM ('completed', 'pending', 'failed', 'cancelled', 'refunded');

-- CreateEnum
CREATE TYPE "SaasRole" AS ENUM ('operator', 'admin', 'super_admin');

-- CreateEnum
CREATE TYPE "FileKind" AS ENUM ('product_image', 'merchant_logo', 'downloadable_file');

-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "name" TEXT,
    "email" TEXT NOT NULL,
    "email_verified" TIMESTAMP(3),
    "image" TEXT,
    "password_hash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "accounts" (
    "user_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_account_id" TEXT NOT NULL,
    "refresh_token" TEXT,
    "access_token" TEXT,
    "expires_at" INTEGER,
    "token_type" TEXT,
    "scope" TEXT,
    "id_token" TEXT,
    "session_state" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("provider","provider_account_id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "session_token" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL
);

-- CreateTable
CREATE TABLE "verification_tokens" (
    "identifier" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "expires" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "verification_tokens_pkey" PRIMARY KEY ("identifier","token")
);

-- CreateTable
CREATE TABLE "merchants" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "company_name" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "merchants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "store_settings" (
    "merchant_id" TEXT NOT NULL,
    "store_name" TEXT NOT NULL,
    "description" TEXT,
    "website_url" TEXT,
    "logo_file_id" TEXT,
    "paypal_client_id" TEXT,
    "paypal_secret_encrypted" TEXT,
    "paypal_environment" "PaypalEnvironment" NOT NULL DEFAULT 'sandbox',
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "store_settings_pkey" PRIMARY KEY ("merchant_id")
);

-- CreateTable
CREATE TABLE "payment_buttons" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "paypal_client_id" TEXT NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "payment_type" "PaymentType" NOT NULL,
    "subscription_plan_id" TEXT,
    "success_url" TEXT,
    "cancel_url" TEXT,
    "webhook_url" TEXT,
    "style_color" "ButtonColor" NOT NULL DEFAULT 'gold',
    "style_shape" "ButtonShape" NOT NULL DEFAULT 'rect',
    "style_size" "ButtonSize" NOT NULL DEFAULT 'medium',
    "style_label" "ButtonLabel" NOT NULL DEFAULT 'paypal',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "button_type" "ButtonType" NOT NULL DEFAULT 'manual',
    "sell_page_id" TEXT,
    "bundle_tier" "BundleTier",
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_buttons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "digital_sell_pages" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "product_image_id" TEXT,
    "downloadable_file_id" TEXT,
    "merchant_logo_id" TEXT,
    "basic_name" TEXT NOT NULL,
    "basic_price_minor" INTEGER NOT NULL,
    "basic_original_price_minor" INTEGER NOT NULL,
    "basic_features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "premium_enabled" BOOLEAN NOT NULL DEFAULT false,
    "premium_name" TEXT,
    "premium_price_minor" INTEGER,
    "premium_original_price_minor" INTEGER,
    "premium_features" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "paypal_client_id" TEXT NOT NULL,
    "currency" "Currency" NOT NULL,
    "success_url" TEXT,
    "cancel_url" TEXT,
    "webhook_url" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "digital_sell_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wps_payment_buttons" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "paypal_merchant_identifier" TEXT NOT NULL,
    "environment" "PaypalEnvironment" NOT NULL DEFAULT 'sandbox',
    "item_name" TEXT NOT NULL,
    "item_number" TEXT,
    "price_options" JSONB NOT NULL,
    "undefined_quantity" BOOLEAN NOT NULL DEFAULT false,
    "allow_customer_price" BOOLEAN NOT NULL DEFAULT false,
    "no_shipping" INTEGER NOT NULL DEFAULT 2,
    "shipping_cost_minor" INTEGER NOT NULL DEFAULT 0,
    "tax_rate" DECIMAL(6,3) NOT NULL DEFAULT 0,
    "show_card_logos" BOOLEAN NOT NULL DEFAULT true,
    "button_text" TEXT NOT NULL DEFAULT 'Buy Now',
    "button_size" TEXT NOT NULL DEFAULT 'large',
    "locale" TEXT NOT NULL DEFAULT 'US-en',
    "custom_button_image" TEXT,
    "success_url" TEXT,
    "cancel_url" TEXT,
    "notify_url" TEXT,
    "pdt_token_encrypted" TEXT,
    "button_status" "ButtonStatus" NOT NULL DEFAULT 'active',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "wps_payment_buttons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "transactions" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "button_id" TEXT,
    "sell_page_id" TEXT,
    "bundle_tier" "BundleTier",
    "paypal_order_id" TEXT NOT NULL,
    "paypal_capture_id" TEXT,
    "paypal_subscription_id" TEXT,
    "paypal_payer_id" TEXT,
    "payer_email" TEXT,
    "payer_name" TEXT,
    "amount_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "wps_transactions" (
    "id" TEXT NOT NULL,
    "button_id" TEXT,
    "merchant_id" TEXT NOT NULL,
    "txn_id" TEXT NOT NULL,
    "payment_status" TEXT NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "payer_email" TEXT,
    "payer_id" TEXT,
    "item_name" TEXT,
    "option_selected" TEXT,
    "raw_ipn" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wps_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "saas_users" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "role" "SaasRole" NOT NULL DEFAULT 'operator',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_by_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "saas_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stored_files" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "mime_type" TEXT NOT NULL,
    "kind" "FileKind" NOT NULL,
    "is_private" BOOLEAN NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "download_grants" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "file_id" TEXT NOT NULL,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "download_count" INTEGER NOT NULL DEFAULT 0,
    "max_downloads" INTEGER NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "download_grants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_provider_events" (
    "provider" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_provider_events_pkey" PRIMARY KEY ("provider","event_id")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "accounts_user_id_idx" ON "accounts"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessions_session_token_key" ON "sessions"("session_token");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "store_settings_logo_file_id_key" ON "store_settings"("logo_file_id");

-- CreateIndex
CREATE INDEX "payment_buttons_merchant_id_button_type_created_at_idx" ON "payment_buttons"("merchant_id", "button_type", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_buttons_sell_page_id_bundle_tier_key" ON "payment_buttons"("sell_page_id", "bundle_tier");

-- CreateIndex
CREATE UNIQUE INDEX "digital_sell_pages_product_image_id_key" ON "digital_sell_pages"("product_image_id");

-- CreateIndex
CREATE UNIQUE INDEX "digital_sell_pages_downloadable_file_id_key" ON "digital_sell_pages"("downloadable_file_id");

-- CreateIndex
CREATE UNIQUE INDEX "digital_sell_pages_merchant_logo_id_key" ON "digital_sell_pages"("merchant_logo_id");

-- CreateIndex
CREATE INDEX "digital_sell_pages_merchant_id_created_at_idx" ON "digital_sell_pages"("merchant_id", "created_at");

-- CreateIndex
CREATE INDEX "wps_payment_buttons_merchant_id_created_at_idx" ON "wps_payment_buttons"("merchant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_paypal_order_id_key" ON "transactions"("paypal_order_id");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_paypal_capture_id_key" ON "transactions"("paypal_capture_id");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_paypal_subscription_id_key" ON "transactions"("paypal_subscription_id");

-- CreateIndex
CREATE INDEX "transactions_button_id_created_at_idx" ON "transactions"("button_id", "created_at");

-- CreateIndex
CREATE INDEX "transactions_merchant_id_status_created_at_idx" ON "transactions"("merchant_id", "status", "created_at");

-- CreateIndex
CREATE INDEX "transactions_sell_page_id_created_at_idx" ON "transactions"("sell_page_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "wps_transactions_txn_id_key" ON "wps_transactions"("txn_id");

-- CreateIndex
CREATE INDEX "wps_transactions_button_id_created_at_idx" ON "wps_transactions"("button_id", "created_at");

-- CreateIndex
CREATE INDEX "wps_transactions_merchant_id_created_at_idx" ON "wps_transactions"("merchant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "saas_users_username_key" ON "saas_users"("username");

-- CreateIndex
CREATE UNIQUE INDEX "saas_users_email_key" ON "saas_users"("email");

-- CreateIndex
CREATE INDEX "saas_users_created_at_idx" ON "saas_users"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "stored_files_key_key" ON "stored_files"("key");

-- CreateIndex
CREATE INDEX "stored_files_merchant_id_created_at_idx" ON "stored_files"("merchant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "download_grants_token_hash_key" ON "download_grants"("token_hash");

-- CreateIndex
CREATE INDEX "download_grants_transaction_id_idx" ON "download_grants"("transaction_id");

-- CreateIndex
CREATE INDEX "download_grants_file_id_idx" ON "download_grants"("file_id");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_id_fkey" FOREIGN KEY ("id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_logo_file_id_fkey" FOREIGN KEY ("logo_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_buttons" ADD CONSTRAINT "payment_buttons_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_buttons" ADD CONSTRAINT "payment_buttons_sell_page_id_fkey" FOREIGN KEY ("sell_page_id") REFERENCES "digital_sell_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digital_sell_pages" ADD CONSTRAINT "digital_sell_pages_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digital_sell_pages" ADD CONSTRAINT "digital_sell_pages_product_image_id_fkey" FOREIGN KEY ("product_image_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digital_sell_pages" ADD CONSTRAINT "digital_sell_pages_downloadable_file_id_fkey" FOREIGN KEY ("downloadable_file_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digital_sell_pages" ADD CONSTRAINT "digital_sell_pages_merchant_logo_id_fkey" FOREIGN KEY ("merchant_logo_id") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wps_payment_buttons" ADD CONSTRAINT "wps_payment_buttons_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sell_page_id_fkey" FOREIGN KEY ("sell_page_id") REFERENCES "digital_sell_pages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wps_transactions" ADD CONSTRAINT "wps_transactions_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "wps_payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wps_transactions" ADD CONSTRAINT "wps_transactions_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "saas_users" ADD CONSTRAINT "saas_users_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "saas_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_grants" ADD CONSTRAINT "download_grants_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "download_grants" ADD CONSTRAINT "download_grants_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
