// Reads the portal's next-auth session cookie from any Request, so the same /api handlers serve the browser.
// The cookie names a server-side session row (auth_sessions): sign-out revokes the row, so the cookie stops
// working on every instance at once even though it is still validly signed.
import crypto from "node:crypto";
import { decode } from "next-auth/jwt";
import type { Database } from "@/lib/db";
import { authSecret } from "@/lib/secrets/store";
import type { Principal } from "./principal";

export const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** Session token value, joining next-auth's chunked cookies (name.0, name.1, ...) when present. */
function sessionToken(cookies: Record<string, string>): string | null {
  for (const name of SESSION_COOKIES) {
    if (cookies[name]) return cookies[name];
    const chunks = Object.keys(cookies)
      .filter((k) => k.startsWith(`${name}.`))
      .sort((a, b) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
    if (chunks.length) return chunks.map((k) => cookies[k]).join("");
  }
  return null;
}

export type SessionLookup =
  | { ok: true; principal: Principal; agency: { isActive: boolean; isArchived: boolean } | null }
  | { ok: false; present: boolean };

export async function sessionPrincipal(db: Database, cookieHeader: string | null): Promise<SessionLookup> {
  const token = sessionToken(parseCookies(cookieHeader));
  if (!token) return { ok: false, present: false };
  let uid: number | undefined;
  let sid: string | undefined;
  try {
    const payload = await decode({ token, secret: authSecret() });
    uid = typeof payload?.uid === "number" ? payload.uid : undefined;
    sid = typeof payload?.sid === "string" ? payload.sid : undefined;
  } catch {
    uid = undefined;
  }
  // A cookie without a session row (signed before sessions were kept server-side) is no longer enough.
  if (!uid || !sid) return { ok: false, present: true };
  // One indexed lookup: the session row with its user, agency and hotels.
  const session = await db.prisma.authSession.findUnique({ where: { id: sid }, include: { user: { include: { agency: true, hotels: true } } } });
  if (!session || session.userId !== uid || session.revokedAt !== null || session.expiresAt.getTime() <= Date.now()) return { ok: false, present: true };
  const user = session.user;
  if (!user.isActive) return { ok: false, present: true };
  return {
    ok: true,
    agency: user.agency ? { isActive: user.agency.isActive, isArchived: user.agency.isArchived } : null,
    principal: {
      role: user.role,
      via: "session",
      userId: user.id,
      apiKeyId: null,
      agencyId: user.agencyId,
      agencyType: user.agency?.agencyType ?? null,
      hotelIds: user.hotels.map((h) => h.hotelId),
    },
  };
}

/** Session lifetime, also the cookie's (next-auth maxAge). */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** A new server-side session for a successful sign-in; its id goes into the signed cookie. */
export async function createSession(db: Database, userId: number, now = new Date()): Promise<string> {
  const id = crypto.randomBytes(24).toString("base64url");
  await db.prisma.authSession.create({ data: { id, userId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) } });
  return id;
}

/** Sign-out: the session stops working everywhere. */
export async function revokeSession(db: Database, id: string, now = new Date()): Promise<void> {
  await db.prisma.authSession.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
}

/** Every open session of a user (deactivation, password change). */
export async function revokeUserSessions(db: Database, userId: number, now = new Date()): Promise<number> {
  return (await db.prisma.authSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } })).count;
}
