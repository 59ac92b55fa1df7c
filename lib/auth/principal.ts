// Who is calling: operator (platform staff), agency (its own data) or hotel admin (its own hotels).
import { forbidden, notFound } from "@/lib/http/errors";

export type PrincipalRole = "operator" | "agency" | "hotel_admin";

export interface Principal {
  role: PrincipalRole;
  via: "api_key" | "session" | "bootstrap";
  userId: number | null;
  apiKeyId: string | null;
  agencyId: number | null;
  agencyType: "retailer" | "wholesale" | null;
  hotelIds: number[];
}

/** A stable key for per-caller state (idempotency records, rate limits). */
export function principalKey(p: Principal): string {
  if (p.role === "agency") return `agency:${p.agencyId}`;
  if (p.role === "hotel_admin") return p.userId ? `hotel_admin:user:${p.userId}` : `hotel_admin:key:${p.apiKeyId}`;
  return p.userId ? `operator:user:${p.userId}` : p.apiKeyId ? `operator:key:${p.apiKeyId}` : "operator:bootstrap";
}

/** The agency whose data the caller may see, or null for an operator (sees all). */
export function agencyScope(p: Principal): number | null {
  if (p.role === "operator") return null;
  if (p.role === "agency" && p.agencyId !== null) return p.agencyId;
  throw forbidden("Solo operadores y agencias pueden consultar este recurso");
}

/** Another tenant's resource is reported as missing, never as forbidden. */
export function assertSameAgency(p: Principal, ownerAgencyId: number | null, what = "El recurso") {
  if (p.role === "operator") return;
  if (p.role !== "agency" || ownerAgencyId === null || p.agencyId !== ownerAgencyId) throw notFound(`${what} no existe`);
}

export function canManageHotel(p: Principal, hotelId: number): boolean {
  return p.role === "operator" || (p.role === "hotel_admin" && p.hotelIds.includes(hotelId));
}

export function assertCanManageHotel(p: Principal, hotelId: number) {
  if (!canManageHotel(p, hotelId)) throw forbidden("Solo el operador o un administrador de este hotel puede modificarlo");
}
