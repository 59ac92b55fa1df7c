// The dashboard's headline tiles, per role, in the caller's scope: the operator's platform counts, an agency's
// reservations, links and payments of the last 30 days, a hotel admin's hotels. The period report and the lists
// to act on are service.ts and actions.ts.
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";

const DAY = 24 * 3600_000;

export type DashboardTiles = Awaited<ReturnType<typeof dashboardTiles>>;

export async function dashboardTiles(db: Database, p: Principal, now: Date) {
  if (p.role === "operator") {
    const [agencies, hotels, cities, keys, users] = await Promise.all([
      db.prisma.agency.count(),
      db.prisma.hotel.count({ where: { isActive: true } }),
      db.prisma.hotel.findMany({ where: { isActive: true }, distinct: ["city"], select: { city: true }, orderBy: { city: "asc" } }),
      db.prisma.apiKey.count({ where: { revokedAt: null } }),
      db.prisma.user.count(),
    ]);
    return { role: "operator" as const, agencies, hotels, cities: cities.map((c) => c.city), keys, users };
  }
  if (p.role === "agency") {
    const agencyId = p.agencyId ?? -1;
    const since = new Date(now.getTime() - 30 * DAY);
    const [pending, confirmed, links, approved, agency] = await Promise.all([
      db.prisma.reservation.count({ where: { agencyId, status: "pending_payment" } }),
      db.prisma.reservation.count({ where: { agencyId, status: "confirmed" } }),
      // A link past its validity is expired even before the job marks it (lib/links/service.ts effectiveStatus).
      db.prisma.paymentLink.count({ where: { agencyId, status: "active", expiresAt: { gt: now } } }),
      db.prisma.paymentTransaction.aggregate({ where: { agencyId, status: "approved", createdAt: { gte: since } }, _sum: { amount: true }, _count: true }),
      db.prisma.agency.findUnique({ where: { id: agencyId }, select: { agencyType: true, isPreloaded: true, balance: true } }),
    ]);
    return {
      role: "agency" as const,
      pending,
      confirmed,
      links,
      approved_30d: { amount: approved._sum.amount?.toNumber() ?? 0, count: approved._count },
      agency_type: agency?.agencyType ?? "retailer",
      // The balance exists only for preloaded-balance agencies.
      balance: agency?.isPreloaded ? agency.balance.toNumber() : null,
    };
  }
  const [hotels, roomTypes, events] = await Promise.all([
    db.prisma.hotel.findMany({ where: { id: { in: p.hotelIds } }, orderBy: { name: "asc" }, select: { id: true, name: true, city: true } }),
    db.prisma.roomType.count({ where: { hotelId: { in: p.hotelIds } } }),
    db.prisma.calendarEvent.count({ where: { status: "publish" } }),
  ]);
  return { role: "hotel_admin" as const, hotels, roomTypes, events };
}
