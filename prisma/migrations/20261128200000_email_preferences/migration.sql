-- E-mail preferences and the notices of issue 29 (docs/emails.md): the balance under which a preloaded agency
-- wants a notice, opt-ins for e-mails that are off unless asked for (the hotel's daily arrivals digest), and the
-- record of each digest written (one per hotel and Bogotá day, whatever the number of instances or runs).
ALTER TABLE "agencies" ADD COLUMN "balance_alert_threshold" DECIMAL(14,2);
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_balance_alert_threshold_check" CHECK ("balance_alert_threshold" IS NULL OR "balance_alert_threshold" > 0);

-- CreateTable
CREATE TABLE "email_opt_ins" (
    "owner" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_opt_ins_pkey" PRIMARY KEY ("owner","template")
);

-- CreateTable
CREATE TABLE "hotel_arrival_digests" (
    "hotel_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "arrivals" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hotel_arrival_digests_pkey" PRIMARY KEY ("hotel_id","day")
);

ALTER TABLE "hotel_arrival_digests" ADD CONSTRAINT "hotel_arrival_digests_hotel_id_fkey" FOREIGN KEY ("hotel_id") REFERENCES "hotels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
