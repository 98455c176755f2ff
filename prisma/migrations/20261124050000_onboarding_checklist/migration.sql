-- AlterTable
ALTER TABLE "merchants" ADD COLUMN     "onboarding_completed_at" TIMESTAMP(3),
ADD COLUMN     "onboarding_dismissed_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "payment_buttons" ADD COLUMN     "embed_seen_at" TIMESTAMP(3);
