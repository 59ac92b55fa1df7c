-- Channex (issue 30; docs/channel-managers.md): linked properties and their mirror, the request budget, the push
-- ledger (one Channex booking per reservation, keyed by the reservation id) and the alerts.

-- CreateEnum
CREATE TYPE "ChannexBookingState" AS ENUM ('owed', 'uncertain', 'pushed', 'confirmed', 'refused', 'cancel_owed', 'cancelled', 'released');

-- CreateEnum
CREATE TYPE "ChannexAlertKind" AS ENUM ('overbooking', 'refused', 'sync_failing', 'duplicate');

-- CreateTable
CREATE TABLE "channex_properties" (
    "hotel_id" INTEGER NOT NULL,
    "property_id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "currency" TEXT,
    "counts_bookings" BOOLEAN NOT NULL DEFAULT true,
    "webhook_id" TEXT,
    "linked_at" TIMESTAMPTZ(6) NOT NULL,
    "synced_at" TIMESTAMPTZ(6),
    "pulled_at" TIMESTAMPTZ(6),
    "mirror_to" DATE,
    "pull_wanted_at" TIMESTAMPTZ(6),
    "sync_wanted" BOOLEAN NOT NULL DEFAULT true,
    "pulling_since" TIMESTAMPTZ(6),
    "last_pull_started_at" TIMESTAMPTZ(6),
    "paused_until" TIMESTAMPTZ(6),
    "stale_stopped" BOOLEAN NOT NULL DEFAULT false,
    "pulls" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "last_error_at" TIMESTAMPTZ(6),

    CONSTRAINT "channex_properties_pkey" PRIMARY KEY ("hotel_id")
);

-- CreateTable
CREATE TABLE "channex_calls" (
    "id" BIGSERIAL NOT NULL,
    "property_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "channex_calls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "channex_rate_plans" (
    "rate_plan_id" INTEGER NOT NULL,
    "room_type_id" INTEGER NOT NULL,
    "sell_mode" TEXT NOT NULL,
    "options" JSONB NOT NULL,

    CONSTRAINT "channex_rate_plans_pkey" PRIMARY KEY ("rate_plan_id")
);

-- CreateTable
CREATE TABLE "channex_availability" (
    "room_type_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "availability" INTEGER NOT NULL,
    "read_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "channex_availability_pkey" PRIMARY KEY ("room_type_id","date")
);

-- CreateTable
CREATE TABLE "channex_restrictions" (
    "rate_plan_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "rate" DECIMAL(14,2),
    "min_stay_arrival" INTEGER NOT NULL DEFAULT 1,
    "min_stay_through" INTEGER NOT NULL DEFAULT 1,
    "max_stay" INTEGER NOT NULL DEFAULT 0,
    "closed_to_arrival" BOOLEAN NOT NULL DEFAULT false,
    "closed_to_departure" BOOLEAN NOT NULL DEFAULT false,
    "stop_sell" BOOLEAN NOT NULL DEFAULT false,
    "read_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "channex_restrictions_pkey" PRIMARY KEY ("rate_plan_id","date")
);

-- CreateTable
CREATE TABLE "channex_bookings" (
    "key" TEXT NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "property_id" TEXT NOT NULL,
    "state" "ChannexBookingState" NOT NULL,
    "channex_booking_id" TEXT,
    "modify_owed" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "refusal" TEXT,
    "next_attempt_at" TIMESTAMPTZ(6),
    "lease_until" TIMESTAMPTZ(6),
    "posted_at" TIMESTAMPTZ(6),
    "processed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "channex_bookings_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "channex_alerts" (
    "id" SERIAL NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "kind" "ChannexAlertKind" NOT NULL,
    "subject" TEXT NOT NULL,
    "detail" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,
    "resolved_at" TIMESTAMPTZ(6),

    CONSTRAINT "channex_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "channex_properties_property_id_key" ON "channex_properties"("property_id");

-- CreateIndex
CREATE INDEX "channex_calls_property_id_kind_at_idx" ON "channex_calls"("property_id", "kind", "at");

-- CreateIndex
CREATE UNIQUE INDEX "channex_bookings_channex_booking_id_key" ON "channex_bookings"("channex_booking_id");

-- CreateIndex
CREATE INDEX "channex_bookings_state_next_attempt_at_idx" ON "channex_bookings"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "channex_bookings_hotel_id_idx" ON "channex_bookings"("hotel_id");

-- CreateIndex
CREATE INDEX "channex_alerts_hotel_id_resolved_at_idx" ON "channex_alerts"("hotel_id", "resolved_at");

-- AddForeignKey
ALTER TABLE "channex_properties" ADD CONSTRAINT "channex_properties_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- One open alert per hotel, kind and subject: a repeated observation updates it instead of adding another.
CREATE UNIQUE INDEX "channex_alerts_open_key" ON "channex_alerts"("hotel_id", "kind", "subject") WHERE "resolved_at" IS NULL;

-- A rate plan's own Channex restrictions filter the products a search offers (lib/gateways/channex/adapter.ts),
-- so a change to them raises the hotel's search version like any other write a search reads (migration
-- 20261123160000_search_versions). Rows are rewritten only when a value changed.
CREATE FUNCTION "search_mark_by_rate_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t BIGINT := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_pending_bumps (tx, hotel_id)
      SELECT DISTINCT t, rp.hotel_id FROM rate_plans rp WHERE rp.id IN (SELECT rate_plan_id FROM new_rows) ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO search_pending_bumps (tx, hotel_id)
      SELECT DISTINCT t, rp.hotel_id FROM rate_plans rp WHERE rp.id IN (SELECT rate_plan_id FROM new_rows UNION SELECT rate_plan_id FROM old_rows) ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO search_pending_bumps (tx, hotel_id)
      SELECT DISTINCT t, rp.hotel_id FROM rate_plans rp WHERE rp.id IN (SELECT rate_plan_id FROM old_rows) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "channex_restrictions_search_ins" AFTER INSERT ON "channex_restrictions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_rate_plan"();
CREATE TRIGGER "channex_restrictions_search_upd" AFTER UPDATE ON "channex_restrictions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_rate_plan"();
CREATE TRIGGER "channex_restrictions_search_del" AFTER DELETE ON "channex_restrictions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "search_mark_by_rate_plan"();
