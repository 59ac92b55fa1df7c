import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { getBalance } from "@/lib/agencies/balance";
import { ReservationDetail } from "./ReservationDetail";

export const metadata: Metadata = { title: "Reserva" };

export default async function ReservationPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<{ nueva?: string }> }) {
  const { database, principal, user } = await portalContext(["agency", "operator", "hotel_admin"]);
  const { code } = await params;
  const { nueva } = await searchParams;
  // A preloaded-balance agency may pay from its balance; show what it has.
  const balance = user.agency?.isPreloaded ? (await getBalance(database, principal, user.agency.id)).balance.toNumber() : null;
  return <ReservationDetail code={code} justCreated={nueva === "1"} canPay={principal.role === "agency"} balance={balance} readOnly={principal.role === "hotel_admin"} />;
}
