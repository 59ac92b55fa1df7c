import type { Metadata } from "next";
import { portalContext } from "@/lib/portal/page";
import { bogotaDate } from "@/lib/time";
import { Arrivals } from "./Arrivals";

export const metadata: Metadata = { title: "Llegadas" };

export default async function ArrivalsPage({ searchParams }: { searchParams: Promise<{ periodo?: string }> }) {
  const { now } = await portalContext(["hotel_admin", "operator"]);
  const { periodo } = await searchParams;
  return <Arrivals today={bogotaDate(now)} initialPeriod={periodo === "semana" ? "week" : "today"} />;
}
