-- TRUNCATE fires no row or delete triggers: it raises every hotel's counter. And a hotel that disappears keeps
-- its counter row (raised, filed under no city) instead of losing it, so a hotel re-created with the same id
-- (a restored or re-seeded database) continues from a higher counter and never matches an old cached answer.
CREATE OR REPLACE FUNCTION "search_versions_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t BIGINT := pg_current_xact_id()::text::bigint;
  h INTEGER;
BEGIN
  FOR h IN SELECT hotel_id FROM search_pending_bumps WHERE tx = t ORDER BY hotel_id LOOP
    INSERT INTO hotel_search_versions AS v (hotel_id, city, version)
      SELECT id, city, 1 FROM hotels WHERE id = h
      ON CONFLICT (hotel_id) DO UPDATE SET version = v.version + 1, city = EXCLUDED.city;
    IF NOT FOUND THEN
      UPDATE hotel_search_versions SET version = version + 1, city = '' WHERE hotel_id = h;
    END IF;
  END LOOP;
  DELETE FROM search_pending_bumps WHERE tx = t;
  RETURN NULL;
END $$;

CREATE FUNCTION "search_mark_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_pending_bumps (tx, hotel_id)
    SELECT pg_current_xact_id()::text::bigint, hotel_id FROM hotel_search_versions ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER "hotels_search_truncate" AFTER TRUNCATE ON "hotels" FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_all"();
CREATE TRIGGER "room_types_search_truncate" AFTER TRUNCATE ON "room_types" FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_all"();
CREATE TRIGGER "rate_plans_search_truncate" AFTER TRUNCATE ON "rate_plans" FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_all"();
CREATE TRIGGER "inventory_nights_search_truncate" AFTER TRUNCATE ON "inventory_nights" FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_all"();
CREATE TRIGGER "rate_nights_search_truncate" AFTER TRUNCATE ON "rate_nights" FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_all"();
