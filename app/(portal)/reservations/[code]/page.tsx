import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { ReservationDetail } from "./ReservationDetail";
import { getDatabase } from "@/lib/db";

export const metadata: Metadata = { title: "Reserva" };

export default async function ReservationPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<{ nueva?: string }> }) {
  const user = await requireUser(["agency", "operator", "hotel_admin"]);
  const { code } = await params;
  const { nueva } = await searchParams;
  // A preloaded-balance agency may pay from its balance; show what it has.
  const balance = user.agency?.isPreloaded
    ? (await (await getDatabase()).prisma.agency.findUniqueOrThrow({ where: { id: user.agency.id }, select: { balance: true } })).balance.toNumber()
    : null;
  return <ReservationDetail code={code} justCreated={nueva === "1"} canPay={user.principal.role === "agency"} balance={balance} readOnly={user.principal.role === "hotel_admin"} />;
}
