-- AlterTable
ALTER TABLE "payment_links" ADD COLUMN     "payment_lock_until" TIMESTAMPTZ(6);

