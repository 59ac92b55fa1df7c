import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { EventForm } from "../EventForm";

export const metadata: Metadata = { title: "Nuevo evento" };

export default async function NewEventPage({ searchParams }: { searchParams: Promise<{ dia?: string }> }) {
  await requireUser(["operator", "hotel_admin"]);
  // A click on a day of the month view opens the form on that day.
  const { dia } = await searchParams;
  return <EventForm day={dia && /^\d{4}-\d{2}-\d{2}$/.test(dia) ? dia : undefined} />;
}
