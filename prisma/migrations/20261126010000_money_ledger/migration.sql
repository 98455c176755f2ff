-- CreateEnum
CREATE TYPE "RefundSource" AS ENUM ('dashboard', 'paypal');

-- CreateEnum
CREATE TYPE "RefundKind" AS ENUM ('refund', 'reversal');

-- CreateEnum
CREATE TYPE "PlanIntervalUnit" AS ENUM ('DAY', 'WEEK', 'MONTH', 'YEAR');

-- CreateEnum
CREATE TYPE "PayPalEventState" AS ENUM ('received', 'processed', 'ignored', 'failed');

-- CreateEnum
CREATE TYPE "WebhookDeliveryState" AS ENUM ('pending', 'succeeded', 'failed');

-- AlterEnum
ALTER TYPE "TransactionStatus" ADD VALUE 'partially_refunded';

-- DropIndex
DROP INDEX "transactions_paypal_capture_id_key";

-- DropIndex
DROP INDEX "transactions_paypal_subscription_id_key";

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "check_result" TEXT,
ADD COLUMN     "checked_at" TIMESTAMP(3),
ADD COLUMN     "settled_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "plan_interval_count" INTEGER,
ADD COLUMN     "plan_interval_unit" "PlanIntervalUnit";

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "webhook_secret_created_at" TIMESTAMP(3),
ADD COLUMN     "webhook_secret_encrypted" TEXT,
ADD COLUMN     "webhook_url" TEXT;

-- AlterTable
ALTER TABLE "subscriptions" ADD COLUMN     "failed_payments_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "interval_count" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "interval_unit" "PlanIntervalUnit" NOT NULL DEFAULT 'MONTH',
ADD COLUMN     "last_failed_payment_at" TIMESTAMP(3),
ADD COLUMN     "last_payment_at" TIMESTAMP(3),
ADD COLUMN     "next_billing_at" TIMESTAMP(3);

-- AlterTable
-- The capture id becomes the payment's PayPal transaction id (a capture's or a subscription sale's): kept, renamed.
ALTER TABLE "transactions" RENAME COLUMN "paypal_capture_id" TO "paypal_transaction_id";
ALTER TABLE "transactions" ADD COLUMN     "fee_minor" INTEGER,
ADD COLUMN     "refunded_minor" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "paypal_order_id" DROP NOT NULL;

ALTER TABLE "wps_transactions" ADD COLUMN "refunded_minor" INTEGER NOT NULL DEFAULT 0;

-- A subscription sign-up used to be recorded with its subscription id standing in for an order id.
UPDATE "transactions" SET "paypal_order_id" = NULL
 WHERE "paypal_subscription_id" IS NOT NULL AND "paypal_order_id" = "paypal_subscription_id";

-- CreateTable
CREATE TABLE "refunds" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "transaction_id" TEXT,
    "wps_transaction_id" TEXT,
    "button_key" TEXT NOT NULL,
    "paypal_refund_id" TEXT NOT NULL,
    "kind" "RefundKind" NOT NULL DEFAULT 'refund',
    "source" "RefundSource" NOT NULL,
    "amount_minor" INTEGER NOT NULL,
    "currency" "Currency" NOT NULL,
    "paypal_status" TEXT NOT NULL,
    "reason" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "paypal_events" (
    "id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "merchant_id" TEXT,
    "type" TEXT NOT NULL,
    "resource_id" TEXT,
    "body" TEXT NOT NULL,
    "state" "PayPalEventState" NOT NULL DEFAULT 'received',
    "outcome" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "received_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMP(3),
    "transaction_id" TEXT,
    "subscription_id" TEXT,

    CONSTRAINT "paypal_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "merchant_id" TEXT NOT NULL,
    "button_id" TEXT,
    "url" TEXT NOT NULL,
    "event_type" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "state" "WebhookDeliveryState" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "last_attempt_at" TIMESTAMP(3),
    "next_attempt_at" TIMESTAMP(3),
    "delivered_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery_attempts" (
    "id" TEXT NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "error" TEXT,
    "response_body" TEXT,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "webhook_delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_paypal_refund_id_key" ON "refunds"("paypal_refund_id");

-- CreateIndex
CREATE INDEX "refunds_transaction_id_idx" ON "refunds"("transaction_id");

-- CreateIndex
CREATE INDEX "refunds_wps_transaction_id_idx" ON "refunds"("wps_transaction_id");

-- CreateIndex
CREATE INDEX "refunds_merchant_id_created_at_idx" ON "refunds"("merchant_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "paypal_events_event_id_key" ON "paypal_events"("event_id");

-- CreateIndex
CREATE INDEX "paypal_events_merchant_id_received_at_idx" ON "paypal_events"("merchant_id", "received_at");

-- CreateIndex
CREATE INDEX "paypal_events_transaction_id_received_at_idx" ON "paypal_events"("transaction_id", "received_at");

-- CreateIndex
CREATE INDEX "paypal_events_subscription_id_received_at_idx" ON "paypal_events"("subscription_id", "received_at");

-- CreateIndex
CREATE INDEX "paypal_events_state_received_at_idx" ON "paypal_events"("state", "received_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_merchant_id_created_at_idx" ON "webhook_deliveries"("merchant_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_state_next_attempt_at_idx" ON "webhook_deliveries"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_delivery_attempts_delivery_id_at_idx" ON "webhook_delivery_attempts"("delivery_id", "at");

-- CreateIndex
CREATE INDEX "checkout_sessions_settled_at_created_at_idx" ON "checkout_sessions"("settled_at", "created_at");

-- CreateIndex
CREATE INDEX "subscriptions_button_id_status_idx" ON "subscriptions"("button_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "transactions_paypal_transaction_id_key" ON "transactions"("paypal_transaction_id");

-- CreateIndex (a webhook finds an order's payment by its order id; the unique index on it stays)

-- CreateIndex
CREATE INDEX "transactions_paypal_subscription_id_created_at_idx" ON "transactions"("paypal_subscription_id", "created_at");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_wps_transaction_id_fkey" FOREIGN KEY ("wps_transaction_id") REFERENCES "wps_transactions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "paypal_events" ADD CONSTRAINT "paypal_events_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "paypal_events" ADD CONSTRAINT "paypal_events_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transactions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "paypal_events" ADD CONSTRAINT "paypal_events_subscription_id_fkey" FOREIGN KEY ("subscription_id") REFERENCES "subscriptions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_button_id_fkey" FOREIGN KEY ("button_id") REFERENCES "payment_buttons"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;



-- DESIGN 11: revenue is captured minus refunded, each in the period of its own event. A payment's captured amount
-- stays in the hourly totals under whatever status it has (completed, partially_refunded, refunded: "settled");
-- each refund that PayPal completed (or is completing) enters the totals of its own hour as a negative amount
-- under status 'refunded' with a count of 0, so summing the settled statuses' amounts gives net revenue and
-- summing their counts gives the number of payments.
CREATE FUNCTION refund_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."paypal_status" IN ('COMPLETED', 'PENDING') THEN
    UPDATE "merchant_hourly_totals" SET "amount_minor" = "amount_minor" + OLD."amount_minor"
     WHERE "merchant_id" = OLD."merchant_id" AND "status" = 'refunded'
       AND "hour" = date_trunc('hour', OLD."created_at") AND "currency" = OLD."currency";
    UPDATE "button_hourly_totals" SET "amount_minor" = "amount_minor" + OLD."amount_minor"
     WHERE "merchant_id" = OLD."merchant_id" AND "button_key" = OLD."button_key"
       AND "hour" = date_trunc('hour', OLD."created_at") AND "status" = 'refunded' AND "currency" = OLD."currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."paypal_status" IN ('COMPLETED', 'PENDING') THEN
    INSERT INTO "merchant_hourly_totals" AS t
           ("merchant_id", "status", "hour", "currency", "count", "amount_minor", "one_time_count")
    VALUES (NEW."merchant_id", 'refunded', date_trunc('hour', NEW."created_at"), NEW."currency", 0,
            -NEW."amount_minor", 0)
    ON CONFLICT ("merchant_id", "status", "hour", "currency") DO UPDATE
       SET "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
    INSERT INTO "button_hourly_totals" AS t
           ("merchant_id", "button_key", "hour", "status", "currency", "count", "amount_minor", "one_time_count")
    VALUES (NEW."merchant_id", NEW."button_key", date_trunc('hour', NEW."created_at"), 'refunded', NEW."currency", 0,
            -NEW."amount_minor", 0)
    ON CONFLICT ("merchant_id", "button_key", "hour", "status", "currency") DO UPDATE
       SET "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER "refunds_hourly_totals"
AFTER INSERT OR DELETE OR UPDATE OF "merchant_id", "button_key", "created_at", "currency", "amount_minor", "paypal_status"
ON "refunds" FOR EACH ROW EXECUTE FUNCTION refund_hourly_totals_apply();

-- Payments marked refunded before the ledger existed were refunded in full: each gets the refund row it lacked
-- (dated at its last update, when the refund arrived), so revenue stays what it was.
INSERT INTO "refunds" ("id", "merchant_id", "transaction_id", "button_key", "paypal_refund_id", "kind", "source",
                       "amount_minor", "currency", "paypal_status", "reason", "created_at")
SELECT 'legacy_' || "id", "merchant_id", "id", COALESCE("button_id", ''), 'legacy-' || "id", 'refund', 'paypal',
       "amount_minor", "currency", 'COMPLETED', NULL, "updated_at"
  FROM "transactions" WHERE "status" = 'refunded' AND "amount_minor" > 0;
UPDATE "transactions" SET "refunded_minor" = "amount_minor" WHERE "status" = 'refunded';

INSERT INTO "refunds" ("id", "merchant_id", "wps_transaction_id", "button_key", "paypal_refund_id", "kind", "source",
                       "amount_minor", "currency", "paypal_status", "reason", "created_at")
SELECT 'legacy_' || "id", "merchant_id", "id", COALESCE("button_id", ''), 'legacy-' || "id", 'refund', 'paypal',
       "amount_minor", "currency", 'COMPLETED', NULL, "updated_at"
  FROM "wps_transactions" WHERE "status" = 'refunded' AND "amount_minor" > 0;
UPDATE "wps_transactions" SET "refunded_minor" = "amount_minor" WHERE "status" = 'refunded';

-- Events that were processed before events were stored keep their ids, so a late redelivery is still a no-op.
INSERT INTO "paypal_events" ("id", "event_id", "type", "body", "state", "outcome", "received_at", "processed_at")
SELECT 'legacy_' || md5("event_id"), "event_id", "type", '{}', 'processed', 'Processed before events were kept.',
       "processed_at", "processed_at"
  FROM "processed_provider_events" WHERE "provider" = 'paypal';
DROP TABLE "processed_provider_events";
