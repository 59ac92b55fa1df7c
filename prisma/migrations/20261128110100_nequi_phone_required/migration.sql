-- A Nequi payment always names the number the payment request went to (its own migration: a new enum value
-- cannot be used in the transaction that adds it).
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_nequi_has_phone"
  CHECK ("method" <> 'nequi' OR "nequi_phone" IS NOT NULL);
