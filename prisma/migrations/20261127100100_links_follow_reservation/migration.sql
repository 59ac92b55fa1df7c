-- Links follow their reservation (issue 24, docs/payments.md "Payment links and their reservation"): when a
-- reservation leaves pending_payment (paid in full and confirmed, cancelled, expired), its payment links still
-- active are cancelled in the same transaction as the reservation's change, whatever code path changed it.
-- The link a payment is paying was marked paid before the reservation is credited (lib/payments/settle.ts), so
-- it is not touched.
CREATE FUNCTION "reservation_closes_links"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payment_links SET status = 'cancelled', cancelled_at = NEW.updated_at, payment_lock_until = NULL
  WHERE reservation_id = NEW.id AND status = 'active';
  RETURN NULL;
END $$;

CREATE TRIGGER "reservations_close_links" AFTER UPDATE OF status ON "reservations"
  FOR EACH ROW WHEN (OLD.status = 'pending_payment' AND NEW.status <> 'pending_payment')
  EXECUTE FUNCTION "reservation_closes_links"();
