// Money owed back by hand (docs/payments.md "Refunds with Wompi"): what the gateway cannot reverse by API
// (Wompi: PSE, cash, Nequi, a partial card refund, a card past its void window) is recorded as owed, shown to the
// operator as "reembolso manual pendiente" with what to pay back and to whom, and marked done once paid. Nothing
// pretends a reversal happened: a refund stays `manual_pending` and an automatic reversal keeps reversed_at empty
// until the operator marks it done.
import type { Database } from "@/lib/db/open";
import { conflict, notFound } from "@/lib/http/errors";
import { isoBogota } from "@/lib/time";
import { paidByHand } from "@/lib/payments/refund-lifecycle";

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

interface Row {
  id: string;
  kind: "refund" | "not_applied";
  payment_id: string;
  method: string;
  amount: string;
  ref_name: string;
  ref_lastname: string;
  email: string | null;
  phone: string | null;
  fiscal_number: string | null;
  reason: string | null;
  since: Date;
}

/** Everything owed by hand, oldest first. */
export async function manualRefundsOwed(database: Database, limit = 200): Promise<ManualRefundOwed[]> {
  const rows = await database.sql.query<Row>(
    `SELECT r.id, 'refund' AS kind, p.id AS payment_id, p.method::text AS method, r.amount::text AS amount, p.ref_name, p.ref_lastname, p.email, p.phone,
            p.fiscal_number, r.reason, r.created_at AS since
       FROM payment_refunds r JOIN payment_transactions p ON p.id = r.payment_id WHERE r.status = 'manual_pending'
     UNION ALL
     SELECT p.id, 'not_applied' AS kind, p.id AS payment_id, p.method::text AS method, p.amount::text AS amount, p.ref_name, p.ref_lastname, p.email, p.phone,
            p.fiscal_number, p.decline_reason AS reason, COALESCE(p.completed_at, p.created_at) AS since
       FROM payment_transactions p WHERE p.status = 'refunded' AND p.reversal = 'manual' AND p.reversed_at IS NULL
     ORDER BY since LIMIT $1`,
    [limit],
  );
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
    const exists = await database.sql.query(`SELECT 1 FROM payment_refunds WHERE id = $1`, [id]);
    if (exists.length === 0) throw notFound("El reembolso no existe");
    throw conflict("Ese reembolso no está pendiente de pago manual");
  }
  if (/^tx_[A-Za-z0-9]{8,64}$/.test(id)) {
    const rows = await database.sql.query(
      `UPDATE payment_transactions SET reversed_at = $2 WHERE id = $1 AND status = 'refunded' AND reversal = 'manual' AND reversed_at IS NULL RETURNING id`,
      [id, now],
    );
    if (rows.length === 1) return { id, status: "done" };
    const exists = await database.sql.query(`SELECT 1 FROM payment_transactions WHERE id = $1`, [id]);
    if (exists.length === 0) throw notFound("El pago no existe");
    throw conflict("Ese pago no tiene un reembolso manual pendiente");
  }
  throw notFound("No existe un reembolso manual con ese identificador");
}
