import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireUser } from "@/lib/portal/session";
import { EventForm } from "../EventForm";

export const metadata: Metadata = { title: "Editar evento" };

export default async function EditEventPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> }) {
  await requireUser(["operator", "hotel_admin"]);
  const { id } = await params;
  if (!/^\d+$/.test(id)) notFound();
  const { created } = await searchParams;
  return <EventForm id={Number(id)} created={created === "1"} />;
}
