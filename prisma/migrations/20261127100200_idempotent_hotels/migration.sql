-- Hotels created with an Idempotency-Key carry it (docs/decisions.md 7.11), like the other rows creating POSTs make.
-- AlterTable
ALTER TABLE "hotels" ADD COLUMN     "idem_hash" TEXT,
ADD COLUMN     "idem_key" TEXT,
ADD COLUMN     "idem_scope" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "hotels_idem_scope_idem_key_key" ON "hotels"("idem_scope", "idem_key");

