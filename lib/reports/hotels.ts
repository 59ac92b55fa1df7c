// The hotels a caller can pick on the report page (docs/reports.md): the operator any active hotel, a hotel admin
// their own, an agency the hotels it has booked.
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";

export async function reportHotels(db: Database, p: Principal): Promise<Array<{ id: number; name: string; city: string }>> {
  const select = { id: true, name: true, city: true } as const;
  const orderBy = [{ name: "asc" as const }, { id: "asc" as const }];
  if (p.role === "hotel_admin") return db.prisma.hotel.findMany({ where: { id: { in: p.hotelIds } }, select, orderBy });
  if (p.role === "agency") return db.prisma.hotel.findMany({ where: { reservations: { some: { agencyId: p.agencyId ?? -1 } } }, select, orderBy });
  return db.prisma.hotel.findMany({ where: { isActive: true }, select, orderBy });
}
