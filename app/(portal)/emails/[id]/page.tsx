import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { portalContext } from "@/lib/portal/page";
import { EmailViewer } from "./EmailViewer";

export const metadata: Metadata = { title: "Correo" };

export default async function EmailPage({ params }: { params: Promise<{ id: string }> }) {
  await portalContext(["operator", "agency"]);
  const { id } = await params;
  if (!/^eml_[A-Za-z0-9_-]{10,40}$/.test(id)) notFound();
  return <EmailViewer id={id} />;
}
