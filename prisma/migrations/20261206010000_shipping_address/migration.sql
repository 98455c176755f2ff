-- Physical goods, first part: a one-time button may ship, and a payment keeps the address PayPal's buyer chose.
-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "ships" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "shipping_city" TEXT,
ADD COLUMN     "shipping_country" TEXT,
ADD COLUMN     "shipping_line1" TEXT,
ADD COLUMN     "shipping_line2" TEXT,
ADD COLUMN     "shipping_name" TEXT,
ADD COLUMN     "shipping_postal_code" TEXT,
ADD COLUMN     "shipping_region" TEXT;

