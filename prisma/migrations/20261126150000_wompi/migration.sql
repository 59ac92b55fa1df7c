-- Wompi (issue 26, phase 1; docs/payments.md "Wompi"): the gateway's own record of the transactions it asked
-- Wompi for (one row per reference = our transaction id), and every event received at
-- POST /api/gateways/wompi/events, one row per (transaction, status) for verified transaction events.
-- CreateTable
CREATE TABLE "wompi_transactions" (
    "reference" TEXT NOT NULL,
    "wompi_id" TEXT,
    "method" TEXT NOT NULL,
    "amount_in_cents" BIGINT NOT NULL,
    "currency" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "status_message" TEXT,
    "extra" JSONB,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wompi_transactions_pkey" PRIMARY KEY ("reference")
);

-- CreateTable
CREATE TABLE "wompi_events" (
    "id" SERIAL NOT NULL,
    "dedupe_key" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(6) NOT NULL,
    "last_received_at" TIMESTAMPTZ(6) NOT NULL,
    "times_received" INTEGER NOT NULL DEFAULT 1,
    "event" TEXT,
    "environment" TEXT,
    "transaction_id" TEXT,
    "reference" TEXT,
    "status" TEXT,
    "amount_in_cents" BIGINT,
    "currency" TEXT,
    "event_timestamp" BIGINT,
    "verified" BOOLEAN NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT,
    "applied" BOOLEAN NOT NULL DEFAULT false,
    "applied_at" TIMESTAMPTZ(6),
    "apply_result" TEXT,

    CONSTRAINT "wompi_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "wompi_transactions_wompi_id_key" ON "wompi_transactions"("wompi_id");

-- CreateIndex
CREATE INDEX "wompi_transactions_status_idx" ON "wompi_transactions"("status");

-- CreateIndex
CREATE UNIQUE INDEX "wompi_events_dedupe_key_key" ON "wompi_events"("dedupe_key");

-- CreateIndex
CREATE INDEX "wompi_events_received_at_idx" ON "wompi_events"("received_at");

-- CreateIndex
CREATE INDEX "wompi_events_transaction_id_idx" ON "wompi_events"("transaction_id");


-- An event is accepted or refused; only an accepted one can have been applied.
ALTER TABLE "wompi_events" ADD CONSTRAINT "wompi_events_outcome_check" CHECK ("outcome" IN ('accepted', 'refused'));
ALTER TABLE "wompi_events" ADD CONSTRAINT "wompi_events_applied_check" CHECK (NOT "applied" OR "outcome" = 'accepted');
