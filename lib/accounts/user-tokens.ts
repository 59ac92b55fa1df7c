// Single-use links sent by e-mail (docs/emails.md "Invitations and password reset"): an invitation lets a new user
// choose their own password (the operator never types it), a reset lets a user choose a new one. The token is 32
// random bytes; only its SHA-256 is stored; it expires (invitation 72 h, reset 1 h) and is used once (a conditional
// UPDATE is the claim). Issuing a new one retires the user's earlier unused ones of the same kind.
import crypto from "node:crypto";
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { revokeUserSessions } from "@/lib/auth/session";
import { badRequest } from "@/lib/http/errors";
import { DomainError } from "@/lib/domain/errors";
import { spendToken } from "./store";
import { enqueueEmail } from "@/lib/mail/outbox";
import { normalizeAddress } from "@/lib/mail/address";

export type TokenPurpose = "invite" | "reset";
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = { invite: 72 * 3_600_000, reset: 3_600_000 };
export const setPasswordPath = (token: string) => `/cuenta/clave/${token}`;

const sha256 = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const ROLE_WORDS: Record<string, string> = { operator: "operador", agency: "agencia", hotel_admin: "administrador de hotel" };

export const LINK_REFUSED = "El enlace ya se usó, venció o no es válido. Pida uno nuevo.";

async function issue(tx: Prisma.TransactionClient, userId: number, purpose: TokenPurpose, now: Date) {
  await tx.userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } });
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose]);
  await tx.userToken.create({ data: { tokenHash: sha256(token), userId, purpose, expiresAt, createdAt: now } });
  return { token, expiresAt, hash: sha256(token) };
}

/** Writes the invitation (token and e-mail) for a user who has no password of their own yet. */
export async function inviteUser(db: Database, userId: number, invitedBy: string | null, now: Date) {
  return db.prisma.$transaction((tx) => inviteUserTx(tx, userId, invitedBy, now));
}

/** The invitation written inside the caller's transaction (the one that creates the user, so both or neither). */
export async function inviteUserTx(tx: Prisma.TransactionClient, userId: number, invitedBy: string | null, now: Date) {
  const u = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  const { token, expiresAt, hash } = await issue(tx, userId, "invite", now);
  await enqueueEmail(
    tx,
    {
      template: "user_invitation",
      factKey: `user:${userId}:invite:${hash.slice(0, 16)}`,
      to: u.email,
      toName: u.name,
      locale: u.locale === "en" ? "en" : "es",
      userId,
      agencyId: u.agencyId,
      data: { name: u.name, invitedBy, roleLabel: ROLE_WORDS[u.role] ?? u.role, path: setPasswordPath(token), expiresAt: expiresAt.toISOString() },
    },
    now,
  );
  return { expires_at: expiresAt.toISOString() };
}

/** "¿Olvidó su contraseña?": an active user gets a reset link; the answer never says whether the address exists. */
export async function requestPasswordReset(db: Database, email: string, now: Date) {
  const address = normalizeAddress(email);
  if (!address) throw badRequest("email: debe ser un correo electrónico válido");
  const u = await db.prisma.user.findFirst({ where: { email: { equals: address, mode: "insensitive" }, isActive: true } });
  if (u) {
    await db.prisma.$transaction(async (tx) => {
      const { token, expiresAt, hash } = await issue(tx, u.id, "reset", now);
      await enqueueEmail(
        tx,
        { template: "password_reset", factKey: `user:${u.id}:reset:${hash.slice(0, 16)}`, to: u.email, toName: u.name, locale: u.locale === "en" ? "en" : "es", userId: u.id, agencyId: u.agencyId, data: { name: u.name, path: setPasswordPath(token), expiresAt: expiresAt.toISOString() } },
        now,
      );
    });
  }
  return { msg: "Si el correo corresponde a un usuario activo, le enviamos un enlace para elegir una contraseña nueva. Vence en 1 hora." };
}

/** What the set-password page shows before the form; null when the link cannot be used. */
export async function checkUserToken(db: Database, token: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const t = await db.prisma.userToken.findUnique({ where: { tokenHash: sha256(token) } });
  if (!t || t.usedAt || t.expiresAt <= now) return null;
  const u = await db.prisma.user.findUnique({ where: { id: t.userId }, select: { email: true, name: true, isActive: true } });
  if (!u?.isActive) return null;
  return { purpose: t.purpose as TokenPurpose, email: u.email, name: u.name };
}

/** Uses the link once: the password is set, every session of the user ends, and a reset is confirmed by e-mail. */
export async function setPasswordWithToken(db: Database, token: string, password: string, now: Date) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw badRequest(LINK_REFUSED);
  const passwordHash = await hashPassword(password);
  const done = await db.prisma.$transaction(async (tx) => {
    const t = await spendToken(tx, sha256(token), now);
    if (!t) return null;
    const u = await tx.user.update({ where: { id: t.user_id }, data: { passwordHash } });
    if (t.purpose === "reset") {
      await enqueueEmail(tx, { template: "credentials_changed", factKey: `user:${u.id}:password:${sha256(token).slice(0, 16)}`, to: u.email, toName: u.name, locale: u.locale === "en" ? "en" : "es", userId: u.id, agencyId: u.agencyId, data: { name: u.name, what: "password", at: now.toISOString() } }, now);
    }
    return u;
  });
  if (!done) throw new DomainError("invalid", LINK_REFUSED);
  await revokeUserSessions(db, done.id, now);
  return { msg: "Contraseña guardada. Ya puede entrar con su correo y su nueva contraseña.", email: done.email };
}
