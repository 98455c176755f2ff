-- CreateTable
CREATE TABLE "sell_page_views" (
    "id" TEXT NOT NULL,
    "sell_page_id" TEXT NOT NULL,
    "visitor_hash" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sell_page_views_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sell_page_views_sell_page_id_created_at_idx" ON "sell_page_views"("sell_page_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "sell_page_views_sell_page_id_visitor_hash_key" ON "sell_page_views"("sell_page_id", "visitor_hash");

-- AddForeignKey
ALTER TABLE "sell_page_views" ADD CONSTRAINT "sell_page_views_sell_page_id_fkey" FOREIGN KEY ("sell_page_id") REFERENCES "digital_sell_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

