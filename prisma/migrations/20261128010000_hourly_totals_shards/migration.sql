-- The hourly totals get 16 rows per key instead of one. With one, every payment of a button in an hour updated the
-- same row from its trigger and held that row's lock until its transaction ended, several round trips later: 200
-- buyers of one button paying at once queued behind one another until Prisma's transaction deadlines expired, and
-- captures PayPal had made went unrecorded until the reconciliation found them (scripts/bench/checkout.ts). Each
-- connection now writes the shard pg_backend_pid() % 16, so concurrent transactions on different connections rarely
-- share a row; every reader already sums the rows of a key. Changes are added as signed deltas on the writer's
-- shard (a payment that changes status leaves -1 on one shard and +1 on another: the sums stay exact). Existing rows
-- become shard 0.
-- AlterTable
ALTER TABLE "button_hourly_totals" DROP CONSTRAINT "button_hourly_totals_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "button_hourly_totals_pkey" PRIMARY KEY ("merchant_id", "button_key", "hour", "status", "currency", "shard");

-- AlterTable
ALTER TABLE "checkout_session_hourly_totals" DROP CONSTRAINT "checkout_session_hourly_totals_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "checkout_session_hourly_totals_pkey" PRIMARY KEY ("merchant_id", "hour", "shard");

-- AlterTable
ALTER TABLE "merchant_hourly_totals" DROP CONSTRAINT "merchant_hourly_totals_pkey",
ADD COLUMN     "shard" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "merchant_hourly_totals_pkey" PRIMARY KEY ("merchant_id", "status", "hour", "currency", "shard");


-- One payment's (or refund's) signed change to both totals, on this connection's shard.
CREATE FUNCTION hourly_totals_add(p_merchant_id TEXT, p_button_key TEXT, p_hour TIMESTAMP(3),
                                  p_status "TransactionStatus", p_currency "Currency", p_count INTEGER,
                                  p_amount_minor BIGINT, p_one_time_count INTEGER) RETURNS void AS $$
DECLARE
  s SMALLINT := pg_backend_pid() % 16;
BEGIN
  INSERT INTO "merchant_hourly_totals" AS t
         ("merchant_id", "status", "hour", "currency", "shard", "count", "amount_minor", "one_time_count")
  VALUES (p_merchant_id, p_status, p_hour, p_currency, s, p_count, p_amount_minor, p_one_time_count)
  ON CONFLICT ("merchant_id", "status", "hour", "currency", "shard") DO UPDATE
     SET "count" = t."count" + EXCLUDED."count",
         "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor",
         "one_time_count" = t."one_time_count" + EXCLUDED."one_time_count";
  INSERT INTO "button_hourly_totals" AS t
         ("merchant_id", "button_key", "hour", "status", "currency", "shard", "count", "amount_minor", "one_time_count")
  VALUES (p_merchant_id, p_button_key, p_hour, p_status, p_currency, s, p_count, p_amount_minor, p_one_time_count)
  ON CONFLICT ("merchant_id", "button_key", "hour", "status", "currency", "shard") DO UPDATE
     SET "count" = t."count" + EXCLUDED."count",
         "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor",
         "one_time_count" = t."one_time_count" + EXCLUDED."one_time_count";
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION transaction_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM hourly_totals_add(OLD."merchant_id", COALESCE(OLD."button_id", ''), date_trunc('hour', OLD."created_at"),
                              OLD."status", OLD."currency", -1, -OLD."amount_minor"::bigint,
                              -(OLD."paypal_subscription_id" IS NULL)::int);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM hourly_totals_add(NEW."merchant_id", COALESCE(NEW."button_id", ''), date_trunc('hour', NEW."created_at"),
                              NEW."status", NEW."currency", 1, NEW."amount_minor"::bigint,
                              (NEW."paypal_subscription_id" IS NULL)::int);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION wps_transaction_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM hourly_totals_add(OLD."merchant_id", COALESCE(OLD."button_id", ''), date_trunc('hour', OLD."created_at"),
                              OLD."status", OLD."currency", -1, -OLD."amount_minor"::bigint, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM hourly_totals_add(NEW."merchant_id", COALESCE(NEW."button_id", ''), date_trunc('hour', NEW."created_at"),
                              NEW."status", NEW."currency", 1, NEW."amount_minor"::bigint, 0);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION refund_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."paypal_status" IN ('COMPLETED', 'PENDING') THEN
    PERFORM hourly_totals_add(OLD."merchant_id", OLD."button_key", date_trunc('hour', OLD."created_at"),
                              'refunded', OLD."currency", 0, OLD."amount_minor"::bigint, 0);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."paypal_status" IN ('COMPLETED', 'PENDING') THEN
    PERFORM hourly_totals_add(NEW."merchant_id", NEW."button_key", date_trunc('hour', NEW."created_at"),
                              'refunded', NEW."currency", 0, -NEW."amount_minor"::bigint, 0);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION checkout_session_hourly_totals_apply() RETURNS trigger AS $$
DECLARE
  s SMALLINT := pg_backend_pid() % 16;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "checkout_session_hourly_totals" AS t ("merchant_id", "hour", "shard", "count")
    VALUES (OLD."merchant_id", date_trunc('hour', OLD."created_at"), s, -1)
    ON CONFLICT ("merchant_id", "hour", "shard") DO UPDATE SET "count" = t."count" - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "checkout_session_hourly_totals" AS t ("merchant_id", "hour", "shard", "count")
    VALUES (NEW."merchant_id", date_trunc('hour', NEW."created_at"), s, 1)
    ON CONFLICT ("merchant_id", "hour", "shard") DO UPDATE SET "count" = t."count" + 1;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
