-- E-mail outbox (docs/emails.md): one row per (fact, recipient), written in the fact's transaction and sent by the
-- `emails` job with a lease (locked_until / locked_by) like webhook_deliveries. Plus refused addresses, opt-outs
-- and the single-use tokens of invitation and password-reset links (only their SHA-256 is stored).
-- CreateTable
CREATE TABLE "emails" (
    "id" TEXT NOT NULL,
    "fact_key" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "recipient_name" TEXT,
    "template" TEXT NOT NULL,
    "locale" TEXT NOT NULL DEFAULT 'es',
    "subject" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "agency_id" INTEGER,
    "hotel_id" INTEGER,
    "user_id" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(6),
    "locked_until" TIMESTAMPTZ(6),
    "locked_by" TEXT,
    "last_attempt_at" TIMESTAMPTZ(6),
    "sent_at" TIMESTAMPTZ(6),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_suppressions" (
    "address" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("address")
);

-- CreateTable
CREATE TABLE "email_opt_outs" (
    "owner" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_opt_outs_pkey" PRIMARY KEY ("owner","template")
);

-- CreateTable
CREATE TABLE "user_tokens" (
    "token_hash" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(6) NOT NULL,
    "used_at" TIMESTAMPTZ(6),
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "emails_status_next_attempt_at_idx" ON "emails"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "emails_recipient_created_at_idx" ON "emails"("recipient", "created_at");

-- CreateIndex
CREATE INDEX "emails_agency_id_created_at_idx" ON "emails"("agency_id", "created_at");

-- CreateIndex
CREATE INDEX "emails_created_at_idx" ON "emails"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "emails_fact_key_recipient_key" ON "emails"("fact_key", "recipient");

-- CreateIndex
CREATE INDEX "user_tokens_user_id_idx" ON "user_tokens"("user_id");


-- Hand-written: the statuses the job knows, and a user token dies with its user.
ALTER TABLE "emails" ADD CONSTRAINT "emails_status_check" CHECK ("status" IN ('pending', 'sent', 'kept', 'failed', 'suppressed'));
ALTER TABLE "emails" ADD CONSTRAINT "emails_attempt_count_check" CHECK ("attempt_count" >= 0);
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_purpose_check" CHECK ("purpose" IN ('invite', 'reset'));
