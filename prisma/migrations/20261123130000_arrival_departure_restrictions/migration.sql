-- Issue 16 item 2: per night "closed to arrival" (no stay may start that night) and "closed to departure"
-- (no stay may end on that date), beside stop_sell and min_stay.
ALTER TABLE "inventory_nights" ADD COLUMN "closed_to_arrival" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "inventory_nights" ADD COLUMN "closed_to_departure" BOOLEAN NOT NULL DEFAULT false;
