-- Links follow their reservation (issue 24, docs/payments.md "Payment links and their reservation"): when a
-- reservation leaves pending_payment (paid in full and confirmed, cancelled, expired), its payment links still
-- active are cancelled in the same transaction as the reservation's change, whatever code path changed it.
-- The link a payment is paying was marked paid before the reservation is credited (lib/payments/settle.ts), so
-- it is not touched. Links locked at that instant (a payment claiming one: lock order link -> reservation) are
-- skipped rather than waited for, so this never deadlocks; that payment's claim is refused by the reservation's
-- conditional hold, and the payment-links job closes such a link on its next run (lib/links/service.ts expireLinks).
CREATE FUNCTION "reservation_closes_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_links SET status = 'cancelled', cancelled_at = NEW.updated_at, payment_lock_until = NULL
  WHERE id IN (SELECT id FROM payment_links WHERE reservation_id = NEW.id AND status = 'active' FOR UPDATE SKIP LOCKED);
  RETURN NULL;
END $$;

CREATE TRIGGER "reservations_close_links" AFTER UPDATE OF status ON "reservations"
  FOR EACH ROW WHEN (OLD.status = 'pending_payment' AND NEW.status <> 'pending_payment')
  EXECUTE FUNCTION "reservation_closes_links"();
