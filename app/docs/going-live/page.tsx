// docs/going-live.md for the operator (linked from the portal's "Pasarela" page): from the sandbox to Wompi production.
import type { Metadata } from "next";
import { MarkdownDocsPage } from "@/components/DocsLayout";

export const metadata: Metadata = { title: "Salir a producción con Wompi · Documentación" };
export const dynamic = "force-dynamic";

export default function GoingLiveDocsPage() {
  return <MarkdownDocsPage file="going-live.md" back={{ href: "/gateway", label: "Pasarela" }} />;
}
