// The dashboard's "to act on" lists (issue 16 item 5): arrivals today, pending payments whose deadline is
// within 24 hours, payment links expiring within 24 hours, each in the caller's scope.
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { reservationScope } from "@/lib/reservations/scope";
import { bogotaDate, dateOnly, isoBogota } from "@/lib/time";

const DAY = 24 * 3600_000;

export interface ActionItem {
  key: string;
  title: string;
  detail: string;
  at: string | null;
  /** The reservation's total (arrivals, pending) or the link's amount. */
  amount: number;
  /** What is paid of a reservation, so the screen says "Por pagar $ X" or "Pagado" from the real amounts. */
  paid?: number;
  href: string;
}

export async function actionLists(db: Database, p: Principal, now: Date, take = 5) {
  const today = bogotaDate(now);
  const scope = reservationScope(p);
  const soon = new Date(now.getTime() + DAY);
  const arrivalsWhere: Prisma.ReservationWhereInput = { ...scope, checkin: dateOnly(today), status: { in: ["confirmed", "pending_payment"] } };
  const pendingWhere: Prisma.ReservationWhereInput = { ...scope, status: "pending_payment", paymentDeadline: { gt: now, lte: soon } };
  const linksWhere: Prisma.PaymentLinkWhereInput | null =
    p.role === "hotel_admin" ? null : { ...(p.role === "agency" ? { agencyId: p.agencyId ?? -1 } : {}), status: "active", expiresAt: { gt: now, lte: soon } };
  const [arrivals, arrivalsCount, pending, pendingCount, links, linksCount] = await Promise.all([
    db.prisma.reservation.findMany({ where: arrivalsWhere, include: { hotel: { select: { name: true } } }, orderBy: [{ createdAt: "asc" }], take }),
    db.prisma.reservation.count({ where: arrivalsWhere }),
    db.prisma.reservation.findMany({ where: pendingWhere, include: { hotel: { select: { name: true } } }, orderBy: { paymentDeadline: "asc" }, take }),
    db.prisma.reservation.count({ where: pendingWhere }),
    linksWhere ? db.prisma.paymentLink.findMany({ where: linksWhere, include: { hotel: { select: { name: true } } }, orderBy: { expiresAt: "asc" }, take }) : Promise.resolve([]),
    linksWhere ? db.prisma.paymentLink.count({ where: linksWhere }) : Promise.resolve(0),
  ]);
  const res = (r: (typeof arrivals)[number], at: Date | null): ActionItem => ({
    key: r.code,
    title: `${r.firstName} ${r.lastName}`,
    detail: `${r.hotel.name} · ${r.adults + r.children} ${r.adults + r.children === 1 ? "persona" : "personas"}`,
    at: at ? isoBogota(at) : null,
    amount: r.amount.toNumber(),
    paid: r.amountPaid.toNumber(),
    href: `/reservations/${r.code}`,
  });
  return {
    today,
    arrivals: { count: arrivalsCount, items: arrivals.map((r) => res(r, null)) },
    pending: { count: pendingCount, items: pending.map((r) => res(r, r.paymentDeadline)) },
    links:
      linksWhere === null
        ? null
        : {
            count: linksCount,
            items: links.map((l) => ({ key: l.code, title: l.guestName, detail: `${l.hotel.name} · ${l.description}`, at: isoBogota(l.expiresAt), amount: l.amount.toNumber(), href: `/links/${l.code}` })),
          },
  };
}
