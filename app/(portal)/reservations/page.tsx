import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { listHotels } from "@/lib/inventory/service";
import { ReservationList, type ReservationFilters } from "./ReservationList";

export const metadata: Metadata = { title: "Reservas" };

const KEYS = ["status", "checkin_from", "checkin_to", "guest", "code", "hotel_id", "sort"] as const;

export default async function ReservationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { database, principal } = await portalContext(["agency", "operator", "hotel_admin"]);
  const raw = await searchParams;
  // Dashboard tiles open this list already filtered.
  const initial: Partial<ReservationFilters> = {};
  for (const k of KEYS) {
    const v = raw[k];
    const s = Array.isArray(v) ? v[0] : v;
    if (s && s.length <= 100) initial[k] = s;
  }
  const hotelView = principal.role === "hotel_admin";
  // A hotel admin's own hotels (lib/inventory/service.ts listHotels), to narrow the list to one.
  const hotels = hotelView ? (await listHotels(database, principal)).map((h) => ({ id: h.id, name: h.name })).sort((a, b) => a.name.localeCompare(b.name, "es")) : undefined;
  return <ReservationList key={JSON.stringify(initial)} initial={initial} hotels={hotels} hotelView={hotelView} operator={principal.role === "operator"} />;
}
