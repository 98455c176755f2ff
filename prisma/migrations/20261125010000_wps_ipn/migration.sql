-- WPS buttons get a currency; WPS payments keep what the IPN reports; the IPN inbox (wps_ipn_messages).
-- CreateEnum
CREATE TYPE "WpsIpnState" AS ENUM ('received', 'recorded', 'rejected', 'failed');

-- AlterTable
ALTER TABLE "wps_payment_buttons" ADD COLUMN     "currency" "Currency" NOT NULL DEFAULT 'USD';

-- AlterTable
ALTER TABLE "wps_transactions" ADD COLUMN     "fee_minor" INTEGER,
ADD COLUMN     "payer_name" TEXT,
ADD COLUMN     "payment_date" TEXT,
ADD COLUMN     "quantity" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "receiver_email" TEXT,
ADD COLUMN     "receiver_id" TEXT,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'ipn',
ADD COLUMN     "status_reason" TEXT,
ADD COLUMN     "txn_type" TEXT,
ADD COLUMN     "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateTable
CREATE TABLE "wps_ipn_messages" (
    "id" TEXT NOT NULL,
    "body" BYTEA NOT NULL,
    "content_type" TEXT,
    "charset" TEXT,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "state" "WpsIpnState" NOT NULL DEFAULT 'received',
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "processed_at" TIMESTAMP(3),
    "txn_id" TEXT,
    "wps_transaction_id" TEXT,

    CONSTRAINT "wps_ipn_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "wps_ipn_messages_received_at_idx" ON "wps_ipn_messages"("received_at");

-- CreateIndex
CREATE INDEX "wps_ipn_messages_state_received_at_idx" ON "wps_ipn_messages"("state", "received_at");

-- CreateIndex
CREATE INDEX "wps_ipn_messages_txn_id_idx" ON "wps_ipn_messages"("txn_id");

-- CreateIndex
CREATE INDEX "wps_ipn_messages_wps_transaction_id_idx" ON "wps_ipn_messages"("wps_transaction_id");

-- CreateIndex
CREATE INDEX "wps_transactions_merchant_id_payer_email_created_at_idx" ON "wps_transactions"("merchant_id", "payer_email", "created_at");

-- AddForeignKey
ALTER TABLE "wps_ipn_messages" ADD CONSTRAINT "wps_ipn_messages_wps_transaction_id_fkey" FOREIGN KEY ("wps_transaction_id") REFERENCES "wps_transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- WPS payments count in the dashboard and the Payments list like any other payment, so the same hourly totals
-- take them, kept by a trigger of their own (see *_hourly_totals). button_key is the WPS button's id (ids never
-- collide with payment buttons'); one_time_count is 0 because a WPS payment starts no checkout session, so it
-- must not raise the checkout conversion rate.
CREATE FUNCTION wps_transaction_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "merchant_hourly_totals"
       SET "count" = "count" - 1, "amount_minor" = "amount_minor" - OLD."amount_minor"
     WHERE "merchant_id" = OLD."merchant_id" AND "status" = OLD."status"
       AND "hour" = date_trunc('hour', OLD."created_at") AND "currency" = OLD."currency";
    UPDATE "button_hourly_totals"
       SET "count" = "count" - 1, "amount_minor" = "amount_minor" - OLD."amount_minor"
     WHERE "merchant_id" = OLD."merchant_id" AND "button_key" = COALESCE(OLD."button_id", '')
       AND "hour" = date_trunc('hour', OLD."created_at") AND "status" = OLD."status" AND "currency" = OLD."currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "merchant_hourly_totals" AS t
           ("merchant_id", "status", "hour", "currency", "count", "amount_minor", "one_time_count")
    VALUES (NEW."merchant_id", NEW."status", date_trunc('hour', NEW."created_at"), NEW."currency", 1,
            NEW."amount_minor", 0)
    ON CONFLICT ("merchant_id", "status", "hour", "currency") DO UPDATE
       SET "count" = t."count" + 1, "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
    INSERT INTO "button_hourly_totals" AS t
           ("merchant_id", "button_key", "hour", "status", "currency", "count", "amount_minor", "one_time_count")
    VALUES (NEW."merchant_id", COALESCE(NEW."button_id", ''), date_trunc('hour', NEW."created_at"), NEW."status",
            NEW."currency", 1, NEW."amount_minor", 0)
    ON CONFLICT ("merchant_id", "button_key", "hour", "status", "currency") DO UPDATE
       SET "count" = t."count" + 1, "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER "wps_transactions_hourly_totals"
AFTER INSERT OR DELETE OR UPDATE OF "merchant_id", "button_id", "created_at", "status", "currency", "amount_minor"
ON "wps_transactions" FOR EACH ROW EXECUTE FUNCTION wps_transaction_hourly_totals_apply();

-- The rows that exist already.
INSERT INTO "merchant_hourly_totals" AS t
       ("merchant_id", "status", "hour", "currency", "count", "amount_minor", "one_time_count")
SELECT "merchant_id", "status", date_trunc('hour', "created_at"), "currency", COUNT(*), SUM("amount_minor"), 0
  FROM "wps_transactions" GROUP BY 1, 2, 3, 4
ON CONFLICT ("merchant_id", "status", "hour", "currency") DO UPDATE
   SET "count" = t."count" + EXCLUDED."count", "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";

INSERT INTO "button_hourly_totals" AS t
       ("merchant_id", "button_key", "hour", "status", "currency", "count", "amount_minor", "one_time_count")
SELECT "merchant_id", COALESCE("button_id", ''), date_trunc('hour', "created_at"), "status", "currency", COUNT(*),
       SUM("amount_minor"), 0
  FROM "wps_transactions" GROUP BY 1, 2, 3, 4, 5
ON CONFLICT ("merchant_id", "button_key", "hour", "status", "currency") DO UPDATE
   SET "count" = t."count" + EXCLUDED."count", "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
