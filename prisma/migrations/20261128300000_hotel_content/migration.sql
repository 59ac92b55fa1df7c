-- Hotel content (issue 27, docs/decisions.md 5.13): what an agent and a guest see of a hotel besides its rooms.
-- The rules live here too, so no writer (API, seed, a script) can store a hotel the pages cannot show.
ALTER TABLE "hotels" ADD COLUMN "latitude" DOUBLE PRECISION,
ADD COLUMN "longitude" DOUBLE PRECISION,
ADD COLUMN "amenities" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "check_in_time" TEXT,
ADD COLUMN "check_out_time" TEXT,
ADD COLUMN "rnt" TEXT;

ALTER TABLE "hotels" ADD CONSTRAINT "hotels_stars_range" CHECK ("stars" IS NULL OR "stars" BETWEEN 1 AND 5),
ADD CONSTRAINT "hotels_address_length" CHECK ("address" IS NULL OR char_length("address") <= 200),
ADD CONSTRAINT "hotels_description_length" CHECK ("description" IS NULL OR char_length("description") <= 2000),
ADD CONSTRAINT "hotels_rnt_digits" CHECK ("rnt" IS NULL OR "rnt" ~ '^[0-9]{4,10}$'),
ADD CONSTRAINT "hotels_check_in_time" CHECK ("check_in_time" IS NULL OR "check_in_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
ADD CONSTRAINT "hotels_check_out_time" CHECK ("check_out_time" IS NULL OR "check_out_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
ADD CONSTRAINT "hotels_coordinates" CHECK (("latitude" IS NULL) = ("longitude" IS NULL)
  AND ("latitude" IS NULL OR ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180))),
ADD CONSTRAINT "hotels_amenities_count" CHECK (cardinality("amenities") <= 40);

-- A hotel's photos, in gallery order. The bytes are stored by lib/storage under hotel-photos/<hash>/<width>.webp
-- (content-hashed, so served as immutable); `widths` lists the sizes stored.
CREATE TABLE "hotel_photos" (
    "id" SERIAL NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "alt" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "widths" INTEGER[] NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hotel_photos_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "hotel_photos_alt_length" CHECK (char_length("alt") BETWEEN 1 AND 150),
    CONSTRAINT "hotel_photos_hash_format" CHECK ("hash" ~ '^[0-9a-f]{32}$'),
    CONSTRAINT "hotel_photos_size" CHECK ("width" > 0 AND "height" > 0 AND cardinality("widths") >= 1)
);

CREATE UNIQUE INDEX "hotel_photos_hotel_id_hash_key" ON "hotel_photos"("hotel_id", "hash");
CREATE INDEX "hotel_photos_hotel_id_position_idx" ON "hotel_photos"("hotel_id", "position");
CREATE INDEX "hotel_photos_hash_idx" ON "hotel_photos"("hash");

ALTER TABLE "hotel_photos" ADD CONSTRAINT "hotel_photos_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
