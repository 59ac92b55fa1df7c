-- Hand-written: an idempotency record in progress holds a lease (issue 13). The request that owns it renews
-- `lease_until` while it runs; a record whose lease ran out (its request crashed) is taken over by the next
-- request with the same key, instead of pinning the key for 24 h. `lease_token` names the owner, so a slow
-- former owner can no longer write or delete the record once another request took it over.
ALTER TABLE "idempotency_records" ADD COLUMN "lease_until" TIMESTAMPTZ(6);
ALTER TABLE "idempotency_records" ADD COLUMN "lease_token" TEXT;
