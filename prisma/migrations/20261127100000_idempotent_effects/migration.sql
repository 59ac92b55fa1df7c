-- Idempotency as one fact with its effect (issue 24, docs/decisions.md 7.11): each row a creating POST makes carries
-- the caller (idem_scope), the Idempotency-Key (idem_key) and the request's fingerprint (idem_hash), written in the
-- row's own INSERT. Unique per (caller, key): a retry after any crash finds the first attempt's row and answers from it.
-- NULLs are distinct in a unique index, so rows made without a key are not constrained.
-- AlterTable
ALTER TABLE "balance_entries" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- AlterTable
ALTER TABLE "reservations" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- AlterTable
ALTER TABLE "payment_links" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- AlterTable
ALTER TABLE "payment_transactions" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- AlterTable
ALTER TABLE "payment_refunds" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- AlterTable
ALTER TABLE "virtual_cards" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "balance_entries_idem_scope_idem_key_key" ON "balance_entries"("idem_scope", "idem_key");

-- CreateIndex
CREATE UNIQUE INDEX "reservations_idem_scope_idem_key_key" ON "reservations"("idem_scope", "idem_key");

-- CreateIndex
CREATE UNIQUE INDEX "payment_links_idem_scope_idem_key_key" ON "payment_links"("idem_scope", "idem_key");

-- CreateIndex
CREATE UNIQUE INDEX "payment_transactions_idem_scope_idem_key_key" ON "payment_transactions"("idem_scope", "idem_key");

-- CreateIndex
CREATE UNIQUE INDEX "payment_refunds_idem_scope_idem_key_key" ON "payment_refunds"("idem_scope", "idem_key");

-- CreateIndex
CREATE UNIQUE INDEX "virtual_cards_idem_scope_idem_key_key" ON "virtual_cards"("idem_scope", "idem_key");

