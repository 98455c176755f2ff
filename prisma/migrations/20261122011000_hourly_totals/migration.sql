-- CreateTable
CREATE TABLE "merchant_hourly_totals" (
    "merchant_id" TEXT NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "currency" "Currency" NOT NULL,
    "count" INTEGER NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "one_time_count" INTEGER NOT NULL,

    CONSTRAINT "merchant_hourly_totals_pkey" PRIMARY KEY ("merchant_id","status","hour","currency")
);

-- CreateTable
CREATE TABLE "button_hourly_totals" (
    "merchant_id" TEXT NOT NULL,
    "button_key" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "status" "TransactionStatus" NOT NULL,
    "currency" "Currency" NOT NULL,
    "count" INTEGER NOT NULL,
    "amount_minor" BIGINT NOT NULL,
    "one_time_count" INTEGER NOT NULL,

    CONSTRAINT "button_hourly_totals_pkey" PRIMARY KEY ("merchant_id","button_key","hour","status","currency")
);

-- CreateTable
CREATE TABLE "checkout_session_hourly_totals" (
    "merchant_id" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "checkout_session_hourly_totals_pkey" PRIMARY KEY ("merchant_id","hour")
);

-- CreateIndex
CREATE INDEX "button_hourly_totals_merchant_id_status_hour_idx" ON "button_hourly_totals"("merchant_id", "status", "hour");

-- CreateIndex
CREATE INDEX "transactions_merchant_id_created_at_idx" ON "transactions"("merchant_id", "created_at");

-- AddForeignKey
ALTER TABLE "merchant_hourly_totals" ADD CONSTRAINT "merchant_hourly_totals_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "button_hourly_totals" ADD CONSTRAINT "button_hourly_totals_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkout_session_hourly_totals" ADD CONSTRAINT "checkout_session_hourly_totals_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "merchants"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- The hourly totals are kept by triggers in the same database transaction as each change to transactions and
-- checkout_sessions, so they are exact whichever code path (or a hand-run SQL fix) writes the rows. A row that
-- changes (status, button, amount, hour...) leaves its old totals and joins its new ones.
CREATE FUNCTION transaction_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "merchant_hourly_totals"
       SET "count" = "count" - 1,
           "amount_minor" = "amount_minor" - OLD."amount_minor",
           "one_time_count" = "one_time_count" - (OLD."paypal_subscription_id" IS NULL)::int
     WHERE "merchant_id" = OLD."merchant_id" AND "status" = OLD."status"
       AND "hour" = date_trunc('hour', OLD."created_at") AND "currency" = OLD."currency";
    UPDATE "button_hourly_totals"
       SET "count" = "count" - 1,
           "amount_minor" = "amount_minor" - OLD."amount_minor",
           "one_time_count" = "one_time_count" - (OLD."paypal_subscription_id" IS NULL)::int
     WHERE "merchant_id" = OLD."merchant_id" AND "button_key" = COALESCE(OLD."button_id", '')
       AND "hour" = date_trunc('hour', OLD."created_at") AND "status" = OLD."status" AND "currency" = OLD."currency";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "merchant_hourly_totals" AS t
           ("merchant_id", "status", "hour", "currency", "count", "amount_minor", "one_time_count")
    VALUES (NEW."merchant_id", NEW."status", date_trunc('hour', NEW."created_at"), NEW."currency", 1,
            NEW."amount_minor", (NEW."paypal_subscription_id" IS NULL)::int)
    ON CONFLICT ("merchant_id", "status", "hour", "currency") DO UPDATE
       SET "count" = t."count" + 1,
           "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor",
           "one_time_count" = t."one_time_count" + EXCLUDED."one_time_count";
    INSERT INTO "button_hourly_totals" AS t
           ("merchant_id", "button_key", "hour", "status", "currency", "count", "amount_minor", "one_time_count")
    VALUES (NEW."merchant_id", COALESCE(NEW."button_id", ''), date_trunc('hour', NEW."created_at"), NEW."status",
            NEW."currency", 1, NEW."amount_minor", (NEW."paypal_subscription_id" IS NULL)::int)
    ON CONFLICT ("merchant_id", "button_key", "hour", "status", "currency") DO UPDATE
       SET "count" = t."count" + 1,
           "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor",
           "one_time_count" = t."one_time_count" + EXCLUDED."one_time_count";
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER "transactions_hourly_totals"
AFTER INSERT OR DELETE OR UPDATE OF "merchant_id", "button_id", "created_at", "status", "currency", "amount_minor", "paypal_subscription_id"
ON "transactions" FOR EACH ROW EXECUTE FUNCTION transaction_hourly_totals_apply();

CREATE FUNCTION checkout_session_hourly_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "checkout_session_hourly_totals" SET "count" = "count" - 1
     WHERE "merchant_id" = OLD."merchant_id" AND "hour" = date_trunc('hour', OLD."created_at");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "checkout_session_hourly_totals" AS t ("merchant_id", "hour", "count")
    VALUES (NEW."merchant_id", date_trunc('hour', NEW."created_at"), 1)
    ON CONFLICT ("merchant_id", "hour") DO UPDATE SET "count" = t."count" + 1;
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER "checkout_sessions_hourly_totals"
AFTER INSERT OR DELETE OR UPDATE OF "merchant_id", "created_at"
ON "checkout_sessions" FOR EACH ROW EXECUTE FUNCTION checkout_session_hourly_totals_apply();

-- The rows that exist already.
INSERT INTO "merchant_hourly_totals"
       ("merchant_id", "status", "hour", "currency", "count", "amount_minor", "one_time_count")
SELECT "merchant_id", "status", date_trunc('hour', "created_at"), "currency", COUNT(*), SUM("amount_minor"),
       COUNT(*) FILTER (WHERE "paypal_subscription_id" IS NULL)
  FROM "transactions" GROUP BY 1, 2, 3, 4;

INSERT INTO "button_hourly_totals"
       ("merchant_id", "button_key", "hour", "status", "currency", "count", "amount_minor", "one_time_count")
SELECT "merchant_id", COALESCE("button_id", ''), date_trunc('hour', "created_at"), "status", "currency", COUNT(*),
       SUM("amount_minor"), COUNT(*) FILTER (WHERE "paypal_subscription_id" IS NULL)
  FROM "transactions" GROUP BY 1, 2, 3, 4, 5;

INSERT INTO "checkout_session_hourly_totals" ("merchant_id", "hour", "count")
SELECT "merchant_id", date_trunc('hour', "created_at"), COUNT(*) FROM "checkout_sessions" GROUP BY 1, 2;
