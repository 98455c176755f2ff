
-- CreateEnum
CREATE TYPE "PaymentLineOrigin" AS ENUM ('item', 'bump', 'upsell', 'cart');

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "bump_amount_minor" INTEGER,
ADD COLUMN     "bump_button_id" TEXT,
ADD COLUMN     "bump_offered" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "claimed_bump" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "digital_sell_pages" ADD COLUMN     "bump_button_id" TEXT,
ADD COLUMN     "bump_pitch" TEXT,
ADD COLUMN     "bump_price_minor" INTEGER;

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "bump_button_id" TEXT,
ADD COLUMN     "bump_pitch" TEXT,
ADD COLUMN     "bump_price_minor" INTEGER;

-- CreateTable
CREATE TABLE "payment_lines" (
    "id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "position" SMALLINT NOT NULL,
    "origin" "PaymentLineOrigin" NOT NULL,
    "button_id" TEXT,
    "sell_page_id" TEXT,
    "bundle_tier" "BundleTier",
    "name" TEXT NOT NULL,
    "quantity" INTEGER NOT NULL,
    "unit_amount_minor" INTEGER NOT NULL,
    "discount_minor" INTEGER NOT NULL DEFAULT 0,
    "amount_minor" INTEGER NOT NULL,
    "refunded_minor" INTEGER NOT NULL DEFAULT 0,
    "currency" "Currency" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_lines_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "payment_line_id" TEXT;

-- CreateIndex
CREATE INDEX "payment_lines_button_id_created_at_idx" ON "payment_lines"("button_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_lines_merchant_id_origin_created_at_idx" ON "payment_lines"("merchant_id", "origin", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_lines_transaction_id_position_key" ON "payment_lines"("transaction_id", "position");

-- AddForeignKey
ALTER TABLE "payment_buttons" ADD CONSTRAINT "payment_buttons_bump_button_id_fkey" FOREIGN KEY ("bump_button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "digital_sell_pages" ADD CONSTRAINT "digital_sell_pages_bump_button_id_fkey" FOREIGN KEY ("bump_button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_sell_page_id_fkey" FOREIGN KEY ("sell_page_id") REFERENCES "digital_sell_pages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_line_id_fkey" FOREIGN KEY ("payment_line_id") REFERENCES "payment_lines"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_bump_button_id_fkey" FOREIGN KEY ("bump_button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- Every order paid before lines existed had one item: its POP, named as createOrder named it then.
INSERT INTO "payment_lines" ("id", "transaction_id", "merchant_id", "position", "origin", "button_id", "sell_page_id",
  "bundle_tier", "name", "quantity", "unit_amount_minor", "discount_minor", "amount_minor", "currency", "created_at")
SELECT 'line_' || t."id", t."id", t."merchant_id", 0, 'item', t."button_id", t."sell_page_id", t."bundle_tier",
  COALESCE(b."name" || CASE WHEN t."bundle_tier" IS NULL THEN '' ELSE ' Bundle' END, 'Deleted item'),
  t."quantity", (t."amount_minor" + t."discount_minor") / GREATEST(t."quantity", 1), t."discount_minor",
  t."amount_minor", t."currency", t."created_at"
FROM "transactions" t LEFT JOIN "payment_buttons" b ON b."id" = t."button_id"
WHERE t."paypal_order_id" IS NOT NULL;
