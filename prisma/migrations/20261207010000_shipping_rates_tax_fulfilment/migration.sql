-- CreateEnum
CREATE TYPE "FulfilmentStatus" AS ENUM ('unfulfilled', 'shipped', 'delivered');

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "callback_token" TEXT,
ADD COLUMN     "shipping_plan" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "digital_sell_pages" ADD COLUMN     "tax_included" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "ship_to" TEXT,
ADD COLUMN     "shipping_minor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tax_minor" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "tax_included" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "payment_lines" ADD COLUMN     "tax_included" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tax_minor" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "shipping_zones" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "tax_rates" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "carrier" TEXT,
ADD COLUMN     "delivered_at" TIMESTAMP(3),
ADD COLUMN     "fulfilment" "FulfilmentStatus",
ADD COLUMN     "shipped_at" TIMESTAMP(3),
ADD COLUMN     "shipping_method" TEXT,
ADD COLUMN     "shipping_minor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tax_minor" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tracking_number" TEXT;

-- CreateIndex
CREATE INDEX "transactions_merchant_id_fulfilment_created_at_idx" ON "transactions"("merchant_id", "fulfilment", "created_at");

-- Payments that shipped before fulfilment existed wait to be marked shipped.
UPDATE "transactions" SET "fulfilment" = 'unfulfilled' WHERE "shipping_country" IS NOT NULL;
