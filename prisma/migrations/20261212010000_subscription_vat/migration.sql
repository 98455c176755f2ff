-- EU VAT on subscriptions: the rate PayPal adds to each payment with the buyer's country and VAT number, and the
-- subscriptions our server started at PayPal with the VAT it asked for, until their sign-up is recorded.
-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "buyer_vat_id" TEXT,
ADD COLUMN     "tax_country" TEXT,
ADD COLUMN     "tax_rate_ppm" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "subscription_starts" (
    "paypal_subscription_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "button_id" TEXT NOT NULL,
    "tax_rate_ppm" INTEGER NOT NULL DEFAULT 0,
    "tax_country" TEXT,
    "buyer_vat_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "subscription_starts_pkey" PRIMARY KEY ("paypal_subscription_id")
);

-- CreateIndex
CREATE INDEX "subscription_starts_merchant_id_idx" ON "subscription_starts"("merchant_id");

-- CreateIndex
CREATE INDEX "subscription_starts_button_id_idx" ON "subscription_starts"("button_id");

-- AddForeignKey
ALTER TABLE "subscription_starts" ADD CONSTRAINT "subscription_starts_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscription_starts" ADD CONSTRAINT "subscription_starts_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE CASCADE ON UPDATE CASCADE;

