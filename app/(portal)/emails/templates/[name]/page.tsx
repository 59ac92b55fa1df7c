import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { portalContext } from "@/lib/portal/page";
import { TEMPLATES, isTemplate } from "@/lib/mail/templates/catalog";
import { TemplatePreview } from "./TemplatePreview";

export const metadata: Metadata = { title: "Plantilla de correo" };

export default async function TemplatePage({ params }: { params: Promise<{ name: string }> }) {
  await portalContext(["operator"]);
  const { name } = await params;
  if (!isTemplate(name)) notFound();
  return <TemplatePreview name={name} title={TEMPLATES[name].title} />;
}
