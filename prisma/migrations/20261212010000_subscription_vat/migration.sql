-- EU VAT on subscriptions: the rate PayPal adds to each payment, and the buyer's country and VAT number.
-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "buyer_vat_id" TEXT,
ADD COLUMN     "tax_country" TEXT,
ADD COLUMN     "tax_rate_ppm" INTEGER NOT NULL DEFAULT 0;
