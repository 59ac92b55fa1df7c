// Money owed back by hand (docs/payments.md "Refunds with Wompi"): what the gateway cannot reverse by API
// (Wompi: PSE, cash, Nequi, a partial card refund, a card past its void window) is recorded as owed, shown to the
// operator as "reembolso manual pendiente" with what to pay back and to whom, and marked done once paid. Nothing
// pretends a reversal happened: a refund stays `manual_pending` and an automatic reversal keeps reversed_at empty
// until the operator marks it done.
import type { Database } from "@/lib/db/open";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { isoBogota } from "@/lib/time";
import { paidByHand } from "@/lib/payments/refund-lifecycle";
import { markReversalPaidByHand, owedByHand, paymentExists, refundExists } from "./store";

export interface ManualRefundOwed {
  /** rf_… (a refund of an approved payment) or tx_… (an approval that could not be credited). */
  id: string;
  kind: "refund" | "not_applied";
  payment_id: string;
  method: string;
  amount: number;
  payer_name: string;
  payer_email: string | null;
  payer_phone: string | null;
  payer_document: string | null;
  reason: string | null;
  since: string;
}

/** Everything owed by hand, oldest first. */
export async function manualRefundsOwed(database: Database, limit = 200): Promise<ManualRefundOwed[]> {
  const rows = await owedByHand(database, limit);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payment_id: r.payment_id,
    method: r.method,
    amount: Number(r.amount),
    payer_name: `${r.ref_name} ${r.ref_lastname}`.trim(),
    payer_email: r.email,
    payer_phone: r.phone,
    payer_document: r.fiscal_number,
    reason: r.reason,
    since: isoBogota(new Date(r.since)),
  }));
}

/** The operator paid it back: the refund turns `succeeded` (or the reversal gets its reversed_at). Once. */
export async function markManualRefundDone(database: Database, id: string, now: Date): Promise<{ id: string; status: "done" }> {
  if (/^rf_[A-Za-z0-9]{8,64}$/.test(id)) {
    if (await paidByHand(database.prisma, id, now)) return { id, status: "done" };
    if (!(await refundExists(database, id))) throw doesNotExist("El reembolso no existe");
    throw wrongState("Ese reembolso no está pendiente de pago manual");
  }
  if (/^tx_[A-Za-z0-9]{8,64}$/.test(id)) {
    if (await markReversalPaidByHand(database, id, now)) return { id, status: "done" };
    if (!(await paymentExists(database, id))) throw doesNotExist("El pago no existe");
    throw wrongState("Ese pago no tiene un reembolso manual pendiente");
  }
  throw doesNotExist("No existe un reembolso manual con ese identificador");
}
