// 'Preferencias de correo' (docs/emails.md): an agency turns its non-essential notices off (for its notifications
// address) and sets its low-balance alert; a hotel admin turns the hotel's notices off and the daily arrivals
// digest on. Receipts, instructions, links, invitations and resets are essential: they cannot be turned off.
import type { Database } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import type { Principal } from "@/lib/auth/principal";
import { badRequest, forbidden, notFound } from "@/lib/http/errors";
import { doesNotExist } from "@/lib/domain/errors";
import { TEMPLATES } from "./templates/catalog";

type OwnerKind = "agency" | "user";

/** The templates an owner of this kind may turn on or off. */
export function ownedTemplates(kind: OwnerKind) {
  return Object.entries(TEMPLATES)
    .filter(([, t]) => !t.essential && t.owner === kind)
    .map(([name, t]) => ({ name, title: t.title, optIn: t.optIn === true }));
}

export const ESSENTIAL_NOTE = "Los comprobantes, las instrucciones de pago, los enlaces de pago, las invitaciones y los restablecimientos de contraseña se envían siempre.";

/** Whose preferences the caller edits: its agency, or (a hotel admin signed in) itself; the operator names an agency. */
async function ownerOf(db: Database, p: Principal, agencyId: number | undefined) {
  if (p.role === "agency") {
    if (agencyId !== undefined && agencyId !== p.agencyId) throw notFound(`La agencia ${agencyId} no existe`);
    const a = await db.prisma.agency.findUnique({ where: { id: p.agencyId ?? -1 } });
    if (!a) throw doesNotExist("La agencia no existe");
    return { kind: "agency" as const, key: `agency:${a.id}`, agency: a };
  }
  if (p.role === "operator") {
    if (agencyId === undefined) throw badRequest("agency_id: es obligatorio para el operador");
    const a = await db.prisma.agency.findUnique({ where: { id: agencyId } });
    if (!a) throw doesNotExist(`La agencia ${agencyId} no existe`);
    return { kind: "agency" as const, key: `agency:${a.id}`, agency: a };
  }
  if (p.userId === null) throw forbidden("Las preferencias de correo son de cada usuario: entre al portal con su usuario");
  const u = await db.prisma.user.findUnique({ where: { id: p.userId } });
  if (!u) throw doesNotExist("El usuario no existe");
  return { kind: "user" as const, key: `user:${u.id}`, user: u };
}

export async function getPreferences(db: Database, p: Principal, agencyId?: number) {
  const o = await ownerOf(db, p, agencyId);
  const [outs, ins] = await Promise.all([
    db.prisma.emailOptOut.findMany({ where: { owner: o.key }, select: { template: true } }),
    db.prisma.emailOptIn.findMany({ where: { owner: o.key }, select: { template: true } }),
  ]);
  const off = new Set(outs.map((x) => x.template));
  const on = new Set(ins.map((x) => x.template));
  return {
    owner: o.kind,
    address: o.kind === "agency" ? o.agency.emailForNotifications : o.user.email,
    items: ownedTemplates(o.kind).map((t) => ({ template: t.name, title: t.title, opt_in: t.optIn, enabled: t.optIn ? on.has(t.name) : !off.has(t.name) })),
    essential_note: ESSENTIAL_NOTE,
    is_preloaded: o.kind === "agency" ? o.agency.isPreloaded : false,
    balance_alert_threshold: o.kind === "agency" && o.agency.balanceAlertThreshold !== null ? o.agency.balanceAlertThreshold.toNumber() : null,
  };
}

export interface PreferencesInput {
  agency_id?: number;
  templates?: Record<string, boolean>;
  balance_alert_threshold?: number | null;
}

export async function updatePreferences(db: Database, p: Principal, input: PreferencesInput, now: Date) {
  const o = await ownerOf(db, p, input.agency_id);
  const allowed = new Map(ownedTemplates(o.kind).map((t) => [t.name, t]));
  const changes = Object.entries(input.templates ?? {});
  for (const [name] of changes) {
    if (!allowed.has(name)) {
      throw badRequest(TEMPLATES[name]?.essential ? `templates.${name}: es un correo esencial; no se puede desactivar` : `templates.${name}: no es un aviso que se pueda elegir aquí`);
    }
  }
  if (input.balance_alert_threshold !== undefined && o.kind !== "agency") throw badRequest("balance_alert_threshold: solo una agencia tiene saldo precargado");
  await db.prisma.$transaction(async (tx) => {
    for (const [name, enabled] of changes) {
      const optIn = allowed.get(name)!.optIn;
      // Opt-in e-mails are a row of email_opt_ins when on; the others a row of email_opt_outs when off.
      const row = { owner: o.key, template: name };
      if (optIn) {
        if (enabled) await tx.emailOptIn.createMany({ data: [{ ...row, createdAt: now }], skipDuplicates: true });
        else await tx.emailOptIn.deleteMany({ where: row });
      } else if (!enabled) await tx.emailOptOut.createMany({ data: [{ ...row, createdAt: now }], skipDuplicates: true });
      else await tx.emailOptOut.deleteMany({ where: row });
    }
    if (o.kind === "agency" && input.balance_alert_threshold !== undefined) {
      const t = input.balance_alert_threshold;
      await tx.agency.update({ where: { id: o.agency.id }, data: { balanceAlertThreshold: t === null ? null : new Prisma.Decimal(t).toDecimalPlaces(2) } });
    }
  });
  return getPreferences(db, p, o.kind === "agency" ? o.agency.id : undefined);
}
