-- AlterTable
ALTER TABLE "merchants" ADD COLUMN     "suspended_at" TIMESTAMP(3),
ADD COLUMN     "suspended_by_id" TEXT;

-- AlterTable
ALTER TABLE "store_settings" ADD COLUMN     "time_zone" TEXT;

-- AddForeignKey
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_suspended_by_id_fkey" FOREIGN KEY ("suspended_by_id") REFERENCES "saas_users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

