// Who is calling: a bearer API key (or the bootstrap operator key), a portal session cookie, or the cron secret.
// Used by the /api pipeline (lib/api/handler.ts), the calendar's WordPress pipeline and the media upload.
import type { Database } from "@/lib/db/open";
import type { Clock } from "@/lib/clock";
import { config } from "@/lib/config";
import { forbidden, unauthorized } from "@/lib/http/errors";
import { resolveApiKey, safeEqual } from "./api-keys";
import { sessionPrincipal } from "./session";
import { sessionWriteAllowed } from "./origin";
import type { Principal } from "./principal";

interface Authenticated {
  principal: Principal | null;
}

type Lookup = { ok: true; principal: Principal; agency: { isActive: boolean; isArchived: boolean } | null };

/**
 * The caller's principal. With `required`, missing or bad credentials throw 401 (403 for an inactive or archived
 * agency, or a session writing from another origin); without it they give `principal: null`.
 */
export async function authenticate(req: Request, database: Database, clock: Clock, required: boolean): Promise<Authenticated> {
  const header = req.headers.get("authorization");
  const lookup = header ? await bearerLookup(header, database, clock, required) : await sessionLookup(req, database, required);
  if (!lookup) return { principal: null };
  if (lookup.principal.role === "agency" && lookup.agency && (!lookup.agency.isActive || lookup.agency.isArchived)) {
    if (required) throw forbidden(lookup.agency.isArchived ? "La agencia está archivada" : "La agencia está inactiva");
    return { principal: null };
  }
  return { principal: lookup.principal };
}

async function bearerLookup(header: string, database: Database, clock: Clock, required: boolean): Promise<Lookup | null> {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) {
    if (required) throw unauthorized("Authorization debe ser 'Bearer <clave API>'");
    return null;
  }
  const key = m[1];
  const operatorKey = config().operatorApiKey;
  if (operatorKey && safeEqual(key, operatorKey)) {
    return { ok: true, principal: { role: "operator", via: "bootstrap", userId: null, apiKeyId: null, agencyId: null, agencyType: null, hotelIds: [] }, agency: null };
  }
  const r = await resolveApiKey(database, key, clock.now());
  if (!r.ok) {
    if (required) throw unauthorized("La clave API no es válida o fue revocada");
    return null;
  }
  return r;
}

async function sessionLookup(req: Request, database: Database, required: boolean): Promise<Lookup | null> {
  const r = await sessionPrincipal(database, req.headers.get("cookie"));
  if (!r.ok) {
    if (required) throw unauthorized(r.present ? "La sesión expiró; inicie sesión de nuevo" : undefined);
    return null;
  }
  // A browser session may only write from our own pages (lib/auth/origin.ts).
  if (req.method !== "GET" && req.method !== "HEAD" && !sessionWriteAllowed(req)) throw forbidden("Origen no permitido para una sesión del portal");
  return r;
}

/** The scheduled-job routes: `Authorization: Bearer $CRON_SECRET`, and none at all while it is unset. */
export function authenticateCron(req: Request): void {
  const secret = config().cronSecret;
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  if (!secret) throw unauthorized("Las rutas programadas están desactivadas: CRON_SECRET no está configurado");
  if (!m || !safeEqual(m[1], secret)) throw unauthorized("Se requiere Authorization: Bearer $CRON_SECRET");
}

