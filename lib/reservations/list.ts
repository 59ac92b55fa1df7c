// The reservations list (JSON page or every row as CSV) with the read scope of scope.ts.
import type { Prisma } from "@/lib/db/generated/client";
import type { Database } from "@/lib/db";
import type { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { dateOnly } from "@/lib/time";
import { RESERVATION_STATUS_WORDS } from "@/lib/format";
import { allPages, amountCell, csvLine, csvResponse, dateCell, dateTimeCell, textCell } from "@/lib/http/csv";
import type { listQuery } from "./schema";
import { reservationScope } from "./scope";
import { summary } from "./service";

type ListQuery = z.output<typeof listQuery>;

export function reservationWhere(principal: Principal, q: ListQuery): Prisma.ReservationWhereInput {
  return {
    ...reservationScope(principal, q.hotel_id),
    ...(q.status && q.status.length > 0 ? { status: { in: q.status } } : {}),
    ...(q.checkin_from || q.checkin_to
      ? { checkin: { ...(q.checkin_from ? { gte: dateOnly(q.checkin_from) } : {}), ...(q.checkin_to ? { lte: dateOnly(q.checkin_to) } : {}) } }
      : {}),
    ...(q.code ? { code: { contains: q.code.toUpperCase() } } : {}),
    ...(q.guest
      ? {
          OR: [
            { firstName: { contains: q.guest, mode: "insensitive" } },
            { lastName: { contains: q.guest, mode: "insensitive" } },
            { email: { contains: q.guest, mode: "insensitive" } },
          ],
        }
      : {}),
  };
}

function orderOf(q: ListQuery): Prisma.ReservationOrderByWithRelationInput[] {
  return q.sort === "checkin" ? [{ checkin: "asc" }, { createdAt: "asc" }, { id: "asc" }] : [{ createdAt: "desc" }, { id: "desc" }];
}

const listInclude = { hotel: true, agency: { select: { id: true, name: true } } } satisfies Prisma.ReservationInclude;

export async function listReservations(db: Database, principal: Principal, q: ListQuery) {
  const where = reservationWhere(principal, q);
  const [total, rows] = await Promise.all([
    db.prisma.reservation.count({ where }),
    db.prisma.reservation.findMany({ where, include: listInclude, orderBy: orderOf(q), skip: (q.page - 1) * q.per_page, take: q.per_page }),
  ]);
  return { items: rows.map(summary), total, page: q.page, per_page: q.per_page };
}


/** Every reservation of the filter (not one page) as CSV for Excel es-CO. */
export async function reservationsCsv(db: Database, principal: Principal, q: ListQuery) {
  const where = reservationWhere(principal, q);
  const rows = await allPages((skip, take) => db.prisma.reservation.findMany({ where, include: listInclude, orderBy: orderOf(q), skip, take }));
  // The operator and hotel admins see several agencies' reservations: which agency made each one is a column.
  const byAgency = principal.role !== "agency";
  const header = ["Código", "Estado", "Hotel", ...(byAgency ? ["Agencia"] : []), "Llegada", "Salida", "Noches", "Habitaciones", "Adultos", "Niños", "Huésped", "Correo", "Teléfono", "Moneda", "Total", "Pagado", "Plazo de pago", "Creada"];
  const lines = rows.map((r) =>
    csvLine([
      textCell(r.code),
      textCell(RESERVATION_STATUS_WORDS[r.status] ?? r.status),
      textCell(r.hotel.name),
      ...(byAgency ? [textCell(r.agency.name)] : []),
      dateCell(r.checkin.toISOString()),
      dateCell(r.checkout.toISOString()),
      String(r.nights),
      String(r.roomsCount),
      String(r.adults),
      String(r.children),
      textCell(`${r.firstName} ${r.lastName}`),
      textCell(r.email),
      textCell(r.telephone),
      textCell(r.currency),
      amountCell(r.amount),
      amountCell(r.amountPaid),
      dateTimeCell(r.paymentDeadline),
      dateTimeCell(r.createdAt),
    ]),
  );
  return csvResponse("reservas.csv", header, lines);
}
