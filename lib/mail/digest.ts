// The hotel's daily arrivals digest (docs/emails.md), opt-in per hotel-admin user: job `arrivals-digest`. From
// ARRIVALS_DIGEST_HOUR (Bogotá, default 6) each hotel with at least one admin who asked for it gets one digest per
// Bogotá day: the row of hotel_arrival_digests (primary key hotel and day) is the claim, written in the same
// transaction as the e-mails, so two instances, a cron and a rerun write it once.
import type { Database } from "@/lib/db";
import { guestsLabel } from "@/lib/format";
import { bogotaDate, tzOffsetMinutes } from "@/lib/time";
import { enqueueEmail } from "./outbox";
import type { HotelArrivalsData } from "./templates/catalog";

export const ARRIVALS_TEMPLATE = "hotel_arrivals";

/** The Bogotá hour from which the day's digest is written (ARRIVALS_DIGEST_HOUR, 0-23, default 6). */
export function digestHour(): number {
  const n = Number(process.env.ARRIVALS_DIGEST_HOUR ?? 6);
  return Number.isInteger(n) && n >= 0 && n <= 23 ? n : 6;
}

const bogotaHour = (at: Date) => new Date(at.getTime() + tzOffsetMinutes(at) * 60_000).getUTCHours();

/** Writes the digests due at `now`; returns how many hotels got theirs. */
export async function writeArrivalDigests(db: Database, now: Date): Promise<number> {
  if (bogotaHour(now) < digestHour()) return 0;
  const day = bogotaDate(now);
  // Hotels with an active admin who opted in, and no digest yet today.
  const hotels = await db.prisma.$queryRawUnsafe<{ hotel_id: number }[]>(
    `SELECT DISTINCT uh.hotel_id FROM user_hotels uh
       JOIN users u ON u.id = uh.user_id AND u.role::text = 'hotel_admin' AND u.is_active
       JOIN email_opt_ins o ON o.owner = 'user:' || u.id::text AND o.template = $1
      WHERE NOT EXISTS (SELECT 1 FROM hotel_arrival_digests d WHERE d.hotel_id = uh.hotel_id AND d.day = $2::date)
      ORDER BY uh.hotel_id`,
    ARRIVALS_TEMPLATE,
    day,
  );
  let written = 0;
  for (const { hotel_id: hotelId } of hotels) {
    const done = await db.prisma.$transaction(async (tx) => {
      const arrivals = await tx.$queryRawUnsafe<Array<{ code: string; first_name: string; last_name: string; agency_name: string; nights: number; rooms_count: number; adults: number; children: number; children_ages: string | null; status: string }>>(
        `SELECT r.code, r.first_name, r.last_name, a.name AS agency_name, r.nights, r.rooms_count, r.adults, r.children, r.children_ages, r.status::text AS status
           FROM reservations r JOIN agencies a ON a.id = r.agency_id
          WHERE r.hotel_id = $1::int AND r.checkin = $2::date AND r.status::text IN ('pending_payment', 'confirmed')
          ORDER BY r.last_name, r.first_name, r.code`,
        hotelId,
        day,
      );
      const claimed = await tx.$queryRawUnsafe<{ hotel_id: number }[]>(
        `INSERT INTO hotel_arrival_digests (hotel_id, day, arrivals, created_at) VALUES ($1::int, $2::date, $3::int, $4::timestamptz)
         ON CONFLICT (hotel_id, day) DO NOTHING RETURNING hotel_id`,
        hotelId,
        day,
        arrivals.length,
        now.toISOString(),
      );
      if (claimed.length === 0) return false;
      const [hotel] = await tx.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM hotels WHERE id = $1::int`, hotelId);
      const data: HotelArrivalsData = {
        hotelName: hotel?.name ?? "",
        day,
        arrivals: arrivals.map((r) => ({
          reservationCode: r.code,
          guestName: `${r.first_name} ${r.last_name}`.trim(),
          agencyName: r.agency_name,
          nights: Number(r.nights),
          rooms: Number(r.rooms_count),
          guests: guestsLabel(Number(r.adults), r.children_ages, Number(r.children)),
          paid: r.status === "confirmed",
        })),
      };
      const admins = await tx.$queryRawUnsafe<Array<{ id: number; email: string; name: string; locale: string }>>(
        `SELECT u.id, u.email, u.name, u.locale FROM users u JOIN user_hotels uh ON uh.user_id = u.id
           JOIN email_opt_ins o ON o.owner = 'user:' || u.id::text AND o.template = $2
          WHERE uh.hotel_id = $1::int AND u.role::text = 'hotel_admin' AND u.is_active ORDER BY u.id`,
        hotelId,
        ARRIVALS_TEMPLATE,
      );
      for (const u of admins) {
        await enqueueEmail(tx, { template: ARRIVALS_TEMPLATE, factKey: `hotel:${hotelId}:arrivals:${day}`, to: u.email, toName: u.name, locale: u.locale === "en" ? "en" : "es", data, hotelId, userId: u.id, optOutOwners: [`user:${u.id}`] }, now);
      }
      return true;
    });
    if (done) written++;
  }
  return written;
}
