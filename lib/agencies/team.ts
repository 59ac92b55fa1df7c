// Portal logins (issue 16 item 7; docs/api.md "Equipos"): an agency manages its own team through the routes
// the operator uses, and the operator manages hotel admins. Another tenant's user is reported as missing.
import crypto from "node:crypto";
import { z } from "zod";
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { hashPassword } from "@/lib/auth/password";
import { revokeUserSessions } from "@/lib/auth/session";
import { issueApiKey } from "@/lib/auth/api-keys";
import { inviteUserTx } from "@/lib/accounts/user-tokens";
import { HttpError, badRequest, forbidden, notFound } from "@/lib/http/errors";
import { alreadyExists, doesNotExist, notSupported, wrongState } from "@/lib/domain/errors";
import { bool, text } from "@/lib/http/zod-helpers";
import { emailField } from "./schema";

const password = z.string({ error: "es obligatorio" }).min(8, "debe tener al menos 8 caracteres").max(200, "máximo 200 caracteres");
const id = z.coerce.number({ error: "debe ser un número entero" }).int("debe ser un número entero").positive("debe ser positivo");

export const teamUserParams = z.object({ id, user_id: id });
export const teamKeyParams = z.object({ id, user_id: id, key_id: z.string().min(1).max(64) });
export const userIdParam = z.object({ id });

// Without a password the user is invited by e-mail to choose one (docs/emails.md).
const optionalPassword = password.optional().meta({ description: "Opcional: sin ella, el usuario recibe una invitación por correo para elegirla" });

export const createTeamUserBody = z.object({
  name: text(200),
  email: emailField,
  password: optionalPassword,
  is_admin: bool().optional().meta({ description: "Administrador del equipo de la agencia (gestiona usuarios y claves)" }),
});
export const updateTeamUserBody = z
  .object({ name: text(200).optional(), is_active: bool().optional(), is_admin: bool().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "debe incluir al menos uno de: name, is_active, is_admin");

export const createHotelAdminBody = z.object({ name: text(200), email: emailField, password: optionalPassword });
export const updateUserBody = z
  .object({ name: text(200).optional(), is_active: bool().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "debe incluir al menos uno de: name, is_active");
export const assignHotelsBody = z.object({
  hotel_ids: z.array(id, { error: "debe ser una lista de ids de hotel" }).max(200, "máximo 200 hoteles"),
});
export const keyLabelBody = z.object({ label: z.string().trim().max(100, "máximo 100 caracteres").optional() }).optional();

export const teamUserOut = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  agency_id: z.number().int().nullable(),
  is_active: z.boolean(),
  is_admin: z.boolean(),
  hotel_ids: z.array(z.number().int()),
  created_at: z.string(),
});
export const userKeyOut = z.object({ id: z.string(), prefix: z.string(), label: z.string().nullable(), created_at: z.string(), last_used_at: z.string().nullable(), revoked_at: z.string().nullable() });

type UserRow = { id: number; name: string; email: string; role: string; agencyId: number | null; isActive: boolean; agencyAdmin: boolean; createdAt: Date; hotels?: Array<{ hotelId: number }> };
export const presentTeamUser = (u: UserRow) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role,
  agency_id: u.agencyId,
  is_active: u.isActive,
  is_admin: u.role === "agency" && u.agencyAdmin,
  hotel_ids: (u.hotels ?? []).map((h) => h.hotelId).sort((a, b) => a - b),
  created_at: u.createdAt.toISOString(),
});

/**
 * Who may manage agency `agencyId`'s team: the operator; the agency's own API key (the agency itself); a
 * portal user (or a key issued to one) of that agency who is a team admin. Another agency: 404.
 */
export async function assertTeamManager(db: Database, p: Principal, agencyId: number) {
  if (p.role === "operator") {
    const agency = await db.prisma.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
    if (!agency) throw notFound(`La agencia ${agencyId} no existe`);
    return;
  }
  if (p.role !== "agency" || p.agencyId !== agencyId) throw notFound(`La agencia ${agencyId} no existe`);
  if (p.userId === null) return;
  const me = await db.prisma.user.findUnique({ where: { id: p.userId }, select: { agencyAdmin: true, agencyId: true } });
  if (!me || me.agencyId !== agencyId || !me.agencyAdmin) throw forbidden("Solo un administrador del equipo de la agencia puede gestionar sus usuarios y claves");
}

/** Whether the caller may manage agency `agencyId`'s team (the portal shows the team page or says who can). */
export async function canManageTeam(db: Database, p: Principal, agencyId: number): Promise<boolean> {
  try {
    await assertTeamManager(db, p, agencyId);
    return true;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 403 || e.status === 404)) return false;
    throw e;
  }
}

async function teamUser(db: Database, agencyId: number, userId: number) {
  const u = await db.prisma.user.findUnique({ where: { id: userId }, include: { hotels: true } });
  if (!u || u.agencyId !== agencyId || u.role !== "agency") throw doesNotExist(`El usuario ${userId} no existe`);
  return u;
}

async function createLogin(db: Database, data: { name: string; email: string; password?: string; role: "agency" | "hotel_admin"; agencyId?: number; agencyAdmin?: boolean; hotelIds?: number[] }, now: Date) {
  const email = data.email.toLowerCase();
  // An invited user gets an unusable random password until they choose theirs through the e-mailed link.
  const passwordHash = await hashPassword(data.password ?? crypto.randomBytes(32).toString("base64url"));
  // The user, its hotels and its invitation e-mail commit together (docs/emails.md): never a user without the
  // invitation it is owed, nor an invitation for a user that was not created.
  return db.prisma.$transaction(async (tx) => {
    const { count } = await tx.user.createMany({
      data: [{ name: data.name, email, passwordHash, role: data.role, agencyId: data.agencyId ?? null, agencyAdmin: data.agencyAdmin ?? false, createdAt: now }],
      skipDuplicates: true,
    });
    if (count === 0) throw alreadyExists("email: ya existe un usuario con ese correo");
    const user = await tx.user.findUniqueOrThrow({ where: { email } });
    if (data.hotelIds?.length) await tx.userHotel.createMany({ data: data.hotelIds.map((hotelId) => ({ userId: user.id, hotelId })), skipDuplicates: true });
    if (data.password === undefined) await inviteUserTx(tx, user.id, null, now);
    return tx.user.findUniqueOrThrow({ where: { id: user.id }, include: { hotels: true } });
  });
}

// ---------------------------------------------------------------- agency teams

export async function listTeam(db: Database, p: Principal, agencyId: number) {
  await assertTeamManager(db, p, agencyId);
  const users = await db.prisma.user.findMany({ where: { agencyId, role: "agency" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return users.map(presentTeamUser);
}

export async function createTeamUser(db: Database, p: Principal, agencyId: number, body: z.output<typeof createTeamUserBody>, now: Date) {
  await assertTeamManager(db, p, agencyId);
  return presentTeamUser(await createLogin(db, { ...body, role: "agency", agencyId, agencyAdmin: body.is_admin ?? false }, now));
}

export async function updateTeamUser(db: Database, p: Principal, agencyId: number, userId: number, body: z.output<typeof updateTeamUserBody>, now: Date) {
  await assertTeamManager(db, p, agencyId);
  await teamUser(db, agencyId, userId);
  if (p.userId === userId && (body.is_active === false || body.is_admin === false)) {
    throw notSupported("No puede desactivarse ni quitarse la administración a sí mismo; pídalo a otro administrador");
  }
  await db.prisma.user.update({ where: { id: userId }, data: { name: body.name, isActive: body.is_active, agencyAdmin: body.is_admin } });
  if (body.is_active === false) await revokeUserSessions(db, userId, now);
  return presentTeamUser(await teamUser(db, agencyId, userId));
}

export async function issueTeamUserKey(db: Database, p: Principal, agencyId: number, userId: number, label: string | undefined, now: Date) {
  await assertTeamManager(db, p, agencyId);
  const u = await teamUser(db, agencyId, userId);
  if (!u.isActive) throw wrongState("El usuario está desactivado; actívelo antes de darle una clave");
  return issueApiKey(db, { role: "agency", agencyId, userId, label: label ?? u.name }, now);
}

export async function listTeamUserKeys(db: Database, p: Principal, agencyId: number, userId: number) {
  await assertTeamManager(db, p, agencyId);
  await teamUser(db, agencyId, userId);
  const keys = await db.prisma.apiKey.findMany({ where: { userId, agencyId }, orderBy: { createdAt: "desc" } });
  return keys.map((k) => ({ id: k.id, prefix: k.prefix, label: k.label, created_at: k.createdAt.toISOString(), last_used_at: k.lastUsedAt?.toISOString() ?? null, revoked_at: k.revokedAt?.toISOString() ?? null }));
}

export async function revokeTeamUserKey(db: Database, p: Principal, agencyId: number, userId: number, keyId: string, now: Date) {
  await assertTeamManager(db, p, agencyId);
  await teamUser(db, agencyId, userId);
  const key = await db.prisma.apiKey.findUnique({ where: { id: keyId } });
  if (!key || key.userId !== userId || key.agencyId !== agencyId) throw doesNotExist(`La clave ${keyId} no existe`);
  const revoked = key.revokedAt ?? (await db.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: now } })).revokedAt!;
  return { msg: "Clave revocada", id: key.id, revoked_at: revoked.toISOString() };
}

// ---------------------------------------------------------------- hotel admins (operator)

export async function listHotelAdmins(db: Database, hotelId: number) {
  const hotel = await db.prisma.hotel.findUnique({ where: { id: hotelId }, select: { id: true } });
  if (!hotel) throw doesNotExist(`El hotel ${hotelId} no existe`);
  const users = await db.prisma.user.findMany({ where: { role: "hotel_admin", hotels: { some: { hotelId } } }, include: { hotels: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return users.map(presentTeamUser);
}

export async function createHotelAdmin(db: Database, hotelId: number, body: z.output<typeof createHotelAdminBody>, now: Date) {
  const hotel = await db.prisma.hotel.findUnique({ where: { id: hotelId }, select: { id: true } });
  if (!hotel) throw doesNotExist(`El hotel ${hotelId} no existe`);
  return presentTeamUser(await createLogin(db, { ...body, role: "hotel_admin", hotelIds: [hotelId] }, now));
}

async function hotelAdmin(db: Database, userId: number) {
  const u = await db.prisma.user.findUnique({ where: { id: userId }, include: { hotels: true } });
  if (!u || u.role !== "hotel_admin") throw doesNotExist(`El administrador de hotel ${userId} no existe`);
  return u;
}

/** Replaces the hotels a hotel admin manages (an empty list leaves them with none). */
export async function assignHotels(db: Database, userId: number, hotelIds: number[]) {
  await hotelAdmin(db, userId);
  const ids = [...new Set(hotelIds)];
  const found = await db.prisma.hotel.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const missing = ids.filter((h) => !found.some((f) => f.id === h));
  if (missing.length) throw badRequest(`hotel_ids: no existen los hoteles ${missing.join(", ")}`);
  await db.prisma.$transaction([db.prisma.userHotel.deleteMany({ where: { userId, hotelId: { notIn: ids } } }), db.prisma.userHotel.createMany({ data: ids.map((hotelId) => ({ userId, hotelId })), skipDuplicates: true })]);
  return presentTeamUser(await hotelAdmin(db, userId));
}

export async function removeHotelAdmin(db: Database, hotelId: number, userId: number) {
  const u = await hotelAdmin(db, userId);
  if (!u.hotels.some((h) => h.hotelId === hotelId)) throw doesNotExist(`El usuario ${userId} no administra el hotel ${hotelId}`);
  await db.prisma.userHotel.delete({ where: { userId_hotelId: { userId, hotelId } } });
  return presentTeamUser(await hotelAdmin(db, userId));
}

/** Operator: rename, deactivate (sessions end at once; its keys stop working) or reactivate a hotel admin. */
export async function updateHotelAdmin(db: Database, userId: number, body: z.output<typeof updateUserBody>, now: Date) {
  await hotelAdmin(db, userId);
  await db.prisma.user.update({ where: { id: userId }, data: { name: body.name, isActive: body.is_active } });
  if (body.is_active === false) await revokeUserSessions(db, userId, now);
  return presentTeamUser(await hotelAdmin(db, userId));
}
