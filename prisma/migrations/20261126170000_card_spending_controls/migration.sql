-- Spending controls of virtual cards (docs/decisions.md 10.8): an optional limit per charge and for the card's whole
-- life (COP), the hotels it may pay, and an index to list and sum a card's charges.
-- AlterTable
ALTER TABLE "virtual_cards" ADD COLUMN     "limit_all_time" DECIMAL(14,2),
ADD COLUMN     "limit_per_authorization" DECIMAL(14,2);

-- CreateTable
CREATE TABLE "virtual_card_hotels" (
    "card_id" TEXT NOT NULL,
    "hotel_id" INTEGER NOT NULL,

    CONSTRAINT "virtual_card_hotels_pkey" PRIMARY KEY ("card_id","hotel_id")
);

-- CreateIndex
CREATE INDEX "virtual_card_hotels_hotel_id_idx" ON "virtual_card_hotels"("hotel_id");

-- CreateIndex
CREATE INDEX "payment_transactions_virtual_card_id_created_at_idx" ON "payment_transactions"("virtual_card_id", "created_at");

-- AddForeignKey
ALTER TABLE "virtual_card_hotels" ADD CONSTRAINT "virtual_card_hotels_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "virtual_cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "virtual_card_hotels" ADD CONSTRAINT "virtual_card_hotels_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- A limit is a positive amount, or none.
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_limit_per_authorization_positive" CHECK ("limit_per_authorization" IS NULL OR "limit_per_authorization" > 0);
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_limit_all_time_positive" CHECK ("limit_all_time" IS NULL OR "limit_all_time" > 0);
