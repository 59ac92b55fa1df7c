// The outbox as the 'Correos' page and GET /api/emails list it: newest first, with status in Spanish. Kept apart
// from the renderer so server pages can import it.
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { badRequest } from "@/lib/http/errors";
import { isoBogota } from "@/lib/time";
import { TEMPLATES, isTemplate } from "./templates/catalog";
import { attachmentRefs } from "./attachments";
import { mailMode } from "./config";

export const EMAIL_STATUS_WORDS: Record<string, string> = {
  pending: "Por enviar",
  sent: "Enviado",
  kept: "Guardado (sin SMTP)",
  failed: "Fallido",
  suppressed: "No enviado",
};

export interface ListQuery {
  status?: string;
  template?: string;
  q?: string;
  page: number;
  per_page: number;
}

function scopeWhere(principal: Principal): Prisma.EmailWhereInput {
  if (principal.role === "operator") return {};
  if (principal.role === "agency") return { agencyId: principal.agencyId ?? -1 };
  return { id: "" };
}

export async function listEmails(db: Database, principal: Principal, q: ListQuery) {
  if (q.template && !isTemplate(q.template)) throw badRequest("template: no es una plantilla conocida");
  const where: Prisma.EmailWhereInput = {
    ...scopeWhere(principal),
    ...(q.status ? { status: q.status } : {}),
    ...(q.template ? { template: q.template } : {}),
    ...(q.q ? { OR: [{ recipient: { contains: q.q.toLowerCase() } }, { subject: { contains: q.q, mode: "insensitive" } }] } : {}),
  };
  const [rows, total] = await Promise.all([
    db.prisma.email.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (q.page - 1) * q.per_page, take: q.per_page }),
    db.prisma.email.count({ where }),
  ]);
  const mode = mailMode();
  return {
    mode: mode.mode,
    from: mode.from,
    items: rows.map((e) => ({
      id: e.id,
      template: e.template,
      template_title: TEMPLATES[e.template]?.title ?? e.template,
      recipient: e.recipient,
      recipient_name: e.recipientName,
      subject: e.subject,
      status: e.status,
      status_label: EMAIL_STATUS_WORDS[e.status] ?? e.status,
      attempts: e.attemptCount,
      attachments: attachmentRefs(e.data).length,
      last_error: e.lastError,
      created_at: isoBogota(e.createdAt),
      sent_at: e.sentAt ? isoBogota(e.sentAt) : null,
    })),
    total,
    page: q.page,
    per_page: q.per_page,
  };
}

