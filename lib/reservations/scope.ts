// Who reads which reservations (issue 16): the operator all, an agency its own, a hotel admin those into its
// hotels. Writes keep their own stricter rule (findOwned in service.ts: agency and operator only).
import type { Prisma } from "@/lib/db/generated/client";
import { notFound } from "@/lib/http/errors";
import type { Principal } from "@/lib/auth/principal";

export function canReadReservation(p: Principal, r: { agencyId: number; hotelId: number }): boolean {
  if (p.role === "operator") return true;
  if (p.role === "agency") return p.agencyId !== null && p.agencyId === r.agencyId;
  return p.hotelIds.includes(r.hotelId);
}

/**
 * The reservations a principal may list, narrowed to one hotel when asked. A hotel admin naming a hotel that is
 * not theirs gets 404 (another tenant's hotel is reported as missing, never as forbidden).
 */
export function reservationScope(p: Principal, hotelId?: number): Prisma.ReservationWhereInput {
  if (p.role === "hotel_admin") {
    if (hotelId !== undefined && !p.hotelIds.includes(hotelId)) throw notFound(`El hotel ${hotelId} no existe`);
    return { hotelId: hotelId !== undefined ? hotelId : { in: p.hotelIds } };
  }
  const own: Prisma.ReservationWhereInput = p.role === "agency" ? { agencyId: p.agencyId ?? -1 } : {};
  return hotelId !== undefined ? { ...own, hotelId } : own;
}

/** Hotels a principal's figures cover: null = every hotel (operator, or an agency across hotels). */
export function hotelScope(p: Principal, hotelId?: number): number[] | null {
  if (p.role === "hotel_admin") {
    if (hotelId !== undefined && !p.hotelIds.includes(hotelId)) throw notFound(`El hotel ${hotelId} no existe`);
    return hotelId !== undefined ? [hotelId] : p.hotelIds;
  }
  return hotelId !== undefined ? [hotelId] : null;
}
