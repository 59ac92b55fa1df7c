import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { ReservationList } from "./ReservationList";

export const metadata: Metadata = { title: "Reservas" };

export default async function ReservationsPage() {
  await requireUser(["agency", "operator"]);
  return <ReservationList />;
}
