import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { ReservationList } from "./ReservationList";

export const metadata: Metadata = { title: "Reservas" };

export default async function ReservationsPage() {
  const user = await requireUser(["agency", "operator"]);
  return <ReservationList operator={user.principal.role === "operator"} />;
}
