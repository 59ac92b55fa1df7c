import type { Metadata } from "next";
import { requireUser } from "@/lib/portal/session";
import { EventForm } from "../EventForm";

export const metadata: Metadata = { title: "Nuevo evento" };

export default async function NewEventPage() {
  await requireUser(["operator", "hotel_admin"]);
  return <EventForm />;
}
