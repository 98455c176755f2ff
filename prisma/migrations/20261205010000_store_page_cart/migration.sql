-- The store page /s/{handle} with a cart: the store's handle and switch, which POPs it lists in what order, and a
-- cart order's items (one payment line each once captured).
-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "claimed_cart" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "from_cart" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "digital_sell_pages" ADD COLUMN     "store_position" INTEGER;

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "store_position" INTEGER;

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "store_handle" TEXT,
ADD COLUMN     "store_page_enabled" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "checkout_cart_items" (
    "session_id" TEXT NOT NULL,
    "position" SMALLINT NOT NULL,
    "button_id" TEXT,
    "quantity" INTEGER NOT NULL,
    "unit_amount_minor" INTEGER NOT NULL,
    "discount_minor" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "checkout_cart_items_pkey" PRIMARY KEY ("session_id","position")
);

-- CreateIndex
CREATE INDEX "checkout_cart_items_button_id_idx" ON "checkout_cart_items"("button_id");

-- CreateIndex
CREATE UNIQUE INDEX "store_settings_store_handle_key" ON "store_settings"("store_handle");

-- AddForeignKey
ALTER TABLE "checkout_cart_items" ADD CONSTRAINT "checkout_cart_items_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "checkout_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_cart_items" ADD CONSTRAINT "checkout_cart_items_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

