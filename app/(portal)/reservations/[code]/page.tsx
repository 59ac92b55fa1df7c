import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { ReservationDetail } from "./ReservationDetail";

export const metadata: Metadata = { title: "Reserva" };

export default async function ReservationPage({ params, searchParams }: { params: Promise<{ code: string }>; searchParams: Promise<{ nueva?: string }> }) {
  const user = await requireUser(["agency", "operator"]);
  const { code } = await params;
  const { nueva } = await searchParams;
  return <ReservationDetail code={code} justCreated={nueva === "1"} canPay={user.principal.role === "agency"} />;
}
