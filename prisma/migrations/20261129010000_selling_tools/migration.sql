-- CreateEnum
CREATE TYPE "DiscountKind" AS ENUM ('percent', 'fixed');

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "claimed_units" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "claimed_use" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "discount_code_id" TEXT,
ADD COLUMN     "discount_minor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "discount_once_key" TEXT,
ADD COLUMN     "quantity" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "digital_sell_pages" ADD COLUMN     "basic_minimum_price_minor" INTEGER,
ADD COLUMN     "basic_pay_what_you_want" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "basic_stock_limit" INTEGER,
ADD COLUMN     "guarantee" TEXT,
ADD COLUMN     "premium_minimum_price_minor" INTEGER,
ADD COLUMN     "premium_pay_what_you_want" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "premium_stock_limit" INTEGER,
ADD COLUMN     "rating_count" INTEGER,
ADD COLUMN     "rating_tenths" INTEGER,
ADD COLUMN     "testimonial_author" TEXT,
ADD COLUMN     "testimonial_quote" TEXT;

-- AlterTable
ALTER TABLE "merchants" ADD COLUMN     "plan_id" TEXT;

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "max_quantity" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "minimum_amount_minor" INTEGER,
ADD COLUMN     "pay_what_you_want" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sold_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "stock_limit" INTEGER;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "discount_code_id" TEXT,
ADD COLUMN     "discount_code_text" TEXT,
ADD COLUMN     "discount_minor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "quantity" INTEGER NOT NULL DEFAULT 1;

-- CreateTable
CREATE TABLE "discount_codes" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "kind" "DiscountKind" NOT NULL,
    "percent_off" INTEGER,
    "amount_off_minor" INTEGER,
    "currency" "Currency",
    "starts_at" TIMESTAMP(3),
    "ends_at" TIMESTAMP(3),
    "max_uses" INTEGER,
    "uses_count" INTEGER NOT NULL DEFAULT 0,
    "once_per_email" BOOLEAN NOT NULL DEFAULT false,
    "applies_to_all" BOOLEAN NOT NULL DEFAULT true,
    "button_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "sell_page_ids" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "discount_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "price_minor" INTEGER NOT NULL DEFAULT 0,
    "monthly_transaction_limit" INTEGER,
    "fee_basis_points" INTEGER NOT NULL DEFAULT 0,
    "is_default" BOOLEAN NOT NULL DEFAULT false,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "discount_codes_merchant_id_code_key" ON "discount_codes"("merchant_id", "code");

-- CreateIndex
CREATE UNIQUE INDEX "plans_name_key" ON "plans"("name");

-- CreateIndex
CREATE UNIQUE INDEX "checkout_sessions_discount_once_key_key" ON "checkout_sessions"("discount_once_key");

-- CreateIndex
CREATE INDEX "transactions_discount_code_id_created_at_idx" ON "transactions"("discount_code_id", "created_at");

-- AddForeignKey
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_discount_code_id_fkey" FOREIGN KEY ("discount_code_id") REFERENCES "discount_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_discount_code_id_fkey" FOREIGN KEY ("discount_code_id") REFERENCES "discount_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Every store starts on the default plan; staff rename it, price it and add others in the admin portal.
INSERT INTO "plans" ("id", "name", "description", "price_minor", "monthly_transaction_limit", "fee_basis_points", "is_default", "sort_order", "updated_at")
VALUES ('plan_free', 'Free', 'Everything Popkit does, for stores getting started.', 0, NULL, 0, true, 0, CURRENT_TIMESTAMP);
