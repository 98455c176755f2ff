-- A digital order's plan holds the buyer's country and VAT number too: the column keeps its contents.
ALTER TABLE "checkout_sessions" RENAME COLUMN "shipping_plan" TO "order_plan";

-- AlterTable
ALTER TABLE "invoices" ADD COLUMN     "reverse_charge" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "tax_country" TEXT;

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "charges_eu_vat" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "buyer_vat_id" TEXT,
ADD COLUMN     "tax_country" TEXT;
