-- CreateEnum
CREATE TYPE "UpsellOfferStatus" AS ENUM ('offered', 'charging', 'taken', 'declined', 'expired');

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "upsell_offer_id" TEXT,
ADD COLUMN     "vault_requested" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "digital_sell_pages" ADD COLUMN     "upsell_button_id" TEXT,
ADD COLUMN     "upsell_decline_text" TEXT,
ADD COLUMN     "upsell_headline" TEXT,
ADD COLUMN     "upsell_price_minor" INTEGER;

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "upsell_button_id" TEXT,
ADD COLUMN     "upsell_decline_text" TEXT,
ADD COLUMN     "upsell_headline" TEXT,
ADD COLUMN     "upsell_price_minor" INTEGER;

-- CreateTable
CREATE TABLE "upsell_offers" (
    "id" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "button_id" TEXT,
    "name" TEXT NOT NULL,
    "price_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "headline" TEXT NOT NULL,
    "decline_text" TEXT NOT NULL,
    "vault_token_encrypted" TEXT,
    "status" "UpsellOfferStatus" NOT NULL DEFAULT 'offered',
    "expires_at" TIMESTAMP(3) NOT NULL,
    "taken_transaction_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "upsell_offers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "upsell_offers_token_hash_key" ON "upsell_offers"("token_hash");

-- CreateIndex
CREATE UNIQUE INDEX "upsell_offers_transaction_id_key" ON "upsell_offers"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "upsell_offers_taken_transaction_id_key" ON "upsell_offers"("taken_transaction_id");

-- CreateIndex
CREATE INDEX "upsell_offers_status_expires_at_idx" ON "upsell_offers"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "checkout_sessions_upsell_offer_id_key" ON "checkout_sessions"("upsell_offer_id");

-- AddForeignKey
ALTER TABLE "payment_buttons" ADD CONSTRAINT "payment_buttons_upsell_button_id_fkey" FOREIGN KEY ("upsell_button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digital_sell_pages" ADD CONSTRAINT "digital_sell_pages_upsell_button_id_fkey" FOREIGN KEY ("upsell_button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upsell_offers" ADD CONSTRAINT "upsell_offers_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upsell_offers" ADD CONSTRAINT "upsell_offers_taken_transaction_id_fkey" FOREIGN KEY ("taken_transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upsell_offers" ADD CONSTRAINT "upsell_offers_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_upsell_offer_id_fkey" FOREIGN KEY ("upsell_offer_id") REFERENCES "upsell_offers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

