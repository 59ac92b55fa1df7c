// Marked addresses (docs/emails.md): an address the SMTP server refused for good gets no more e-mails until
// someone clears the mark after fixing it. The operator sees all; an agency sees (and clears) the marked addresses
// its own e-mails went to. And the one way a `kept` e-mail (written while there was no SMTP_URL) is sent later:
// the operator asks for it, one e-mail at a time, while it is recent.
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { notFound } from "@/lib/http/errors";
import { doesNotExist, notSupported, wrongState } from "@/lib/domain/errors";
import { isoBogota } from "@/lib/time";
import { normalizeAddress } from "./address";
import { mailSettings } from "./config";
import { clearAddressMark, requeueKeptEmail, suppressedAddresses } from "./store";

function agencyFilter(p: Principal): number | null {
  if (p.role === "operator") return null;
  if (p.role === "agency" && p.agencyId !== null) return p.agencyId;
  throw notFound("La dirección no existe");
}

export async function listSuppressions(db: Database, p: Principal) {
  const agencyId = agencyFilter(p);
  const rows = await suppressedAddresses(db.prisma, agencyId);
  return { items: rows.map((r) => ({ address: r.address, reason: r.reason, marked_at: isoBogota(new Date(r.created_at)), emails: Number(r.emails) })) };
}

/** Clears the mark: later e-mails to the address are sent again (those already recorded `suppressed` are not). */
export async function clearSuppression(db: Database, p: Principal, rawAddress: string) {
  const agencyId = agencyFilter(p);
  const address = normalizeAddress(rawAddress)?.toLowerCase();
  if (!address) throw doesNotExist("La dirección no está marcada");
  const n = await clearAddressMark(db.prisma, address, agencyId);
  if (n === 0) throw doesNotExist("La dirección no está marcada");
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
  if (!e) throw doesNotExist("El correo no existe");
  if (mailSettings().kind !== "smtp") throw notSupported("No hay SMTP configurado (SMTP_URL): el correo seguiría guardado");
  if (e.status !== "kept") throw wrongState("Solo se envía a pedido un correo guardado sin SMTP");
  const since = new Date(now.getTime() - keptSendHours() * 3_600_000);
  if (e.createdAt < since) throw wrongState(`El correo tiene más de ${keptSendHours()} horas: ya no se envía (la información puede haber cambiado)`);
  const queued = await requeueKeptEmail(db.prisma, id, now);
  if (!queued) throw wrongState("El correo ya se pidió enviar");
  return { msg: `El correo a ${e.recipient} se enviará en el próximo minuto`, status: "pending" as const };
}
