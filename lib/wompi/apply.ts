// The hook that turns a verified Wompi event into our payment's state (docs/payments.md "Wompi: design for
// phase 2"). PHASE 1: it does nothing but let the event be recorded (wompi_events.applied stays false,
// apply_result "not_wired"); nothing is credited from events yet, and the payments still settle through today's
// paths. PHASE 2 implements it against the payment lifecycle (issue 25), and must:
//   - treat the event as a hint: only transaction.id, .status and .amount_in_cents are signed, so ask Wompi
//     (GET /transactions/{id}) and apply what Wompi answers, matched to our payment by the reference we sent;
//   - credit nothing whose amount_in_cents, currency or reference differs from what we sent (a mismatch:
//     recorded, shown to the operator, not credited);
//   - apply each (transaction, status) once and never move a final payment back (the settle updates are
//     conditional on `status = 'pending'`); it may be called again for an event not yet applied (a replay, or
//     two deliveries at once), so it must be idempotent itself.
import type { Database } from "@/lib/db/open";
import type { WompiStatus } from "@/lib/gateways/wompi/types";

export interface VerifiedTransactionEvent {
  /** wompi_events.id of the record. */
  eventId: number;
  transactionId: string;
  status: WompiStatus;
  amountInCents: number;
  /** Not signed by Wompi: a hint only. */
  reference: string | null;
  /** Not signed by Wompi: a hint only. */
  currency: string | null;
}

export interface ApplyResult {
  /** True once the event's status is reflected in our payment (or it is known to need nothing). */
  applied: boolean;
  /** A short machine word for the record: not_wired, credited, mismatch, unknown_reference ... */
  result: string;
}

export type WompiEventApplier = (database: Database, event: VerifiedTransactionEvent, now: Date) => Promise<ApplyResult>;

/** Phase 1: records only. */
export const applyWompiTransactionEvent: WompiEventApplier = async () => ({ applied: false, result: "not_wired" });

let applier: WompiEventApplier = applyWompiTransactionEvent;

export function wompiEventApplier(): WompiEventApplier {
  return applier;
}

/** Tests: put another applier in place (undefined: the real one). */
export function setWompiEventApplier(a: WompiEventApplier | undefined) {
  applier = a ?? applyWompiTransactionEvent;
}
