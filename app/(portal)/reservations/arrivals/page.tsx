import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { bogotaDate } from "@/lib/time";
import { Arrivals } from "./Arrivals";

export const metadata: Metadata = { title: "Llegadas" };

export default async function ArrivalsPage({ searchParams }: { searchParams: Promise<{ periodo?: string }> }) {
  await requireUser(["hotel_admin", "operator"]);
  const { periodo } = await searchParams;
  return <Arrivals today={bogotaDate(new Date())} initialPeriod={periodo === "semana" ? "week" : "today"} />;
}
