import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { CalendarView } from "./CalendarView";

export const metadata: Metadata = { title: "Calendario" };

export default async function CalendarPage() {
  await requireUser(["operator", "hotel_admin"]);
  return <CalendarView />;
}
