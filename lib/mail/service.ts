// One e-mail rendered as the recipient sees it with its attachments, the templates with sample data, and
// 'enviar por correo' for links (the list is lib/mail/list.ts, which server pages import without the renderer).
import type { Database } from "@/lib/db";
import { assertSameAgency, type Principal } from "@/lib/auth/principal";
import { config } from "@/lib/config";
import { doesNotExist, wrongState } from "@/lib/domain/errors";
import { isoBogota } from "@/lib/time";
import { renderEmail } from "./render";
import { TEMPLATES, isTemplate } from "./templates/catalog";
import { attachmentRefs, makeAttachment } from "./attachments";
import { EMAIL_STATUS_WORDS } from "./list";
import { emailPaymentLink } from "./facts";

async function owned(db: Database, principal: Principal, id: string) {
  const e = await db.prisma.email.findUnique({ where: { id } });
  if (!e || principal.role === "hotel_admin") throw doesNotExist("El correo no existe");
  assertSameAgency(principal, e.agencyId, "El correo");
  return e;
}

export async function getEmail(db: Database, principal: Principal, id: string) {
  const e = await owned(db, principal, id);
  const rendered = await renderEmail(e.template, e.data, e.locale === "en" ? "en" : "es", config().publicBaseUrl);
  const attachments = await Promise.all(
    attachmentRefs(e.data).map(async (a, i) => {
      const made = await makeAttachment(db, a).catch(() => null);
      return { index: i, filename: made?.filename ?? "comprobante.pdf", available: made !== null };
    }),
  );
  return {
    id: e.id,
    template: e.template,
    template_title: TEMPLATES[e.template]?.title ?? e.template,
    recipient: e.recipient,
    recipient_name: e.recipientName,
    subject: rendered.subject,
    status: e.status,
    status_label: EMAIL_STATUS_WORDS[e.status] ?? e.status,
    attempts: e.attemptCount,
    last_error: e.lastError,
    created_at: isoBogota(e.createdAt),
    sent_at: e.sentAt ? isoBogota(e.sentAt) : null,
    next_attempt_at: e.status === "pending" && e.nextAttemptAt ? isoBogota(e.nextAttemptAt) : null,
    html: rendered.html,
    text: rendered.text,
    attachments,
  };
}

export async function emailAttachment(db: Database, principal: Principal, id: string, index: number) {
  const e = await owned(db, principal, id);
  const ref = attachmentRefs(e.data)[index];
  if (!ref) throw doesNotExist("El adjunto no existe");
  return makeAttachment(db, ref);
}

export function listTemplates() {
  return Object.entries(TEMPLATES).map(([name, t]) => ({ name, title: t.title, audience: t.audience, essential: t.essential }));
}

export async function previewTemplate(name: string, locale: "es" | "en") {
  if (!isTemplate(name)) throw doesNotExist("La plantilla no existe");
  const r = await renderEmail(name, TEMPLATES[name].sample, locale, config().publicBaseUrl);
  return { name, title: TEMPLATES[name].title, ...r };
}

/** 'Enviar por correo': the link's guest gets it once; a link that can no longer be paid is refused. */
export async function sendLinkByEmail(db: Database, principal: Principal, code: string, now: Date) {
  const l = await db.prisma.paymentLink.findUnique({ where: { code }, select: { id: true, agencyId: true, status: true, expiresAt: true, email: true } });
  if (!l) throw doesNotExist(`El enlace ${code} no existe`);
  assertSameAgency(principal, l.agencyId, `El enlace ${code}`);
  if (l.status !== "active" || l.expiresAt <= now) throw wrongState("El enlace ya no admite pagos (pagado, vencido o cancelado); no se envía");
  const id = await db.prisma.$transaction((tx) => emailPaymentLink(tx, l.id, now));
  const row = id ? await db.prisma.email.findUnique({ where: { id }, select: { status: true } }) : null;
  return {
    msg: id ? `Enlace enviado por correo a ${l.email}` : `El enlace ya se había enviado a ${l.email}`,
    email_id: id,
    status: row?.status ?? "pending",
  };
}
