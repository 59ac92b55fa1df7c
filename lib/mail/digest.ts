// The hotel's daily arrivals digest (docs/emails.md), opt-in per hotel-admin user: job `arrivals-digest`. From
// ARRIVALS_DIGEST_HOUR (Bogotá, default 6) each hotel with at least one admin who asked for it gets one digest per
// Bogotá day: the row of hotel_arrival_digests (primary key hotel and day) is the claim, written in the same
// transaction as the e-mails, so two instances, a cron and a rerun write it once.
import type { Database } from "@/lib/db";
import { guestsLabel } from "@/lib/format";
import { bogotaDate, tzOffsetMinutes } from "@/lib/time";
import { enqueueEmail } from "./outbox";
import { arrivalsOn, claimArrivalDigest, hotelName, hotelsDueForDigest, optedInHotelAdmins } from "./store";
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
  const hotels = await hotelsDueForDigest(db, ARRIVALS_TEMPLATE, day);
  let written = 0;
  for (const hotelId of hotels) {
    const done = await db.prisma.$transaction(async (tx) => {
      const arrivals = await arrivalsOn(tx, hotelId, day);
      if (!(await claimArrivalDigest(tx, hotelId, day, arrivals.length, now))) return false;
      const data: HotelArrivalsData = {
        hotelName: await hotelName(tx, hotelId),
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
      const admins = await optedInHotelAdmins(tx, hotelId, ARRIVALS_TEMPLATE);
      for (const u of admins) {
        await enqueueEmail(tx, { template: ARRIVALS_TEMPLATE, factKey: `hotel:${hotelId}:arrivals:${day}`, to: u.email, toName: u.name, locale: u.locale === "en" ? "en" : "es", data, hotelId, userId: u.id, optOutOwners: [`user:${u.id}`] }, now);
      }
      return true;
    });
    if (done) written++;
  }
  return written;
}
