-- Nequi (issue 26): a payment the payer approves in the Nequi app. A new payment method and the payer's Nequi
-- number (a Colombian mobile: 10 digits starting with 3), checked by the database too.
ALTER TYPE "PaymentMethod" ADD VALUE IF NOT EXISTS 'nequi';

ALTER TABLE "payment_transactions" ADD COLUMN "nequi_phone" TEXT;
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_nequi_phone_shape"
  CHECK ("nequi_phone" IS NULL OR "nequi_phone" ~ '^3[0-9]{9}$');
