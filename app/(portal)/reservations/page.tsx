import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { getDatabase } from "@/lib/db";
import { ReservationList, type ReservationFilters } from "./ReservationList";

export const metadata: Metadata = { title: "Reservas" };

const KEYS = ["status", "checkin_from", "checkin_to", "guest", "code", "hotel_id"] as const;

export default async function ReservationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireUser(["agency", "operator", "hotel_admin"]);
  const raw = await searchParams;
  // Dashboard tiles open this list already filtered.
  const initial: Partial<ReservationFilters> = {};
  for (const k of KEYS) {
    const v = raw[k];
    const s = Array.isArray(v) ? v[0] : v;
    if (s && s.length <= 100) initial[k] = s;
  }
  const hotelView = user.principal.role === "hotel_admin";
  const hotels = hotelView
    ? await (await getDatabase()).prisma.hotel.findMany({ where: { id: { in: user.principal.hotelIds } }, select: { id: true, name: true }, orderBy: { name: "asc" } })
    : undefined;
  return <ReservationList key={JSON.stringify(initial)} initial={initial} hotels={hotels} hotelView={hotelView} operator={user.principal.role === "operator"} />;
}
