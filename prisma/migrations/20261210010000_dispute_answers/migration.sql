-- AlterTable
ALTER TABLE "disputes" ADD COLUMN     "access_paused" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "answer" TEXT,
ADD COLUMN     "answer_note" TEXT,
ADD COLUMN     "answered_at" TIMESTAMP(3),
ADD COLUMN     "messages" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "reminder_sent_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "disputes_pulled_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "transactions" ADD COLUMN     "purchase_snapshot" JSONB;

-- CreateTable
CREATE TABLE "download_events" (
    "id" TEXT NOT NULL,
    "grant_id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "file_id" TEXT NOT NULL,
    "ip" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "download_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "download_events_transaction_id_created_at_idx" ON "download_events"("transaction_id", "created_at");

-- AddForeignKey
ALTER TABLE "download_events" ADD CONSTRAINT "download_events_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "download_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

