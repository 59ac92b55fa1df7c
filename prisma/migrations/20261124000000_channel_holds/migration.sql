-- The channel-manager boundary (issue 19 item 6): holds and releases are calls with an idempotency key, outside
-- the reservation's transaction (docs/reservations.md "The channel-manager boundary").

-- Our ledger of the holds asked of the channel manager (lib/gateways/channel-holds.ts).
CREATE TYPE "ChannelHoldState" AS ENUM ('holding', 'held', 'releasing', 'released');

CREATE TABLE "channel_holds" (
    "key" TEXT NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "state" "ChannelHoldState" NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "channel_holds_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "channel_holds_state_updated_at_idx" ON "channel_holds"("state", "updated_at");

-- The built-in channel manager's holds by key (lib/gateways/builtin-channel-manager.ts).
CREATE TYPE "CmHoldState" AS ENUM ('held', 'released');

CREATE TABLE "cm_holds" (
    "key" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "state" "CmHoldState" NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_at" TIMESTAMPTZ(6),

    CONSTRAINT "cm_holds_pkey" PRIMARY KEY ("key")
);

-- Reservations made before this migration hold their rooms under their id, as new ones do: what they took,
-- one stay per reservation room, so a later cancel or expiry gives exactly that back.
INSERT INTO "cm_holds" ("key", "request", "state", "created_at")
SELECT r."id",
       jsonb_agg(jsonb_build_object(
         'hotelId', r."hotel_id",
         'checkin', rr."checkin"::text,
         'nights', rr."checkout" - rr."checkin",
         'rooms', jsonb_build_array(jsonb_build_object('roomId', rt."room_id", 'quantity', rr."quantity"))
       ) ORDER BY rr."id"),
       'held', r."created_at"
FROM "reservations" r
JOIN "reservation_rooms" rr ON rr."reservation_id" = r."id"
JOIN "room_types" rt ON rt."id" = rr."room_type_id"
WHERE r."status" IN ('pending_payment', 'confirmed')
GROUP BY r."id";

INSERT INTO "channel_holds" ("key", "hotel_id", "state", "created_at", "updated_at")
SELECT "id", "hotel_id", 'held', "created_at", "created_at" FROM "reservations" WHERE "status" IN ('pending_payment', 'confirmed');
