-- An invoice of a payment of several lines (an order bump, a store page cart) prints each line.
ALTER TABLE "invoices" ADD COLUMN     "lines" JSONB NOT NULL DEFAULT '[]';
