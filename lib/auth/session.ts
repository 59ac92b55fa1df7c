// Reads the portal's next-auth session cookie from any Request, so the same /api handlers serve the browser.
import { decode } from "next-auth/jwt";
import type { PrismaClient } from "@/lib/db/generated/client";
import { authSecret } from "@/lib/config";
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

export async function sessionPrincipal(db: PrismaClient, cookieHeader: string | null): Promise<SessionLookup> {
  const token = sessionToken(parseCookies(cookieHeader));
  if (!token) return { ok: false, present: false };
  let uid: number | undefined;
  try {
    const payload = await decode({ token, secret: authSecret() });
    uid = typeof payload?.uid === "number" ? payload.uid : undefined;
  } catch {
    uid = undefined;
  }
  if (!uid) return { ok: false, present: true };
  const user = await db.user.findUnique({ where: { id: uid }, include: { agency: true, hotels: true } });
  if (!user || !user.isActive) return { ok: false, present: true };
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
