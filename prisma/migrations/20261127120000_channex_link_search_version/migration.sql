-- Linking a hotel to a Channex property (or unlinking it) changes what its searches offer: with
-- CHANNEL_MANAGER=channex each rate plan's own mirrored restrictions then filter its products
-- (lib/inventory/engine.ts, lib/gateways/channex/adapter.ts). So a link or an unlink raises the hotel's search
-- version like any other write a search reads (migration 20261123160000_search_versions). Updates of a
-- property row (sync and pull bookkeeping) change nothing a search reads and raise nothing.
CREATE TRIGGER "channex_properties_search_ins" AFTER INSERT ON "channex_properties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
CREATE TRIGGER "channex_properties_search_del" AFTER DELETE ON "channex_properties" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_hotel"();
