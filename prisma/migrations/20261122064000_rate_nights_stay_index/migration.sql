-- Hand-written: availability reads a room type's prices over a few nights for every rate plan; the primary key
-- (room_type_id, rate_plan_id, date, adults) cannot range over dates without the rate plan. This index can,
-- and it covers the columns the search reads.
CREATE INDEX "rate_nights_room_type_date_idx" ON "rate_nights" ("room_type_id", "date") INCLUDE ("rate_plan_id", "adults", "amount_before_tax");
