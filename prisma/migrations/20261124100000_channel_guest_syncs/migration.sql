-- Main-guest data owed to the channel manager (docs/reservations.md "The channel-manager boundary"): one row per
-- booking with its latest full guest data; `version` grows with each change in the transaction that makes it,
-- `sent_version` is the newest one the channel manager acknowledged. The channel-guests job sends what is owed.
CREATE TABLE "channel_guest_syncs" (
    "booking_code" TEXT NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "guest" JSONB NOT NULL,
    "version" INTEGER NOT NULL,
    "sent_version" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "channel_guest_syncs_pkey" PRIMARY KEY ("booking_code")
);
CREATE INDEX "channel_guest_syncs_updated_at_idx" ON "channel_guest_syncs"("updated_at");
