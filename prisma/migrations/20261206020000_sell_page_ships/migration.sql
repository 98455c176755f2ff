-- A sell page that ships (both bundles ask PayPal's buyer for an address).
ALTER TABLE "digital_sell_pages" ADD COLUMN     "ships" BOOLEAN NOT NULL DEFAULT false;
