// Marked addresses (docs/emails.md): an address the SMTP server refused for good gets no more e-mails until
// someone clears the mark after fixing it. The operator sees all; an agency sees (and clears) the marked addresses
// its own e-mails went to. And the one way a `kept` e-mail (written while there was no SMTP_URL) is sent later:
// the operator asks for it, one e-mail at a time, while it is recent.
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { conflict, notFound } from "@/lib/http/errors";
import { isoBogota } from "@/lib/time";
import { normalizeAddress } from "./address";
import { mailSettings } from "./config";

function agencyFilter(p: Principal): number | null {
  if (p.role === "operator") return null;
  if (p.role === "agency" && p.agencyId !== null) return p.agencyId;
  throw notFound("La dirección no existe");
}

export async function listSuppressions(db: Database, p: Principal) {
  const agencyId = agencyFilter(p);
  const rows = await db.prisma.$queryRawUnsafe<Array<{ address: string; reason: string; created_at: Date; emails: number }>>(
    `SELECT s.address, s.reason, s.created_at,
            (SELECT count(*)::int FROM emails e WHERE e.recipient = s.address AND ($1::int IS NULL OR e.agency_id = $1::int)) AS emails
       FROM email_suppressions s
      WHERE $1::int IS NULL OR EXISTS (SELECT 1 FROM emails e WHERE e.recipient = s.address AND e.agency_id = $1::int)
      ORDER BY s.created_at DESC, s.address
      LIMIT 500`,
    agencyId,
  );
  return { items: rows.map((r) => ({ address: r.address, reason: r.reason, marked_at: isoBogota(new Date(r.created_at)), emails: Number(r.emails) })) };
}

/** Clears the mark: later e-mails to the address are sent again (those already recorded `suppressed` are not). */
export async function clearSuppression(db: Database, p: Principal, rawAddress: string) {
  const agencyId = agencyFilter(p);
  const address = normalizeAddress(rawAddress)?.toLowerCase();
  if (!address) throw notFound("La dirección no está marcada");
  const n = await db.prisma.$executeRawUnsafe(
    `DELETE FROM email_suppressions s WHERE s.address = $1 AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM emails e WHERE e.recipient = s.address AND e.agency_id = $2::int))`,
    address,
    agencyId,
  );
  if (n === 0) throw notFound("La dirección no está marcada");
  return { msg: `Se quitó la marca de ${address}; los próximos correos le llegarán` };
}

/** How old a `kept` e-mail may be and still be sent on request (MAIL_KEPT_SEND_HOURS, default 24). */
export function keptSendHours(): number {
  const n = Number(process.env.MAIL_KEPT_SEND_HOURS ?? 24);
  return Number.isFinite(n) && n >= 0 ? n : 24;
}

/** The operator sends one `kept` e-mail now that SMTP is set: only a recent one, once (a conditional update). */
export async function sendKeptEmail(db: Database, id: string, now: Date) {
  const e = await db.prisma.email.findUnique({ where: { id }, select: { status: true, recipient: true, createdAt: true } });
  if (!e) throw notFound("El correo no existe");
  if (mailSettings().kind !== "smtp") throw conflict("No hay SMTP configurado (SMTP_URL): el correo seguiría guardado");
  if (e.status !== "kept") throw conflict("Solo se envía a pedido un correo guardado sin SMTP");
  const since = new Date(now.getTime() - keptSendHours() * 3_600_000);
  if (e.createdAt < since) throw conflict(`El correo tiene más de ${keptSendHours()} horas: ya no se envía (la información puede haber cambiado)`);
  const n = await db.prisma.$executeRawUnsafe(
    `UPDATE emails SET status = 'pending', next_attempt_at = $2::timestamptz, sent_at = NULL, last_error = NULL WHERE id = $1 AND status = 'kept'`,
    id,
    now.toISOString(),
  );
  if (n === 0) throw conflict("El correo ya se pidió enviar");
  return { msg: `El correo a ${e.recipient} se enviará en el próximo minuto`, status: "pending" as const };
}
