-- Payments as a state machine (docs/payments.md): new states, in-flight holds on reservations, refunds,
-- and the database rules that keep a link or reservation from collecting more than it asks.
ALTER TYPE "PaymentStatus" ADD VALUE IF NOT EXISTS 'cancelled';
ALTER TYPE "PaymentStatus" ADD VALUE IF NOT EXISTS 'refunded';

ALTER TABLE "reservations" ADD COLUMN "amount_held" DECIMAL(14,2) NOT NULL DEFAULT 0;
-- NOT VALID: enforced on every new write; rows overpaid before this rule existed are left as they are.
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_collected_within_amount"
  CHECK ("amount_paid" >= 0 AND "amount_held" >= 0 AND "amount_paid" + "amount_held" <= "amount") NOT VALID;

ALTER TABLE "payment_transactions" ADD COLUMN "refunded_amount" DECIMAL(14,2) NOT NULL DEFAULT 0;
ALTER TABLE "payment_transactions" ADD COLUMN "reversal" TEXT;
ALTER TABLE "payment_transactions" ADD COLUMN "reversed_at" TIMESTAMPTZ(6);
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_refund_within_amount"
  CHECK ("refunded_amount" >= 0 AND "refunded_amount" <= "amount");

-- One approved payment per link: a link is paid once, whatever the method.
CREATE UNIQUE INDEX "payment_transactions_one_approved_per_link" ON "payment_transactions"("link_id") WHERE "status" = 'approved' AND "link_id" IS NOT NULL;
-- One card charge in flight per link (replaces payment_links.payment_lock_until).
CREATE UNIQUE INDEX "payment_transactions_one_card_in_flight_per_link" ON "payment_transactions"("link_id") WHERE "status" = 'pending' AND "method" = 'card' AND "link_id" IS NOT NULL;

CREATE TABLE "payment_refunds" (
    "id" TEXT NOT NULL,
    "payment_id" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "reason" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "voucher_code" TEXT NOT NULL,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(6),
    CONSTRAINT "payment_refunds_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payment_refunds_amount_positive" CHECK ("amount" > 0)
);
CREATE UNIQUE INDEX "payment_refunds_voucher_code_key" ON "payment_refunds"("voucher_code");
CREATE INDEX "payment_refunds_payment_id_idx" ON "payment_refunds"("payment_id");
CREATE INDEX "payment_refunds_created_at_idx" ON "payment_refunds"("created_at");
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payment_transactions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "sandbox_gateway_operations" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "payment_ref" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "amount" DECIMAL(14,2),
    "result" TEXT NOT NULL,
    "detail" TEXT,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sandbox_gateway_operations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "sandbox_gateway_operations_idempotency_key_key" ON "sandbox_gateway_operations"("idempotency_key");
CREATE INDEX "sandbox_gateway_operations_payment_ref_idx" ON "sandbox_gateway_operations"("payment_ref");
