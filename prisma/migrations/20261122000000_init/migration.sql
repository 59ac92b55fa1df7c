-- Initial schema. Generated with `npm run db:diff` (prisma migrate diff) and extended by hand where marked.

-- Hand-written: events, venues, organizers and images share one id space, like WordPress posts.
CREATE SEQUENCE IF NOT EXISTS "calendar_post_id_seq";


-- CreateEnum
CREATE TYPE "Role" AS ENUM ('operator', 'agency', 'hotel_admin');

-- CreateEnum
CREATE TYPE "AgencyType" AS ENUM ('retailer', 'wholesale');

-- CreateEnum
CREATE TYPE "Refundable" AS ENUM ('full', 'partial', 'none');

-- CreateEnum
CREATE TYPE "ReservationStatus" AS ENUM ('pending_payment', 'confirmed', 'expired', 'cancelled');

-- CreateEnum
CREATE TYPE "LinkStatus" AS ENUM ('active', 'paid', 'expired', 'cancelled');

-- CreateEnum
CREATE TYPE "PaymentMethod" AS ENUM ('card', 'cash', 'bank_transfer', 'balance');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'approved', 'rejected', 'expired');

-- CreateEnum
CREATE TYPE "CardStatus" AS ENUM ('frozen', 'active', 'cancelled');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "IdempotencyState" AS ENUM ('in_progress', 'done');

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "agency_id" INTEGER,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_hotels" (
    "user_id" INTEGER NOT NULL,
    "hotel_id" INTEGER NOT NULL,

    CONSTRAINT "user_hotels_pkey" PRIMARY KEY ("user_id","hotel_id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "role" "Role" NOT NULL,
    "agency_id" INTEGER,
    "user_id" INTEGER,
    "label" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(6),
    "revoked_at" TIMESTAMPTZ(6),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agencies" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "country_code" TEXT NOT NULL,
    "email_for_notifications" TEXT NOT NULL,
    "document_type" TEXT NOT NULL,
    "document_number" TEXT NOT NULL,
    "agency_type" "AgencyType" NOT NULL DEFAULT 'retailer',
    "is_preloaded" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_archived" BOOLEAN NOT NULL DEFAULT false,
    "rc_identifier" TEXT,
    "partner_token" TEXT,
    "processor_a_user_id" TEXT,
    "processor_b_user_id" TEXT,
    "payout_account_id" TEXT NOT NULL,
    "webhook_url" TEXT,
    "webhook_secret" TEXT,
    "webhook_failure_streak" INTEGER NOT NULL DEFAULT 0,
    "balance" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agencies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "balance_entries" (
    "id" SERIAL NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "balance_after" DECIMAL(14,2) NOT NULL,
    "kind" TEXT NOT NULL,
    "reservation_id" TEXT,
    "note" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "balance_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hotels" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "channel_manager_id" TEXT NOT NULL,
    "hold_minutes" INTEGER NOT NULL DEFAULT 1440,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "address" TEXT,
    "stars" INTEGER,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hotels_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "room_types" (
    "id" SERIAL NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "room_id" TEXT NOT NULL,
    "room_name" TEXT NOT NULL,
    "room_type" TEXT NOT NULL,
    "beds" INTEGER NOT NULL,
    "max_adults" INTEGER NOT NULL,
    "max_children" INTEGER NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "room_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_plans" (
    "id" SERIAL NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "rate_id" TEXT NOT NULL,
    "rate_description" TEXT NOT NULL,
    "board_type" TEXT,
    "board_type_description" TEXT NOT NULL,
    "refundable" "Refundable" NOT NULL,
    "cancellation_policy" TEXT NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'COP',
    "is_active" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "rate_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inventory_nights" (
    "room_type_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "rooms" INTEGER NOT NULL DEFAULT 0,
    "sold" INTEGER NOT NULL DEFAULT 0,
    "stop_sell" BOOLEAN NOT NULL DEFAULT false,
    "min_stay" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "inventory_nights_pkey" PRIMARY KEY ("room_type_id","date")
);

-- CreateTable
CREATE TABLE "rate_nights" (
    "rate_plan_id" INTEGER NOT NULL,
    "room_type_id" INTEGER NOT NULL,
    "date" DATE NOT NULL,
    "adults" INTEGER NOT NULL DEFAULT 0,
    "amount_before_tax" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "rate_nights_pkey" PRIMARY KEY ("room_type_id","rate_plan_id","date","adults")
);

-- CreateTable
CREATE TABLE "reservations" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "status" "ReservationStatus" NOT NULL DEFAULT 'pending_payment',
    "checkin" DATE NOT NULL,
    "checkout" DATE NOT NULL,
    "nights" INTEGER NOT NULL,
    "rooms_count" INTEGER NOT NULL,
    "adults" INTEGER NOT NULL,
    "children" INTEGER NOT NULL DEFAULT 0,
    "children_ages" TEXT,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "telephone" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "city" TEXT,
    "notes" TEXT,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "amount_paid" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "payment_deadline" TIMESTAMPTZ(6) NOT NULL,
    "confirmed_at" TIMESTAMPTZ(6),
    "expired_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservation_rooms" (
    "id" SERIAL NOT NULL,
    "reservation_id" TEXT NOT NULL,
    "room_type_id" INTEGER NOT NULL,
    "rate_plan_id" INTEGER NOT NULL,
    "checkin" DATE NOT NULL,
    "checkout" DATE NOT NULL,
    "quantity" INTEGER NOT NULL,
    "adults" INTEGER NOT NULL,
    "children" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "nightly" JSONB NOT NULL,

    CONSTRAINT "reservation_rooms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reservation_status_changes" (
    "id" SERIAL NOT NULL,
    "reservation_id" TEXT NOT NULL,
    "from_status" "ReservationStatus",
    "to_status" "ReservationStatus" NOT NULL,
    "reason" TEXT,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reservation_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_links" (
    "id" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "hotel_id" INTEGER NOT NULL,
    "reservation_id" TEXT,
    "guest_name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'COP',
    "booking_start" DATE,
    "booking_end" DATE,
    "description" TEXT NOT NULL,
    "available_hours" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "source" TEXT,
    "external_ref_id" TEXT,
    "temp_webhook_url" TEXT,
    "success_url" TEXT,
    "failure_url" TEXT,
    "status" "LinkStatus" NOT NULL DEFAULT 'active',
    "paid_at" TIMESTAMPTZ(6),
    "cancelled_at" TIMESTAMPTZ(6),
    "expired_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_transactions" (
    "id" TEXT NOT NULL,
    "apm_detail_id" SERIAL NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "status" "PaymentStatus" NOT NULL DEFAULT 'pending',
    "agency_id" INTEGER,
    "hotel_id" INTEGER NOT NULL,
    "link_id" TEXT,
    "reservation_id" TEXT,
    "virtual_card_id" TEXT,
    "ref_name" TEXT NOT NULL,
    "ref_lastname" TEXT NOT NULL,
    "ref_number" TEXT NOT NULL,
    "detail" TEXT,
    "amount" DECIMAL(14,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'COP',
    "tax_percent" DECIMAL(3,2) NOT NULL DEFAULT 0,
    "service_percent" DECIMAL(3,2) NOT NULL DEFAULT 0,
    "installments" INTEGER,
    "email" TEXT,
    "fiscal_number" TEXT,
    "phone" TEXT,
    "address" TEXT,
    "ip" TEXT,
    "card_brand" TEXT,
    "card_last4" TEXT,
    "decline_code" TEXT,
    "decline_reason" TEXT,
    "bank_code" TEXT,
    "user_type" TEXT,
    "fiscal_number_type" TEXT,
    "cash_method" TEXT,
    "response_url" TEXT,
    "payment_reference" TEXT,
    "expires_at" TIMESTAMPTZ(6),
    "completed_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_transactions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vouchers" (
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vouchers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_holders" (
    "id" TEXT NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "nationality" TEXT NOT NULL,
    "person_type" TEXT NOT NULL,
    "document_number" TEXT NOT NULL,
    "document_type" TEXT NOT NULL,
    "birthdate" DATE NOT NULL,
    "email" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "zip_code" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_holders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizations" (
    "id" SERIAL NOT NULL,
    "account_holder_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "external_ref" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organizations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "virtual_cards" (
    "id" TEXT NOT NULL,
    "subaccount_id" TEXT NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "agency_id" INTEGER NOT NULL,
    "card_name" TEXT NOT NULL,
    "one_time_use" BOOLEAN NOT NULL,
    "nickname" TEXT NOT NULL,
    "last_four" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "expiration" DATE NOT NULL,
    "activation" DATE NOT NULL,
    "status" "CardStatus" NOT NULL DEFAULT 'frozen',
    "destination_external_id" TEXT NOT NULL,
    "destination_name" TEXT NOT NULL,
    "destination_email" TEXT NOT NULL,
    "external_reference" TEXT NOT NULL,
    "number_encrypted" TEXT NOT NULL,
    "cvc_encrypted" TEXT NOT NULL,
    "number_hash" TEXT NOT NULL,
    "exp_month" INTEGER NOT NULL,
    "exp_year" INTEGER NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "virtual_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "virtual_card_events" (
    "id" SERIAL NOT NULL,
    "card_id" TEXT NOT NULL,
    "from_status" "CardStatus",
    "to_status" "CardStatus" NOT NULL,
    "reason" TEXT NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "virtual_card_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "agency_id" INTEGER,
    "event" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(6),
    "locked_until" TIMESTAMPTZ(6),
    "last_attempt_at" TIMESTAMPTZ(6),
    "succeeded_at" TIMESTAMPTZ(6),
    "failed_at" TIMESTAMPTZ(6),
    "link_id" TEXT,
    "reservation_id" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempt_no" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(6) NOT NULL,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "response_body" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" SERIAL NOT NULL,
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" "IdempotencyState" NOT NULL DEFAULT 'in_progress',
    "response_status" INTEGER,
    "response_body" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_events" (
    "id" INTEGER NOT NULL DEFAULT nextval('calendar_post_id_seq'::regclass),
    "author_id" INTEGER NOT NULL DEFAULT 0,
    "hotel_id" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'publish',
    "date" TIMESTAMP(0) NOT NULL,
    "date_utc" TIMESTAMP(0) NOT NULL,
    "modified" TIMESTAMP(0) NOT NULL,
    "modified_utc" TIMESTAMP(0) NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL,
    "password" TEXT,
    "all_day" BOOLEAN NOT NULL DEFAULT false,
    "start_date" TIMESTAMP(0) NOT NULL,
    "end_date" TIMESTAMP(0) NOT NULL,
    "utc_start_date" TIMESTAMP(0) NOT NULL,
    "utc_end_date" TIMESTAMP(0) NOT NULL,
    "timezone" TEXT NOT NULL DEFAULT '',
    "timezone_abbr" TEXT NOT NULL DEFAULT '',
    "cost" TEXT,
    "cost_values" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "website" TEXT,
    "show_map" BOOLEAN,
    "show_map_link" BOOLEAN,
    "hide_from_listings" BOOLEAN NOT NULL DEFAULT false,
    "sticky" BOOLEAN NOT NULL DEFAULT false,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "image_id" INTEGER,
    "status_before_trash" TEXT,

    CONSTRAINT "calendar_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_venues" (
    "id" INTEGER NOT NULL DEFAULT nextval('calendar_post_id_seq'::regclass),
    "author_id" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'publish',
    "date" TIMESTAMP(0) NOT NULL,
    "date_utc" TIMESTAMP(0) NOT NULL,
    "modified" TIMESTAMP(0) NOT NULL,
    "modified_utc" TIMESTAMP(0) NOT NULL,
    "venue" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL,
    "password" TEXT,
    "address" TEXT,
    "city" TEXT,
    "country" TEXT,
    "province" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "phone" TEXT,
    "website" TEXT,
    "stateprovince" TEXT,
    "show_map" BOOLEAN,
    "show_map_link" BOOLEAN,
    "geo_lat" DECIMAL(10,7),
    "geo_lng" DECIMAL(10,7),
    "image_id" INTEGER,
    "status_before_trash" TEXT,

    CONSTRAINT "calendar_venues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_organizers" (
    "id" INTEGER NOT NULL DEFAULT nextval('calendar_post_id_seq'::regclass),
    "author_id" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL DEFAULT 'publish',
    "date" TIMESTAMP(0) NOT NULL,
    "date_utc" TIMESTAMP(0) NOT NULL,
    "modified" TIMESTAMP(0) NOT NULL,
    "modified_utc" TIMESTAMP(0) NOT NULL,
    "organizer" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "slug" TEXT NOT NULL,
    "password" TEXT,
    "phone" TEXT,
    "website" TEXT,
    "email" TEXT,
    "image_id" INTEGER,
    "status_before_trash" TEXT,

    CONSTRAINT "calendar_organizers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_event_venues" (
    "event_id" INTEGER NOT NULL,
    "venue_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "calendar_event_venues_pkey" PRIMARY KEY ("event_id","venue_id")
);

-- CreateTable
CREATE TABLE "calendar_event_organizers" (
    "event_id" INTEGER NOT NULL,
    "organizer_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "calendar_event_organizers_pkey" PRIMARY KEY ("event_id","organizer_id")
);

-- CreateTable
CREATE TABLE "calendar_terms" (
    "id" SERIAL NOT NULL,
    "taxonomy" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "parent" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "calendar_terms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "calendar_event_terms" (
    "event_id" INTEGER NOT NULL,
    "term_id" INTEGER NOT NULL,

    CONSTRAINT "calendar_event_terms_pkey" PRIMARY KEY ("event_id","term_id")
);

-- CreateTable
CREATE TABLE "calendar_images" (
    "id" INTEGER NOT NULL DEFAULT nextval('calendar_post_id_seq'::regclass),
    "author_id" INTEGER NOT NULL DEFAULT 0,
    "filename" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "filesize" INTEGER,
    "stored_path" TEXT,
    "url" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "calendar_images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_agency_id_idx" ON "users"("agency_id");

-- CreateIndex
CREATE INDEX "user_hotels_hotel_id_idx" ON "user_hotels"("hotel_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_agency_id_idx" ON "api_keys"("agency_id");

-- CreateIndex
CREATE UNIQUE INDEX "agencies_document_number_key" ON "agencies"("document_number");

-- CreateIndex
CREATE INDEX "agencies_is_preloaded_idx" ON "agencies"("is_preloaded");

-- CreateIndex
CREATE INDEX "balance_entries_agency_id_created_at_idx" ON "balance_entries"("agency_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "hotels_channel_manager_id_key" ON "hotels"("channel_manager_id");

-- CreateIndex
CREATE INDEX "hotels_city_is_active_idx" ON "hotels"("city", "is_active");

-- CreateIndex
CREATE UNIQUE INDEX "room_types_hotel_id_room_id_key" ON "room_types"("hotel_id", "room_id");

-- CreateIndex
CREATE UNIQUE INDEX "rate_plans_hotel_id_rate_id_key" ON "rate_plans"("hotel_id", "rate_id");

-- CreateIndex
CREATE INDEX "inventory_nights_date_idx" ON "inventory_nights"("date");

-- CreateIndex
CREATE INDEX "rate_nights_rate_plan_id_date_idx" ON "rate_nights"("rate_plan_id", "date");

-- CreateIndex
CREATE UNIQUE INDEX "reservations_code_key" ON "reservations"("code");

-- CreateIndex
CREATE INDEX "reservations_agency_id_created_at_idx" ON "reservations"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "reservations_status_payment_deadline_idx" ON "reservations"("status", "payment_deadline");

-- CreateIndex
CREATE INDEX "reservation_rooms_reservation_id_idx" ON "reservation_rooms"("reservation_id");

-- CreateIndex
CREATE INDEX "reservation_status_changes_reservation_id_idx" ON "reservation_status_changes"("reservation_id");

-- CreateIndex
CREATE UNIQUE INDEX "payment_links_code_key" ON "payment_links"("code");

-- CreateIndex
CREATE INDEX "payment_links_agency_id_created_at_idx" ON "payment_links"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_links_status_expires_at_idx" ON "payment_links"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "payment_transactions_apm_detail_id_key" ON "payment_transactions"("apm_detail_id");

-- CreateIndex
CREATE INDEX "payment_transactions_agency_id_created_at_idx" ON "payment_transactions"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "payment_transactions_reservation_id_idx" ON "payment_transactions"("reservation_id");

-- CreateIndex
CREATE INDEX "payment_transactions_link_id_idx" ON "payment_transactions"("link_id");

-- CreateIndex
CREATE INDEX "payment_transactions_status_expires_at_idx" ON "payment_transactions"("status", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers"("code");

-- CreateIndex
CREATE UNIQUE INDEX "vouchers_transaction_id_key" ON "vouchers"("transaction_id");

-- CreateIndex
CREATE UNIQUE INDEX "account_holders_agency_id_key" ON "account_holders"("agency_id");

-- CreateIndex
CREATE UNIQUE INDEX "organizations_name_key" ON "organizations"("name");

-- CreateIndex
CREATE INDEX "organizations_account_holder_id_idx" ON "organizations"("account_holder_id");

-- CreateIndex
CREATE UNIQUE INDEX "virtual_cards_number_hash_key" ON "virtual_cards"("number_hash");

-- CreateIndex
CREATE INDEX "virtual_cards_agency_id_created_at_idx" ON "virtual_cards"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "virtual_cards_status_activation_idx" ON "virtual_cards"("status", "activation");

-- CreateIndex
CREATE INDEX "virtual_cards_status_expiration_idx" ON "virtual_cards"("status", "expiration");

-- CreateIndex
CREATE INDEX "virtual_card_events_card_id_idx" ON "virtual_card_events"("card_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_agency_id_created_at_idx" ON "webhook_deliveries"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_link_id_idx" ON "webhook_deliveries"("link_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_attempt_no_key" ON "webhook_attempts"("delivery_id", "attempt_no");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_scope_key_key" ON "idempotency_records"("scope", "key");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_events_slug_key" ON "calendar_events"("slug");

-- CreateIndex
CREATE INDEX "calendar_events_status_start_date_idx" ON "calendar_events"("status", "start_date");

-- CreateIndex
CREATE INDEX "calendar_events_utc_start_date_idx" ON "calendar_events"("utc_start_date");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_venues_slug_key" ON "calendar_venues"("slug");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_organizers_slug_key" ON "calendar_organizers"("slug");

-- CreateIndex
CREATE INDEX "calendar_event_venues_venue_id_idx" ON "calendar_event_venues"("venue_id");

-- CreateIndex
CREATE INDEX "calendar_event_organizers_organizer_id_idx" ON "calendar_event_organizers"("organizer_id");

-- CreateIndex
CREATE UNIQUE INDEX "calendar_terms_taxonomy_slug_key" ON "calendar_terms"("taxonomy", "slug");

-- CreateIndex
CREATE INDEX "calendar_event_terms_term_id_idx" ON "calendar_event_terms"("term_id");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_hotels" ADD CONSTRAINT "user_hotels_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_hotels" ADD CONSTRAINT "user_hotels_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "room_types" ADD CONSTRAINT "room_types_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "inventory_nights" ADD CONSTRAINT "inventory_nights_room_type_id_fkey" FOREIGN KEY ("room_type_id") REFERENCES "room_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_nights" ADD CONSTRAINT "rate_nights_rate_plan_id_fkey" FOREIGN KEY ("rate_plan_id") REFERENCES "rate_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "rate_nights" ADD CONSTRAINT "rate_nights_room_type_id_fkey" FOREIGN KEY ("room_type_id") REFERENCES "room_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_room_type_id_fkey" FOREIGN KEY ("room_type_id") REFERENCES "room_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation_rooms" ADD CONSTRAINT "reservation_rooms_rate_plan_id_fkey" FOREIGN KEY ("rate_plan_id") REFERENCES "rate_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservation_status_changes" ADD CONSTRAINT "reservation_status_changes_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_link_id_fkey" FOREIGN KEY ("link_id") REFERENCES "payment_links"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_virtual_card_id_fkey" FOREIGN KEY ("virtual_card_id") REFERENCES "virtual_cards"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "payment_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_holders" ADD CONSTRAINT "account_holders_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_account_holder_id_fkey" FOREIGN KEY ("account_holder_id") REFERENCES "account_holders"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "virtual_card_events" ADD CONSTRAINT "virtual_card_events_card_id_fkey" FOREIGN KEY ("card_id") REFERENCES "virtual_cards"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_agency_id_fkey" FOREIGN KEY ("agency_id") REFERENCES "agencies"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "calendar_images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_venues" ADD CONSTRAINT "calendar_venues_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "calendar_images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_organizers" ADD CONSTRAINT "calendar_organizers_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "calendar_images"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_venues" ADD CONSTRAINT "calendar_event_venues_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_venues" ADD CONSTRAINT "calendar_event_venues_venue_id_fkey" FOREIGN KEY ("venue_id") REFERENCES "calendar_venues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_organizers" ADD CONSTRAINT "calendar_event_organizers_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_organizers" ADD CONSTRAINT "calendar_event_organizers_organizer_id_fkey" FOREIGN KEY ("organizer_id") REFERENCES "calendar_organizers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_terms" ADD CONSTRAINT "calendar_event_terms_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "calendar_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "calendar_event_terms" ADD CONSTRAINT "calendar_event_terms_term_id_fkey" FOREIGN KEY ("term_id") REFERENCES "calendar_terms"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: rules the database enforces on its own.
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_balance_non_negative" CHECK ("balance" >= 0);
ALTER TABLE "inventory_nights" ADD CONSTRAINT "inventory_nights_counts_valid" CHECK ("rooms" >= 0 AND "sold" >= 0 AND "min_stay" >= 1);
ALTER TABLE "rate_nights" ADD CONSTRAINT "rate_nights_amount_non_negative" CHECK ("amount_before_tax" >= 0 AND "adults" >= 0);
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_amounts_valid" CHECK ("amount" >= 0 AND "amount_paid" >= 0);
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_amount_positive" CHECK ("amount" > 0);
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_amount_positive" CHECK ("amount" > 0);
