-- Wompi phase 2 (issue 26; docs/payments.md "Wompi"): what Wompi reported that differs from what we asked
-- (amount, currency or reference), or an approval that arrived for a payment already closed. Such a transaction
-- is never credited; the row says why, for the operator's "Pasarela" page.
-- AlterTable
ALTER TABLE "wompi_transactions" ADD COLUMN     "mismatch" TEXT,
ADD COLUMN     "mismatch_at" TIMESTAMPTZ(6);

-- CreateIndex
CREATE INDEX "wompi_transactions_mismatch_at_idx" ON "wompi_transactions"("mismatch_at");
