-- Search versions (issue 17): one counter per hotel, raised by the database itself in the same transaction as
-- every write that can change a search answer (hotels, room_types, rate_plans, inventory_nights, rate_nights:
-- holds, releases, expiry, ARI, catalogue changes, and any column added later), so no write path can forget it.
-- A search reads the counters of its city (or hotel) in one indexed SELECT and serves a cached answer only when
-- they are unchanged (lib/inventory/search-cache.ts).
--
-- How: a statement-level trigger on each table records the hotels touched by the statement in
-- search_pending_bumps (one row per transaction and hotel); a DEFERRED constraint trigger on that table raises
-- the counters at COMMIT, in hotel id order. Raising them at commit, not at the statement, means a booking does
-- not hold its hotel's counter row while it waits for inventory rows that another booking of the same hotel
-- holds (no new deadlock), and two commits that touch several hotels lock counters in the same order.

CREATE TABLE "hotel_search_versions" (
    "hotel_id" INTEGER NOT NULL,
    "city" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 1,

    CONSTRAINT "hotel_search_versions_pkey" PRIMARY KEY ("hotel_id")
);
CREATE INDEX "hotel_search_versions_city_idx" ON "hotel_search_versions" ("city", "hotel_id") INCLUDE ("version");

-- Rows live only inside the transaction that wrote them (deleted by the flush before COMMIT).
CREATE UNLOGGED TABLE "search_pending_bumps" (
    "tx" BIGINT NOT NULL,
    "hotel_id" INTEGER NOT NULL,

    CONSTRAINT "search_pending_bumps_pkey" PRIMARY KEY ("tx", "hotel_id")
);

INSERT INTO "hotel_search_versions" ("hotel_id", "city", "version") SELECT "id", "city", 1 FROM "hotels";

-- At commit: raise the counter of every hotel this transaction touched (creating it for a new hotel, moving it
-- with the hotel's city, dropping it with a deleted hotel), in hotel id order. The first firing does the work
-- for the whole transaction; later firings find nothing left.
CREATE FUNCTION "search_versions_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t BIGINT := pg_current_xact_id()::text::bigint;
  h INTEGER;
BEGIN
  FOR h IN SELECT hotel_id FROM search_pending_bumps WHERE tx = t ORDER BY hotel_id LOOP
    INSERT INTO hotel_search_versions AS v (hotel_id, city, version)
      SELECT id, city, 1 FROM hotels WHERE id = h
      ON CONFLICT (hotel_id) DO UPDATE SET version = v.version + 1, city = EXCLUDED.city;
    IF NOT FOUND THEN
      DELETE FROM hotel_search_versions WHERE hotel_id = h;
    END IF;
  END LOOP;
  DELETE FROM search_pending_bumps WHERE tx = t;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "search_pending_bumps_flush" AFTER INSERT ON "search_pending_bumps"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "search_versions_flush"();

-- Statement triggers: mark the hotels of the rows a statement inserted, changed or deleted.
CREATE FUNCTION "search_mark_by_room_type"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t BIGINT := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_pending_bumps (tx, hotel_id)
      SELECT DISTINCT t, rt.hotel_id FROM room_types rt WHERE rt.id IN (SELECT room_type_id FROM new_rows)
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_pending_bumps (tx, hotel_id)
      SELECT DISTINCT t, rt.hotel_id FROM room_types rt
      WHERE rt.id IN (SELECT room_type_id FROM new_rows UNION SELECT room_type_id FROM old_rows)
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_pending_bumps (tx, hotel_id)
      SELECT DISTINCT t, rt.hotel_id FROM room_types rt WHERE rt.id IN (SELECT room_type_id FROM old_rows)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- For tables that carry hotel_id (room_types, rate_plans) or are hotels (id).
CREATE FUNCTION "search_mark_by_hotel"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t BIGINT := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_TABLE_NAME = 'hotels' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO search_pending_bumps (tx, hotel_id) SELECT DISTINCT t, id FROM new_rows ON CONFLICT DO NOTHING;
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO search_pending_bumps (tx, hotel_id) SELECT t, id FROM new_rows UNION SELECT t, id FROM old_rows ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO search_pending_bumps (tx, hotel_id) SELECT DISTINCT t, id FROM old_rows ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO search_pending_bumps (tx, hotel_id) SELECT DISTINCT t, hotel_id FROM new_rows ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_pending_bumps (tx, hotel_id) SELECT t, hotel_id FROM new_rows UNION SELECT t, hotel_id FROM old_rows ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_pending_bumps (tx, hotel_id) SELECT DISTINCT t, hotel_id FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL allows transition tables only on single-event triggers: three per table.
CREATE TRIGGER "hotels_search_ins" AFTER INSERT ON "hotels" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "hotels_search_upd" AFTER UPDATE ON "hotels" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "hotels_search_del" AFTER DELETE ON "hotels" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();

CREATE TRIGGER "room_types_search_ins" AFTER INSERT ON "room_types" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "room_types_search_upd" AFTER UPDATE ON "room_types" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "room_types_search_del" AFTER DELETE ON "room_types" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();

CREATE TRIGGER "rate_plans_search_ins" AFTER INSERT ON "rate_plans" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "rate_plans_search_upd" AFTER UPDATE ON "rate_plans" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "rate_plans_search_del" AFTER DELETE ON "rate_plans" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();

CREATE TRIGGER "inventory_nights_search_ins" AFTER INSERT ON "inventory_nights" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_room_type"();
CREATE TRIGGER "inventory_nights_search_upd" AFTER UPDATE ON "inventory_nights" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_room_type"();
CREATE TRIGGER "inventory_nights_search_del" AFTER DELETE ON "inventory_nights" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_room_type"();

CREATE TRIGGER "rate_nights_search_ins" AFTER INSERT ON "rate_nights" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_room_type"();
CREATE TRIGGER "rate_nights_search_upd" AFTER UPDATE ON "rate_nights" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_room_type"();
CREATE TRIGGER "rate_nights_search_del" AFTER DELETE ON "rate_nights" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_room_type"();
